import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
  type DynamoDBStreamsClient,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { LOCAL } from './env';

/**
 * A poller of DynamoDB Local's stream that behaves like Lambda's event source mapping on a table stream: each
 * shard read in order (a child only once its parent is read to its end), the records that pass the filter
 * handed to the consumer as a real DynamoDBStreamEvent, the shard's checkpoint moved past a batch only after the
 * consumer took it (ReportBatchItemFailures: resume at the first failed record), so delivery is at least once.
 * With a checkpoint file the position survives a restart (the records stay in the stream for 24 hours), so a
 * process killed between a commit and its hand-off hands it off at the next start.
 */
export type StreamConsumer = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;

export type StreamPollerOptions = {
  dynamo: DynamoDBClient;
  streams: DynamoDBStreamsClient;
  tableName: string;
  /** Which records the consumer gets (the CDK event filter's twin); the others only move the checkpoint. */
  filter: (record: DynamoDBRecord) => boolean;
  /** The consumer, or undefined while its module does not exist yet (records then wait in the stream). */
  loadConsumer: () => Promise<StreamConsumer | undefined>;
  /** Where checkpoints persist (JSON); none = in memory (a fresh stack reads the stream from its start). */
  checkpointFile?: string;
  batchSize?: number;
  idleDelayMs?: number;
  log?: (message: string, error?: unknown) => void;
};

export type StreamPoller = { stop: () => Promise<void>; /** Resolves once every record written so far was handed off. */ drained: () => Promise<void> };

type Checkpoints = { streamArn?: string; shards: Record<string, { after?: string; done?: boolean }> };

const readCheckpoints = (file: string | undefined): Checkpoints => {
  if (!file) return { shards: {} };
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Checkpoints;
  } catch {
    return { shards: {} };
  }
};

const writeCheckpoints = (file: string | undefined, checkpoints: Checkpoints) => {
  if (!file) return;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify(checkpoints));
  renameSync(`${file}.tmp`, file);
};

/** One stream record as Lambda hands it to the consumer. */
export const toStreamRecord = (record: _Record, streamArn: string): DynamoDBRecord =>
  ({
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion ?? '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: record.awsRegion ?? LOCAL.region,
    eventSourceARN: streamArn,
    dynamodb: {
      ...record.dynamodb,
      ApproximateCreationDateTime: record.dynamodb?.ApproximateCreationDateTime
        ? Math.floor(new Date(record.dynamodb.ApproximateCreationDateTime).getTime() / 1000)
        : undefined,
    },
  }) as DynamoDBRecord;

const SHARD_REFRESH_MS = 5_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });

/** Every shard of the stream, following DescribeStream's pages. */
const listShards = async (client: DynamoDBStreamsClient, streamArn: string): Promise<Shard[]> => {
  const shards: Shard[] = [];
  let start: string | undefined;
  do {
    const { StreamDescription } = await client.send(new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }));
    shards.push(...(StreamDescription?.Shards ?? []));
    start = StreamDescription?.LastEvaluatedShardId;
  } while (start);
  return shards;
};

