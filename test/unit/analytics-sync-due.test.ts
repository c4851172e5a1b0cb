import { describe, expect, it } from 'vitest';
import { queueDueSyncs, SYNC_CLAIM_MINUTES } from '#core/analytics/sync-due';
import type { SocialSyncMessage } from '#shared/queues';
import type { ConnectionChanges, ConnectionItem } from '#data/connections';

const NOW = new Date('2026-11-24T12:00:00.000Z');
const item = (projectId: string, over: Partial<ConnectionItem> = {}): ConnectionItem => ({
  workspaceId: 'W',
  projectId,
  type: 'instagram',
  state: 'connected',
  sealedSecrets: 'sealed',
  contentPillars: [],
  syncDueAt: '2026-11-24T11:00:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
  ...over,
});

describe('queueDueSyncs (the sync-connections job)', () => {
  it('queues one schedule message per due connected account, moving its due time on first', async () => {
    const sent: SocialSyncMessage[] = [];
    const updates: [string, ConnectionChanges][] = [];
    const summary = await queueDueSyncs({
      clock: () => NOW,
      listSyncDue: async (until, limit) => {
        expect(until).toBe(NOW.toISOString());
        expect(limit).toBeGreaterThan(0);
        return [item('A'), item('B', { type: 'youtube' }), item('C', { state: 'needs_reconnect' }), item('D'), item('E', { type: 'drive' })];
      },
      updateConnection: async (connection, changes) => {
        updates.push([connection.projectId, changes]);
        return connection.projectId === 'D' ? 'stale' : 'done';
      },
      enqueue: async (message) => void sent.push(message),
    });
    expect(sent).toEqual([
      { workspaceId: 'W', projectId: 'A', type: 'instagram', reason: 'schedule' },
      { workspaceId: 'W', projectId: 'B', type: 'youtube', reason: 'schedule' },
    ]);
    expect(summary).toEqual({ queued: 2, dropped: 2, skipped: 1 });
    expect(updates.find(([id]) => id === 'A')![1]).toEqual({ syncDueAt: new Date(NOW.getTime() + SYNC_CLAIM_MINUTES * 60_000).toISOString(), updatedAt: NOW.toISOString() });
    // Not connected, or not an account of posts: out of the schedule.
    expect(updates.filter(([id]) => id === 'C' || id === 'E').map(([, changes]) => changes.syncDueAt)).toEqual([null, null]);
  });
});
