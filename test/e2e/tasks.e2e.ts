import { expect, test } from '@playwright/test';
import { call, dayFromToday, ownerWithBrand, unique } from './support/api';
import { expectNoAxeViolations, shoot } from './support/axe';
import { signInAt, taskPages } from './support/pages';

const slashed = (day: string) => day.replaceAll('-', '/');

test('a member creates a task of every type through the form, switches views, and the filters and view survive a reload', async ({ page }) => {
  const { owner, workspaceId, brand } = await ownerWithBrand(unique('tess'), 'Task Studio', 'Lumen Coffee');
  const tasks = taskPages(page);
  await signInAt(page, owner.email);
  await tasks.open('/tasks');
  await expect(page.getByText('No tasks yet')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'tasks-empty');

  // One task of each type, each with its own fields.
  const dueDay = dayFromToday(2);
  await tasks.create({ type: 'Task', summary: 'Plan the spring shoot', fields: { Overview: 'Shot list and props for the spring campaign.' } });
  await page.getByRole('button', { name: 'New task' }).first().click();
  await tasks.formDialog().getByRole('toolbar', { name: 'Type' }).getByRole('button', { name: 'Post', exact: true }).click();
  await expect(tasks.formDialog().getByRole('textbox', { name: 'Purpose', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'task-form-post');
  await tasks.formDialog().getByRole('button', { name: 'Cancel' }).click();
  await tasks.create({
    type: 'Post',
    summary: 'Launch reel for the spring blend',
    dueDate: slashed(dueDay),
    fields: { Hook: 'Spring in a cup', Purpose: 'Announce the spring blend' },
    hookVariations: ['Taste the season', 'Your new morning ritual', 'Bloom in every sip'],
  });
  await tasks.create({ type: 'Estimate', summary: 'Estimate the launch video', fields: { 'Estimate (hours)': '6' } });
  const reminderDay = dayFromToday(3);
  await tasks.create({ type: 'Reminder', summary: 'Remind the roaster about samples', reminder: { date: slashed(reminderDay), time: '10:30' } });
  await tasks.create({ type: 'Call notes', summary: 'Kick-off call with Lumen', fields: { 'Call notes': 'They want a calm, warm tone.' } });
  await tasks.create({ type: 'Task', summary: 'Idea: latte art series', status: 'Draft' });

  // The working tasks show in the table with their types; the draft does not.
  for (const [summary, type] of [
    ['Plan the spring shoot', 'Task'],
    ['Launch reel for the spring blend', 'Post'],
    ['Estimate the launch video', 'Estimate'],
    ['Remind the roaster about samples', 'Reminder'],
    ['Kick-off call with Lumen', 'Call notes'],
  ]) {
    await expect(tasks.row(summary)).toContainText(type);
  }
  await expect(tasks.row('Idea: latte art series')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, 'tasks-table');

  // The server kept each type's fields.
  const { items } = await call(owner, 'listTasks', { params: { workspaceId }, query: { projectFilter: brand.uid, status: 'draft,todo' } });
  const saved = (summary: string) => items.find((task) => task.summary === summary)!;
  expect(saved('Launch reel for the spring blend')).toMatchObject({
    ticket_type: 'post',
    hook: 'Spring in a cup',
    post_audience: 'Announce the spring blend',
    hook_variations: ['Taste the season', 'Your new morning ritual', 'Bloom in every sip'],
    due_date: dueDay,
  });
  expect(saved('Estimate the launch video')).toMatchObject({ ticket_type: 'estimate', estimate: 6 });
  const reminder = saved('Remind the roaster about samples').reminder;
  expect(reminder?.enabled).toBe(true);
  expect(new Date(reminder!.at).getTime()).toBe(new Date(`${reminderDay}T10:30:00`).getTime());
  expect(saved('Kick-off call with Lumen')).toMatchObject({ ticket_type: 'call_notes', call_notes: 'They want a calm, warm tone.' });
  expect(saved('Idea: latte art series')).toMatchObject({ status: 'draft' });

  // Table → kanban → calendar → table.
  await tasks.setView('kanban');
  await expect(tasks.column('todo').getByTestId('kanban-card')).toHaveCount(5);
  await expectNoAxeViolations(page);
  await shoot(page, 'tasks-kanban');
  await tasks.setView('calendar');
  await expect(tasks.day(dueDay).getByTestId('calendar-task')).toContainText('Launch reel for the spring blend');
  await expectNoAxeViolations(page);
  await shoot(page, 'tasks-calendar');
  await tasks.setView('table');
  await expect(tasks.row('Plan the spring shoot')).toBeVisible();

  // Filters: status To do only, type Post or Estimate, text "launch"; in the kanban view.
  await tasks.setView('kanban');
  await tasks.toggleFilter('Status', 'In progress', 'Paused');
  await tasks.toggleFilter('Type', 'Post', 'Estimate');
  await tasks.searchBox().fill('launch');
  await expect(page.getByTestId('kanban-card')).toHaveCount(2);
  await expect(page.getByTestId('kanban-column')).toHaveCount(1);

  await page.reload();
  await expect(page).toHaveURL(/viewMode=kanban/);
  await expect(page.getByTestId('kanban-card')).toHaveCount(2);
  await expect(page.getByTestId('kanban-card').filter({ hasText: 'Launch reel for the spring blend' })).toBeVisible();
  await expect(page.getByTestId('kanban-card').filter({ hasText: 'Estimate the launch video' })).toBeVisible();
  await expect(tasks.searchBox()).toHaveValue('launch');
  await expect(page.getByRole('button', { name: /^Type/ })).toContainText('Post, Estimate');
  await expect(page.getByRole('button', { name: /^Status/ })).toContainText('To do');
  await expectNoAxeViolations(page);
  await shoot(page, 'tasks-filtered-kanban');

  // Drafts: the draft is there, and only drafts.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await tasks.setView('table');
  await page.getByRole('tab', { name: 'Drafts' }).click();
  await expect(page).toHaveURL(/scope=drafts/);
  await expect(tasks.row('Idea: latte art series')).toBeVisible();
  await expect(tasks.table().getByRole('row')).toHaveCount(2);
  await expectNoAxeViolations(page);
  await shoot(page, 'tasks-drafts');
});
