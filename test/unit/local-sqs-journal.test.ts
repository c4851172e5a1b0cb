import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openJournal, pendingMessages, readJournal, type JournalEntry } from '../../local/sqs-journal';

/** The local queue's journal: what was sent and not consumed is what a restart sends again. */
const send = (id: string, queue = 'email'): JournalEntry => ({ op: 'send', id, queue, request: { MessageBody: id } });

describe('the SQS journal', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sqs-journal-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('holds as pending what was sent and neither deleted nor purged since, in send order', () => {
    const entries: JournalEntry[] = [send('a'), send('b'), send('x', 'other'), { op: 'delete', id: 'a' }, { op: 'purge', queue: 'other' }, send('c')];
    expect(pendingMessages(entries).map((entry) => entry.id)).toEqual(['b', 'c']);
  });

  it('reads back what it appended, ignores a line torn by a kill, and compacts to the pending ones', () => {
    const file = join(dir, 'journal.jsonl');
    const journal = openJournal(file);
    journal.append([send('a'), send('b')], true);
    journal.append([{ op: 'delete', id: 'a' }], false);
    appendFileSync(file, '{"op":"send","id":"tor');
    expect(pendingMessages(readJournal(file)).map((entry) => entry.id)).toEqual(['b']);

    journal.compact(pendingMessages(readJournal(file)));
    journal.append([send('c')], true);
    journal.close();
    expect(readJournal(file)).toEqual([send('b'), send('c')]);
  });
});
