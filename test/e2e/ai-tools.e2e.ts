import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, shoot } from './support/axe';
import { baseUrl } from './support/mail';
import { authPages } from './support/pages';

/** The seeded demo login of `npm start` (local/seed.ts): an admin of the demo workspace. */
const DEMO = { email: 'demo@brandslate.local', password: 'Demo-pass-1234' };

test('the developer page shows build, config and every part healthy without signing in', async ({ page }) => {
  await page.goto(`${baseUrl()}/kitchen-sync`);

  await expect(page.getByRole('heading', { name: 'Developer tools', level: 1 })).toBeVisible();
  const health = page.getByRole('table');
  for (const part of ['Database table', 'Queues', 'File storage', 'Sign-in (Cognito)', 'Billing (Stripe)', 'AI provider', 'Email']) {
    await expect(health.getByRole('row', { name: new RegExp(part.replace(/[()]/g, '\\$&')) })).toContainText('Healthy');
  }
  await expect(page.getByText('Local test model — not a real AI model')).toBeVisible();
  await expect(page.getByText('brandslate-local-test-model', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'kitchen-sync');
});

test('an admin renders, edits and runs a prompt in the playground and sees it came from the local test model', async ({ page }) => {
  await page.goto(`${baseUrl()}/signin`);
  await authPages(page).signIn(DEMO.email, DEMO.password);
  await page.getByRole('link', { name: 'Prompt playground' }).click();
  await expect(page.getByRole('heading', { name: 'Prompt playground', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: /Prompt template/ }).click();
  await page.getByRole('option', { name: /Post ideas \(structured\)/ }).click();
  await page.getByLabel('Topic').fill('Our autumn pastry menu');
  await page.getByRole('button', { name: 'Render prompt' }).click();
  const user = page.getByLabel('User');
  await expect(user).toHaveValue(/Our autumn pastry menu/);
  await user.fill('Topic: Cinnamon buns at dawn\nAudience: Early commuters\nGive three post ideas.');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Run' }).click();

  await expect(page.getByText('Local test model — not a real AI model')).toBeVisible();
  await expect(page.getByText('The answer fits the template’s schema.')).toBeVisible();
  await expect(page.getByTestId('playground-raw')).toContainText(/Cinnamon|commuters|dawn/);
  await expect(page.getByText('Tokens in')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'prompt-playground');
});
