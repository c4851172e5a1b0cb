import { expect, test } from '@playwright/test';
import { call, joinAs, ownerWithBrand, unique } from './support/api';
import { expectNoAxeViolations, shoot } from './support/axe';
import { baseUrl } from './support/mail';
import { signInAt, teamPages } from './support/pages';

test("a brand admin grants a request, adds a workspace member to the brand, and removes one of them", async ({ page }) => {
  const { owner, workspaceId, brand } = await ownerWithBrand(unique('bea'), 'People Studio', 'Moss Ceramics');
  const asker = await joinAs(owner, workspaceId, unique('ash'));
  const added = await joinAs(owner, workspaceId, unique('ada'));
  await call(asker, 'requestProjectAccess', { params: { workspaceId, projectId: brand.uid } });
  const accessOf = async (email: string) =>
    (await call(owner, 'listProjectUsers', { params: { workspaceId, projectId: brand.uid } })).find((user) => user.email === email)?.status;
  const row = teamPages(page).row;

  await signInAt(page, owner.email);
  await page.goto(`${baseUrl()}/project/${brand.slug}/users`);
  await expect(page.getByRole('heading', { level: 1, name: 'People of Moss Ceramics' })).toBeVisible();
  await expect(row(asker.email)).toContainText('Access requested');
  await expect(page.getByText('1 person asks for access.')).toBeVisible();
  // The brand's crumb leads to the brand's home.
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Moss Ceramics' })).toHaveAttribute('href', `/project/${brand.slug}`);
  await expectNoAxeViolations(page);
  await shoot(page, 'brand-people-request');

  // The request is granted from its row.
  await page.getByRole('button', { name: `Grant access to ${asker.email}` }).click();
  await expect(page.getByText(`${asker.email} can now open this brand.`)).toBeVisible();
  await expect(row(asker.email)).toContainText('Has access');
  expect(await accessOf(asker.email)).toBe('granted');

  // Add person: a member who has not asked.
  await page.getByRole('link', { name: 'Add person' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${brand.slug}/user/add$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Add a person to Moss Ceramics' })).toBeVisible();
  await page.getByRole('button', { name: /^Workspace member/ }).click();
  await expect(page.getByRole('option', { name: new RegExp(asker.email.replace(/[.+]/g, '\\$&')) })).toHaveCount(0);
  await page.getByRole('option', { name: added.email }).click();
  await expectNoAxeViolations(page);
  await shoot(page, 'brand-people-add');
  await page.getByRole('button', { name: 'Grant access' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${brand.slug}/users$`));
  await expect(page.getByText(`${added.email} can now open this brand.`)).toBeVisible();
  await expect(row(added.email)).toContainText('Has access');
  expect(await accessOf(added.email)).toBe('granted');
  await expectNoAxeViolations(page);
  await shoot(page, 'brand-people-granted');

  // Removed after a confirmation: gone from the brand, and the brand is closed to them again.
  await page.getByRole('button', { name: `Remove ${asker.email} from this brand` }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByText(`${asker.email} no longer has access to this brand.`)).toBeVisible();
  await expect(row(asker.email)).toHaveCount(0);
  expect(await accessOf(asker.email)).toBeUndefined();
  const brands = await call(asker, 'listProjects', { params: { workspaceId } });
  expect(brands.find((candidate) => candidate.uid === brand.uid)?.has_permission).toBe(false);
});
