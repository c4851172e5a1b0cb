import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './env';

/**
 * Loads function handlers in-process, the way Lambda loads a bundle: on first use, then kept. A handler file
 * that does not exist yet yields `undefined` (and is looked for again next time) so the stack runs while
 * routes, consumers and jobs are still being written.
 */
export type HandlerKind = 'http' | 'queues' | 'jobs' | 'streams';
export type AnyHandler = (event: never) => Promise<unknown>;
export type HandlerLoader = <H extends AnyHandler = AnyHandler>(kind: HandlerKind, id: string) => Promise<H | undefined>;

export const handlerFile = (kind: HandlerKind, id: string, root = repoRoot) => join(root, 'functions', kind, `${id}.ts`);

export const createHandlerLoader = (root = repoRoot): HandlerLoader => {
  const loaded = new Map<string, Promise<AnyHandler>>();
  return async <H extends AnyHandler>(kind: HandlerKind, id: string) => {
    const file = handlerFile(kind, id, root);
    let pending = loaded.get(file);
    if (!pending) {
      if (!existsSync(file)) return undefined;
      pending = import(pathToFileURL(file).href).then((exports: { handler?: AnyHandler }) => {
        if (typeof exports.handler !== 'function') throw new Error(`${file} does not export a handler function`);
        return exports.handler;
      });
      // A module that failed to load (syntax error while being edited) is retried on the next call.
      pending.catch(() => loaded.delete(file));
      loaded.set(file, pending);
    }
    return (await pending) as H;
  };
};
