import { describe, expect, it } from 'vitest';
import type { WorkspaceContext } from '#lib/context';
import type { SavedViewItem } from '#data/saved-views';
import { createSavedView, listMySavedViews, updateSavedView, type SavedViewDeps } from '#core/views/saved-views';
import { MAX_SAVED_VIEWS } from '#shared/schemas/saved-views';

const ctx: WorkspaceContext = { workspaceId: 'W', userId: 'U', email: 'u@example.com', role: 'member' };
const at = new Date('2026-11-24T10:00:00.000Z');

/** Saved views in memory, keyed as the table keys them (workspace, person, view). */
const memory = (items: SavedViewItem[] = []): SavedViewDeps & { items: SavedViewItem[] } => ({
  items,
  clock: () => at,
  listSavedViews: async (workspaceId, userId) => items.filter((item) => item.workspaceId === workspaceId && item.userId === userId),
  putSavedView: async (view) => void items.push(view),
  updateSavedView: async (workspaceId, userId, viewId, { viewMode, ...changes }) => {
    const item = items.find((candidate) => candidate.workspaceId === workspaceId && candidate.userId === userId && candidate.viewId === viewId);
    if (!item) return undefined;
    Object.assign(item, changes, viewMode === null ? { viewMode: undefined } : viewMode ? { viewMode } : {});
    return item;
  },
  deleteSavedView: async () => true,
  findMembership: async (workspaceId, userId) =>
    workspaceId === 'W' && ['U', 'V'].includes(userId) ? { workspaceId, userId, email: `${userId}@example.com`, role: 'member', status: 'joined', joinedAt: at.toISOString() } : undefined,
  projectDirectory: async () => ({ projects: [{ projectId: 'P', name: 'Oat', slug: 'oat' }], granted: [], requests: 0 }),
});

const stored = (name: string, filter: string, userId = 'U'): SavedViewItem => ({
  workspaceId: 'W',
  userId,
  viewId: name,
  name,
  filter,
  createdAt: at.toISOString(),
  updatedAt: at.toISOString(),
});

describe('saved views (core)', () => {
  it('list only the caller’s, by name, and read an outdated filter for what still fits', async () => {
    const deps = memory([
      stored('reels', JSON.stringify({ status: ['needs_approval'], platform: ['myspace'], q: 'reel' })),
      stored('Approvals', '{"due":"this_week"}'),
      stored('broken', 'not json'),
      stored('theirs', '{}', 'V'),
    ]);
    const views = await listMySavedViews(deps, ctx);
    expect(views.map((view) => view.name)).toEqual(['Approvals', 'broken', 'reels']);
    expect(views[2]!.filter).toEqual({ status: ['needs_approval'], q: 'reel' });
    expect(views[1]!.filter).toEqual({});
  });

  it('refuse a name the person already uses, whatever its case, naming the field', async () => {
    const deps = memory([stored('Awaiting client', '{}')]);
    await expect(createSavedView(deps, ctx, { name: 'awaiting CLIENT', filter: {} })).rejects.toMatchObject({ code: 'saved_view_name_taken', field: 'name' });
    await createSavedView(deps, { ...ctx, userId: 'V' }, { name: 'Awaiting client', filter: {} });
    expect(deps.items).toHaveLength(2);
  });

  it('refuse people and brands that are not the workspace’s, naming the value', async () => {
    const deps = memory();
    await expect(createSavedView(deps, ctx, { name: 'a', filter: { assignee: ['me', 'unassigned', 'V', 'stranger'] } })).rejects.toMatchObject({ field: 'filter.assignee.3' });
    await expect(createSavedView(deps, ctx, { name: 'b', filter: { creator: ['u'] } })).rejects.toMatchObject({ field: 'filter.creator.0' });
    await expect(createSavedView(deps, ctx, { name: 'c', filter: { brand: ['P', 'elsewhere'] } })).rejects.toMatchObject({ field: 'filter.brand.1' });
    await expect(updateSavedView(deps, ctx, 'x', { filter: { assignee: ['stranger'] } })).rejects.toMatchObject({ field: 'filter.assignee.0' });
    expect(deps.items).toEqual([]);
    await createSavedView(deps, ctx, { name: 'ours', filter: { assignee: ['V'], creator: ['U'], brand: ['P'] } });
    expect(deps.items).toHaveLength(1);
  });

  it(`stop at ${MAX_SAVED_VIEWS} views a person`, async () => {
    const deps = memory(Array.from({ length: MAX_SAVED_VIEWS }, (_, i) => stored(`v${i}`, '{}')));
    await expect(createSavedView(deps, ctx, { name: 'one more', filter: {} })).rejects.toMatchObject({ code: 'saved_view_limit' });
  });

  it('rename a view to its own name in another case, and take its view mode away with null', async () => {
    const deps = memory([{ ...stored('Reels', '{}'), viewMode: 'kanban' }]);
    const renamed = await updateSavedView(deps, ctx, 'Reels', { name: 'REELS', view_mode: null });
    expect(renamed).toMatchObject({ name: 'REELS', view_mode: null });
    await expect(updateSavedView(deps, ctx, 'nope', { name: 'x' })).rejects.toMatchObject({ code: 'saved_view_not_found' });
  });
});
