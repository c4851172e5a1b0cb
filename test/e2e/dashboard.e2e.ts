import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, shoot } from './support/axe';
import { interactionCounter, recordInteractions } from './support/interactions';
import { baseUrl } from './support/mail';
import { ownerWithBrand, unique } from './support/api';
import { authPages, projectPages, signInAt } from './support/pages';

/** The seeded demo login of `npm start` (local/seed.ts) and what its Monday holds (local/seed-content.ts). */
const DEMO = { email: 'demo@brandslate.local', password: 'Demo-pass-1234' };
const OVERDUE = ['Recap reel of Saturday’s public cupping', 'Answer the sunscreen questions from last week’s comments'];
const AWAITING_CLIENT = ['Barista POV: latte art in three pours', 'Duet: blind taste test with @beanqueen', 'Stitch: dermatologist answers serum questions'];
/** The demo user's own, due next week or later: in neither list. */
const NOT_LATE = 'Myth vs fact: is there pumpkin in pumpkin spice?';

const VIEWPORTS = [
  { name: 'laptop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** The dashboard's sections, by their heading. */
const dashboard = (page: Page) => ({
  list: (title: string) => page.getByRole('list', { name: title }),
  viewAll: (title: string) => page.getByRole('link', { name: `View all: ${title}` }),
});

/** The list's filter as its address holds it (the list may add its own parameters, e.g. viewMode). */
const filterOf = (page: Page) => {
  const search = new URL(page.url()).searchParams;
  return { path: new URL(page.url()).pathname, ...Object.fromEntries(['status', 'assignee', 'due', 'brand'].flatMap((key) => (search.has(key) ? [[key, search.get(key)]] : []))) };
};

const signIn = async (page: Page) => {
  await page.goto(`${baseUrl()}/signin`);
  await authPages(page).signIn(DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard$/);
};

for (const viewport of VIEWPORTS) {
  test.describe(`the Monday journey on a ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("the dashboard shows what is overdue and what waits on the client, and one click opens that list", async ({ page }) => {
      await signIn(page);
      const board = dashboard(page);

      // What is late is mine; what waits on the client is the team's.
      for (const summary of OVERDUE) await expect(board.list('Overdue').getByRole('link', { name: summary })).toBeVisible();
      await expect(board.list('Overdue').getByRole('link', { name: NOT_LATE })).toHaveCount(0);
      for (const summary of AWAITING_CLIENT) await expect(board.list('Waiting on the client').getByRole('link', { name: summary })).toBeVisible();
      await expect(page.getByRole('heading', { name: /Overdue\s*\(2\)/, level: 2 })).toBeVisible();
      await expect(page.getByRole('heading', { name: /Waiting on the client\s*\(3\)/, level: 2 })).toBeVisible();
      await expect(board.list('Changes requested').getByRole('link', { name: 'Behind the roastery: meet head roaster Inês' })).toBeVisible();
      await expect(board.list('Latest client decisions').getByRole('listitem')).not.toHaveCount(0);
      // The brand cards count what needs the team in each brand, and lead to the brand's tasks.
      await expect(page.getByRole('link', { name: /^Overdue in Northwind Coffee: \d+$/ })).toBeVisible();
      await expect(page.getByText('Address')).toHaveCount(0);
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      if (viewport.name === 'laptop') {
        // The trail starts at the workspace; the dashboard is where it is.
        const trail = page.getByRole('navigation', { name: 'Breadcrumbs' });
        await expect(trail.getByRole('link', { name: 'Demo Studio' })).toBeVisible();
        await expect(trail.getByText('Dashboard', { exact: true }).first()).toBeVisible();
      }
      await expectNoAxeViolations(page);
      await shoot(page, `dashboard-${viewport.name}`);

      // One click: the list, filtered as the dashboard counted.
      const act = interactionCounter(page);
      await act.click(board.viewAll('Overdue'));
      await expect.poll(() => filterOf(page)).toEqual({ path: '/tasks', assignee: 'me', due: 'overdue' });
      for (const summary of OVERDUE) await expect(page.getByText(summary).first()).toBeVisible();
      recordInteractions(`find what is overdue (dashboard, ${viewport.name})`, act.counts);
      await expect(page.getByText(NOT_LATE)).toHaveCount(0);
      await shoot(page, `dashboard-overdue-list-${viewport.name}`);

      await page.goBack();
      await board.viewAll('Waiting on the client').click();
      await expect.poll(() => filterOf(page)).toEqual({ path: '/tasks', status: 'needs_approval,in_review' });
      for (const summary of AWAITING_CLIENT) await expect(page.getByText(summary).first()).toBeVisible();
      await expect(page.getByText(OVERDUE[0]!)).toHaveCount(0);
    });

    test('opening a brand opens its home', async ({ page }) => {
      await signIn(page);

      await page.getByRole('link', { name: 'Northwind Coffee', exact: true }).click();

      await expect(page).toHaveURL(/\/project\/northwind-coffee$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Northwind Coffee' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'This week’s slate' })).toBeVisible();
      // The demo posts' Purposes name the slate's shares: each counts toward one.
      await expect(page.getByRole('table', { name: 'Planned and done posts per share' })).toBeVisible();
      await expect(page.getByText(/has a Purpose that names no share/)).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 2, name: 'Recent tasks' })).toBeVisible();
      await expectNoAxeViolations(page);
      await shoot(page, `brand-home-demo-${viewport.name}`);
    });
  });
}

test('a new team with a brand and nothing to do yet is told what will appear here and where to start', async ({ page }) => {
  const { owner } = await ownerWithBrand(unique('nina'), 'Fresh Studio', 'Fresh Brand');
  await signInAt(page, owner.email);
  await expect(page).toHaveURL(/\/dashboard$/);

  await expect(page.getByRole('heading', { name: 'Nothing needs you right now', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Overdue/, level: 2 })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Invite your team' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Overdue in Fresh Brand: 0' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'dashboard-new-team');

  await page.getByRole('link', { name: 'Go to the tasks' }).click();
  await expect(page).toHaveURL(/\/tasks(\?.*)?$/);
});

test('the brand list shows the same counts as the cards, each opening the filtered tasks', async ({ page }) => {
  await signIn(page);
  const card = await page.getByRole('link', { name: /^Waiting on client in Northwind Coffee: \d+$/ }).getAttribute('aria-label');

  await projectPages(page).setView('List');

  const row = page.getByRole('row', { name: /Northwind Coffee/ });
  await expect(row.getByRole('link', { name: card! })).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, 'dashboard-brand-list');
  await row.getByRole('link', { name: card! }).click();
  await expect.poll(() => filterOf(page)).toMatchObject({ path: '/tasks', status: 'needs_approval,in_review', brand: expect.any(String) });
});
