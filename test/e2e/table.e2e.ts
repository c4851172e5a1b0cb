import { expect, test, type Page } from '@playwright/test';
import { createTask, dayFromToday, getTask, ownerWithBrand, unique } from './support/api';
import { expectNoAxeViolations, shoot } from './support/axe';
import { baseUrl } from './support/mail';
import { interactionCounter, recordInteractions } from './support/interactions';
import { signInAt, taskPages } from './support/pages';

/** The right edge of an element against the window's: on screen when it is not past it. */
const rightEdge = (page: Page, text: string) =>
  page.getByRole('columnheader', { name: text }).first().evaluate((cell) => ({ right: cell.getBoundingClientRect().right, width: window.innerWidth }));

test.describe('the task table on a laptop (1440×900)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('default columns fit, overdue says so, five rows change status at once, a task is duplicated, Due sorts the whole list', async ({ page }) => {
    const { owner, workspaceId, brand } = await ownerWithBrand(unique('tara'), 'Table Studio', 'Harbour Coffee');
    const late = await createTask(owner, workspaceId, brand.uid, {
      summary: 'Late reel awaiting approval',
      ticket_type: 'post',
      post_platform: 'instagram',
      due_date: dayFromToday(-3),
      status: 'todo',
    });
    const five = [];
    for (const [n, days] of [[1, 9], [2, 4], [3, 6], [4, 2], [5, 8]] as const) {
      five.push(await createTask(owner, workspaceId, brand.uid, { summary: `Weekly post ${n}`, due_date: dayFromToday(days) }));
    }
    const tasks = taskPages(page);
    await signInAt(page, owner.email);
    await page.goto(`${baseUrl()}/tasks?viewMode=table`);
    await expect(tasks.row('Late reel awaiting approval')).toBeVisible();

    // The six default columns, Due on screen, the header explains nothing about sorting limits.
    for (const header of ['Summary', 'Brand', 'Platform', 'Status', 'Assignee', 'Due date']) {
      await expect(tasks.table().getByRole('columnheader', { name: header }).first()).toBeVisible();
    }
    await expect(tasks.table().getByRole('columnheader', { name: 'Number' })).toHaveCount(0);
    const due = await rightEdge(page, 'Due date');
    expect(due.right).toBeLessThanOrEqual(due.width);
    await expect(page.getByText('other columns sort the tasks on this page only')).toHaveCount(0);
    // Overdue in words, not colour alone; the platform by name.
    await expect(tasks.row('Late reel awaiting approval')).toContainText('Overdue');
    await expect(tasks.row('Late reel awaiting approval')).toContainText('Instagram');
    await expectNoAxeViolations(page);
    await shoot(page, 'table-laptop');

    // Five rows selected, moved to In progress in one go.
    for (const task of five) await page.getByRole('checkbox', { name: `Select #${task.id} ${task.summary}` }).check();
    await expect(page.getByText('5 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Change status' }).click();
    await page.getByRole('menuitem', { name: 'In progress', exact: true }).click();
    await expect(page.getByText('5 tasks changed.')).toBeVisible();
    for (const task of five) await expect.poll(async () => (await getTask(owner, task.uid)).status).toBe('in_progress');
    await expect(tasks.row('Weekly post 1')).toContainText('In progress');
    await shoot(page, 'table-bulk-status');

    // Sorted by due date on the server: soonest first, the note says what is left out.
    // The header's sorting control (the column's resize handle carries the same name; a sticky copy covers it).
    await page.evaluate(() => window.scrollTo(0, 0));
    await tasks.table().locator('[data-focus-id="sorting-control-dueDate"]').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Sorted by due date: tasks without a due date are not listed.')).toBeVisible();
    const order = ['Late reel awaiting approval', 'Weekly post 4', 'Weekly post 2', 'Weekly post 3', 'Weekly post 5', 'Weekly post 1'];
    await expect
      .poll(async () => (await tasks.table().getByRole('row').allInnerTexts()).slice(1).map((row) => order.find((summary) => row.includes(summary))))
      .toEqual(order);
    await expectNoAxeViolations(page);
    await shoot(page, 'table-sorted-by-due');

    // Duplicate from the row's actions: a copy at To do, opened beside the list.
    await page.getByRole('button', { name: `Actions for #${late.id}` }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await expect(page.getByText('Created Copy of Late reel awaiting approval.')).toBeVisible();
    await page.goto(`${baseUrl()}/tasks?viewMode=table`);
    await expect(tasks.row('Copy of Late reel awaiting approval')).toContainText('To do');
    await expect(tasks.row('Copy of Late reel awaiting approval')).toContainText('Instagram');

    // J and K move through the rows.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('j');
    await expect(page.getByText('1 selected')).toBeVisible();
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    await expect(page.getByText('1 selected')).toBeVisible();
  });
});

