import { describe, expect, it } from 'vitest';
import { findActionItems } from '#shared/action-items';
import { createTaskBody, MAX_BULK_TASKS, MAX_SUMMARY } from '#shared/schemas/task';
import type { TeamMember } from '#shared/schemas/workspace';
import { ApiError } from '../../web/src/api/api-error';
import { callNotesBody, MAX_ACTION_ITEMS, ownerMember } from '../../web/src/modules/call-notes/call-notes-rules';
import { transcriptFormat, transcriptToText } from '../../web/src/modules/call-notes/transcript';
import { bulkBody, bulkLines, bulkProblems, refusedLine } from '../../web/src/modules/tasks/components/bulk-create-rules';

const VTT = `\uFEFFWEBVTT - Juniper Tea weekly
Kind: captions

NOTE recorded by the meeting app

STYLE
::cue { color: white }

intro
00:00:01.000 --> 00:00:04.000 align:start
<v Maria>We need to reshoot the tasting scene.</v>

00:00:04.500 --> 00:00:07.000
<v Maria>We need to reshoot the tasting scene.</v>

00:01:07.000 --> 00:01:09.500
<v Sam Lee>TODO: send the moodboard &amp; the brief
to the client</v>

1:00:09.500 --> 1:00:12.000
<c.yellow>Sounds good</c>
`;

const SRT = `1
00:00:01,000 --> 00:00:04,000
Action: confirm the shoot date

2
00:00:05,000 --> 00:00:08,000
<i>@maria will film the unboxing</i>

3
00:00:09,000 --> 00:00:11,000
Thanks everyone
`;

describe('transcripts read in the browser', () => {
  it('a .vtt loses its header, notes, styles, cue ids and timings; voices become speaker labels; rolling repeats go', () => {
    expect(transcriptToText('call.vtt', VTT)).toBe(
      ['Maria: We need to reshoot the tasting scene.', 'Sam Lee: TODO: send the moodboard & the brief to the client', 'Sounds good'].join('\n'),
    );
  });

  it('a .srt loses its cue numbers, timings and tags', () => {
    expect(transcriptToText('call.srt', SRT.replace(/\n/g, '\r\n'))).toBe('Action: confirm the shoot date\n@maria will film the unboxing\nThanks everyone');
  });

  it('the format is told by the name, else by the content; a .txt is kept as written', () => {
    expect(transcriptFormat('notes', 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nhi')).toBe('vtt');
    expect(transcriptFormat('notes', SRT)).toBe('srt');
    expect(transcriptFormat('notes.txt', '1\nsome line')).toBe('txt');
    expect(transcriptToText('notes.txt', '\uFEFF  - [ ] book the studio\n12\n')).toBe('- [ ] book the studio\n12');
  });

  it('three to-dos in a transcript are three action items', () => {
    const text = transcriptToText('call.srt', SRT) + '\n' + transcriptToText('call.vtt', VTT);
    expect(findActionItems(text).map((item) => item.summary)).toEqual([
      'Confirm the shoot date',
      'Film the unboxing',
      'Reshoot the tasting scene',
      'Send the moodboard & the brief to the client',
    ]);
  });
});

const team: TeamMember[] = [
  { uid: 'u-maria', email: 'maria@example.com', name: 'Maria Gomez', role: 'member', status: 'joined' },
  { uid: 'u-sam', email: 'sam@example.com', role: 'member', status: 'joined' },
  { uid: 'u-inv', email: 'priya@example.com', name: 'Priya', role: 'member', status: 'invited' },
];

describe('call notes become one all-or-none bulk create', () => {
  it('the Call Notes task first, keeping the notes; then a task per item, given to the member it names', () => {
    const notes = '@maria will film the unboxing\n- Book the studio\n@priya will write captions';
    const body = callNotesBody({ projectUid: 'p1', summary: 'Call notes 24 Nov', notes, items: findActionItems(notes), team, assignee: 'u-sam', due: '2026-12-01' });
    expect(body.map((task) => [task.ticket_type, task.summary, task.assignee ?? null])).toEqual([
      ['call_notes', 'Call notes 24 Nov', null],
      ['task', 'Film the unboxing', 'u-maria'],
      ['task', 'Book the studio', 'u-sam'],
      // An invite is not a person yet: the chosen assignee instead.
      ['task', 'Write captions', 'u-sam'],
    ]);
    expect(body[0]!.call_notes).toBe(notes);
    expect(body.every((task) => createTaskBody.safeParse(task).success)).toBe(true);
    expect(MAX_ACTION_ITEMS).toBe(MAX_BULK_TASKS - 1);
  });

  it('an owner matching two members is nobody in particular', () => {
    expect(ownerMember('sam', [...team, { uid: 'u-sam2', email: 'sam.lee@example.com', name: 'Sam Lee', role: 'member', status: 'joined' }])).toBeUndefined();
    expect(ownerMember('SAM', team)?.uid).toBe('u-sam');
  });
});

describe('bulk create from a pasted list', () => {
  it('one task per non-empty line, bullets and numbers dropped, each keeping its line number', () => {
    expect(bulkLines('- Film the unboxing\n\n2. Write the caption\r\n  * Book the studio  \n[ ] Call the venue')).toEqual([
      { line: 1, summary: 'Film the unboxing' },
      { line: 3, summary: 'Write the caption' },
      { line: 4, summary: 'Book the studio' },
      { line: 5, summary: 'Call the venue' },
    ]);
  });

  it('a line the route would refuse is named before sending, in the schema words', () => {
    const lines = bulkLines(`ok\n\n${'x'.repeat(MAX_SUMMARY + 1)}`);
    const problems = bulkProblems(lines, { project_uid: 'p1' });
    expect(problems).toHaveLength(1);
    expect(problems[0]!.line).toBe(3);
    expect(problems[0]!.message).toMatch(/^summary /);
    expect(bulkBody(lines, { project_uid: 'p1', status: 'draft' })[0]).toEqual({ project_uid: 'p1', status: 'draft', summary: 'ok' });
  });

  it("the server's tickets.<index> field maps back to the line the task came from", () => {
    const lines = bulkLines('a\n\nb\n\nc');
    expect(refusedLine(new ApiError(400, 'bad_request', 'summary must not be empty', 'tickets.2.summary'), lines)).toEqual({ line: 5, field: 'summary' });
    expect(refusedLine(new ApiError(400, 'bad_request', 'x', 'tickets.1'), lines)).toEqual({ line: 3, field: undefined });
    expect(refusedLine(new ApiError(403, 'forbidden', 'no', 'assignee'), lines)).toEqual({ field: 'assignee' });
    expect(refusedLine(new Error('network'), lines)).toEqual({});
  });
});
