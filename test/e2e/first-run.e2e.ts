import { expect, test } from '@playwright/test';
import { unique } from './support/api';
import { expectNoAxeViolations, shoot } from './support/axe';
import { baseUrl } from './support/mail';
import { authPages, projectPages, workspacePages } from './support/pages';

test('first run: sign up with a name, confirm from the mail and be signed in, create a brand and land in it', async ({ page }) => {
  const email = unique('nina');
  const auth = authPages(page);

  // Sign up with a display name.
  await page.goto(`${baseUrl()}/signup`);
  await expect(page.getByLabel('Your name')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'first-run-signup');
  await auth.signUp(email, 'Nina Berg');

  // Confirming the email signs in: no second sign-in form.
  await expect(page).toHaveURL(/\/confirm-email/);
  await auth.confirmEmail(email);
  await expect(page.getByText('Your email is confirmed. Welcome to Brandslate, Nina Berg.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, 'first-run-signed-in');
  await workspacePages(page).create('Berg Studio');

  // The name, not the email, in the account menu.
  await expect(page.getByRole('button', { name: /Account menu/ })).toContainText('Nina Berg');

  // Creating a brand opens its setup wizard at the first step; one success message at a time.
  await page.goto(`${baseUrl()}/project/add`);
  const brands = projectPages(page);
  await brands.fill({ name: 'Fjord Coffee' });
  await brands.submit();
  await expect(page).toHaveURL(/\/project\/fjord-coffee\/connect-instagram\?setup=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up Fjord Coffee' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect Instagram', exact: true })).toBeVisible();
  const flashes = page.getByRole('region', { name: 'Notifications' }).getByRole('listitem');
  await expect(flashes.filter({ hasText: /Fjord Coffee/ })).toHaveCount(1);
  expect(await flashes.count()).toBeLessThanOrEqual(1);
  await expectNoAxeViolations(page);
  await shoot(page, 'first-run-brand-opened');
});
