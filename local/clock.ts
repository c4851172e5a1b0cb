import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * `/_local/clock`: moves the functions' clock (functions/core/clock.ts reads CLOCK_OFFSET_MS on every call; the
 * functions run in this process). GET answers `{ offsetMs, now }`; POST `{ offsetMs }` sets it (0 resets).
 * Browser and integration tests use it to stand past day 14 of a trial. Local stack only: nothing deployed has it.
 */
export const CLOCK_ENV = 'CLOCK_OFFSET_MS';

/** Far enough for any trial or billing period, small enough to stay a valid Date. */
const MAX_OFFSET_MS = 10 * 365 * 86_400_000;

export const clockOffset = () => Number(process.env[CLOCK_ENV]) || 0;

export const setClockOffset = (offsetMs: number) => {
  if (!Number.isFinite(offsetMs) || Math.abs(offsetMs) > MAX_OFFSET_MS) throw new RangeError(`offsetMs must be a number within ±${MAX_OFFSET_MS}`);
  if (offsetMs === 0) delete process.env[CLOCK_ENV];
  else process.env[CLOCK_ENV] = String(Math.trunc(offsetMs));
};

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};

const readText = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk.length + text.length > 10_000 ? '' : chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });

export const handleClockRequest = async (req: IncomingMessage, res: ServerResponse) => {
  const state = () => ({ offsetMs: clockOffset(), now: new Date(Date.now() + clockOffset()).toISOString() });
  if (req.method === 'GET' || req.method === 'HEAD') return send(res, 200, state());
  if (req.method !== 'POST') return send(res, 405, { message: 'Use GET or POST' });
  try {
    const body = JSON.parse((await readText(req)) || '{}') as { offsetMs?: unknown };
    setClockOffset(Number(body.offsetMs));
    return send(res, 200, state());
  } catch (error) {
    return send(res, 400, { message: error instanceof RangeError ? error.message : 'Send JSON { "offsetMs": number }' });
  }
};
