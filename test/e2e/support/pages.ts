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

/** The team page's rows, each with its actions menu. */
export const teamPages = (page: Page) => {
  const row = (email: string) => page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
  const rowAction = async (email: string, action: string) => {
    await page.getByRole('button', { name: `Actions for ${email}` }).click();
    await page.getByRole('menuitem', { name: action }).click();
  };
  const confirm = async () => {
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await expect(dialog.getByText('This action can not be reverted')).toBeVisible();
    await dialog.getByRole('button', { name: 'Ok' }).click();
  };
  return {
    row,
    async open() {
      await page.goto(`${baseUrl()}/team`);
      await expect(page.getByRole('heading', { name: 'Team', exact: true })).toBeVisible();
    },
    /** Opens "Change role" for a member and picks the role; the dialog stays open on a refusal. */
    async changeRole(email: string, role: string) {
      await rowAction(email, 'Change role');
      const dialog = page.getByRole('dialog', { name: `Change the role of ${email}` });
      await dialog.getByLabel('Role', { exact: true }).click();
      await page.getByRole('option', { name: role, exact: true }).click();
      await dialog.getByRole('button', { name: 'Save role' }).click();
      return dialog;
    },
    async remove(email: string) {
      await rowAction(email, 'Remove from workspace');
      await confirm();
    },
    async revoke(email: string) {
      await rowAction(email, 'Revoke invite');
      await confirm();
    },
  };
};

/** Plan And Billing and the local Stripe Checkout page. */
export const billingPages = (page: Page) => ({
  seatsInput: () => page.getByLabel('Add number of additional seats'),
  async upgrade(options: { interval?: 'Monthly' | 'Yearly'; seats?: number } = {}) {
    if (options.interval) await page.getByRole('radio', { name: new RegExp(`^${options.interval}`) }).check();
    if (options.seats !== undefined) await this.seatsInput().fill(String(options.seats));
    await page.getByRole('button', { name: 'Upgrade' }).click();
  },
  async confirmCheckout() {
    await expect(page.getByRole('heading', { name: /Subscribe to Business/ })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
  },
});

/** The dashboard's brands and Manage Project (/project/add). */
export const projectPages = (page: Page) => ({
  card: (name: string) => page.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) }),
  nameInput: () => page.getByLabel('Brand name'),
  slugInput: () => page.getByLabel('Address', { exact: true }),
  /** Fills Manage Project; the address is left as the name fills it unless `slug` is given. */
  async fill(brand: { name: string; slug?: string; shopifySite?: string; phase?: 'Sales' | 'Active' | 'Inactive' }) {
    await expect(page.getByRole('heading', { name: 'Manage project' })).toBeVisible();
    await this.nameInput().fill(brand.name);
    if (brand.slug !== undefined) await this.slugInput().fill(brand.slug);
    if (brand.shopifySite) await page.getByLabel('Shopify site (optional)').fill(brand.shopifySite);
    if (brand.phase) {
      await page.getByLabel('Phase', { exact: true }).click();
      await page.getByRole('option', { name: brand.phase, exact: true }).click();
    }
  },
  async submit() {
    await page.getByRole('button', { name: 'Create brand' }).click();
  },
  async setView(mode: 'Cards' | 'List') {
    await page.getByRole('radio', { name: mode }).or(page.getByRole('button', { name: mode })).first().click();
  },
});
