import { expect, test } from '@playwright/test';
import { call, joinAs, ownerWithWorkspace, unique, type Person } from './support/api';
import { expectNoAxeViolations, shoot } from './support/axe';
import { baseUrl } from './support/mail';
import { authPages, projectPages } from './support/pages';

test('an admin creates a brand from the empty dashboard, sees its card, and a second brand of the same name is refused on its address', async ({ page }) => {
  const { owner } = await ownerWithWorkspace(unique('paula'), 'Brand Studio');
  const projects = projectPages(page);

  // The empty dashboard leads to Manage Project.
  await page.goto(`${baseUrl()}/signin`);
  await authPages(page).signIn(owner.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'No brands yet' })).toBeVisible();
  await expect(page.getByText(/free trial ends in 14 days/)).toBeVisible();
  await page.getByRole('link', { name: 'Create brand' }).click();
  await expect(page).toHaveURL(/\/project\/add$/);

  // The address follows the name as it is typed.
  await projects.fill({ name: 'Café & Co', shopifySite: 'https://cafe-and-co.myshopify.com', phase: 'Sales' });
  await expect(projects.slugInput()).toHaveValue('cafe-and-co');
  await expect(page.getByText('The brand will live at /project/cafe-and-co')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'project-add');
  await projects.submit();

  // Creating a brand opens its setup wizard; the dashboard then shows its card with its link, initial cover, phase and counts.
  await expect(page).toHaveURL(/\/project\/cafe-and-co\/connect-instagram\?setup=1$/);
  await expect(page.getByText('Brand Café & Co created.')).toBeVisible();
  await page.goto(`${baseUrl()}/dashboard`);
  const card = projects.card('Café & Co');
  await expect(card.getByRole('link', { name: 'Café & Co', exact: true })).toHaveAttribute('href', '/project/cafe-and-co');
  await expect(card.getByText('Sales', { exact: true })).toBeVisible();
  // What needs the team in it, each count a link into its tasks (nothing yet).
  await expect(card.getByRole('link', { name: 'Overdue in Café & Co: 0' })).toHaveAttribute('href', /brand=.+&?/);
  await expect(page.getByRole('heading', { name: 'No brands yet' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, 'projects-dashboard');

  // Same name, same address: the clash is said on the address field, and nothing is created.
  await page.getByRole('link', { name: 'Create brand' }).click();
  await projects.fill({ name: 'Café & Co' });
  await projects.submit();
  await expect(page.getByText('A brand with this address already exists in this workspace.')).toBeVisible();
  await expect(projects.slugInput()).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/project\/add$/);
  await expectNoAxeViolations(page);
  await shoot(page, 'project-add-slug-taken');

  // Another address goes through.
  await projects.slugInput().fill('cafe-and-co-paris');
  await projects.submit();
  await expect(page).toHaveURL(/\/project\/cafe-and-co-paris\/connect-instagram\?setup=1$/);
  await page.goto(`${baseUrl()}/dashboard`);
  await expect(page.getByRole('link', { name: 'Café & Co', exact: true })).toHaveCount(2);

  // The list view is remembered across a reload.
  await projects.setView('List');
  await expect(page.getByRole('table', { name: 'Brands' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('table', { name: 'Brands' }).getByRole('link', { name: 'Café & Co', exact: true })).toHaveCount(2);
  await expectNoAxeViolations(page);
  await shoot(page, 'projects-list');
});

test('a brand created at /project/add opened by URL, before the brand list has loaded, stays found when the list lands', async ({ page }) => {
  const { owner } = await ownerWithWorkspace(unique('rosa'), 'Race Studio');
  const projects = projectPages(page);
  await page.goto(`${baseUrl()}/signin`);
  await authPages(page).signIn(owner.email);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The brand list answers late (read before the brand exists), after the form is sent.
  let releaseList = () => undefined as void;
  const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
  await page.route(/\/workspaces\/[^/]+\/projects(\?.*)?$/, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const answer = await route.fetch();
    await listHeld;
    await route.fulfill({ response: answer });
  });
  await page.goto(`${baseUrl()}/project/add`);
  await projects.fill({ name: 'Late Harbour' });
  await projects.submit();
  await expect(page).toHaveURL(/\/project\/late-harbour\/connect-instagram\?setup=1$/);
  const listed = page.waitForResponse((response) => /\/workspaces\/[^/]+\/projects$/.test(new URL(response.url()).pathname) && response.request().method() === 'GET');
  releaseList();
  await listed;
  await expect(page.getByRole('heading', { level: 1, name: 'Set up Late Harbour' })).toBeVisible();
  await expect(page.getByText('Brand not found')).toHaveCount(0);
  await page.unroute(/\/workspaces\/[^/]+\/projects(\?.*)?$/);
});

