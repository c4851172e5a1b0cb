import type { EntityItem } from 'electrodb';
import { db } from './db';
import { unlessRefused } from './conditions';
import { allExactly, sameIds } from './exact-ids';
import type { savedViewEntity } from './saved-view-entities';

export type SavedViewItem = EntityItem<typeof savedViewEntity>;
export type SavedViewChanges = Partial<Pick<SavedViewItem, 'name' | 'filter' | 'viewMode'>> & { updatedAt: string };

/** A person's saved views in a workspace, oldest first (pattern: savedViewsOfUser). */
export const listSavedViews = async (workspaceId: string, userId: string): Promise<SavedViewItem[]> => {
  const { data } = await db().entities.savedView.query.primary({ workspaceId, userId }).go({ pages: 'all' });
  return allExactly(data, { workspaceId, userId });
};

/** A new view (pattern: savedViewWrite); its id is new, so the write never replaces another. */
export const putSavedView = async (view: SavedViewItem): Promise<void> => {
  await db().entities.savedView.create(view).go();
};

/**
 * Changes one of the person's views; undefined when they have no view of that id (pattern: savedViewWrite). A null
 * view mode removes it.
 */
export const updateSavedView = async (
  workspaceId: string,
  userId: string,
  viewId: string,
  changes: Omit<SavedViewChanges, 'viewMode'> & { viewMode?: SavedViewItem['viewMode'] | null },
): Promise<SavedViewItem | undefined> => {
  const { viewMode, ...rest } = changes;
  return unlessRefused(async () => {
    let update = db().entities.savedView.patch({ workspaceId, userId, viewId }).set({ ...rest, ...(viewMode ? { viewMode } : {}) });
    if (viewMode === null) update = update.remove(['viewMode']);
    const { data } = await update.where((attr, { eq }) => sameIds(attr, eq, { workspaceId, userId, viewId })).go({ response: 'all_new' });
    return data as SavedViewItem;
  }, undefined);
};

/** Deletes one of the person's views; false when there was none (pattern: savedViewWrite). */
export const deleteSavedView = async (workspaceId: string, userId: string, viewId: string): Promise<boolean> => {
  return unlessRefused(async () => {
    await db()
      .entities.savedView.delete({ workspaceId, userId, viewId })
      .where((attr, { eq }) => sameIds(attr, eq, { workspaceId, userId, viewId }))
      .go();
    return true;
  }, false);
};
