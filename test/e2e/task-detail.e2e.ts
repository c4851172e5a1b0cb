import { expect, test } from '@playwright/test';
import { createTask, getTask, moveTask, ownerWithBrand, unique } from './support/api';
import { expectNoAxeViolations, shoot } from './support/axe';
import { baseUrl } from './support/mail';
import { signInAt, taskPanel, taskPages } from './support/pages';

test('the task opens beside the table, changes the status, opens the full task page in a new tab, and deletes', async ({ page, context }) => {
  const { owner, workspaceId, brand } = await ownerWithBrand(unique('dina'), 'Detail Studio', 'Saltwater');
  const task = await createTask(owner, workspaceId, brand.uid, {
    summary: 'Write the summer caption',
    ticket_type: 'post',
    hook: 'Salt in the air',
    post_audience: 'Bring back last summer’s buyers',
  });
  const tasks = taskPages(page);
  await signInAt(page, owner.email);
  await tasks.open(`/project/${brand.slug}/tasks`);

  // The summary opens the task beside the list, named after it, with its address in the URL.
  await tasks.row(task.summary).getByRole('link', { name: task.summary }).click();
  const panel = taskPanel(page, task.id, task.summary);
  await expect(panel).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]task=${task.uid}`));
  await expect(panel.getByText('Salt in the air')).toBeVisible();
  await expect(panel.getByText('Bring back last summer’s buyers')).toBeVisible();
  await expect(panel.getByRole('tab', { name: /^Comments/ })).toBeVisible();
  // At 1366 px the list beside the panel keeps its row's summary, status and due date whole (the navigation folds away).
  for (const column of ['Summary', 'Status', 'Due date']) {
    await expect(page.getByRole('columnheader', { name: new RegExp(`^${column}`) }).first()).toBeInViewport({ ratio: 1 });
  }
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'task-panel');

  // A status change shows at once, in the table behind, and in the history.
  await panel.getByRole('button', { name: `Change status of #${task.id} (now To do)` }).click();
  await page.getByRole('menuitem', { name: 'In progress', exact: true }).click();
  await expect(page.getByText(`#${task.id} moved to In progress.`)).toBeVisible();
  await expect(panel.getByRole('button', { name: `Change status of #${task.id} (now In progress)` })).toBeVisible();
  await panel.getByRole('tab', { name: 'Activity' }).click();
  await expect(panel.getByRole('list', { name: 'Task history' })).toContainText('moved it from To do to In progress');
  expect((await getTask(owner, task.uid)).status).toBe('in_progress');

  // Its creator watches it (and so hears of its comments and review decisions) until they stop.
  const watcherList = panel.getByRole('button', { name: '1 watcher', exact: true });
  await watcherList.click();
  await expect(page.getByText(/\(you\)$/)).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'task-panel-watchers');
  await page.keyboard.press('Escape');
  await panel.getByRole('button', { name: `Stop watching #${task.id}` }).click();
  await expect(panel.getByRole('button', { name: '0 watchers', exact: true })).toBeVisible();
  await panel.getByRole('button', { name: `Watch #${task.id}: hear of its review decisions and comments` }).click();
  await expect(watcherList).toBeVisible();

  // Open in new tab: the task's own page with the whole task.
  const [taskTab] = await Promise.all([context.waitForEvent('page'), panel.getByRole('link', { name: /Open in new tab/ }).click()]);
  await taskTab.waitForLoadState();
  await expect(taskTab).toHaveURL(`${baseUrl()}/project/${brand.slug}/tasks/${task.uid}`);
  await expect(taskTab.getByRole('heading', { level: 1, name: `#${task.id} ${task.summary}` })).toBeVisible();
  await expect(taskTab.getByText('Salt in the air')).toBeVisible();
  await expect(taskTab.getByText('In progress').first()).toBeVisible();
  // The brand's crumb leads to the brand's home.
  await expect(taskTab.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Saltwater' })).toHaveAttribute('href', `/project/${brand.slug}`);
  await expectNoAxeViolations(taskTab);
  await shoot(taskTab, 'task-page');
  await taskTab.close();

  // Closing the panel, then deleting the task from it after a confirmation.
  await panel.getByRole('button', { name: 'Close task' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('link', { name: 'Brand tasks' })).toBeInViewport();
  await tasks.row(task.summary).getByRole('link', { name: task.summary }).click();
  await panel.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expectNoAxeViolations(page);
  await shoot(page, 'task-delete-confirm');
  await confirm.getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByText(`Task #${task.id} deleted.`)).toBeVisible();
  await expect(panel).toBeHidden();
  await expect(tasks.row(task.summary)).toHaveCount(0);
  await expect(getTask(owner, task.uid, workspaceId)).rejects.toThrow(/404/);
});

