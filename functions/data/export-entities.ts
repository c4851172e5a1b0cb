import { Entity } from './lazy-entity';
import { CALENDAR_FEED_SCOPES } from '#shared/schemas/exports';
import { tableSpec } from './table-spec';

/**
 * A calendar feed: a secret address that serves a person's (or a brand's) due dates as iCalendar. Keyed by the
 * SHA-256 of the address's token (hex, so ElectroDB's case folding changes nothing): a read of the table never
 * yields a working address. Listed per person through byUser.
 */
export const calendarFeedEntity = new Entity({
  model: { entity: 'calendarFeed', version: '1', service: 'brandslate' },
  attributes: {
    tokenHash: { type: 'string', required: true, readOnly: true },
    workspaceId: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    feedId: { type: 'string', required: true, readOnly: true },
    scope: { type: CALENDAR_FEED_SCOPES, required: true, readOnly: true },
    projectId: { type: 'string', readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    primary: {
      pk: { field: tableSpec.partitionKey, composite: ['tokenHash'] },
      sk: { field: tableSpec.sortKey, composite: [] },
    },
    byUser: {
      index: 'byUser',
      pk: { field: tableSpec.indexes.byUser.partitionKey, composite: ['userId'] },
      sk: { field: tableSpec.indexes.byUser.sortKey, composite: ['workspaceId', 'feedId'] },
    },
  },
});
