import {
  CONTENT_LIMITS,
  DEFAULTABLE_KINDS,
  type Assistant,
  type Audience,
  type BrandVoice,
  type ContentBodyOf,
  type ContentItemOf,
  type ContentKind,
  type ContentUpdateOf,
  type DefaultableKind,
  type Influence,
} from '#shared/schemas/content';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import { newTimeId } from '#lib/ids';
import { retry, RETRY, type RetryTiming } from '#lib/retry';
import type { BrandRef, ContentHead, ContentItem, ContentItemChanges } from '#data/content';
import type { GuardedOutcome } from '#data/conditions';
import type { Clock } from '../clock';

/** The data access the item rules use (functions/data/content.ts). */
export type ContentItemDeps = {
  clock: Clock;
  listContentItems: (brand: BrandRef, kind: ContentKind) => Promise<ContentItem[]>;
  getContentHead: (brand: BrandRef, kind: ContentKind) => Promise<ContentHead | undefined>;
  getContentItemAndHead: (brand: BrandRef, kind: ContentKind, uid: string) => Promise<{ item?: ContentItem; head?: ContentHead }>;
  createContentItem: (item: ContentItem, head: ContentHead | undefined) => Promise<GuardedOutcome>;
  updateContentItem: (brand: BrandRef, kind: ContentKind, uid: string, changes: ContentItemChanges) => Promise<ContentItem | undefined>;
  deleteContentItem: (item: ContentItem, head: ContentHead | undefined) => Promise<GuardedOutcome>;
  setDefaultContentItem: (brand: BrandRef, kind: ContentKind, uid: string, head: ContentHead | undefined) => Promise<GuardedOutcome | 'missing'>;
  retryTiming?: RetryTiming;
};

/** The brand a /projects/{projectId}/… route is about, inside the workspace the wrapper located and checked. */
export const brandOf = (ctx: WorkspaceContext, projectId: string): BrandRef => ({ workspaceId: ctx.workspaceId, projectId });

export const isDefaultable = (kind: ContentKind): kind is DefaultableKind => (DEFAULTABLE_KINDS as readonly string[]).includes(kind);

const stamps = (item: ContentItem) => ({ uid: item.uid, created_at: item.createdAt, updated_at: item.updatedAt });
const sourceOf = (item: ContentItem): BrandVoice['source'] => {
  if (!item.source) return null;
  const kind = item.source.kind as NonNullable<BrandVoice['source']>['kind'];
  return { kind, ...(item.source.url ? { url: item.source.url } : {}), ...(item.source.handle ? { handle: item.source.handle } : {}) };
};

/** An item as the API answers it, by kind. */
export const toContentItem = <K extends ContentKind>(kind: K, item: ContentItem): ContentItemOf<K> => {
  const answers: { [P in ContentKind]: () => ContentItemOf<P> } = {
    'brand-voices': (): BrandVoice => ({
      ...stamps(item),
      name: item.name,
      description: item.description ?? '',
      traits: item.traits ?? [],
      example_posts: item.examplePosts ?? [],
      source: sourceOf(item),
      is_default: item.isDefault,
    }),
    assistants: (): Assistant => ({ ...stamps(item), name: item.name, instructions: item.instructions ?? '', is_default: item.isDefault }),
    audiences: (): Audience => ({ ...stamps(item), name: item.name, description: item.description ?? '', is_default: item.isDefault }),
    influences: (): Influence => ({ ...stamps(item), name: item.name, url: item.url ?? null }),
  };
  return answers[kind]() as ContentItemOf<K>;
};

type AnyBody = Partial<ContentBodyOf<'brand-voices'> & ContentBodyOf<'assistants'> & ContentBodyOf<'audiences'> & ContentBodyOf<'influences'>>;

/** A voice's source as stored: only the parts it has (a null source means none). */
const storedSource = (source: AnyBody['source']) =>
  source ? { kind: source.kind, ...(source.url ? { url: source.url } : {}), ...(source.handle ? { handle: source.handle } : {}) } : null;

/**
 * The stored fields a body sets (create) or changes (update: only what it names). Each kind's body has only its
 * own fields, so the mapping is one for all kinds; an empty optional text or a null is stored as absent.
 */
