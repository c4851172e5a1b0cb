import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSqsServer } from 'local-aws-sqs';
import { LOCAL } from './env';
import { closeServer, HOST } from './net';

/**
 * local-aws-sqs in-process (memory only: queued messages do not survive a restart). Queues are created by
 * provision.ts from the queue table. The AWS "wait 60 s before re-creating a deleted queue" rule is off so
 * tests can delete and re-create freely.
 */
export type SqsLocal = { endpoint: string; port: number; stop: () => Promise<void> };

export const startSqs = async (): Promise<SqsLocal> => {
  const server: Server = await createSqsServer({
    port: 0,
    hostname: HOST,
    region: LOCAL.region,
    accountId: LOCAL.accountId,
    emulateQueueCreationLifecycle: false,
  });
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return { endpoint: `http://${HOST}:${port}`, port, stop: () => closeServer(server) };
};
