import { createServer, get, type Server } from 'node:http';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, ScanCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { presignS3 } from '#lib/clients/s3-presign';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { Logger } from '@aws-lambda-powertools/logger';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FunctionAccess } from '#shared/access';
import { requireEnv } from '#lib/config';
import { deniedCall, policyFor, type GrantableResources } from '../../local/access-policy';
import { onAccessDenied } from '../../local/access-guard';
import { LOCAL, operatorEnvironment, type Endpoints } from '../../local/env';
import { createLocalFunctions, type LocalFunctions } from '../../local/functions';
import { onUngrantedRead } from '../../local/function-scope';
import { closeServer, HOST, listen } from '../../local/net';
import { everyQueueUrl } from '../support/local-endpoints';

/**
 * The local twin of IAM: each function runs with its own environment and is refused what its access entry does
 * not grant, with the error AWS gives.
 */
const resources: GrantableResources = {
  tableName: 'brandslate-local',
  indexNames: ['byStatus'],
  queueUrls: { email: 'http://127.0.0.1:9324/123456789012/email' },
  bucketName: 'uploads',
  emailIdentity: 'no-reply@brandslate.local',
};
const denied = (access: FunctionAccess, clientName: string, operation: string, input: Record<string, unknown>) =>
  deniedCall('brandslate-local-http-x', policyFor(access, resources), { clientName, operation, input });

describe('the policy an access entry amounts to', () => {
  it('refuses a write to the table for `read`, in DynamoDB’s words', () => {
    expect(denied({ table: 'read' }, 'DynamoDBClient', 'PutItem', { TableName: 'brandslate-local' })).toEqual({
      name: 'AccessDeniedException',
      status: 400,
      message:
        'User: arn:aws:sts::123456789012:assumed-role/brandslate-local-http-x/brandslate-local-http-x is not authorized to perform: ' +
        'dynamodb:PutItem on resource: arn:aws:dynamodb:us-east-1:123456789012:table/brandslate-local ' +
        'because no identity-based policy allows the dynamodb:PutItem action',
    });
    expect(denied({ table: 'readWrite' }, 'DynamoDBClient', 'PutItem', { TableName: 'brandslate-local' })).toBeUndefined();
    expect(denied({ table: 'read' }, 'DynamoDBClient', 'Query', { TableName: 'brandslate-local', IndexName: 'byStatus' })).toBeUndefined();
  });

  it('authorises each item of a transaction by its own action, and never a Scan', () => {
    const transaction = {
      TransactItems: [{ ConditionCheck: { TableName: 'brandslate-local' } }, { Update: { TableName: 'brandslate-local' } }],
    };
    expect(denied({ table: 'read' }, 'DynamoDBClient', 'TransactWriteItems', transaction)?.message).toContain('dynamodb:UpdateItem');
    expect(denied({ table: 'readWrite' }, 'DynamoDBClient', 'TransactWriteItems', transaction)).toBeUndefined();
    expect(denied({ table: 'readWrite' }, 'DynamoDBClient', 'Scan', { TableName: 'brandslate-local' })?.message).toContain('dynamodb:Scan');
    expect(denied({ table: 'readWrite' }, 'DynamoDBClient', 'GetItem', { TableName: 'another-table' })?.message).toContain('table/another-table');
  });

  it('sends only to the queues it lists', () => {
    const send = { QueueUrl: resources.queueUrls.email, MessageBody: '{}' };
    expect(denied({ table: 'readWrite' }, 'SQSClient', 'SendMessage', send)).toMatchObject({
      name: 'AccessDeniedException',
      status: 403,
      message: expect.stringContaining('sqs:SendMessage on resource: arn:aws:sqs:us-east-1:123456789012:email'),
    });
    expect(denied({ queues: ['email'] }, 'SQSClient', 'SendMessage', send)).toBeUndefined();
  });

  it('reads or writes objects by its bucket level, and sends email only with `email`', () => {
    expect(denied({ bucket: 'read' }, 'S3Client', 'HeadObject', { Bucket: 'uploads', Key: 'a/b.png' })).toBeUndefined();
    expect(denied({ bucket: 'read' }, 'S3Client', 'PutObject', { Bucket: 'uploads', Key: 'a/b.png' })).toMatchObject({
      name: 'AccessDenied',
      status: 403,
      message: expect.stringContaining('s3:PutObject on resource: arn:aws:s3:::uploads/a/b.png'),
    });
    expect(denied({ bucket: 'readWrite' }, 'S3Client', 'DeleteObjects', { Bucket: 'uploads', Delete: { Objects: [{ Key: 'k' }] } })).toBeUndefined();
    expect(denied({ table: 'readWrite' }, 'SESv2Client', 'SendEmail', { FromEmailAddress: LOCAL.emailFrom })?.message).toContain(
      'ses:SendEmail on resource: arn:aws:ses:us-east-1:123456789012:identity/brandslate.local',
    );
    expect(denied({ email: true }, 'SESv2Client', 'SendEmail', { FromEmailAddress: LOCAL.emailFrom })).toBeUndefined();
  });
});

