import type { EntityItem } from 'electrodb';
import type { ContentKind } from '#shared/schemas/content';
import { db } from './db';
import { cancelledOutcome, type GuardedOutcome, unlessRefused } from './conditions';
import { allExactly, exactly, sameIds } from './exact-ids';
import type { contentFeedbackEntity, contentHeadEntity, contentItemEntity, contentSettingsEntity } from './content-entities';
import type { ProjectItem, ProjectMemberItem } from './projects';

export type ContentItem = EntityItem<typeof contentItemEntity>;
export type ContentHead = EntityItem<typeof contentHeadEntity>;
export type ContentSettingsItem = EntityItem<typeof contentSettingsEntity>;
export type ContentFeedbackItem = EntityItem<typeof contentFeedbackEntity>;
/** A brand's store: the workspace (from the wrapper's context) and the project. */
export type BrandRef = { workspaceId: string; projectId: string };
/** The fields of an item a change may set; `null` removes an optional one. */
export type ContentItemChanges = {
  [K in 'name' | 'description' | 'traits' | 'examplePosts' | 'source' | 'instructions' | 'url']?: ContentItem[K] | null;
} & { updatedAt: string };

/** One kind's items of a brand, oldest first (pattern: contentItemsOfKind). */
export const listContentItems = async (brand: BrandRef, kind: ContentKind): Promise<ContentItem[]> => {
  const { data } = await db().entities.contentItem.query.primary({ ...brand, kind }).go({ pages: 'all' });
  return allExactly(data as ContentItem[], { ...brand, kind });
};

/** One item and its kind's head in one TransactGetItems (pattern: contentItemWithHead). */
export const getContentItemAndHead = async (brand: BrandRef, kind: ContentKind, uid: string): Promise<{ item?: ContentItem; head?: ContentHead }> => {
  const { data } = await db()
    .transaction.get(({ contentItem, contentHead }) => [contentItem.get({ ...brand, kind, uid }).commit(), contentHead.get({ ...brand, kind }).commit()])
    .go();
  return {
    item: exactly((data[0]?.item ?? undefined) as ContentItem | undefined, { ...brand, kind, uid }),
    head: exactly((data[1]?.item ?? undefined) as ContentHead | undefined, { ...brand, kind }),
  };
};

/** A kind's head: how many items it holds and which is the default (pattern: contentHeadOfKind). */
export const getContentHead = async (brand: BrandRef, kind: ContentKind): Promise<ContentHead | undefined> => {
  const { data } = await db().entities.contentHead.get({ ...brand, kind }).go();
  return exactly((data ?? undefined) as ContentHead | undefined, { ...brand, kind });
};

/** The head's condition: still as read (count and default), or still absent. */
const headAsRead = (read: ContentHead | undefined) => (attr: any, { eq, notExists }: any) =>
  [
    read?.count === undefined ? notExists(attr.count) : eq(attr.count, read.count),
    read?.defaultUid === undefined ? notExists(attr.defaultUid) : eq(attr.defaultUid, read.defaultUid),
  ].join(' AND ');

/**
 * A new item and its head in one TransactWriteItems (pattern: contentItemCreate): the item is a create, the head's
 * count goes up by one and, when the item is the kind's first default, names it, both only if the head is still as
 * read ('stale' otherwise: read again and decide again).
 */
export const createContentItem = async (item: ContentItem, head: ContentHead | undefined): Promise<GuardedOutcome> => {
  const brand = { workspaceId: item.workspaceId, projectId: item.projectId, kind: item.kind };
  const { canceled, data } = await db()
    .transaction.write(({ contentItem, contentHead }) => [
      contentItem.create(item).commit(),
      (item.isDefault ? contentHead.update(brand).add({ count: 1 }).set({ defaultUid: item.uid }) : contentHead.update(brand).add({ count: 1 }))
        .where(headAsRead(head))
        .commit(),
    ])
    .go();
  return canceled ? cancelledOutcome(data) : 'done';
};

/** Changes some fields of an item; undefined when there is no such item (pattern: contentItemUpdate). */
export const updateContentItem = async (brand: BrandRef, kind: ContentKind, uid: string, changes: ContentItemChanges): Promise<ContentItem | undefined> => {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (value === null) remove.push(key);
    else set[key] = value;
  }
  return unlessRefused(async () => {
    let update = db().entities.contentItem.patch({ ...brand, kind, uid }).set(set as never);
    if (remove.length) update = update.remove(remove as never);
    const { data } = await update.where((attr, { eq }) => sameIds(attr, eq, { ...brand, kind, uid })).go({ response: 'all_new' });
    return data as ContentItem;
  }, undefined);
};

/**
 * Deletes an item as read and counts it off its head in one TransactWriteItems (pattern: contentItemDelete); a
 * default item also leaves the head's default empty. 'stale' when either changed since read.
 */
export const deleteContentItem = async (item: ContentItem, head: ContentHead | undefined): Promise<GuardedOutcome> => {
  const { workspaceId, projectId, kind, uid } = item;
  const brand = { workspaceId, projectId, kind };
  const { canceled, data } = await db()
    .transaction.write(({ contentItem, contentHead }) => [
      contentItem
        .delete({ ...brand, uid })
        .where((attr, { eq }) => `${sameIds(attr, eq, { ...brand, uid })} AND ${eq(attr.isDefault, item.isDefault)}`)
        .commit(),
      (head?.defaultUid === uid ? contentHead.update(brand).add({ count: -1 }).remove(['defaultUid']) : contentHead.update(brand).add({ count: -1 }))
        .where(headAsRead(head))
        .commit(),
    ])
    .go();
  return canceled ? cancelledOutcome(data) : 'done';
};

