import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#lib/clients/dynamo';
import { config } from '#lib/config';
import { unlessRefused } from './conditions';
import { tableSpec } from './table-spec';

/**
 * Idempotency guards: one item per (caller, route, Idempotency-Key) in the app table, claimed with a conditional
 * put before a create runs and completed with its answer after; gone after the TTL (raw keys outside ElectroDB's
 * `$brandslate#` prefix, so they meet no entity).
 */
const { partitionKey: pk, sortKey: sk, ttlAttribute } = tableSpec;

/** How long a completed answer is kept for retries (24 h, as Stripe keeps its idempotency keys). */
export const IDEMPOTENCY_KEEP_SECONDS = 24 * 3600;
/** A claim older than this belongs to a request that died (Lambda's timeout is well under it); a retry may take it over. */
export const IDEMPOTENCY_CLAIM_SECONDS = 60;

export type GuardScope = { callerId: string; routeId: string; key: string };
export type Guard = { requestHash: string; state: 'running' | 'done'; claimedAt: number; response?: string };

const keyOf = ({ callerId, routeId, key }: GuardScope) => ({ [pk]: `$idempotency#caller_${callerId}`, [sk]: `$guard#route_${routeId}#key_${key}` });
const epochSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

/**
 * Claims the key for this request: a conditional put that succeeds when no guard exists or the existing one is
 * an abandoned claim of the same request. Answers 'claimed', or the guard that stands in the way.
 */
export const claimGuard = async (scope: GuardScope, requestHash: string, now: Date): Promise<'claimed' | Guard> => {
  const at = epochSeconds(now);
  const claimed = await unlessRefused(async () => {
    await dynamo().send(
      new PutCommand({
        TableName: config.tableName,
        Item: { ...keyOf(scope), requestHash, state: 'running', claimedAt: at, [ttlAttribute]: at + IDEMPOTENCY_KEEP_SECONDS },
        ConditionExpression: 'attribute_not_exists(#pk) OR (#state = :running AND #claimedAt < :stale AND #hash = :hash)',
        ExpressionAttributeNames: { '#pk': pk, '#state': 'state', '#claimedAt': 'claimedAt', '#hash': 'requestHash' },
        ExpressionAttributeValues: { ':running': 'running', ':stale': at - IDEMPOTENCY_CLAIM_SECONDS, ':hash': requestHash },
      }),
    );
    return true;
  }, false);
  if (claimed) return 'claimed';
  const { Item } = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: keyOf(scope), ConsistentRead: true }));
  // Expired and deleted between the two calls: nothing stands in the way any more; claim again.
  if (!Item) return claimGuard(scope, requestHash, now);
  return { requestHash: String(Item.requestHash), state: Item.state === 'done' ? 'done' : 'running', claimedAt: Number(Item.claimedAt), response: Item.response as string | undefined };
};

/** Records the answer a retry will get. */
export const completeGuard = async (scope: GuardScope, response: string, now: Date): Promise<void> => {
  await dynamo().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: keyOf(scope),
      UpdateExpression: 'SET #state = :done, #response = :response, #ttl = :ttl',
      ExpressionAttributeNames: { '#state': 'state', '#response': 'response', '#ttl': ttlAttribute },
      ExpressionAttributeValues: { ':done': 'done', ':response': response, ':ttl': epochSeconds(now) + IDEMPOTENCY_KEEP_SECONDS },
    }),
  );
};

/** Lets the key go after a refused or failed create (nothing was made), so a retry runs afresh. */
export const releaseGuard = async (scope: GuardScope): Promise<void> => {
  await unlessRefused(
    () =>
      dynamo().send(
        new DeleteCommand({
          TableName: config.tableName,
          Key: keyOf(scope),
          ConditionExpression: '#state = :running',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':running': 'running' },
        }),
      ),
    undefined,
  );
};