test.describe('a week of posts for the client (1440×900)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('posts waiting for review are shared in one link from the table, and the client sees each of them', async ({ page, browser }) => {
    const { owner, workspaceId, brand } = await ownerWithBrand(unique('wren'), 'Week Studio', 'Harbour Coffee');
    const waiting = [];
    for (const n of [1, 2]) {
      waiting.push(
        await createTask(owner, workspaceId, brand.uid, { summary: `Week post ${n}`, ticket_type: 'post', post_platform: 'instagram', due_date: dayFromToday(n), status: 'needs_approval' }),
      );
    }
    const working = await createTask(owner, workspaceId, brand.uid, { summary: 'Still in the works', status: 'in_progress' });
    const tasks = taskPages(page);
    await signInAt(page, owner.email);
    await page.goto(`${baseUrl()}/tasks?viewMode=table`);
    await expect(tasks.row('Week post 2')).toBeVisible();

    // A task not waiting for review cannot go into the link; the button says why.
    await page.getByRole('checkbox', { name: `Select #${working.id} ${working.summary}` }).check();
    await expect(page.getByRole('button', { name: 'Share for review' })).toBeDisabled();
    await page.getByRole('checkbox', { name: `Select #${working.id} ${working.summary}` }).uncheck();

    const act = interactionCounter(page);
    for (const task of waiting) await act.click(page.getByRole('checkbox', { name: `Select #${task.id} ${task.summary}` }));
    await act.click(page.getByRole('button', { name: 'Share for review' }));
    const dialog = page.getByRole('dialog', { name: 'One review link for the client' });
    await expect(dialog).toBeVisible();
    await expect(page.getByText('Review link for 2 tasks created.')).toBeVisible();
    recordInteractions('share a week of posts for review (table, 2 posts)', act.counts);
    const url = (await dialog.getByTestId('bulk-review-link').innerText()).trim();
    expect(url).toMatch(/\/review\/[A-Za-z0-9_-]{32,}$/);
    await expectNoAxeViolations(page);
    await shoot(page, 'table-share-for-review');

    // The client, signed out, sees both posts of the link.
    const client = await browser.newPage();
    await client.goto(url);
    for (const task of waiting) await expect(client.getByText(task.summary)).toBeVisible();
    await client.close();
  });
});

test.describe('the task table on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('tasks are cards: summary, brand, status, due and assignee, readable', async ({ page }) => {
    const { owner, workspaceId, brand } = await ownerWithBrand(unique('phoebe'), 'Phone Studio', 'Night Market');
    await createTask(owner, workspaceId, brand.uid, { summary: 'Story for the night market opening', due_date: dayFromToday(-1) });
    await createTask(owner, workspaceId, brand.uid, { summary: 'Caption ideas', status: 'todo' });
    await signInAt(page, owner.email);
    await page.goto(`${baseUrl()}/tasks?viewMode=table`);
    await expect(page.getByRole('link', { name: 'Story for the night market opening' })).toBeVisible();
    await shoot(page, 'table-phone-cards');

    const card = page.getByRole('link', { name: 'Story for the night market opening' }).locator('xpath=ancestor::li[1]');
    await expect(card).toBeVisible();
    await expect(card).toContainText('Night Market');
    await expect(card).toContainText('To do');
    await expect(card).toContainText('Overdue');
    await expect(card).toContainText('Unassigned');
    await expect(page.getByRole('grid', { name: 'Tasks' })).toHaveCount(0);
    // The bulk actions wait for a selection on a phone.
    await expect(page.getByRole('button', { name: 'Change status' })).toHaveCount(0);
    await card.getByRole('checkbox').check();
    await expect(page.getByRole('button', { name: 'Change status' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await shoot(page, 'table-phone-cards');
  });
});
