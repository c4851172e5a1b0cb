import { expect, type Page } from '@playwright/test';
import { baseUrl, codeIn, waitForMail } from './mail';

export const PASSWORD = 'Brand-slate-2026!';

/** Page objects: each journey step speaks in what a person sees (labels, roles), not in selectors. */
export const authPages = (page: Page) => ({
  async signUp(email: string) {
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    const emailInput = page.getByLabel('Email', { exact: true });
    if ((await emailInput.inputValue()) !== email) await emailInput.fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
  },
  async confirmEmail(email: string) {
    await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
    const code = codeIn(await waitForMail(email, /code/i));
    await page.getByLabel('Confirmation code').fill(code);
    await page.getByRole('button', { name: 'Confirm email' }).click();
  },
  async signIn(email: string, password = PASSWORD) {
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  },
  async signOut() {
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signin/);
  },
});

export const workspacePages = (page: Page) => ({
  async create(name: string) {
    await expect(page.getByRole('heading', { name: 'Create your workspace' })).toBeVisible();
    await page.getByLabel('Workspace name').fill(name);
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  },
  async invite(email: string) {
    await page.goto(`${baseUrl()}/team`);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send invite' }).click();
    await expect(page.getByText(`Invite sent to ${email}`)).toBeVisible();
  },
});