export const startStreamPoller = ({
  dynamo,
  streams,
  tableName,
  filter,
  loadConsumer,
  checkpointFile,
  batchSize = 100,
  idleDelayMs = 100,
  log = (message, error) => (error ? console.error(message, error) : console.warn(message)),
}: StreamPollerOptions): StreamPoller => {
  const controller = new AbortController();
  const { signal } = controller;
  let checkpoints = readCheckpoints(checkpointFile);
  /** Waiters for the moment every open shard answered an empty read (nothing left to hand off). */
  let drainWaiters: (() => void)[] = [];

  const iteratorFor = async (streamArn: string, shardId: string) => {
    const after = checkpoints.shards[shardId]?.after;
    const { ShardIterator } = await streams.send(
      new GetShardIteratorCommand({
        StreamArn: streamArn,
        ShardId: shardId,
        ...(after ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: after } : { ShardIteratorType: 'TRIM_HORIZON' }),
      }),
    );
    return ShardIterator;
  };

  const checkpoint = (shardId: string, change: { after?: string; done?: boolean }) => {
    checkpoints.shards[shardId] = { ...checkpoints.shards[shardId], ...change };
    writeCheckpoints(checkpointFile, checkpoints);
  };

  /** Hands one batch to the consumer; answers the sequence number to resume at when part of it failed. */
  const handOff = async (streamArn: string, records: _Record[]): Promise<string | undefined> => {
    const wanted = records.map((record) => toStreamRecord(record, streamArn)).filter(filter);
    if (!wanted.length) return undefined;
    const consumer = await loadConsumer();
    if (!consumer) throw new Error('no consumer module yet');
    let response: DynamoDBBatchResponse | void;
    try {
      response = await consumer({ Records: wanted });
    } catch (error) {
      log(`[local] stream consumer threw; the batch of ${wanted.length} will be retried`, error);
      return wanted[0]!.dynamodb!.SequenceNumber;
    }
    const failures = response?.batchItemFailures ?? [];
    if (!failures.length) return undefined;
    const sequence = new Set(wanted.map((record) => record.dynamodb!.SequenceNumber));
    // An id not in the batch fails the whole batch, as Lambda does.
    if (failures.some((failure) => !sequence.has(failure.itemIdentifier))) return wanted[0]!.dynamodb!.SequenceNumber;
    return [...failures.map((f) => f.itemIdentifier)].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1))[0];
  };

  const loop = async () => {
    let streamArn: string | undefined;
    const iterators = new Map<string, string | undefined>();
    let backoffMs = idleDelayMs;
    let shards: Shard[] = [];
    let describedAt = 0;
    while (!signal.aborted) {
      try {
        if (!streamArn) {
          const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: tableName }));
          streamArn = Table?.LatestStreamArn;
          if (!streamArn) throw new Error(`Table ${tableName} has no stream`);
          // A table made anew (another stream) starts from its stream's beginning.
          if (checkpoints.streamArn !== streamArn) checkpoints = { streamArn, shards: {} };
        }
        // Shards change rarely (a split or a roll-over): described again every few seconds or when one closes.
        if (Date.now() - describedAt > SHARD_REFRESH_MS) {
          shards = await listShards(streams, streamArn);
          describedAt = Date.now();
        }
        const known = new Set(shards.map((shard) => shard.ShardId!));
        // Lineage: a shard is read once its parent is read to its end (or gone from the stream).
        const ready = shards.filter(
          (shard) => !checkpoints.shards[shard.ShardId!]?.done && (!shard.ParentShardId || !known.has(shard.ParentShardId) || checkpoints.shards[shard.ParentShardId]?.done),
        );
        let handed = 0;
        let pending = false;
        for (const shard of ready) {
          const shardId = shard.ShardId!;
          if (!iterators.has(shardId) || !iterators.get(shardId)) iterators.set(shardId, await iteratorFor(streamArn, shardId));
          const iterator = iterators.get(shardId);
          if (!iterator) {
            checkpoint(shardId, { done: true });
            continue;
          }
          let out;
          try {
            out = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: batchSize }));
          } catch (error) {
            if ((error as Error).name === 'ExpiredIteratorException' || (error as Error).name === 'TrimmedDataAccessException') {
              iterators.delete(shardId);
              continue;
            }
            throw error;
          }
          const records = out.Records ?? [];
          if (records.length) {
            const resumeAt = await handOff(streamArn, records);
            if (resumeAt) {
              // Checkpoint before the failed record; read again from it after a pause (Lambda retries the same way).
              const before = records.filter((r) => BigInt(r.dynamodb!.SequenceNumber!) < BigInt(resumeAt)).at(-1);
              if (before) checkpoint(shardId, { after: before.dynamodb!.SequenceNumber });
              const { ShardIterator } = await streams.send(
                new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: 'AT_SEQUENCE_NUMBER', SequenceNumber: resumeAt }),
              );
              iterators.set(shardId, ShardIterator);
              pending = true;
              backoffMs = Math.min(backoffMs * 2, 5_000);
              continue;
            }
            checkpoint(shardId, { after: records.at(-1)!.dynamodb!.SequenceNumber });
            handed += records.length;
            backoffMs = idleDelayMs;
          }
          if (out.NextShardIterator) iterators.set(shardId, out.NextShardIterator);
          else {
            iterators.delete(shardId);
            checkpoint(shardId, { done: true });
            describedAt = 0;
          }
        }
        if (!handed && !pending) {
          const waiters = drainWaiters;
          drainWaiters = [];
          for (const resolve of waiters) resolve();
        }
        if (!handed) await sleep(pending ? backoffMs : idleDelayMs, signal);
      } catch (error) {
        if (signal.aborted) break;
        if ((error as Error).message !== 'no consumer module yet') log('[local] stream poll failed', error);
        streamArn = undefined;
        describedAt = 0;
        iterators.clear();
        await sleep(1_000, signal);
      }
    }
  };

  const running = loop();
  return {
    stop: async () => {
      controller.abort();
      await running;
      for (const resolve of drainWaiters) resolve();
    },
    drained: () => new Promise<void>((resolve) => drainWaiters.push(resolve)),
  };
};