export const storedFieldsOf = (body: AnyBody): Omit<ContentItemChanges, 'updatedAt'> => {
  const text = (value: string | undefined) => (value === undefined ? undefined : value || null);
  const fields: Omit<ContentItemChanges, 'updatedAt'> = {
    name: body.name,
    description: text(body.description),
    traits: body.traits === undefined ? undefined : body.traits.length ? body.traits : null,
    examplePosts: body.example_posts === undefined ? undefined : body.example_posts.length ? body.example_posts : null,
    source: body.source === undefined ? undefined : storedSource(body.source),
    instructions: text(body.instructions),
    url: body.url === undefined ? undefined : body.url || null,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
};

/** A kind's items, oldest first. */
export const listItems = async <K extends ContentKind>(deps: Pick<ContentItemDeps, 'listContentItems'>, brand: BrandRef, kind: K): Promise<ContentItemOf<K>[]> =>
  (await deps.listContentItems(brand, kind)).map((item) => toContentItem(kind, item));

/**
 * Adds an item. A brand keeps at most CONTENT_LIMITS.itemsPerKind of a kind (content_limit_reached); the first
 * voice, assistant or audience of a brand without a default becomes it, so generation always has one to use.
 */
export const createItem = async <K extends ContentKind>(deps: ContentItemDeps, brand: BrandRef, kind: K, body: ContentBodyOf<K>): Promise<ContentItemOf<K>> =>
  retry(
    async () => {
      const head = await deps.getContentHead(brand, kind);
      if ((head?.count ?? 0) >= CONTENT_LIMITS.itemsPerKind) throw new DomainError('content_limit_reached');
      const now = deps.clock().toISOString();
      const fields = Object.fromEntries(Object.entries(storedFieldsOf(body as AnyBody)).filter(([, value]) => value !== null));
      const item = {
        ...brand,
        kind,
        uid: newTimeId(),
        ...fields,
        name: (body as AnyBody).name!,
        isDefault: isDefaultable(kind) && !head?.defaultUid,
        createdAt: now,
        updatedAt: now,
      } as ContentItem;
      const outcome = await deps.createContentItem(item, head);
      return outcome === 'done' ? toContentItem(kind, item) : RETRY;
    },
    { exhausted: 'service_busy', ...deps.retryTiming },
  );

/** Changes the fields the body names; content_item_not_found for an item the brand does not have. */
export const updateItem = async <K extends ContentKind>(
  deps: Pick<ContentItemDeps, 'clock' | 'updateContentItem'>,
  brand: BrandRef,
  kind: K,
  uid: string,
  body: ContentUpdateOf<K>,
): Promise<ContentItemOf<K>> => {
  const changed = await deps.updateContentItem(brand, kind, uid, { ...storedFieldsOf(body as AnyBody), updatedAt: deps.clock().toISOString() });
  if (!changed) throw new DomainError('content_item_not_found');
  return toContentItem(kind, changed);
};

/** Removes an item (a default leaves its kind without one); content_item_not_found when there is none. */
export const deleteItem = async (deps: ContentItemDeps, brand: BrandRef, kind: ContentKind, uid: string): Promise<void> =>
  retry(
    async () => {
      const { item, head } = await deps.getContentItemAndHead(brand, kind, uid);
      if (!item) throw new DomainError('content_item_not_found');
      return (await deps.deleteContentItem(item, head)) === 'done' ? undefined : RETRY;
    },
    { exhausted: 'service_busy', ...deps.retryTiming },
  );

/**
 * Makes an item its kind's default, the former one no longer (one transaction: never two, never none half-way),
 * and answers the kind's list (spec 4: the list is reloaded). Already the default: nothing is written.
 */
export const setDefaultItem = async <K extends DefaultableKind>(deps: ContentItemDeps, brand: BrandRef, kind: K, uid: string): Promise<ContentItemOf<K>[]> => {
  await retry(
    async () => {
      const head = await deps.getContentHead(brand, kind);
      if (head?.defaultUid === uid) {
        const { item } = await deps.getContentItemAndHead(brand, kind, uid);
        if (!item) throw new DomainError('content_item_not_found');
        return undefined;
      }
      const outcome = await deps.setDefaultContentItem(brand, kind, uid, head);
      if (outcome === 'missing') throw new DomainError('content_item_not_found');
      return outcome === 'done' ? undefined : RETRY;
    },
    { exhausted: 'service_busy', ...deps.retryTiming },
  );
  return listItems(deps, brand, kind);
};
