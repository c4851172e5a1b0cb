import { describe, expect, it } from 'vitest';
import { actionItemOf, findActionItems } from '#shared/action-items';
import { MAX_SUMMARY } from '#shared/schemas/task';

describe('action items in call notes', () => {
  it('finds each kind of to-do line and says which line it came from', () => {
    const notes = [
      'Weekly call with Juniper Tea',
      '- [ ] send the moodboard to the client',
      '- [x] book the studio',
      'TODO: draft three hooks for the matcha launch',
      'Action: confirm the shoot date',
      'AI: update the brand voice doc',
      '@maria will film the unboxing on Friday',
      'we need to reshoot the tasting scene.',
      '* Schedule the launch posts',
      '- The client liked the green palette',
      'Sam: we should ask for the product samples',
    ].join('\n');
    expect(findActionItems(notes)).toEqual([
      { line: 2, summary: 'Send the moodboard to the client', rule: 'checkbox' },
      { line: 4, summary: 'Draft three hooks for the matcha launch', rule: 'label' },
      { line: 5, summary: 'Confirm the shoot date', rule: 'label' },
      { line: 6, summary: 'Update the brand voice doc', rule: 'label' },
      { line: 7, summary: 'Film the unboxing on Friday', owner: 'maria', rule: 'owner' },
      { line: 8, summary: 'Reshoot the tasting scene', rule: 'need' },
      { line: 9, summary: 'Schedule the launch posts', rule: 'imperative' },
      { line: 11, summary: 'Ask for the product samples', rule: 'need' },
    ]);
  });

  it('leaves plain sentences, ticked boxes and non-verb bullets alone', () => {
    for (const line of ['The client liked the green palette', '- [x] done already', '- Green palette approved', 'Next call is on Tuesday', '', '   ']) {
      expect(actionItemOf(line)).toBeUndefined();
    }
  });

  it('reads "Name will" only after a bullet or a speaker label, never a pronoun as an owner', () => {
    expect(actionItemOf('- Priya will write the captions')).toEqual({ summary: 'Write the captions', owner: 'Priya', rule: 'owner' });
    expect(actionItemOf('Priya will probably be late')).toBeUndefined();
    expect(actionItemOf('- It will rain on the shoot day')).toBeUndefined();
  });

  it('lists the same to-do once, and cuts a long one to a task summary at a word', () => {
    const items = findActionItems('TODO: book the studio\n- Book the studio\n');
    expect(items).toHaveLength(1);
    const long = actionItemOf(`TODO: ${'write the long caption '.repeat(20)}`)!;
    expect(long.summary.length).toBeLessThanOrEqual(MAX_SUMMARY);
    expect(long.summary.endsWith('…')).toBe(true);
  });

  it('takes numbered bullets, Windows line ends and case-insensitive labels', () => {
    expect(findActionItems('1. Send the invoice\r\ntodo - call the venue\r\nFollow-up: share the edit')).toEqual([
      { line: 1, summary: 'Send the invoice', rule: 'imperative' },
      { line: 2, summary: 'Call the venue', rule: 'label' },
      { line: 3, summary: 'Share the edit', rule: 'label' },
    ]);
  });
});
