import { expect, test } from '@playwright/test';
import { createTask, getTask, ownerWithBrand, unique } from './support/api';
import { expectNoAxeViolations, shoot } from './support/axe';
import { interactionCounter, recordInteractions } from './support/interactions';
import { baseUrl } from './support/mail';
import { signInAt, taskPages } from './support/pages';

test.describe('at 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a post is created with the keyboard only, opens beside the list, its caption is edited in place, and a timer follows me around', async ({ page }) => {
    const { owner, workspaceId, brand } = await ownerWithBrand(unique('quinn'), 'Quick Studio', 'Harbour Coffee');
    const other = await createTask(owner, workspaceId, brand.uid, { summary: 'Plan the winter menu shoot' });
    const tasks = taskPages(page);
    await signInAt(page, owner.email);
    await tasks.open('/tasks');
    await expect(tasks.row(other.summary)).toBeVisible();

    // `?` lists every shortcut.
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    for (const action of ['Create a task', 'Search and filter the tasks', 'Next task in the list', 'Previous task in the list', 'Show these shortcuts']) {
      await expect(help.getByRole('cell', { name: action })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await shoot(page, 'create-edit-shortcuts');
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();

    // C opens quick create with the cursor in Summary; a post is made without touching the mouse.
    const act = interactionCounter(page);
    await act.press('c');
    const quick = page.getByRole('dialog', { name: 'New task' });
    await expect(quick).toBeVisible();
    await expect(quick.getByRole('textbox', { name: 'Summary' })).toBeFocused();
    await act.type('Latte art reel');
    await act.press('Tab'); // Type
    await expect(quick.getByRole('button', { name: 'Task', exact: true })).toBeFocused();
    await act.press('ArrowRight');
    await act.press('Space'); // Post
    await expect(quick.getByRole('button', { name: 'Post', exact: true })).toHaveAttribute('aria-pressed', 'true');
    // The only brand is already chosen; the platform follows the brand.
    await act.press('Tab');
    await act.press('Tab'); // Platform
    await act.press('Enter');
    await act.press('ArrowDown');
    await act.press('Enter'); // Instagram
    await act.press('Tab'); // Due date
    await act.type('2026/12/04');
    await expectNoAxeViolations(page);
    await shoot(page, 'create-edit-quick-create');
    await act.press('Enter');
    await expect(quick).toBeHidden();
    const flash = page.getByText(/^Task #\d+ created\.$/);
    await expect(flash).toBeVisible();
    recordInteractions('create a post (quick create, keyboard only)', act.counts);

    const id = Number((await flash.textContent())?.match(/#(\d+)/)?.[1]);
    await expect(tasks.row('Latte art reel')).toBeVisible();

    // More fields carries what was typed into the full form, where typing goes on in Summary.
    await page.keyboard.press('c');
    await expect(quick.getByRole('textbox', { name: 'Summary' })).toBeFocused();
    await page.keyboard.type('Cold brew teaser');
    await quick.getByRole('button', { name: 'More fields' }).click();
    const full = tasks.formDialog();
    await expect(full.getByRole('heading', { name: 'Details for this type' })).toBeVisible();
    await expect(full.getByRole('textbox', { name: 'Summary', exact: true })).toHaveValue('Cold brew teaser');
    await expect(full.getByRole('textbox', { name: 'Summary', exact: true })).toBeFocused();
    await full.getByRole('button', { name: 'Cancel' }).click();
    await expect(full).toBeHidden();

    // The flash opens it beside the list: the address names it, the list stays.
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    const panel = page.getByRole('region', { name: `#${id} Latte art reel` });
    await expect(panel).toBeVisible();
    await expect(page).toHaveURL(/[?&]task=/);
    const uid = new URL(page.url()).searchParams.get('task') ?? '';
    const created = await getTask(owner, uid);
    expect(created).toMatchObject({ id, summary: 'Latte art reel', ticket_type: 'post', post_platform: 'instagram', project_uid: brand.uid });
    expect(created.due_date?.slice(0, 10)).toBe('2026-12-04');
    await expect(tasks.row(other.summary)).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, 'create-edit-split-panel');

    // The caption is edited where it is read; an empty summary is refused on its own field.
    await panel.getByRole('button', { name: 'Edit Caption' }).click();
    await panel.getByRole('textbox', { name: 'Caption' }).fill('Morning foam, slow pour.');
    await panel.getByRole('button', { name: 'Save Caption' }).click();
    await expect(panel.getByText('Morning foam, slow pour.')).toBeVisible();
    await expect.poll(async () => (await getTask(owner, uid)).caption).toBe('Morning foam, slow pour.');
    await panel.getByRole('button', { name: 'Edit Summary' }).click();
    await panel.getByRole('textbox', { name: 'Summary' }).fill('   ');
    await page.keyboard.press('Enter');
    await expect(panel.getByText('Enter a summary.')).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, 'create-edit-inline-error');
    await page.keyboard.press('Escape');
    await expect(panel.getByRole('button', { name: 'Edit Summary' })).toBeFocused();
    expect((await getTask(owner, uid)).summary).toBe('Latte art reel');

    // A timer started from the task keeps running in the top bar, across pages and with the task closed.
    await panel.getByRole('button', { name: 'Start timer', exact: true }).click();
    const pill = page.getByRole('link', { name: new RegExp(`^0:00:\\d\\d · #${id} Latte art reel, timer running`) });
    await expect(pill).toBeVisible();
    await expect(pill).toHaveText(new RegExp(`^0:00:\\d\\d · #${id}$`));
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(page).not.toHaveURL(/[?&]task=/);
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(pill).toBeVisible();
    await expect(pill).toHaveText(/^0:00:0[2-9] · #|^0:00:[1-5]\d · #/);
    await expectNoAxeViolations(page);
    await shoot(page, 'create-edit-timer-pill');

    // The pill opens its task; Stop ends the timer and the pill goes.
    await pill.click();
    await expect(page.getByRole('region', { name: `#${id} Latte art reel` })).toBeVisible();
    await page.getByRole('button', { name: `Stop the timer on #${id} Latte art reel` }).first().click();
    await expect(page.getByText(/^Timer stopped at 0:00:\d\d\.$/)).toBeVisible();
    await expect(pill).toHaveCount(0);
  });
});

test.describe('at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the task page reads inside the app with breadcrumbs and edits a caption in place', async ({ page }) => {
    const { owner, workspaceId, brand } = await ownerWithBrand(unique('ria'), 'Phone Studio', 'Tidewater');
    const task = await createTask(owner, workspaceId, brand.uid, { summary: 'Harbour sunrise post', ticket_type: 'post', caption: 'First light.' });
    await signInAt(page, owner.email);
    await page.goto(`${baseUrl()}/project/${brand.slug}/tasks/${task.uid}`);
    await expect(page.getByRole('heading', { level: 1, name: `#${task.id} ${task.summary}` })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    await expect(crumbs.getByRole('link', { name: 'Tidewater' })).toHaveAttribute('href', `/project/${brand.slug}`);
    await expect(crumbs.getByRole('link', { name: 'Phone Studio' })).toBeVisible();

    await page.getByRole('button', { name: 'Edit Caption' }).click();
    await page.getByRole('textbox', { name: 'Caption' }).fill('First light over the harbour.');
    await page.getByRole('button', { name: 'Save Caption' }).click();
    await expect(page.getByText('First light over the harbour.')).toBeVisible();
    await expect.poll(async () => (await getTask(owner, task.uid)).caption).toBe('First light over the harbour.');
    await expectNoAxeViolations(page);
    await shoot(page, 'create-edit-task-page-phone');

    // Quick create fits a phone, each field labelled once.
    await page.goto(`${baseUrl()}/tasks`);
    await page.getByRole('button', { name: 'New task', exact: true }).first().click();
    const quick = page.getByRole('dialog', { name: 'New task' });
    await expect(quick.getByRole('textbox', { name: 'Summary' })).toBeFocused();
    await expect(quick.getByText('Type', { exact: true })).toHaveCount(1);
    await expectNoAxeViolations(page);
    await shoot(page, 'create-edit-quick-create-phone');
  });
});
