import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { CreateQueueCommand, GetQueueAttributesCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createTableInput, tableSpec, type IndexName } from '#data/table-spec';
import { createService, type DataService } from '#data/entities';
import { indexPreparations, markReconciled, reconciledDefinition } from '#data/task-list-index';
import type { QueueSpec } from '#shared/queues';

/**
 * Creates the stack's resources from the same specs CDK reads, idempotently: a restart on a persisted data
 * folder finds the table and only adds what the spec gained since (a new index, TTL).
 */

/** Waits until the table and its index `indexName` are ACTIVE (a new index backfills first). */
const waitUntilIndexActive = async (client: DynamoDBClient, tableName: string, indexName: string, timeoutMs = 120_000) => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const index = Table?.GlobalSecondaryIndexes?.find((gsi) => gsi.IndexName === indexName);
    if (Table?.TableStatus === 'ACTIVE' && index?.IndexStatus === 'ACTIVE') return;
    if (Date.now() > until) throw new Error(`Index ${indexName} of ${tableName} is not ACTIVE after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

/** Creates the table, adds indexes the spec gained since it was created, and turns TTL on. */
export const provisionTable = async (client: DynamoDBClient, tableName: string) => {
  const wanted = createTableInput(tableName);
  let data: DataService | undefined;
  const service = () => (data ??= createService(DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } }), tableName));
  const preparations = Object.entries(indexPreparations) as [IndexName, NonNullable<(typeof indexPreparations)[IndexName]>][];
  const existing = await client
    .send(new DescribeTableCommand({ TableName: tableName }))
    .then((out) => out.Table)
    .catch((error: Error) => {
      if (error.name === 'ResourceNotFoundException') return undefined;
      throw error;
    });
  if (!existing) {
    await client.send(new CreateTableCommand(wanted));
    await waitUntilTableExists({ client, maxWaitTime: 60 }, { TableName: tableName });
    // Every item of a new table is written by this code, under its rules.
    for (const [index, { definition }] of preparations) await markReconciled(service(), index, definition);
  } else {
    const have = new Set((existing.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
    // DynamoDB takes one new index per UpdateTable call, and the next only once the table is ACTIVE again.
    for (const index of wanted.GlobalSecondaryIndexes.filter((gsi) => !have.has(gsi.IndexName))) {
      const keyNames = new Set<string>(index.KeySchema.map((key) => key.AttributeName));
      // The index is built from the attributes already on the items: give the existing items theirs first.
      const preparation = indexPreparations[index.IndexName as IndexName];
      if (preparation) {
        const report = await preparation.prepare(service());
        console.warn(`[local] prepared index ${index.IndexName} of ${tableName}: ${report.fixed} of ${report.scanned} tasks written`);
      }
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: wanted.AttributeDefinitions.filter((a) => keyNames.has(a.AttributeName)),
          GlobalSecondaryIndexUpdates: [{ Create: index }],
        }),
      );
      await waitUntilIndexActive(client, tableName, index.IndexName);
      console.warn(`[local] added index ${index.IndexName} to ${tableName}`);
    }
    // An index the table has, derived under another rule than the code's (e.g. which statuses are open): the items
    // written before the change are brought in line (the index follows their attributes at once).
    for (const [index, { definition, prepare }] of preparations) {
      if (!have.has(index) || (await reconciledDefinition(service(), index)) === definition) continue;
      const report = await prepare(service());
      console.warn(`[local] reconciled index ${index} of ${tableName} with ${definition}: ${report.fixed} of ${report.scanned} tasks written`);
    }
  }
  // A table made before the outbox existed gets its stream (it then holds the changes from now on).
  if (existing && !existing.StreamSpecification?.StreamEnabled) {
    await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: wanted.StreamSpecification }));
    await waitUntilTableExists({ client, maxWaitTime: 60 }, { TableName: tableName });
    console.warn(`[local] turned on the stream of ${tableName}`);
  }
  const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: tableSpec.ttlAttribute, Enabled: true },
      }),
    );
  }
};

export type ProvisionedQueue = {
  spec: QueueSpec;
  url: string;
  arn: string;
  dlqUrl: string;
  dlqArn: string;
};

const DLQ_RETENTION_SECONDS = 14 * 24 * 3600;

const queueArn = async (client: SQSClient, url: string) => {
  const out = await client.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn'] }));
  const arn = out.Attributes?.QueueArn;
  if (!arn) throw new Error(`Queue ${url} has no ARN`);
  return arn;
};

/** Each queue of the queue table, with its DLQ and a redrive policy of `maxReceives`. */
export const provisionQueues = async (
  client: SQSClient,
  specs: readonly QueueSpec[],
  namePrefix = 'brandslate-',
): Promise<ProvisionedQueue[]> =>
  Promise.all(
    specs.map(async (spec) => {
      const dlq = await client.send(
        new CreateQueueCommand({
          QueueName: `${namePrefix}${spec.id}-dlq`,
          Attributes: { MessageRetentionPeriod: String(DLQ_RETENTION_SECONDS) },
        }),
      );
      const dlqArn = await queueArn(client, dlq.QueueUrl!);
      const queue = await client.send(
        new CreateQueueCommand({
          QueueName: `${namePrefix}${spec.id}`,
          Attributes: {
            VisibilityTimeout: String(spec.visibilityTimeoutSeconds),
            RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount: spec.maxReceives }),
          },
        }),
      );
      return { spec, url: queue.QueueUrl!, arn: await queueArn(client, queue.QueueUrl!), dlqUrl: dlq.QueueUrl!, dlqArn };
    }),
  );
