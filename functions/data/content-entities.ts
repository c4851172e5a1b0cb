import { Entity } from './lazy-entity';
import { CONTENT_KINDS } from '#shared/schemas/content';
import { tableSpec } from './table-spec';

/**
 * A brand's content store: one partition per project (workspace + project), the `content` collection, so a
 * list is one Query of a sort-key prefix and a brand's whole store is one Query (its purge). Keys are written here
 * once; functions/data/content.ts is the only reader and writer.
 */
const contentKey = <const SK extends string[]>(sk: SK) => ({
  collection: 'content' as const,
  pk: { field: tableSpec.partitionKey, composite: ['workspaceId', 'projectId'] as ['workspaceId', 'projectId'] },
  sk: { field: tableSpec.sortKey, composite: sk },
});

/**
 * A voice, assistant, audience or influence of a brand. `uid` is a time-ordered id, so a kind's items come oldest
 * first. The kind's fields are attributes of their own; `isDefault` is true on at most one item per kind, guarded by
 * the kind's head (contentHead) in the same transaction as every change of it.
 */
export const contentItemEntity = new Entity({
  model: { entity: 'contentItem', version: '1', service: 'brandslate' },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    projectId: { type: 'string', required: true, readOnly: true },
    kind: { type: CONTENT_KINDS, required: true, readOnly: true },
    uid: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    description: { type: 'string' },
    traits: { type: 'list', items: { type: 'string' } },
    examplePosts: { type: 'list', items: { type: 'string' } },
    source: { type: 'map', properties: { kind: { type: 'string', required: true }, url: { type: 'string' }, handle: { type: 'string' } } },
    instructions: { type: 'string' },
    url: { type: 'string' },
    isDefault: { type: 'boolean', required: true, default: false },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: { primary: contentKey(['kind', 'uid']) },
});

/**
 * One per kind and brand: how many items the kind holds (the limit, kept by a conditional ADD in each create's
 * transaction) and which one is the default (a conditional SET, so two concurrent switches never leave two).
 */
export const contentHeadEntity = new Entity({
  model: { entity: 'contentHead', version: '1', service: 'brandslate' },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    projectId: { type: 'string', required: true, readOnly: true },
    kind: { type: CONTENT_KINDS, required: true, readOnly: true },
    count: { type: 'number' },
    defaultUid: { type: 'string' },
  },
  indexes: { primary: contentKey(['kind']) },
});

/**
 * The brand's content settings, one item; absent until the first save (readers fill in the defaults). Each setting is
 * an attribute; `version` guards a save against a concurrent one (the slate shares' sum spans several fields).
 */
export const contentSettingsEntity = new Entity({
  model: { entity: 'contentSettings', version: '1', service: 'brandslate' },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    projectId: { type: 'string', required: true, readOnly: true },
    industry: { type: 'string' },
    teamSkills: { type: 'list', items: { type: 'string' } },
    /** { posts_per_week, platforms } as the shared schema has it. */
    output: { type: 'any' },
    /** { primary, description } */
    goal: { type: 'any' },
    /** [{ name, description }] */
    contentPillars: { type: 'any' },
    contentFormats: { type: 'list', items: { type: 'string' } },
    otherPreferences: { type: 'string' },
    /** { rules, terms } */
    offBrand: { type: 'any' },
    slateReviewDay: { type: 'string' },
    slateGrowthContent: { type: 'number' },
    slateTrustBuildingContent: { type: 'number' },
    slateSalesPromotionsContent: { type: 'number' },
    /** A number 0–100, or absent for no minimum. */
    brandFitMinScore: { type: 'number' },
    version: { type: 'number', required: true, default: 0 },
    updatedAt: { type: 'string' },
  },
  indexes: { primary: contentKey([]) },
});

/**
 * Feedback on one generated field of a brand's ('hook', 'brand_voice.description'); the sort key is the field then a
 * time-ordered id, so one field's entries are one Query, newest first when read backwards.
 */
export const contentFeedbackEntity = new Entity({
  model: { entity: 'contentFeedback', version: '1', service: 'brandslate' },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    projectId: { type: 'string', required: true, readOnly: true },
    field: { type: 'string', required: true, readOnly: true },
    uid: { type: 'string', required: true, readOnly: true },
    content: { type: 'string', required: true },
    rating: { type: ['up', 'down'] as const },
    createdBy: { type: 'string', required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: { primary: contentKey(['field', 'uid']) },
});

export const contentEntities = {
  contentItem: contentItemEntity,
  contentHead: contentHeadEntity,
  contentSettings: contentSettingsEntity,
  contentFeedback: contentFeedbackEntity,
};
