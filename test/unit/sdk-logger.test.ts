import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutSdkLogger } from '#lib/clients/sdk-logger';

/** A DynamoDB endpoint on 127.0.0.1 that answers every call with an empty table list. */
let server: Server;
let endpoint: string;
beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
    res.end(JSON.stringify({ TableNames: [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const clientLogging = (entries: unknown[]) =>
  new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    logger: { debug: () => {}, info: (entry: unknown) => void entries.push(entry), warn: () => {}, error: () => {} },
  });

describe('withoutSdkLogger', () => {
  it('a client sends as before but builds no log entry (the SDK would build one for every call)', async () => {
    const plain: unknown[] = [];
    const client = clientLogging(plain);
    await client.send(new ListTablesCommand({}));
    expect(plain).toHaveLength(1);

    const quiet: unknown[] = [];
    const without = withoutSdkLogger(clientLogging(quiet));
    expect(await without.send(new ListTablesCommand({}))).toMatchObject({ TableNames: [] });
    expect(quiet).toEqual([]);
    client.destroy();
    without.destroy();
  });
});
