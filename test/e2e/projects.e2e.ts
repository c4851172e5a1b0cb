import { expect, test } from '@playwright/test';
import { call, joinAs, ownerWithWorkspace, unique } from './support/api';
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

  // Back on the dashboard: the brand's card with its link, initial cover and phase.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Brand Café & Co created.')).toBeVisible();
  const card = projects.card('Café & Co');
  await expect(card.getByRole('link', { name: 'Café & Co' })).toHaveAttribute('href', '/project/cafe-and-co');
  await expect(card.getByText('Sales', { exact: true })).toBeVisible();
  await expect(card.getByText('/project/cafe-and-co')).toBeVisible();
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
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: 'Café & Co' })).toHaveCount(2);

  // The list view is remembered across a reload.
  await projects.setView('List');
  await expect(page.getByRole('table', { name: 'Brands' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('table', { name: 'Brands' }).getByRole('link', { name: 'Café & Co' })).toHaveCount(2);
  await expectNoAxeViolations(page);
  await shoot(page, 'projects-list');
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
