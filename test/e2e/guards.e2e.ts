import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, shoot } from './support/axe';
import { baseUrl } from './support/mail';
import { authPages } from './support/pages';

/** The seeded demo login of `npm start` (local/seed.ts). */
const DEMO = { email: 'demo@brandslate.local', password: 'Demo-pass-1234' };

test('an unauthenticated visit goes to sign-in with the full path and comes back after signing in', async ({ page }) => {
  await page.goto(`${baseUrl()}/team?search=ann`);
  await expect(page).toHaveURL(`${baseUrl()}/signin?redirect=${encodeURIComponent('/team?search=ann')}`);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'signin');

  await authPages(page).signIn(DEMO.email, DEMO.password);

  await expect(page).toHaveURL(`${baseUrl()}/team?search=ann`);
  await expect(page.getByRole('heading', { name: 'Team', exact: true })).toBeVisible();
});

test('a wrong password says so without saying which part was wrong', async ({ page }) => {
  await page.goto(`${baseUrl()}/signin`);
  await authPages(page).signIn(DEMO.email, 'Not-the-password-1');
  await expect(page.getByText('The email or password you entered is incorrect.')).toBeVisible();
  await authPages(page).signIn('nobody@example.com', 'Whatever-123!');
  await expect(page.getByText('The email or password you entered is incorrect.')).toBeVisible();
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto(`${baseUrl()}/this/does/not/exist`);
  await expect(page.getByText('Oops. Nothing here...')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'not-found');
});

test('a signed-in user can sign out and is sent to sign-in', async ({ page }) => {
  await page.goto(`${baseUrl()}/signin`);
  await authPages(page).signIn(DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await authPages(page).signOut();
  await page.goto(`${baseUrl()}/dashboard`);
  await expect(page).toHaveURL(/\/signin\?redirect=%2Fdashboard$/);
});

test('the other public pages pass axe', async ({ page }) => {
  for (const path of ['/forgot-password', '/reset-password']) {
    await page.goto(`${baseUrl()}${path}`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, path.slice(1));
  }
});

test('the signed-in pages not covered elsewhere pass axe, and unbuilt features say what is coming', async ({ page }) => {
  await page.goto(`${baseUrl()}/signin`);
  await authPages(page).signIn(DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const path of ['/my-invites', '/tasks', '/billing']) {
    await page.goto(`${baseUrl()}${path}`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await shoot(page, path.slice(1));
  }
  await expect(page.getByRole('heading', { level: 1 }).first()).not.toHaveText('Oops. Nothing here...');
});