describe('functions run as their own Lambda', () => {
  let fakeAws: Server;
  let fakeStripe: Server;
  const awsCalls: string[] = [];
  let endpoints: Endpoints;
  let functions: LocalFunctions;

  beforeAll(async () => {
    // Answers every AWS call with an empty JSON success, so an allowed call completes.
    fakeAws = createServer((req, res) => {
      awsCalls.push(String(req.headers['x-amz-target'] ?? `${req.method} ${req.url}`));
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' }).end('{}'));
    });
    fakeStripe = createServer((_, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"object":"list","data":[]}'));
    const aws = `http://${HOST}:${await listen(fakeAws, 0)}`;
    const stripe = `http://${HOST}:${await listen(fakeStripe, 0)}`;
    endpoints = {
      gateway: 'http://127.0.0.1:3000',
      dynamodb: aws,
      s3: aws,
      sqs: aws,
      ...everyQueueUrl(aws),
      stripe: { apiUrl: stripe, secretKey: 'sk_test_unit', webhookSecret: 'whsec_unit' },
      secrets: { localKey: Buffer.alloc(32, 7).toString('base64') },
    };
    // The stack's own process holds every variable; a function must see only its share of it.
    Object.assign(process.env, operatorEnvironment(endpoints));
    functions = createLocalFunctions()(endpoints);
  });
  afterAll(async () => {
    await closeServer(fakeAws);
    await closeServer(fakeStripe);
  });

  const invoke = <R>(access: FunctionAccess, body: () => Promise<R>, id = 'x') =>
    functions.define('http', `${id}-${JSON.stringify(access)}`, access).invoke(async () => body(), {});

  const doc = () => DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: endpoints.dynamodb, maxAttempts: 1 }));

  it('sees its own variables: a queue URL only with the queue, the Stripe keys only with `stripe`', async () => {
    const seen = (access: FunctionAccess) =>
      invoke(access, async () => ({ queue: process.env.QUEUE_URL_EMAIL, stripe: process.env.STRIPE_SECRET_KEY, table: process.env.TABLE_NAME }));
    expect(await seen({ table: 'read' })).toEqual({ queue: undefined, stripe: undefined, table: LOCAL.tableName });
    expect(await seen({ queues: ['email'] })).toMatchObject({ queue: endpoints.queueUrls.email, stripe: undefined });
    expect(await seen({ stripe: true })).toMatchObject({ queue: undefined, stripe: 'sk_test_unit' });
    expect(process.env.QUEUE_URL_EMAIL, 'outside any function, the process keeps its own').toBe(endpoints.queueUrls.email);
    expect(await invoke({}, async () => process.env.POWERTOOLS_METRICS_NAMESPACE), 'metrics as CDK names them, for the local stage').toBe('Brandslate/local');
  });

  it('says when a function reads a variable its access does not give it', async () => {
    const reads: string[] = [];
    const stop = onUngrantedRead((name, variable) => reads.push(`${name} ${variable}`));
    try {
      await invoke({ table: 'read' }, async () => process.env.QUEUE_URL_EMAIL ?? process.env.TABLE_NAME, 'reader');
    } finally {
      stop();
    }
    expect(reads).toEqual([expect.stringMatching(/^brandslate-local-http-reader-.* QUEUE_URL_EMAIL$/)]);
  });

  it('does not carry a variable read by one function over to another (config reads per invocation)', async () => {
    expect(await invoke({ queues: ['email'] }, async () => requireEnv('QUEUE_URL_EMAIL'))).toBe(endpoints.queueUrls.email);
    await expect(invoke({ table: 'read' }, async () => requireEnv('QUEUE_URL_EMAIL'))).rejects.toThrow(
      'Missing required environment variable QUEUE_URL_EMAIL',
    );
  });

  it('keeps concurrent invocations apart: environment writes, request ids', async () => {
    const run = (value: string) =>
      invoke({ table: 'read' }, async () => {
        process.env.MARK = value;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { mark: process.env.MARK, requestId: globalThis.awslambda?.InvokeStore?.getRequestId() };
      });
    const [a, b] = await Promise.all([run('a'), run('b')]);
    expect([a.mark, b.mark]).toEqual(['a', 'b']);
    expect(a.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.requestId).not.toBe(a.requestId);
    expect(process.env.MARK).toBeUndefined();
  });

  it('keeps Powertools logger keys per invocation', async () => {
    const logger = new Logger({ serviceName: 'unit', logLevel: 'INFO' });
    const lines: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
    const run = (user: string, delayMs: number) =>
      invoke({ table: 'read' }, async () => {
        logger.appendKeys({ user });
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        logger.info('done');
      });
    try {
      await Promise.all([run('u1', 30), run('u2', 5)]);
    } finally {
      write.mockRestore();
    }
    const users = lines.filter((line) => line.includes('"done"')).map((line) => (JSON.parse(line) as { user?: string }).user);
    expect(users.sort()).toEqual(['u1', 'u2']);
  });

  it('refuses a table write from a `read` function with AccessDeniedException, and lets its reads through', async () => {
    const refusals: string[] = [];
    const stop = onAccessDenied((name, denial) => refusals.push(`${name} ${denial.name}`));
    try {
      const error = await invoke({ table: 'read' }, () => doc().send(new PutCommand({ TableName: LOCAL.tableName, Item: { pk: 'a', sk: 'b' } })), 'writer').catch(
        (caught: unknown) => caught,
      );
      expect(error).toMatchObject({ name: 'AccessDeniedException', $metadata: { httpStatusCode: 400 } });
      expect((error as Error).message).toContain('assumed-role/brandslate-local-http-writer');
      expect(refusals).toEqual([expect.stringMatching(/^brandslate-local-http-writer-.* AccessDeniedException$/)]);

      awsCalls.length = 0;
      await invoke({ table: 'read' }, () => doc().send(new GetCommand({ TableName: LOCAL.tableName, Key: { pk: 'a', sk: 'b' } })));
      await invoke({ table: 'read' }, () => doc().send(new QueryCommand({ TableName: LOCAL.tableName, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': 'a' } })));
      expect(awsCalls).toEqual(['DynamoDB_20120810.GetItem', 'DynamoDB_20120810.Query']);
      await expect(invoke({ table: 'readWrite' }, () => doc().send(new ScanCommand({ TableName: LOCAL.tableName })))).rejects.toMatchObject({
        name: 'AccessDeniedException',
      });
      await expect(
        invoke({ table: 'read' }, () =>
          doc().send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: LOCAL.tableName, Item: { pk: 'a', sk: 'b' } } }] })),
        ),
      ).rejects.toMatchObject({ name: 'AccessDeniedException' });
    } finally {
      stop();
    }
  });

  it('refuses a queue, a bucket and SES it was not granted, and leaves the stack’s own calls alone', async () => {
    const sqs = new SQSClient({ endpoint: endpoints.sqs, maxAttempts: 1, md5: false });
    const send = new SendMessageCommand({ QueueUrl: endpoints.queueUrls.email, MessageBody: '{}' });
    await expect(invoke({ table: 'readWrite' }, () => sqs.send(send))).rejects.toMatchObject({ name: 'AccessDeniedException', $metadata: { httpStatusCode: 403 } });
    await expect(invoke({ table: 'readWrite', queues: ['email'] }, () => sqs.send(send))).resolves.toBeDefined();
    await expect(sqs.send(send), 'outside a function nothing is checked').resolves.toBeDefined();

    const s3 = new S3Client({ endpoint: endpoints.s3, forcePathStyle: true, maxAttempts: 1 });
    await expect(invoke({ bucket: 'read' }, () => s3.send(new HeadObjectCommand({ Bucket: LOCAL.bucketName, Key: 'k' })))).resolves.toBeDefined();
    await expect(
      invoke({ bucket: 'read' }, () => getSignedUrl(s3, new PutObjectCommand({ Bucket: LOCAL.bucketName, Key: 'k' }))),
    ).rejects.toMatchObject({ name: 'AccessDenied' });
    await expect(invoke({ bucket: 'readWrite' }, () => getSignedUrl(s3, new PutObjectCommand({ Bucket: LOCAL.bucketName, Key: 'k' })))).resolves.toMatch(
      /^http/,
    );
    // The handlers' own presigner (no S3 client) is refused the same way.
    const presign = () =>
      presignS3(
        { method: 'PUT', operation: 'PutObject', bucket: LOCAL.bucketName, key: 'k', expiresIn: 60 },
        { credentials: { accessKeyId: 'a', secretAccessKey: 's' }, region: 'us-east-1', endpoint: endpoints.s3, now: new Date() },
      );
    await expect(invoke({ bucket: 'read' }, presign)).rejects.toMatchObject({ name: 'AccessDenied' });
    await expect(invoke({ bucket: 'readWrite' }, presign)).resolves.toMatch(/^http/);

    const ses = new SESv2Client({ endpoint: endpoints.dynamodb, maxAttempts: 1 });
    const email = new SendEmailCommand({ FromEmailAddress: LOCAL.emailFrom, Destination: { ToAddresses: ['a@b.c'] }, Content: { Simple: { Subject: { Data: 's' }, Body: { Text: { Data: 't' } } } } });
    await expect(invoke({ table: 'readWrite' }, () => ses.send(email))).rejects.toMatchObject({ name: 'AccessDeniedException' });
    await expect(invoke({ email: true }, () => ses.send(email))).resolves.toBeDefined();
  });

  it('cannot reach Stripe without `stripe`, even over a connection a granted function opened first', async () => {
    const call = () =>
      new Promise<number>((resolve, reject) => get(`${endpoints.stripe.apiUrl}/v1/prices`, (res) => (res.resume(), resolve(res.statusCode!))).on('error', reject));
    expect(await invoke({ stripe: true }, call)).toBe(200);
    await expect(invoke({ table: 'read' }, call)).rejects.toMatchObject({ name: 'AccessDenied', message: expect.stringContaining('may not call') });
  });
});
