import { expect, test, type Page } from '@playwright/test';
import { createTask, dayFromToday, getTask, ownerWithBrand, unique, updateTask } from './support/api';
import { expectNoAxeViolations, shoot } from './support/axe';
import { interactionCounter, recordInteractions } from './support/interactions';
import { baseUrl } from './support/mail';
import { dragAndDrop, signInAt, taskPages } from './support/pages';

/** The board's layout switch ("Pipeline" / "Every status"), a segmented control in the board's header. */
const layoutOption = (page: Page, name: 'Pipeline' | 'Every status') => {
  return page.getByRole('toolbar', { name: 'Columns' }).getByRole('button', { name, exact: true });
};

/** The board fits its container: no horizontal scrolling. */
const boardOverflow = (page: Page) => page.getByTestId('kanban').evaluate((board) => board.scrollWidth - board.clientWidth);

test.describe('the pipeline on a laptop (1440×900)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a post moved To do → Needs approval stays in the table, the board and the calendar; the board is the pipeline, remembered', async ({ page }) => {
    const { owner, workspaceId, brand } = await ownerWithBrand(unique('pia'), 'Pipeline Studio', 'Kaffeehaus');
    const today = dayFromToday(0);
    const post = await createTask(owner, workspaceId, brand.uid, { summary: 'Launch reel for the winter blend', ticket_type: 'post', due_date: today });
    const other = await createTask(owner, workspaceId, brand.uid, { summary: 'Brief the photographer', due_date: today });
    const tasks = taskPages(page);
    await signInAt(page, owner.email);

    // The board: the pipeline, Draft to Posted; the empty and finished columns are narrow.
    await page.goto(`${baseUrl()}/project/${brand.slug}/tasks?viewMode=kanban`);
    await expect(tasks.card(post.uid)).toBeVisible();
    await expect(page.getByTestId('kanban-column')).toHaveCount(8);
    await expect(page.locator('[data-testid="kanban-column"][data-collapsed="true"]')).toHaveCount(7);
    await expect(tasks.column('posted')).toHaveAttribute('data-collapsed', 'true');
    expect(await boardOverflow(page)).toBeLessThanOrEqual(0);

    // To do → Needs approval in one move, dropped on the narrow column.
    const act = interactionCounter(page);
    // One drag is one gesture.
    await act.click({ click: () => dragAndDrop(page, tasks.card(post.uid), tasks.column('needs_approval')) });
    await expect(tasks.column('needs_approval').getByTestId('kanban-card')).toHaveCount(1);
    recordInteractions('move a post to approval (board, one drag)', act.counts);
    await expect(tasks.column('needs_approval')).not.toHaveAttribute('data-collapsed', 'true');
    await expect.poll(async () => (await getTask(owner, post.uid)).status).toBe('needs_approval');
    await expectNoAxeViolations(page);
    await shoot(page, 'pipeline-kanban-laptop');

    // A move that skips the review is refused, and the board says why.
    await dragAndDrop(page, tasks.card(other.uid), tasks.column('published'));
    await expect(page.getByTestId('kanban-refusal')).toContainText(`#${other.id} cannot go from To do to Published: it needs a review first.`);
    expect((await getTask(owner, other.uid)).status).toBe('todo');
    await expect(tasks.column('todo')).toContainText('Brief the photographer');
    await expectNoAxeViolations(page);
    await shoot(page, 'pipeline-kanban-refused');

    // Every status: thirteen columns, the empty ones narrow, so they still fit a laptop; the choice is remembered.
    await layoutOption(page, 'Every status').click();
    await expect(page.getByTestId('kanban-column')).toHaveCount(13);
    await expect(page.locator('[data-testid="kanban-column"]:not([data-collapsed])')).toHaveCount(2);
    expect(await boardOverflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'pipeline-kanban-every-status');
    await page.reload();
    await expect(page.getByTestId('kanban-column')).toHaveCount(13);
    // A narrow column opens on a click and shows its name and count.
    await tasks.column('done').getByRole('button', { name: 'Open Done, 0 tasks' }).click();
    await expect(tasks.column('done')).not.toHaveAttribute('data-collapsed', 'true');
    await expect(tasks.column('done')).toContainText('No tasks');
    await layoutOption(page, 'Pipeline').click();
    await expect(page.getByTestId('kanban-column')).toHaveCount(8);

    // The table's default filter keeps the post waiting for approval.
    await page.goto(`${baseUrl()}/project/${brand.slug}/tasks?viewMode=table`);
    await expect(tasks.table()).toContainText('Launch reel for the winter blend');
    await expect(tasks.table()).toContainText('Needs approval');
    await expectNoAxeViolations(page);
    await shoot(page, 'pipeline-table-laptop');

    // The calendar: every dated task, coloured by status, with the status's icon named for screen readers.
    await page.goto(`${baseUrl()}/project/${brand.slug}/tasks?viewMode=calendar&calendar=month&date=${today}`);
    await expect(tasks.chip(post.uid)).toBeVisible();
    await expect(tasks.chip(post.uid)).toHaveAttribute('data-status', 'needs_approval');
    await expect(tasks.chip(post.uid).getByRole('img', { name: 'Needs approval' })).toBeAttached();
    await expect(tasks.chip(other.uid).getByRole('img', { name: 'To do' })).toBeAttached();
    await expectNoAxeViolations(page);
    await shoot(page, 'pipeline-calendar-laptop');
  });
});

test.describe('the pipeline on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the calendar is an agenda of days, and a post waiting for approval is on its day with its status in words', async ({ page }) => {
    const { owner, workspaceId, brand } = await ownerWithBrand(unique('pim'), 'Phone Studio', 'Teeladen');
    const today = dayFromToday(0);
    const post = await createTask(owner, workspaceId, brand.uid, { summary: 'Story: behind the counter', ticket_type: 'post', due_date: today });
    await createTask(owner, workspaceId, brand.uid, { summary: 'No date yet' });
    await updateTask(owner, post.uid, { status: 'needs_approval' });
    const tasks = taskPages(page);
    await signInAt(page, owner.email);

    await page.goto(`${baseUrl()}/project/${brand.slug}/tasks?viewMode=calendar&calendar=month&date=${today}`);
    const agenda = page.getByTestId('calendar-agenda');
    await expect(agenda).toBeVisible();
    await expect(page.getByTestId('calendar')).toHaveCount(0);
    const day = agenda.locator(`li[data-date="${today}"]`);
    await expect(day.getByRole('heading')).toContainText('(today)');
    await expect(day.locator(`[data-task-id="${post.uid}"]`)).toContainText('Story: behind the counter');
    await expect(day.locator(`[data-task-id="${post.uid}"]`)).toContainText('Needs approval');
    await expect(agenda).not.toContainText('No date yet');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
    await shoot(page, 'pipeline-agenda-phone');

    // The table (default filter) and the board keep it too.
    await page.goto(`${baseUrl()}/project/${brand.slug}/tasks?viewMode=table`);
    await expect(page.getByText('Story: behind the counter').first()).toBeVisible();
    await page.goto(`${baseUrl()}/project/${brand.slug}/tasks?viewMode=kanban`);
    await expect(tasks.column('needs_approval').getByTestId('kanban-card')).toHaveCount(1);
    await expectNoAxeViolations(page);
    await shoot(page, 'pipeline-kanban-phone');
  });
});
