import { describe, expect, it, vi } from 'vitest';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { createService } from '#data/entities';
import { createTableInput, tableSpec } from '#data/table-spec';
import { OPEN_INDEX_DEFINITION, taskIndexAttributes } from '#data/task-entities';
import { markReconciled, reconciledDefinition } from '#data/task-list-index';
import { startDynamoDb } from '../../local/dynamodb';
import { localClientConfig } from '../../local/env';
import { provisionTable } from '../../local/provision';

/**
 * A data folder made before the byOpen index: the local provisioning adds the index, and the tasks already
 * there are in it (the open ones only), without any task being written again through the API.
 */
describe('upgrading a local table to the open-task index', () => {
  it('gives the tasks already stored their entry before it adds the index', { timeout: 90_000 }, async () => {
    const db = await startDynamoDb();
    const client = new DynamoDBClient(localClientConfig(db.endpoint));
    const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
    const service = createService(doc, 'older');
    try {
      const full = createTableInput('older');
      const { partitionKey, sortKey } = tableSpec.indexes.byOpen;
      await client.send(
        new CreateTableCommand({
          ...full,
          AttributeDefinitions: full.AttributeDefinitions.filter((a) => a.AttributeName !== partitionKey && a.AttributeName !== sortKey),
          GlobalSecondaryIndexes: full.GlobalSecondaryIndexes.filter((index) => index.IndexName !== 'byOpen'),
        }),
      );
      // Tasks as the code before the index stored them: no openUpdatedAt, no byOpen keys.
      const stored = (taskId: string, status: 'todo' | 'paused' | 'done', updatedAt: string) => {
        const task = {
          workspaceId: 'w1', taskId, number: 1, projectId: 'p1', summary: taskId, searchText: taskId, createdBy: 'u1',
          status, priority: '1' as const, ticketType: 'task' as const, source: 'manual', totalSpent: 0, createdAt: updatedAt, updatedAt,
        };
        const item = service.entities.task.put({ ...task, ...taskIndexAttributes(task) }).params().Item as Record<string, unknown>;
        delete item.openUpdatedAt;
        delete item[partitionKey];
        delete item[sortKey];
        return item;
      };
      for (const item of [
        stored('t-open-old', 'todo', '2026-01-01T00:00:00.000Z'),
        stored('t-done', 'done', '2026-01-02T00:00:00.000Z'),
        stored('t-open-new', 'paused', '2026-01-03T00:00:00.000Z'),
      ]) {
        await doc.send(new PutCommand({ TableName: 'older', Item: item }));
      }
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

      await provisionTable(client, 'older');

      const warned = warn.mock.calls.flat().join('\n');
      warn.mockRestore();
      const { Items } = await doc.send(new QueryCommand({ ...service.entities.task.query.byOpen({ workspaceId: 'w1' }).params({ order: 'desc' }), TableName: 'older' }));
      expect(Items?.map((item) => item.taskId)).toEqual(['t-open-new', 't-open-old']);
      expect(warned).toMatch(/prepared index byOpen of older: 2 of 3 tasks written/);
      expect(await reconciledDefinition(service, 'byOpen')).toBe(OPEN_INDEX_DEFINITION);
    } finally {
      client.destroy();
      await db.stop();
    }
  });

  it('reconciles the index again when the rule of what is open changed, and only then', { timeout: 90_000 }, async () => {
    const db = await startDynamoDb();
    const client = new DynamoDBClient(localClientConfig(db.endpoint));
    const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
    const service = createService(doc, 'former');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await provisionTable(client, 'former');
      expect(await reconciledDefinition(service, 'byOpen')).toBe(OPEN_INDEX_DEFINITION);
      // Written by the code of the former rule (todo, in_progress, paused): a task waiting for approval was not open.
      const written = (taskId: string, status: 'needs_approval' | 'todo' | 'posted', updatedAt: string, open: boolean) => {
        const task = {
          workspaceId: 'w1', taskId, number: 1, projectId: 'p1', summary: taskId, searchText: taskId, createdBy: 'u1',
          status, priority: '1' as const, ticketType: 'post' as const, source: 'manual', totalSpent: 0, createdAt: updatedAt, updatedAt,
        };
        return service.entities.task.put({ ...task, ...taskIndexAttributes(task), openUpdatedAt: open ? updatedAt : '-' }).params().Item as Record<string, unknown>;
      };
      for (const item of [
        written('t-waiting', 'needs_approval', '2026-01-01T00:00:00.000Z', false),
        written('t-todo', 'todo', '2026-01-02T00:00:00.000Z', true),
        written('t-posted', 'posted', '2026-01-03T00:00:00.000Z', false),
      ]) {
        await doc.send(new PutCommand({ TableName: 'former', Item: item }));
      }
      await markReconciled(service, 'byOpen', 'open:todo,in_progress,paused');
      const openIds = async () =>
        (await doc.send(new QueryCommand({ ...service.entities.task.query.byOpen({ workspaceId: 'w1' }).params({ order: 'desc' }), TableName: 'former' }))).Items?.map(
          (item) => item.taskId,
        );
      expect(await openIds()).toEqual(['t-todo']);

      await provisionTable(client, 'former');

      expect(await openIds()).toEqual(['t-todo', 't-waiting']);
      expect(await reconciledDefinition(service, 'byOpen')).toBe(OPEN_INDEX_DEFINITION);
      expect(warn.mock.calls.flat().join('\n')).toMatch(/reconciled index byOpen of former with open:.*needs_approval.*: 1 of 3 tasks written/);
      // Once in line, a restart does not scan again.
      warn.mockClear();
      await provisionTable(client, 'former');
      expect(warn.mock.calls.flat().join('\n')).not.toMatch(/reconciled/);
    } finally {
      warn.mockRestore();
      client.destroy();
      await db.stop();
    }
  });
});
