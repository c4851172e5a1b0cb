import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The local queue's durability: an append-only journal of what was sent and what was consumed. A send is on disk
 * (fsync'd) before SQS's 200 reaches the sender, so a message a route acknowledged survives a kill; what was
 * sent and not deleted when the stack stopped is sent again on the next start. That is at-least-once, as SQS is:
 * a message in flight when the stack died comes back, like one whose visibility timeout ran out.
 */
export type JournalEntry =
  /** `request` is the SendMessage request (JSON protocol) without its QueueUrl. */
  | { op: 'send'; id: string; queue: string; request: Record<string, unknown> }
  | { op: 'delete'; id: string }
  | { op: 'purge'; queue: string };

export type PendingMessage = Extract<JournalEntry, { op: 'send' }>;

/** Messages sent and not deleted (nor purged since), in the order they were sent. */
export const pendingMessages = (entries: readonly JournalEntry[]): PendingMessage[] => {
  const pending = new Map<string, PendingMessage>();
  for (const entry of entries) {
    if (entry.op === 'send') pending.set(entry.id, entry);
    else if (entry.op === 'delete') pending.delete(entry.id);
    else for (const [id, message] of pending) if (message.queue === entry.queue) pending.delete(id);
  }
  return [...pending.values()];
};

/** The lines of a journal; a last line torn by a kill mid-write is ignored. */
export const readJournal = (file: string): JournalEntry[] => {
  if (!existsSync(file)) return [];
  const entries: JournalEntry[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      entries.push(JSON.parse(line) as JournalEntry);
    } catch {
      // A torn write: the sender never got its 200 for it.
    }
  }
  return entries;
};

export type SqsJournal = {
  /** Appends entries; `durable` waits for the disk (sends), deletes may be lost (the message comes back). */
  append: (entries: readonly JournalEntry[], durable: boolean) => void;
  /** Rewrites the journal with only `pending` (on start, before they are sent again). */
  compact: (pending: readonly PendingMessage[]) => void;
  close: () => void;
};

export const openJournal = (file: string): SqsJournal => {
  mkdirSync(dirname(file), { recursive: true });
  let fd = openSync(file, 'a');
  return {
    append: (entries, durable) => {
      if (entries.length === 0) return;
      writeSync(fd, entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
      if (durable) fsyncSync(fd);
    },
    compact: (pending) => {
      const temp = `${file}.tmp`;
      const tempFd = openSync(temp, 'w');
      writeSync(tempFd, pending.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
      fsyncSync(tempFd);
      closeSync(tempFd);
      closeSync(fd);
      renameSync(temp, file);
      fd = openSync(file, 'a');
      fsyncSync(fd);
    },
    close: () => closeSync(fd),
  };
};