test('a member sees a brand they may not open and requests access to it', async ({ page }) => {
  const { owner, workspaceId } = await ownerWithWorkspace(unique('olivia'), 'Access Studio');
  await call(owner, 'createProject', { params: { workspaceId }, body: { name: 'Secret Garden', phase: 'active' } });
  const member = await joinAs(owner, workspaceId, unique('max'));

  await page.goto(`${baseUrl()}/signin`);
  await authPages(page).signIn(member.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  const card = projectPages(page).card('Secret Garden');
  await expect(card.getByText('You do not have access to this brand yet.')).toBeVisible();
  await expect(card.getByRole('link')).toHaveCount(0);
  // A member creates no brands: the dashboard does not offer it.
  await expect(page.getByRole('link', { name: 'Create brand' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, 'projects-request-access');

  await card.getByRole('button', { name: 'Request access to Secret Garden' }).click();
  await expect(page.getByText('Access to Secret Garden requested. A brand admin will grant it.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Request access to Secret Garden' })).toBeDisabled();
});

/** A real 64×36 PNG (a blue-green gradient): the server checks the stored object's type and size. */
const coverPng = {
  name: 'New cover.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAkCAIAAAC2bqvFAAAAwElEQVR42tXCQUcDAACG4feXdNihQ4cOO3TYoUOHDh122KFDh43RZDHK1GdsZmM0U4wli9FMMSIiImJEP2u/43087ORfnUL+1NnNRp29/Kqznx91ivlW5yBf6pTyqc5hPtQ5yrs6x1mrc5I3dcpZqVPJizqnWahzlmd1qnlSp56ZOo1M1WnmQZ1WJupc506dm4zU6WSoTi99dQbpqjNKR51xbtW5T1udaa7UeUxLnXku1VnkQp1lztV5TV2ddWrqWx7k7DXgPa2rAAAAAElFTkSuQmCC',
    'base64',
  ),
};

const brandNamed = async (who: Person, workspaceId: string, uid: string) =>
  (await call(who, 'listProjects', { params: { workspaceId } })).find((project) => project.uid === uid);

test('an admin edits a brand from its card: a taken address is refused on the field, then the new name, address and cover are saved', async ({ page }) => {
  const { owner, workspaceId } = await ownerWithWorkspace(unique('edith'), 'Edit Studio');
  const acme = await call(owner, 'createProject', {
    params: { workspaceId },
    body: { name: 'Acme', shopify_site: 'https://acme.myshopify.com', phase: 'sales' },
  });
  await call(owner, 'createProject', { params: { workspaceId }, body: { name: 'Bolt', phase: 'active' } });
  const projects = projectPages(page);

  await page.goto(`${baseUrl()}/signin`);
  await authPages(page).signIn(owner.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await projects.card('Acme').getByRole('link', { name: 'Edit brand Acme' }).click();

  // Manage Project opens with the brand as it stands.
  await expect(page).toHaveURL(/\/project\/add\?project=acme$/);
  await expect(page.getByRole('heading', { name: 'Manage project' })).toBeVisible();
  await expect(projects.nameInput()).toHaveValue('Acme');
  await expect(projects.slugInput()).toHaveValue('acme');
  await expect(page.getByLabel('Shopify site (optional)')).toHaveValue('https://acme.myshopify.com');
  await expect(page.getByText('Sales', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create brand' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, 'project-edit');

  // A new name leaves the address alone; another brand's address is refused where it is typed, and nothing is saved.
  await projects.nameInput().fill('Acme Paris');
  await expect(projects.slugInput()).toHaveValue('acme');
  await projects.slugInput().fill('bolt');
  await expect(page.getByText('The brand will move to /project/bolt; links to its old address will stop working.')).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('A brand with this address already exists in this workspace.')).toBeVisible();
  await expect(projects.slugInput()).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/project\/add\?project=acme$/);
  expect(await brandNamed(owner, workspaceId, acme.uid)).toMatchObject({ name: 'Acme', slug: 'acme' });
  await expectNoAxeViolations(page);
  await shoot(page, 'project-edit-slug-taken');

  // A free address, a new cover: saved, and back on the dashboard with the brand under its new name and address.
  await projects.slugInput().fill('acme-paris');
  await expect(projects.slugInput()).not.toHaveAttribute('aria-invalid', 'true');
  await page.locator('input[type="file"]').setInputFiles(coverPng);
  await expect(page.getByRole('img', { name: 'Preview of the cover New cover.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Brand Acme Paris saved.')).toBeVisible();
  const card = projects.card('Acme Paris');
  await expect(card.getByRole('link', { name: 'Acme Paris', exact: true })).toHaveAttribute('href', '/project/acme-paris');
  await expect(card.getByText('Sales', { exact: true })).toBeVisible();
  await expect(card.getByRole('img', { name: 'Cover of Acme Paris' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Acme', exact: true })).toHaveCount(0);
  expect(await brandNamed(owner, workspaceId, acme.uid)).toMatchObject({ name: 'Acme Paris', slug: 'acme-paris', shopify_site: 'https://acme.myshopify.com', phase: 'sales' });
  await expectNoAxeViolations(page);
  await shoot(page, 'project-edited-dashboard');

  // Editing again shows the current cover; cancelling changes nothing.
  await card.getByRole('link', { name: 'Edit brand Acme Paris' }).click();
  await expect(page.getByRole('img', { name: 'Current cover of Acme Paris' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Replace image' })).toBeVisible();
  await shoot(page, 'project-edit-current-cover');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The old address names no brand any more.
  await page.goto(`${baseUrl()}/project/add?project=acme`);
  await expect(page.getByRole('heading', { name: 'Brand not found' })).toBeVisible();
  await expect(page.getByText('There is no brand at /project/acme in this workspace.')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'project-edit-not-found');
});

test("a brand's own admin edits it from the brand's navigation; a member of the brand may not", async ({ page, browser }) => {
  const { owner, workspaceId } = await ownerWithWorkspace(unique('wanda'), 'Brand Owners');
  const ada = await joinAs(owner, workspaceId, unique('ada'), 'admin');
  const northwind = await call(ada, 'createProject', { params: { workspaceId }, body: { name: 'Northwind', phase: 'active' } });
  await call(owner, 'createProject', { params: { workspaceId }, body: { name: 'Secret Garden', phase: 'active' } });
  // Ada is a plain member now, but still the owner (so an admin) of the brand she created.
  await call(owner, 'updateMember', { params: { workspaceId, userId: ada.uid }, body: { role: 'member' } });
  const max = await joinAs(owner, workspaceId, unique('max'));
  await call(owner, 'grantProjectAccess', { params: { workspaceId, projectId: northwind.uid }, body: { userId: max.uid } });
  const projects = projectPages(page);

  await page.goto(`${baseUrl()}/signin`);
  await authPages(page).signIn(ada.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(projects.card('Northwind').getByRole('link', { name: 'Edit brand Northwind' })).toBeVisible();
  await expect(projects.card('Secret Garden').getByRole('link', { name: /Edit brand/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Create brand' })).toHaveCount(0);

  // From inside the brand (opening it opens its home), and back there after saving.
  await projects.card('Northwind').getByRole('link', { name: 'Northwind', exact: true }).click();
  await expect(page).toHaveURL(/\/project\/northwind$/);
  await page.getByRole('navigation').getByRole('link', { name: 'Edit brand' }).click();
  await expect(page).toHaveURL(/\/project\/add\?project=northwind&from=$/);
  await expect(projects.nameInput()).toHaveValue('Northwind');
  await page.getByLabel('Phase', { exact: true }).click();
  await page.getByRole('option', { name: 'Inactive', exact: true }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/project\/northwind$/);
  await expect(page.getByText('Brand Northwind saved.')).toBeVisible();
  expect((await brandNamed(ada, workspaceId, northwind.uid))?.phase).toBe('inactive');

  // Creating brands stays with the workspace admins.
  await page.goto(`${baseUrl()}/project/add`);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Max may open the brand but is no admin of it: no edit link, and the page says why.
  const maxContext = await browser.newContext();
  const maxPage = await maxContext.newPage();
  await maxPage.goto(`${baseUrl()}/signin`);
  await authPages(maxPage).signIn(max.email);
  await expect(maxPage).toHaveURL(/\/dashboard$/);
  await expect(projectPages(maxPage).card('Northwind').getByRole('link', { name: /Edit brand/ })).toHaveCount(0);
  await maxPage.goto(`${baseUrl()}/project/northwind`);
  await expect(maxPage.getByRole('navigation').getByRole('link', { name: 'People' })).toBeVisible();
  await expect(maxPage.getByRole('navigation').getByRole('link', { name: 'Edit brand' })).toHaveCount(0);
  await maxPage.goto(`${baseUrl()}/project/add?project=northwind`);
  await expect(maxPage.getByText('Only the brand’s admins and the workspace admins can edit this brand.')).toBeVisible();
  await expect(maxPage.getByLabel('Brand name')).toHaveCount(0);
  await expectNoAxeViolations(maxPage);
  await shoot(maxPage, 'project-edit-not-admin');
  await maxContext.close();
});
