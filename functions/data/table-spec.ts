/**
 * The TABLE SPEC: the one DynamoDB table's key attributes and indexes, written once. The CDK table, the local
 * CreateTable and the ElectroDB entities all read these names; test/infra checks they agree.
 * Index names say the access they serve; each index's key attributes are named after it.
 */

export const tableSpec = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Epoch seconds; DynamoDB deletes the item some time after (expired invites). */
  ttlAttribute: 'expiresAt',
  /**
   * The table's change stream: the outbox. A write that must cause a send (a pending integration delivery) is
   * committed with the data it belongs to; the stream consumer (functions/streams/outbox.ts) hands it to its
   * queue. NEW_IMAGE: the consumer needs only the item as written.
   */
  stream: 'NEW_IMAGE',
  indexes: {
    /** Everything that belongs to a user across workspaces (memberships). */
    byUser: { partitionKey: 'byUserPk', sortKey: 'byUserSk' },
    /** Everything addressed to an email before it has a user (pending invites). */
    byEmail: { partitionKey: 'byEmailPk', sortKey: 'byEmailSk' },
    /** Items found by an unguessable token in a link (invite uid). */
    byToken: { partitionKey: 'byTokenPk', sortKey: 'byTokenSk' },
    /** A workspace's tasks of one status, newest update first: the task list, one Query per status asked for. */
    byStatus: { partitionKey: 'byStatusPk', sortKey: 'byStatusSk' },
    /**
     * A workspace's open tasks (status To Do, In Progress or Paused: the list's default statuses), newest update
     * first (sparse: a task is here exactly while its status is one of them): the default list in one Query.
     */
    byOpen: { partitionKey: 'byOpenPk', sortKey: 'byOpenSk' },
    /** The same per project: the project's task list (and a projectFilter) reads only that project's tasks. */
    byProjectStatus: { partitionKey: 'byProjectStatusPk', sortKey: 'byProjectStatusSk' },
    /** A workspace's tasks by due date (sparse: only tasks with one): the calendar's month and week. */
    byDueDate: { partitionKey: 'byDueDatePk', sortKey: 'byDueDateSk' },
    /**
     * A workspace's tasks of one status by due date, soonest first (sparse: only tasks with a due date): the list
     * sorted by due date, one Query per status asked for. Tasks without a due date are not in it (the list says so).
     */
    byStatusDue: { partitionKey: 'byStatusDuePk', sortKey: 'byStatusDueSk' },
    /** Reminders waiting to be sent, by time (sparse: an item is here only while its reminder may still fire). */
    byReminder: { partitionKey: 'byReminderPk', sortKey: 'byReminderSk' },
    /** Items of one task across its workspace's partitions, newest first (time entries of a task). */
    byTask: { partitionKey: 'byTaskPk', sortKey: 'byTaskSk' },
    /**
     * Integration deliveries waiting for their next attempt, by its time (sparse: only while waiting): the
     * retry job re-enqueues those whose wait is longer than an SQS delay can hold, and rescues overdue ones.
     */
    byRetryAt: { partitionKey: 'byRetryAtPk', sortKey: 'byRetryAtSk' },
    /** An integration's delivery attempts across its tasks, by time (the integration's delivery log, newest first). */
    byIntegration: { partitionKey: 'byIntegrationPk', sortKey: 'byIntegrationSk' },
    /**
     * Connected Instagram and YouTube accounts by the time their next sync is due (sparse: only connected ones with
     * a due time): the sync job queues those that are due.
     */
    bySyncDue: { partitionKey: 'bySyncDuePk', sortKey: 'bySyncDueSk' },
  },
} as const;

export type IndexName = keyof typeof tableSpec.indexes;

/** The CreateTable input both the local stack and the drift test use; CDK builds the same from the spec. */
export const createTableInput = (tableName: string) => {
  const keyAttributes = [
    tableSpec.partitionKey,
    tableSpec.sortKey,
    ...Object.values(tableSpec.indexes).flatMap((index) => [index.partitionKey, index.sortKey]),
  ];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    StreamSpecification: { StreamEnabled: true, StreamViewType: tableSpec.stream },
    AttributeDefinitions: keyAttributes.map((name) => ({ AttributeName: name, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: tableSpec.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: tableSpec.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: Object.entries(tableSpec.indexes).map(([indexName, index]) => ({
      IndexName: indexName,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
};
