import { expect, test } from '@playwright/test';
import { call, joinAs, ownerWithBrand, unique } from './support/api';
import { expectNoAxeViolations, shoot } from './support/axe';
import { baseUrl } from './support/mail';
import { signInAt } from './support/pages';

const NOTES = [
  'Weekly call with Juniper Tea',
  'Maria: the client liked the green palette',
  '- [ ] send the moodboard to the client',
  'TODO: draft three hooks for the matcha launch',
  'Sam: we need to reshoot the tasting scene.',
  '- [x] book the studio',
].join('\n');

test('call notes: pasted notes kept as a Call Notes task, three action items become three tasks in one step', async ({ page }) => {
  const { owner, workspaceId, brand } = await ownerWithBrand(unique('notes'), 'Notes Studio', 'Juniper Tea');
  await signInAt(page, owner.email);
  // From the brand's home: "Add call notes" opens over the brand's tasks.
  await page.goto(`${baseUrl()}/project/${brand.slug}`);
  await page.getByRole('link', { name: 'Add call notes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add call notes' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/tasks\?add=call-notes/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).not.toHaveURL(/add=call-notes/);
  // And from the tasks page's "Add several" menu.
  await page.getByRole('button', { name: 'Add several' }).click();
  await page.getByRole('menuitem', { name: 'Call notes…' }).click();
  await expect(dialog.getByText('Action items appear here as you paste the notes.')).toBeVisible();
  // A .vtt transcript is read in the browser: header, cue ids and timings go, the speaker stays.
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'weekly.vtt',
    mimeType: 'text/vtt',
    buffer: Buffer.from('WEBVTT\n\n1\n00:00:01.000 --> 00:00:04.000\n<v Maria>We need to book the florist.</v>\n'),
  });
  await expect(dialog.getByText('Read weekly.vtt.')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Notes' })).toHaveValue('Maria: We need to book the florist.');
  await expect(dialog.getByRole('checkbox', { name: /Book the florist/ })).toBeChecked();
  // Longer than a Call Notes task keeps: said, and nothing can be saved.
  await dialog.getByRole('textbox', { name: 'Notes' }).fill('x'.repeat(20_001));
  await expect(dialog.getByText('The notes are 20,001 characters; a Call Notes task keeps at most 20,000. Shorten them before saving.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save notes' })).toBeDisabled();
  await dialog.getByLabel('Title').fill('Call notes Juniper weekly');
  await dialog.getByRole('textbox', { name: 'Notes' }).fill(NOTES);

  const items = dialog.getByRole('checkbox');
  await expect(items).toHaveCount(3);
  await expect(dialog.getByRole('checkbox', { name: /Send the moodboard to the client/ })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /Draft three hooks for the matcha launch/ })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /Reshoot the tasting scene/ })).toBeChecked();
  await expect(dialog.getByText('line 5')).toBeVisible();
  await shoot(page, 'call-notes-items');
  await expectNoAxeViolations(page);

  // Find with AI: the AI port (here the local test model, badged as such) reads the numbered notes; its list
  // replaces the to-do lines' until the notes change.
  await dialog.getByRole('button', { name: 'Find with AI' }).click();
  await expect(dialog.getByText(/^Found by AI in the notes\./)).toBeVisible();
  await expect(dialog.getByText(/^Generated in \d+\.\d seconds$/)).toBeVisible();
  await expect(dialog.getByTestId('ai-source-local')).toBeVisible();
  await expect(items).toHaveCount(3);
  await expect(dialog.getByRole('checkbox', { name: /Reshoot the tasting scene/ })).toBeChecked();
  await expect(dialog.getByText('line 5')).toBeVisible();
  await shoot(page, 'call-notes-ai-items');
  await expectNoAxeViolations(page);

  await dialog.getByRole('button', { name: 'Save notes and create 3 tasks' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Call notes saved and 3 tasks created.')).toBeVisible();
  await expect(page.getByText('Reshoot the tasting scene')).toBeVisible();
  await shoot(page, 'call-notes-created');
  // On a phone the menu still fits beside New task and the dialog fills the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Add several' }).click();
  await page.getByRole('menuitem', { name: 'Call notes…' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Notes' })).toBeVisible();
  await shoot(page, 'call-notes-phone');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize({ width: 1366, height: 900 });

  const { items: tasks } = await call(owner, 'listTasks', { params: { workspaceId }, query: { projectFilter: brand.uid } as never });
  const notesTask = tasks.find((task) => task.ticket_type === 'call_notes');
  expect(notesTask?.summary).toBe('Call notes Juniper weekly');
  expect(notesTask?.call_notes).toBe(NOTES);
  expect(tasks.filter((task) => task.ticket_type === 'task').map((task) => task.summary).sort()).toEqual([
    'Draft three hooks for the matcha launch',
    'Reshoot the tasting scene',
    'Send the moodboard to the client',
  ]);
});

test('bulk create: tasks from a pasted list with a preview; a bad line is named; a server refusal creates nothing', async ({ page }) => {
  const { owner, workspaceId, brand } = await ownerWithBrand(unique('bulk'), 'Bulk Studio', 'Fern Coffee');
  const priyaEmail = unique('priya');
  const priya = await joinAs(owner, workspaceId, priyaEmail);
  await signInAt(page, owner.email);
  await page.goto(`${baseUrl()}/tasks`);
  await page.getByRole('button', { name: 'Add several' }).click();
  await page.getByRole('menuitem', { name: 'Tasks from a list…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create tasks from a list' });
  await dialog.getByRole('button', { name: 'Brand' }).click();
  await page.getByRole('option', { name: 'Fern Coffee' }).click();
  await dialog.getByRole('textbox', { name: 'Tasks' }).fill(`- Film the latte art\n\n2. Write the menu caption\n${'Too long '.repeat(30)}`);
  await expect(dialog.getByText('Line 4: summary must be at most 200 characters').first()).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create 3 tasks' })).toBeDisabled();
  await shoot(page, 'bulk-create-bad-line');

  await dialog.getByRole('textbox', { name: 'Tasks' }).fill('- Film the latte art\n\n2. Write the menu caption\n* Book the barista');
  await expect(dialog.getByRole('row', { name: /3 Write the menu caption/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Draft' }).click();
  await dialog.getByRole('button', { name: 'Assignee' }).click();
  await page.getByRole('option', { name: priyaEmail }).click();
  await shoot(page, 'bulk-create-preview');
  await expectNoAxeViolations(page);

  // Priya leaves while the dialog is open: the server refuses the whole list and nothing is created.
  await call(owner, 'removeMember', { params: { workspaceId, userId: priya.uid } });
  await dialog.getByRole('button', { name: 'Create 3 tasks' }).click();
  await expect(dialog.getByText(/^Nothing was created/)).toBeVisible();
  await shoot(page, 'bulk-create-refused');
  const before = await call(owner, 'listTasks', { params: { workspaceId }, query: { status: 'draft' } as never });
  expect(before.items).toHaveLength(0);

  await dialog.getByRole('button', { name: 'Assignee' }).click();
  await page.getByRole('option', { name: 'Unassigned' }).click();
  await dialog.getByRole('button', { name: 'Create 3 tasks' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('3 tasks created.')).toBeVisible();
  const after = await call(owner, 'listTasks', { params: { workspaceId }, query: { status: 'draft' } as never });
  expect(after.items.map((task) => [task.summary, task.status, task.project_uid]).sort()).toEqual([
    ['Book the barista', 'draft', brand.uid],
    ['Film the latte art', 'draft', brand.uid],
    ['Write the menu caption', 'draft', brand.uid],
  ]);
});
