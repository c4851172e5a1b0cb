import { Entity } from './lazy-entity';
import { TASK_VIEW_MODES } from '#shared/schemas/saved-views';
import { tableSpec } from './table-spec';

/**
 * A person's saved task view in a workspace. The partition is the workspace and the person, so a list is one Query
 * and nobody can reach another person's views by id. The filter is kept as the JSON the route validated (its shape
 * is the shared schema's, read back through it), so adding a filter needs no migration here.
 */
export const savedViewEntity = new Entity({
  model: { entity: 'savedView', version: '1', service: 'brandslate' },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    viewId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    /** JSON of the shared taskViewFilter. */
    filter: { type: 'string', required: true },
    viewMode: { type: TASK_VIEW_MODES },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    primary: {
      pk: { field: tableSpec.partitionKey, composite: ['workspaceId', 'userId'] },
      sk: { field: tableSpec.sortKey, composite: ['viewId'] },
    },
  },
});
