import { expect, test, type Page } from '@playwright/test';
import { createTask, dayFromToday, joinAs, moveTask, ownerWithBrand, unique } from './support/api';
import { expectNoAxeViolations, shoot } from './support/axe';
import { baseUrl } from './support/mail';
import { signInAt } from './support/pages';

/** The task filter (a Cloudscape property filter) and the saved views beside it. */
const filterBar = (page: Page) => {
  const input = () => page.getByRole('combobox', { name: 'Filter tasks' });
  return {
    input,
    token: (text: string) => page.getByRole('button', { name: text, exact: true }),
    /** A one-value token (Due): typed as "Property = ", its value picked from the suggestions. */
    async pick(property: string, value: string) {
      await input().fill(`${property} = `);
      await page.getByRole('option', { name: `${property} = ${value}`, exact: true }).click();
    },
    /** An "any of" token (Status, Platform...): the values ticked, then Apply. */
    async tick(property: string, ...values: string[]) {
      await input().fill(`${property} = `);
      for (const value of values) await page.getByRole('option', { name: value, exact: true }).click();
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
    },
    savedViews: () => page.getByRole('button', { name: /^Saved views/ }),
    actions: () => page.getByRole('button', { name: 'Saved view actions' }),
  };
};

/** A brand's week: a post waiting for the client, an overdue task, next week's teaser and a finished post. */
const aWeekOfWork = async (prefix: string) => {
  const { owner, workspaceId, brand } = await ownerWithBrand(unique(prefix), 'Filter Studio', 'Oat & Co');
  const waiting = await createTask(owner, workspaceId, brand.uid, {
    summary: 'Launch reel caption',
    ticket_type: 'post',
    post_platform: 'instagram',
    due_date: dayFromToday(0),
  });
  await moveTask(owner, waiting.uid, 'needs_approval');
  await createTask(owner, workspaceId, brand.uid, { summary: 'Overdue story', due_date: dayFromToday(-1) });
  await createTask(owner, workspaceId, brand.uid, { summary: 'TikTok teaser', ticket_type: 'post', post_platform: 'tiktok', due_date: dayFromToday(8) });
  const done = await createTask(owner, workspaceId, brand.uid, { summary: 'Wrapped up post' });
  await moveTask(owner, done.uid, 'in_progress', 'done');
  return { owner, workspaceId, brand };
};