test('a task shared for review is approved from the link by a signed-out visitor; without the link one is asked to sign in', async ({ page, browser }) => {
  const { owner, workspaceId, brand } = await ownerWithBrand(unique('rhea'), 'Review Studio', 'Kelp & Co');
  const task = await createTask(owner, workspaceId, brand.uid, { summary: 'Approve the autumn reel', ticket_type: 'post', hook: 'Autumn, bottled' });
  await moveTask(owner, task.uid, 'in_progress', 'needs_approval');
  const taskPath = `/project/${brand.slug}/tasks/${task.uid}`;

  // The member shares it from the task page.
  await signInAt(page, owner.email);
  await page.goto(`${baseUrl()}${taskPath}`);
  await expect(page.getByRole('heading', { level: 1, name: `#${task.id} ${task.summary}` })).toBeVisible();
  await page.getByRole('button', { name: 'Share for review' }).click();
  const link = page.getByTestId('review-link');
  await expect(link).toContainText('review=');
  const reviewUrl = (await link.textContent())?.trim() ?? '';
  expect(reviewUrl).toContain(`${taskPath}?review=`);
  await expect(page.getByRole('button', { name: 'New link' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'task-review-shared');

  // A visitor with no account opens the link and approves with a comment.
  const visitor = await browser.newContext();
  const review = await visitor.newPage();
  await review.goto(reviewUrl.startsWith('http') ? reviewUrl : `${baseUrl()}${reviewUrl}`);
  await expect(review.getByRole('heading', { level: 1, name: 'Review Studio' })).toBeVisible();
  await expect(review.getByRole('heading', { level: 2, name: task.summary })).toBeVisible();
  await review.getByText('Hook, script and notes').click();
  await expect(review.getByText('Autumn, bottled')).toBeVisible();
  await expect(review.getByText('Nothing has been written yet.')).toHaveCount(0);
  await expectNoAxeViolations(review);
  await shoot(review, 'review-open');
  await review.getByRole('textbox', { name: 'What should change?' }).fill('Lovely colours. Ship it.');
  await review.getByRole('textbox', { name: 'Your name (optional)' }).fill('Mara from Kelp');
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(review.getByText('You approved this')).toBeVisible();
  await expect(review.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expectNoAxeViolations(review);
  await shoot(review, 'review-approved');

  // Opened again, the link says there is nothing to decide.
  await review.reload();
  await expect(review.getByText(/Approved by Mara from Kelp on/)).toBeVisible();
  await expect(review.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // Without the token, a visitor is asked to sign in.
  await review.goto(`${baseUrl()}${taskPath}`);
  await expect(review.getByRole('heading', { name: 'Sign in to see this task' })).toBeVisible();
  await expect(review.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', /\/signin/);
  await expectNoAxeViolations(review);
  await shoot(review, 'task-page-signed-out');
  await visitor.close();

  // The member sees it approved, with the reviewer's words in the history.
  await page.reload();
  await expect(page.getByRole('button', { name: `Change status of #${task.id} (now Approved)` })).toBeVisible();
  await page.getByRole('tab', { name: 'Activity' }).click();
  const history = page.getByRole('list', { name: 'Task history' });
  await expect(history).toContainText('Mara from Kelp approved it');
  await expect(history).toContainText('Lovely colours. Ship it.');
  await expectNoAxeViolations(page);
  await shoot(page, 'task-review-activity');
  expect((await getTask(owner, task.uid)).status).toBe('approved');
});

test('every field of a post and of a reminder is edited where it is read: tags, hook variations, reference images, the reminder', async ({ page }) => {
  const { owner, workspaceId, brand } = await ownerWithBrand(unique('ines'), 'Inline Studio', 'Harbour');
  const post = await createTask(owner, workspaceId, brand.uid, { summary: 'Harbour sunrise reel', ticket_type: 'post', tags: ['summer'] });
  const reminder = await createTask(owner, workspaceId, brand.uid, { summary: 'Call the harbour master', ticket_type: 'reminder' });
  await signInAt(page, owner.email);
  await page.goto(`${baseUrl()}/project/${brand.slug}/tasks/${post.uid}`);
  await expect(page.getByRole('heading', { level: 1, name: `#${post.id} ${post.summary}` })).toBeVisible();

  // Tags: a token more, one fewer, saved alone.
  await page.getByRole('button', { name: 'Edit Tags' }).click();
  const tagBox = page.getByRole('combobox', { name: 'Tags' });
  await tagBox.fill('sunrise');
  await tagBox.press('Enter');
  await page.getByRole('button', { name: 'Remove summer' }).click();
  await page.getByRole('button', { name: 'Save Tags' }).click();
  await expect.poll(async () => (await getTask(owner, post.uid)).tags).toEqual(['sunrise']);

  // Hook variations: one a line.
  await page.getByRole('button', { name: 'Edit Hook variations' }).click();
  await page.getByRole('textbox', { name: 'Hook variations' }).fill('Golden hour, zero filter\nThe harbour wakes up');
  await page.getByRole('button', { name: 'Save Hook variations' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'The harbour wakes up' })).toBeVisible();
  expect((await getTask(owner, post.uid)).hook_variations).toEqual(['Golden hour, zero filter', 'The harbour wakes up']);

  // Reference images: a link that is no web address is refused on the field, the edit stays open.
  await page.getByRole('button', { name: 'Edit Reference images' }).click();
  const images = page.getByRole('textbox', { name: 'Reference images' });
  await images.fill('not a link');
  await page.getByRole('button', { name: 'Save Reference images' }).click();
  await expect(images).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await shoot(page, 'task-inline-lists');
  await images.fill(`${baseUrl()}/favicon.svg`);
  await page.getByRole('button', { name: 'Save Reference images' }).click();
  await expect(page.getByRole('link', { name: 'Reference image 1 (opens in a new tab)' })).toBeVisible();

  // The reminder: a day and a time, switched on.
  await page.goto(`${baseUrl()}/project/${brand.slug}/tasks/${reminder.uid}`);
  await page.getByRole('button', { name: 'Edit Reminder' }).click();
  await page.getByRole('textbox', { name: 'Reminder date' }).fill('2030/06/01');
  await page.getByRole('textbox', { name: 'Reminder time' }).fill('08:30');
  await page.getByRole('button', { name: 'Save Reminder' }).click();
  await expect.poll(async () => (await getTask(owner, reminder.uid)).reminder).toMatchObject({ enabled: true, at: new Date('2030-06-01T08:30:00').toISOString() });
});