/**
 * Makes `uid` the kind's default in one TransactWriteItems (pattern: contentDefaultSwitch): the item is marked (it
 * must exist), the head's former default unmarked, the head names the new one only if it still names the former.
 * 'missing' when the item does not exist; 'stale' when the head changed since read.
 */
export const setDefaultContentItem = async (brand: BrandRef, kind: ContentKind, uid: string, head: ContentHead | undefined): Promise<GuardedOutcome | 'missing'> => {
  const keys = { ...brand, kind };
  const former = head?.defaultUid;
  const { canceled, data } = await db()
    .transaction.write(({ contentItem, contentHead }) => [
      contentItem
        .patch({ ...keys, uid })
        .set({ isDefault: true })
        .where((attr, { eq }) => sameIds(attr, eq, { ...keys, uid }))
        .commit(),
      ...(former && former !== uid
        ? [
            contentItem
              .patch({ ...keys, uid: former })
              .set({ isDefault: false })
              .where((attr, { eq }) => sameIds(attr, eq, { ...keys, uid: former }))
              .commit(),
          ]
        : []),
      contentHead.update(keys).set({ defaultUid: uid }).where(headAsRead(head)).commit(),
    ])
    .go();
  if (!canceled) return 'done';
  if (data[0]?.code === 'ConditionalCheckFailed') return 'missing';
  return cancelledOutcome(data);
};

/** The brand's content settings item, if it ever saved one (pattern: contentSettingsOfBrand). */
export const getContentSettings = async (brand: BrandRef): Promise<ContentSettingsItem | undefined> => {
  const { data } = await db().entities.contentSettings.get(brand).go();
  return exactly((data ?? undefined) as ContentSettingsItem | undefined, brand);
};

/**
 * The project, the caller's membership of it and its content settings in one TransactGetItems
 * (pattern: projectWithContent).
 */
export const getProjectWithContent = async (
  brand: BrandRef,
  userId: string,
): Promise<{ project?: ProjectItem; member?: ProjectMemberItem; settings?: ContentSettingsItem }> => {
  const { workspaceId, projectId } = brand;
  const { data } = await db()
    .transaction.get(({ project, projectMember, contentSettings }) => [
      project.get({ workspaceId, projectId }).commit(),
      projectMember.get({ workspaceId, projectId, userId }).commit(),
      contentSettings.get({ workspaceId, projectId }).commit(),
    ])
    .go();
  return {
    project: exactly((data[0]?.item ?? undefined) as ProjectItem | undefined, { workspaceId, projectId }),
    member: exactly((data[1]?.item ?? undefined) as ProjectMemberItem | undefined, { workspaceId, projectId, userId }),
    settings: exactly((data[2]?.item ?? undefined) as ContentSettingsItem | undefined, { workspaceId, projectId }),
  };
};

/**
 * Writes the whole settings item (pattern: contentSettingsWrite), only if its version is still the one read
 * (absent: never saved); false when it changed meanwhile.
 */
export const putContentSettings = async (settings: ContentSettingsItem, readVersion: number | undefined): Promise<boolean> => {
  return unlessRefused(async () => {
    await db()
      .entities.contentSettings.put(settings)
      .where((attr, { eq, notExists }) => (readVersion === undefined ? notExists(attr.version) : eq(attr.version, readVersion)))
      .go();
    return true;
  }, false);
};

/** A new feedback entry (pattern: feedbackWrite); its id is new, so it never replaces another. */
export const putFeedback = async (entry: ContentFeedbackItem): Promise<void> => {
  await db().entities.contentFeedback.create(entry).go();
};

/** One field's newest `limit` entries, newest first (pattern: feedbackOfField). */
export const listFieldFeedback = async (brand: BrandRef, field: string, limit: number): Promise<ContentFeedbackItem[]> => {
  const { data } = await db().entities.contentFeedback.query.primary({ ...brand, field }).go({ order: 'desc', limit });
  return allExactly(data as ContentFeedbackItem[], { ...brand, field });
};

/** Every field's entries of a brand (pattern: feedbackOfBrand). */
export const listBrandFeedback = async (brand: BrandRef): Promise<ContentFeedbackItem[]> => {
  const { data } = await db().entities.contentFeedback.query.primary(brand).go({ pages: 'all' });
  return allExactly(data as ContentFeedbackItem[], brand);
};

/**
 * Deletes every content item, head, settings and feedback of the projects (pattern: contentPurge): part of a
 * deleted workspace's purge; unconditional, so running it again finishes the job. Answers what is left undeleted.
 */
export const purgeProjectContent = async (workspaceId: string, projectIds: readonly string[]): Promise<number> => {
  const service = db();
  let left = 0;
  for (const projectId of projectIds) {
    const brand = { workspaceId, projectId };
    const { data } = await service.collections.content(brand).go({ pages: 'all' });
    const deletions = await Promise.all([
      data.contentItem.length ? service.entities.contentItem.delete(data.contentItem.map(({ kind, uid }) => ({ ...brand, kind, uid }))).go({ concurrency: 4 }) : undefined,
      data.contentHead.length ? service.entities.contentHead.delete(data.contentHead.map(({ kind }) => ({ ...brand, kind }))).go({ concurrency: 4 }) : undefined,
      data.contentSettings.length ? service.entities.contentSettings.delete([brand]).go() : undefined,
      data.contentFeedback.length
        ? service.entities.contentFeedback.delete(data.contentFeedback.map(({ field, uid }) => ({ ...brand, field, uid }))).go({ concurrency: 4 })
        : undefined,
    ]);
    left += deletions.reduce((sum, result) => sum + (result?.unprocessed.length ?? 0), 0);
  }
  return left;
};
