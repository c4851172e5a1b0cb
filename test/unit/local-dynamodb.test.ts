import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
} from '@aws-sdk/client-dynamodb';
import { createTableInput, tableSpec } from '#data/table-spec';
import { isAlive, startDynamoDb } from '../../local/dynamodb';
import { localClientConfig, repoRoot } from '../../local/env';
import { provisionTable } from '../../local/provision';

/**
 * DynamoDB Local as `npm start` runs it: data survives a crash of the Node parent, a Java process an earlier
 * run left behind is cleared, and provisioning from the table spec is idempotent.
 */
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ddb-test-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const waitUntil = async (check: () => boolean, timeoutMs: number) => {
  const until = Date.now() + timeoutMs;
  while (!check() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
  return check();
};

describe('DynamoDB Local', () => {
  it('keeps committed data and replaces a Java process left by a crashed run', { timeout: 60_000 }, async () => {
    const dataDir = tempDir();
    const first = await startDynamoDb({ dataDir });
    const firstClient = new DynamoDBClient(localClientConfig(first.endpoint));
    await provisionTable(firstClient, 'crash-test');
    await firstClient.send(new PutItemCommand({ TableName: 'crash-test', Item: { pk: { S: 'w#1' }, sk: { S: 'meta' }, name: { S: 'kept' } } }));
    firstClient.destroy();
    // As if its Node parent had died: the recorded owner is gone.
    const pidFile = join(dataDir, 'dynamodb.pid');
    writeFileSync(pidFile, JSON.stringify({ ...JSON.parse(readFileSync(pidFile, 'utf8')), ownerPid: 2 ** 22 + 1 }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    const second = await startDynamoDb({ dataDir });

    expect(isAlive(first.pid)).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`killed DynamoDB Local pid ${first.pid}`));
    warn.mockRestore();
    const client = new DynamoDBClient(localClientConfig(second.endpoint));
    await provisionTable(client, 'crash-test');
    const item = await client.send(new GetItemCommand({ TableName: 'crash-test', Key: { pk: { S: 'w#1' }, sk: { S: 'meta' } } }));
    expect(item.Item?.name).toEqual({ S: 'kept' });
    client.destroy();
    await second.stop();
    await first.stop();
    expect(isAlive(second.pid)).toBe(false);
  });

  it('dies with its Node parent even on kill -9', { timeout: 60_000 }, async () => {
    const script = join(tempDir(), 'child.mts');
    writeFileSync(
      script,
      `import { startDynamoDb } from ${JSON.stringify(join(repoRoot, 'local', 'dynamodb.ts'))};\n` +
        `const db = await startDynamoDb();\nconsole.log('JAVA_PID=' + db.pid);\n`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
    const javaPid = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        const match = /JAVA_PID=(\d+)/.exec(chunk.toString());
        if (match) resolve(Number(match[1]));
      });
      child.once('exit', (code) => reject(new Error(`child exited early (${code})`)));
    });
    expect(isAlive(javaPid)).toBe(true);

    child.kill('SIGKILL');

    expect(await waitUntil(() => !isAlive(javaPid), 10_000)).toBe(true);
  });

  it('creates the table from the spec with TTL on, and adds an index the spec gained since', { timeout: 60_000 }, async () => {
    const db = await startDynamoDb();
    const client = new DynamoDBClient(localClientConfig(db.endpoint));
    try {
      const full = createTableInput('grown');
      const [kept, ...added] = full.GlobalSecondaryIndexes;
      const keptNames = new Set([...full.KeySchema, ...kept.KeySchema].map((key) => key.AttributeName));
      await client.send(
        new CreateTableCommand({
          ...full,
          AttributeDefinitions: full.AttributeDefinitions.filter((a) => keptNames.has(a.AttributeName)),
          GlobalSecondaryIndexes: [kept],
        }),
      );
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

      await provisionTable(client, 'grown');
      await provisionTable(client, 'grown');

      warn.mockRestore();
      const table = await client.send(new DescribeTableCommand({ TableName: 'grown' }));
      expect(table.Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName).sort()).toEqual(
        [kept, ...added].map((index) => index.IndexName).sort(),
      );
      const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: 'grown' }));
      expect(ttl.TimeToLiveDescription).toMatchObject({ TimeToLiveStatus: 'ENABLED', AttributeName: tableSpec.ttlAttribute });
    } finally {
      client.destroy();
      await db.stop();
    }
  });
});
