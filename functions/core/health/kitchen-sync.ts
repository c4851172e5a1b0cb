import type { HealthPart, KitchenSync } from '#shared/schemas/ai';
import type { Clock } from '#lib/clock';

/** One part's probe: what it checked and what came back, in words with no secret in them. */
export type Probe = () => Promise<{ ok: boolean; detail: string }>;

export type KitchenSyncDeps = {
  clock: Clock;
  build: KitchenSync['build'];
  config: () => KitchenSync['config'];
  probes: Record<HealthPart, Probe>;
  /** Each probe gets this long (ms), so one dead part does not hold the page. */
  timeoutMs: number;
};

const timed = async (part: HealthPart, probe: Probe, timeoutMs: number) => {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const outcome = await Promise.race([
      probe(),
      new Promise<{ ok: boolean; detail: string }>((resolve) => {
        timer = setTimeout(() => resolve({ ok: false, detail: `No answer within ${timeoutMs} ms` }), timeoutMs);
      }),
    ]);
    return { part, ...outcome, latency_ms: Math.round(performance.now() - started) };
  } catch (error) {
    // The error's name only: a message can carry an endpoint's answer, which is not ours to echo publicly.
    return { part, ok: false, detail: `Failed: ${(error as Error)?.name ?? 'Error'}`, latency_ms: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
};

/**
 * The developer page (/kitchen-sync, no sign-in): the build, the non-secret config and every part's health,
 * probed in parallel. A config that cannot be read is reported as such, not as a 500, so the page still shows
 * which part is broken.
 */
export const kitchenSync = async (deps: KitchenSyncDeps): Promise<KitchenSync> => {
  const health = await Promise.all((Object.entries(deps.probes) as [HealthPart, Probe][]).map(([part, probe]) => timed(part, probe, deps.timeoutMs)));
  return { build: deps.build, config: deps.config(), health, checked_at: deps.clock().toISOString() };
};
