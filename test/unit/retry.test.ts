import { describe, expect, it, vi } from 'vitest';
import { backoffMs, retry, RETRY, RETRY_DEFAULTS } from '#lib/retry';
import { DomainError } from '#lib/errors';
import { code } from './error-code';

/** A step answering RETRY `times` times, then `value`. */
const losing = <T>(times: number, value: T) => {
  let calls = 0;
  return vi.fn(async () => (++calls <= times ? RETRY : value));
};

describe('retry', () => {
  it('answers what the first successful attempt answers, without pausing when there was no retry', async () => {
    const sleep = vi.fn(async () => {});
    expect(await retry(async () => 'done', { exhausted: 'task_changed', sleep })).toBe('done');
    expect(sleep).not.toHaveBeenCalled();
  });

  it('pauses between attempts with full jitter over a window that doubles up to its cap', async () => {
    const sleep = vi.fn(async (_ms: number) => {});
    const step = losing(4, 'won');
    expect(await retry(step, { exhausted: 'task_changed', sleep, random: () => 0.5, attempts: 5, baseMs: 100, capMs: 300 })).toBe('won');
    expect(step).toHaveBeenCalledTimes(5);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([50, 100, 150, 150]);
  });

  it('draws each pause from [0, window): random 0 pauses 0 ms, random just under 1 nearly the whole window', () => {
    expect(backoffMs(1, () => 0)).toBe(0);
    expect(backoffMs(3, () => 0.999999, 10, 1000)).toBe(39);
    expect(backoffMs(20, () => 0.999999)).toBe(RETRY_DEFAULTS.capMs - 1);
  });

  it("gives up after the attempts with the documented outcome: task_changed (409) or service_busy (503), never a plain error", async () => {
    const sleep = vi.fn(async () => {});
    const step = losing(99, 'never');
    const changed = retry(step, { exhausted: 'task_changed', sleep });
    await expect(changed).rejects.toBeInstanceOf(DomainError);
    expect(await code(retry(losing(99, 'never'), { exhausted: 'task_changed', sleep }))).toBe('task_changed');
    const busy = (await retry(losing(99, 'never'), { exhausted: 'service_busy', sleep }).catch((error: unknown) => error)) as DomainError;
    expect([busy.code, busy.status]).toEqual(['service_busy', 503]);
    expect(step).toHaveBeenCalledTimes(RETRY_DEFAULTS.attempts);
    expect(sleep).toHaveBeenCalledTimes(3 * (RETRY_DEFAULTS.attempts - 1));
  });

  it('does not retry an error a step throws (a rule that said no)', async () => {
    const step = vi.fn(async () => {
      throw new DomainError('task_not_found');
    });
    expect(await code(retry(step, { exhausted: 'task_changed', sleep: async () => {} }))).toBe('task_not_found');
    expect(step).toHaveBeenCalledTimes(1);
  });

  it('tells each attempt its number', async () => {
    const seen: number[] = [];
    await retry(async (attempt) => (seen.push(attempt), attempt < 3 ? RETRY : attempt), { exhausted: 'task_changed', sleep: async () => {} });
    expect(seen).toEqual([1, 2, 3]);
  });
});