test.describe('at 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('filters as tokens in the address: a persisted filter shows as tokens, a shared URL reproduces the view, a saved view round trip', async ({ page, browser }) => {
    const { owner, workspaceId } = await aWeekOfWork('fil');
    const filters = filterBar(page);
    await signInAt(page, owner.email);
    await page.goto(`${baseUrl()}/tasks`);

    // The default (open statuses) is a token like any other, and the address says it.
    await expect(page.getByText('Launch reel caption')).toBeVisible();
    await expect(page.getByText('Overdue story')).toBeVisible();
    await expect(page.getByText('TikTok teaser')).toBeVisible();
    await expect(page.getByText('Wrapped up post')).toHaveCount(0);
    await expect(filters.token('Status = Open (not finished)')).toBeVisible();
    await expect(page).toHaveURL(/[?&]status=open(&|$)/);

    // `/` goes to the filter; a due preset narrows the list.
    await page.getByRole('heading', { name: 'Tasks', level: 1 }).click();
    await page.keyboard.press('/');
    await expect(filters.input()).toBeFocused();
    await filters.pick('Due', 'Overdue');
    await expect(page.getByText('Launch reel caption')).toHaveCount(0);
    await expect(page.getByText('Overdue story')).toBeVisible();
    await expect(page).toHaveURL(/[?&]due=overdue/);

    // Back later without a filter in the address: the remembered filter is applied AND shown as tokens.
    await page.goto(`${baseUrl()}/dashboard`);
    await page.goto(`${baseUrl()}/tasks`);
    await expect(filters.token('Due = Overdue')).toBeVisible();
    await expect(page.getByText('Overdue story')).toBeVisible();
    await expect(page.getByText('TikTok teaser')).toHaveCount(0);
    await expect(page).toHaveURL(/[?&]due=overdue/);
    await expectNoAxeViolations(page);
    await shoot(page, 'filters-persisted-as-tokens');

    // Clear filters: every task, every status.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByText('Wrapped up post')).toBeVisible();
    await expect(page).toHaveURL(/[?&]status=all/);

    // Waiting on the client, on Instagram: one post.
    await filters.tick('Status', 'Needs approval', 'In review');
    await filters.tick('Post platform', 'Instagram');
    await expect(page.getByText('Launch reel caption')).toBeVisible();
    await expect(page.getByText('Overdue story')).toHaveCount(0);
    await expect(page.getByText('TikTok teaser')).toHaveCount(0);
    await expect(filters.token('Status = Needs approval, In review')).toBeVisible();

    // A colleague opens the address in their own browser: the same filter, the same list.
    const colleague = await joinAs(owner, workspaceId, unique('col'), 'admin');
    const shared = page.url();
    const other = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
    const theirs = await other.newPage();
    await signInAt(theirs, colleague.email);
    await theirs.goto(shared);
    await expect(theirs.getByText('Launch reel caption')).toBeVisible();
    await expect(theirs.getByText('Overdue story')).toHaveCount(0);
    await expect(filterBar(theirs).token('Status = Needs approval, In review')).toBeVisible();
    await expect(filterBar(theirs).token('Post platform = Instagram')).toBeVisible();
    await shoot(theirs, 'filters-shared-url');
    await other.close();

    // Saved as a view of my own…
    await filters.actions().click();
    await page.getByRole('menuitem', { name: 'Save as a new view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as a new view' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Awaiting client');
    await expectNoAxeViolations(page);
    await shoot(page, 'filters-save-view');
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await expect(page.getByText('Saved view "Awaiting client" created.')).toBeVisible();
    await expect(filters.savedViews()).toContainText('Awaiting client');
    await expect(page).toHaveURL(/[?&]view=/);

    // …opened again from the select after clearing, and kept over a reload.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByText('Overdue story')).toBeVisible();
    await filters.savedViews().click();
    await page.getByRole('option', { name: 'Awaiting client' }).click();
    await expect(page.getByText('Overdue story')).toHaveCount(0);
    await expect(page.getByText('Launch reel caption')).toBeVisible();
    await expect(filters.token('Status = Needs approval, In review')).toBeVisible();
    await page.reload();
    await expect(filters.savedViews()).toContainText('Awaiting client');
    await expect(page.getByText('Launch reel caption')).toBeVisible();
    await expect(page.getByText('Overdue story')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await shoot(page, 'filters-saved-view');

    // Deleted: the list of views is empty again.
    await filters.actions().click();
    await page.getByRole('menuitem', { name: 'Delete "Awaiting client"' }).click();
    await page.getByRole('dialog', { name: 'Delete saved view' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Saved view "Awaiting client" deleted.')).toBeVisible();
    await filters.savedViews().click();
    await expect(page.getByText('No saved views yet.', { exact: false })).toBeVisible();
  });
});

test.describe('the creator filter at 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('"Created by = Me" shows each viewer what they created, from one shared address', async ({ page, browser }) => {
    const { owner, workspaceId, brand } = await ownerWithBrand(unique('cara'), 'Creator Studio', 'Quay');
    const colleague = await joinAs(owner, workspaceId, unique('cole'), 'admin');
    await createTask(owner, workspaceId, brand.uid, { summary: 'Written by the owner' });
    await createTask(colleague, workspaceId, brand.uid, { summary: 'Written by the colleague' });
    await signInAt(page, owner.email);
    await page.goto(`${baseUrl()}/tasks`);
    await expect(page.getByText('Written by the colleague')).toBeVisible();

    const filters = filterBar(page);
    await filters.tick('Created by', 'Me');
    await expect(filters.token('Created by = Me')).toBeVisible();
    await expect(page).toHaveURL(/[?&]creator=me(&|$)/);
    await expect(page.getByText('Written by the owner')).toBeVisible();
    await expect(page.getByText('Written by the colleague')).toHaveCount(0);
    await expectNoAxeViolations(page);

    const other = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
    const theirs = await other.newPage();
    await signInAt(theirs, colleague.email);
    await theirs.goto(page.url());
    await expect(theirs.getByText('Written by the colleague')).toBeVisible();
    await expect(theirs.getByText('Written by the owner')).toHaveCount(0);
    await other.close();
  });
});

test.describe('at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('on a phone the tasks come first; the filters open in a sheet from "Filters (n)"', async ({ page }) => {
    const { owner } = await aWeekOfWork('fip');
    await signInAt(page, owner.email);
    await page.goto(`${baseUrl()}/tasks`);
    const first = page.getByText('Overdue story');
    await expect(first).toBeVisible();
    const open = page.getByRole('button', { name: 'Filters, 1 set' });
    await expect(open).toHaveText('Filters (1)');
    await expect(filterBar(page).input()).toHaveCount(0);
    // The button comes after the tasks in the page.
    expect(await open.evaluate((button, task) => !!(task && task.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING), await first.elementHandle())).toBe(true);
    await expectNoAxeViolations(page);
    await shoot(page, 'filters-phone-list');

    await open.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet.getByRole('button', { name: 'Status = Open (not finished)', exact: true })).toBeVisible();
    await filterBar(page).pick('Due', 'Overdue');
    await expect(sheet.getByRole('button', { name: 'Due = Overdue', exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: 'test-results/shots/filters-phone-sheet.png' });
    await sheet.getByRole('button', { name: 'Done' }).click();

    await expect(page.getByRole('button', { name: 'Filters, 2 set' })).toBeVisible();
    await expect(page.getByText('Overdue story')).toBeVisible();
    await expect(page.getByText('Launch reel caption')).toHaveCount(0);
    await expect(page).toHaveURL(/[?&]due=overdue/);
    await shoot(page, 'filters-phone-filtered');
  });
});
