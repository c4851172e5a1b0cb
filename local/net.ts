import type { IncomingMessage, Server } from 'node:http';
import { connect, createServer as createTcpServer, type AddressInfo } from 'node:net';

/** Every embedded server listens on loopback only. */
export const HOST = '127.0.0.1';

/**
 * A free loopback port, for the one emulator (DynamoDB Local, a Java child) that cannot listen on port 0 and
 * report back. The tiny race between closing and Java binding is acceptable on a developer machine.
 */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createTcpServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

export const isPortOpen = (port: number, host = HOST) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export const listen = (server: Server, port: number, host = HOST) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });

/** Closes a server without waiting for idle keep-alive sockets. */
export const closeServer = (server: Server | undefined) =>
  new Promise<void>((resolve) => {
    if (!server?.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });

/** A request's body as bytes; rejects beyond `limit` bytes (the emulators' own pages and APIs). */
export const readRequestBytes = (req: IncomingMessage, limit = 10 * 1024 * 1024) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) reject(new Error('too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** The same as UTF-8 text. */
export const readRequestText = async (req: IncomingMessage, limit = 10 * 1024 * 1024) => (await readRequestBytes(req, limit)).toString('utf8');
