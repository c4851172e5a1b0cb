import { queueById } from '#shared/queues';
import { queueHandler } from '#lib/queue-consumer';
import { startImport, runImportChunk } from '#core/imports/run-import';
import { runImportDeps } from '../http/wiring/imports';

/** Bulk imports (shared/queues.ts): a start reads the CSV and fans it out; a chunk imports its rows, each once. */
export const handler = queueHandler(queueById('post-import'), (message) =>
  message.type === 'start' ? startImport(runImportDeps, message) : runImportChunk(runImportDeps, message),
);
