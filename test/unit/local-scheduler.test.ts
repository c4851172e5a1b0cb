import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScheduledEvent } from 'aws-lambda';
import { startScheduler } from '../../local/scheduler';

/** The local scheduler stands in for EventBridge rate rules over the job table. */
describe('scheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2030-01-01T00:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('runs each job every rateMinutes with a Scheduled Event, first one period after start', async () => {
    const events: ScheduledEvent[] = [];
    const scheduler = startScheduler({
      jobs: [{ id: 'send-reminders', rateMinutes: 5, access: {}, description: 'test' }],
      loadJob: async (id) => (id === 'send-reminders' ? async (event) => void events.push(event) : undefined),
    });

    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(events).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(events).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(events).toHaveLength(3);
    await scheduler.stop();
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(events).toHaveLength(3);

    expect(events[0]).toMatchObject({
      version: '0',
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      region: 'us-east-1',
      time: '2030-01-01T00:05:00Z',
      resources: [expect.stringMatching(/^arn:aws:events:us-east-1:\d{12}:rule\/.*send-reminders$/)],
      detail: {},
    });
    expect(new Set(events.map((event) => event.id)).size).toBe(3);
  });

  it('keeps ticking after a failed run and skips a tick while the previous run is still busy', async () => {
    const log = vi.fn();
    let calls = 0;
    let release: () => void = () => undefined;
    const scheduler = startScheduler({
      jobs: [{ id: 'flaky', rateMinutes: 1, access: {}, description: 'test' }],
      loadJob: async () => async () => {
        calls++;
        if (calls === 1) throw new Error('first run fails');
        if (calls === 2) await new Promise<void>((resolve) => (release = resolve));
      },
      log,
    });

    await vi.advanceTimersByTimeAsync(60_000); // run 1 fails
    await vi.advanceTimersByTimeAsync(60_000); // run 2 starts and hangs
    await vi.advanceTimersByTimeAsync(60_000); // tick skipped: run 2 still busy
    expect(calls).toBe(2);
    release();
    await vi.advanceTimersByTimeAsync(60_000); // run 3
    expect(calls).toBe(3);
    await scheduler.stop();

    expect(log).toHaveBeenCalledWith(expect.stringContaining('flaky failed'), expect.any(Error));
    expect(log).toHaveBeenCalledWith(expect.stringContaining('still busy'));
  });

  it('skips a job whose handler module does not exist yet', async () => {
    const log = vi.fn();
    const scheduler = startScheduler({ jobs: [{ id: 'later', rateMinutes: 1, access: {}, description: 'test' }], loadJob: async () => undefined, log });
    await vi.advanceTimersByTimeAsync(60_000);
    await scheduler.stop();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('no handler module yet'));
  });
});
