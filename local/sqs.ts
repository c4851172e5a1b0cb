import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSqsServer } from 'local-aws-sqs';
import { LOCAL } from './env';
import { closeServer, HOST, listen } from './net';
import { openJournal, pendingMessages, readJournal, type JournalEntry, type SqsJournal } from './sqs-journal';

/**
 * local-aws-sqs in-process, made durable when given a journal file. local-aws-sqs keeps messages in memory only,
 * so it sits behind a small proxy that journals sends (on disk before the sender gets its 200) and deletes (by the
 * receipt handles it handed out) — see sqs-journal.ts. `restore` sends again what was pending when the previous
 * run stopped; call it once the queues exist. The proxy speaks for local-aws-sqs entirely: queue URLs in its answers
 * name the proxy, so SDK clients (which send to a QueueUrl's host) never go around it.
 * A message that had reached its DLQ before a restart comes back to its queue for another round of receives: the
 * proxy does not see local-aws-sqs move it. Consumers are idempotent, as SQS's at-least-once delivery asks anyway.
 * The AWS "wait 60 s before re-creating a deleted queue" rule is off so tests can delete and re-create freely.
 */
export type SqsLocal = {
  endpoint: string;
  port: number;
  /** Sends again the messages the journal holds as not consumed; answers how many. */
  restore: () => Promise<number>;
  stop: () => Promise<void>;
};

const TARGET_PREFIX = 'AmazonSQS.';

const readAll = (stream: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });

const queueName = (queueUrl: unknown) => String(queueUrl ?? '').split('/').filter(Boolean).at(-1) ?? '';

const withoutKey = <T extends Record<string, unknown>>(value: T, key: string) => Object.fromEntries(Object.entries(value).filter(([name]) => name !== key));

type Json = Record<string, any>;

/** What one answered call adds to the journal (JSON protocol; anything else passes unjournaled). */
const journalEntries = (action: string, input: Json, output: Json, receipts: Map<string, string>): JournalEntry[] => {
  switch (action) {
    case 'SendMessage':
      return [{ op: 'send', id: output.MessageId, queue: queueName(input.QueueUrl), request: withoutKey(input, 'QueueUrl') }];
    case 'SendMessageBatch':
      return (output.Successful ?? []).map((sent: Json) => ({
        op: 'send',
        id: sent.MessageId,
        queue: queueName(input.QueueUrl),
        request: withoutKey((input.Entries ?? []).find((entry: Json) => entry.Id === sent.Id) ?? {}, 'Id'),
      }));
    case 'ReceiveMessage':
      for (const message of output.Messages ?? []) receipts.set(message.ReceiptHandle, message.MessageId);
      return [];
    case 'DeleteMessage': {
      const id = receipts.get(input.ReceiptHandle);
      receipts.delete(input.ReceiptHandle);
      return id ? [{ op: 'delete', id }] : [];
    }
    case 'DeleteMessageBatch':
      return (output.Successful ?? []).flatMap((deleted: Json) => {
        const handle = (input.Entries ?? []).find((entry: Json) => entry.Id === deleted.Id)?.ReceiptHandle;
        const id = receipts.get(handle);
        receipts.delete(handle);
        return id ? [{ op: 'delete' as const, id }] : [];
      });
    case 'PurgeQueue':
    case 'DeleteQueue':
      return [{ op: 'purge', queue: queueName(input.QueueUrl) }];
    default:
      return [];
  }
};

export const startSqs = async ({ journalFile }: { journalFile?: string } = {}): Promise<SqsLocal> => {
  const inner: Server = await createSqsServer({
    port: 0,
    hostname: HOST,
    region: LOCAL.region,
    accountId: LOCAL.accountId,
    emulateQueueCreationLifecycle: false,
  });
  if (!inner.listening) await new Promise((resolve) => inner.once('listening', resolve));
  const innerPort = (inner.address() as AddressInfo).port;
  const innerOrigin = `http://${HOST}:${innerPort}`;
  const journal: SqsJournal | undefined = journalFile ? openJournal(journalFile) : undefined;
  const receipts = new Map<string, string>();
  let origin = '';

  const forward = (req: IncomingMessage, body: Buffer) =>
    new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>((resolve, reject) => {
      const upstream = request({ host: HOST, port: innerPort, method: req.method, path: req.url, headers: req.headers }, (res) =>
        readAll(res).then((answer) => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: answer }), reject),
      );
      upstream.on('error', reject);
      upstream.end(body);
    });

  const proxy = createServer((req, res) => {
    void (async () => {
      const body = await readAll(req);
      const answer = await forward(req, body);
      const text = answer.body.toString('utf8').replaceAll(innerOrigin, origin);
      const target = String(req.headers['x-amz-target'] ?? '');
      if (journal && answer.status === 200 && target.startsWith(TARGET_PREFIX)) {
        const action = target.slice(TARGET_PREFIX.length);
        const entries = journalEntries(action, JSON.parse(body.toString('utf8') || '{}') as Json, JSON.parse(text || '{}') as Json, receipts);
        journal.append(entries, entries.some((entry) => entry.op !== 'delete'));
      }
      const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(text)) };
      delete headers['transfer-encoding'];
      res.writeHead(answer.status, headers);
      res.end(text);
    })().catch((error: unknown) => {
      console.error('[local] sqs proxy error', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(JSON.stringify({ __type: 'com.amazonaws.sqs#InternalError', message: 'The local queue failed' }));
    });
  });
  const port = await listen(proxy, 0);
  origin = `http://${HOST}:${port}`;

  const restore = async () => {
    if (!journal || !journalFile) return 0;
    const pending = pendingMessages(readJournal(journalFile));
    journal.compact(pending);
    for (const message of pending) {
      const response = await fetch(origin, {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `${TARGET_PREFIX}SendMessage` },
        body: JSON.stringify({ ...message.request, QueueUrl: `${origin}/${LOCAL.accountId}/${message.queue}` }),
      });
      if (!response.ok) throw new Error(`Could not restore a message to queue ${message.queue}: ${response.status} ${await response.text()}`);
      // Sent again under a new id (journaled by the proxy); the old one is done with.
      journal.append([{ op: 'delete', id: message.id }], false);
    }
    return pending.length;
  };

  return {
    endpoint: origin,
    port,
    restore,
    stop: async () => {
      await closeServer(proxy);
      await closeServer(inner);
      journal?.close();
    },
  };
};
