/**
 * Sync throughput against the local fakes: a brand connects the fake Instagram account (with SYNC.maxMedia media:
 * the most one sync reads) and the fake YouTube channel through the real consent and complete routes; the first
 * sync runs from the social-sync queue. Wall time from the complete call to the connection's last sync, and media
 * per second; then a second sync (Sync now: the look-back only, nothing added) the same way. Everything runs on the
 * local stack: gateway, queue poller, DynamoDB Local, the fakes (every provider call through the guarded fetcher).
 *
 * Alone: `node --openssl-legacy-provider --import tsx scripts/bench-sync.ts` (starts its own stack); in
 * `npm run bench` as the `sync` part.
 */
import { loadavg } from 'node:os';
import { SYNC } from '#core/analytics/sync';
import type { Connection, SocialConnectionType } from '#shared/schemas/connections';
import type { Stack } from '../local/stack';
import { consentVia } from '../test/integration/support/consent';
import { call, type Person, person, progress, runAlone } from './bench-support';

const TIMEOUT_MS = 300_000;

const control = async (stack: Stack, path: string, body: unknown) => {
  const origin = `http://${stack.env.OUTBOUND_ALLOWLIST!.split(',')[0]}`;
  const response = await fetch(`${origin}/_control${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`control ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { media?: number; videos?: number };
};

type Brand = { who: Person; workspaceId: string; projectId: string };

const connectionOf = async (stack: Stack, brand: Brand, type: SocialConnectionType): Promise<Connection | undefined> => {
  const list = await call(stack, brand.who, 'listConnections', { params: { workspaceId: brand.workspaceId, projectId: brand.projectId } });
  return list.items.find((item) => item.type === type);
};

/** Polls the connection until a sync newer than `after` has finished; answers it and the seconds from `started`. */
const waitForSync = async (stack: Stack, brand: Brand, type: SocialConnectionType, after: string | undefined, started: number) => {
  for (;;) {
    const connection = await connectionOf(stack, brand, type);
    if (connection?.last_sync_at && connection.last_sync_at !== after) return { connection, seconds: (performance.now() - started) / 1000 };
    if (performance.now() - started > TIMEOUT_MS) throw new Error(`${type}: no sync finished within ${TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

export const syncBench = async (stack: Stack) => {
  const who = await person(stack, `bench-sync-${Date.now()}@example.com`);
  const workspaceId = (await call(stack, who, 'createWorkspace', { body: { name: 'Bench sync' } })).workspaces.uid;
  const projectId = (await call(stack, who, 'createProject', { params: { workspaceId }, body: { name: 'Synced brand' } as never })).uid;
  const brand = { who, workspaceId, projectId };
  const params = { workspaceId, projectId };

  // The fake accounts with as many media as one sync reads (they are seeded with fewer).
  const instagram = await control(stack, '/instagram/reset', {}).then(() => control(stack, '/instagram/media', { count: 1 }));
  if ((instagram.media ?? 0) < SYNC.maxMedia) await control(stack, '/instagram/media', { count: SYNC.maxMedia - (instagram.media ?? 0) });

  const rows: string[] = [];
  for (const type of ['instagram', 'youtube'] as const) {
    progress(`${type}: connect and first sync…`);
    const { authorize_url } = await call(stack, who, 'connectConnection', { params: { ...params, type } });
    const consent = await consentVia(authorize_url);
    if (!consent.code) throw new Error(`${type} consent: ${consent.error ?? 'no code'}`);
    const started = performance.now();
    await call(stack, who, 'completeConnectionOAuth', { body: { state: consent.state, code: consent.code } });
    const first = await waitForSync(stack, brand, type, undefined, started);
    const media = first.connection.synced_media ?? 0;
    rows.push(`| ${type} | first (connect) | ${first.connection.last_sync_outcome} | ${media} | ${first.seconds.toFixed(2)} s | ${(media / first.seconds).toFixed(1)} |`);

    progress(`${type}: second sync…`);
    const again = performance.now();
    await call(stack, who, 'syncConnection', { params: { ...params, type } });
    const second = await waitForSync(stack, brand, type, first.connection.last_sync_at, again);
    const added = (second.connection.synced_media ?? 0) - media;
    rows.push(`| ${type} | again (Sync now) | ${second.connection.last_sync_outcome} | ${added} added | ${second.seconds.toFixed(2)} s | – |`);
  }

  console.log(`\n## Sync throughput against the local fakes (one brand; load average ${loadavg()[0]!.toFixed(1)})\n`);
  console.log('| account | sync | outcome | media stored | wall time (complete/sync call → last sync) | media/s |\n|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log(
    `\nA first sync reads up to ${SYNC.maxMedia} media (Instagram: a page of media, then an insights call per media; YouTube: playlistItems then videos.list per page), ` +
      `stores each new post (thumbnail fetched and copied to the bucket) and its metrics. A later sync re-reads the last ${SYNC.lookBackDays} days. ` +
      'The wall time includes the queue poller picking the message up and this bench polling every 100 ms.',
  );
};

await runAlone(import.meta.url, syncBench);
