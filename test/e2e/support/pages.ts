import { expect, type Locator, type Page } from '@playwright/test';
import { baseUrl, codeIn, waitForMail } from './mail';

export const PASSWORD = 'Brand-slate-2026!';

/** Page objects: each journey step speaks in what a person sees (labels, roles), not in selectors. */
export const authPages = (page: Page) => ({
  async signUp(email: string, name = 'Sam Example') {
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await page.getByLabel('Your name').fill(name);
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
    // A first workspace opens the onboarding checklist; skipping it lands on the dashboard.
    await expect(page).toHaveURL(/\/onboarding$/);
    await page.getByRole('button', { name: 'Skip for now' }).click();
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
    async resend(email: string) {
      await rowAction(email, 'Resend invite email');
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
    // Exact: the dashboard's onboarding card has a 'Hide checklist' button, which a substring 'List' would match.
    await page.getByRole('radio', { name: mode, exact: true }).or(page.getByRole('button', { name: mode, exact: true })).first().click();
  },
});

/** Signs `email` in from the sign-in page and waits for the dashboard. */
export const signInAt = async (page: Page, email: string) => {
  await page.goto(`${baseUrl()}/signin`);
  await authPages(page).signIn(email);
  await expect(page).toHaveURL(/\/dashboard$/);
};

export type TaskFormInput = {
  type?: 'Task' | 'Post' | 'Estimate' | 'Reminder' | 'Call notes';
  summary: string;
  status?: 'To do' | 'Draft';
  /** YYYY/MM/DD, as the date fields take it. */
  dueDate?: string;
  /** Label → value of the type's own text fields (Hook, Purpose, Overview, Estimate (hours), Call notes...). */
  fields?: Record<string, string>;
  hookVariations?: string[];
  reminder?: { date: string; time: string };
};

/** The task screens (/tasks, /project/{slug}/tasks): views, the new-task form, filters, kanban and calendar. */
export const taskPages = (page: Page) => {
  const formDialog = () => page.getByRole('dialog', { name: 'New task' });
  const select = async (scope: Locator, label: string, option: string) => {
    await scope.getByRole('button', { name: new RegExp(`^${label} `) }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  return {
    formDialog,
    /** From quick create to the full form, carrying what was typed. */
    async moreFields() {
      await formDialog().getByRole('button', { name: 'More fields' }).click();
      await expect(formDialog().getByRole('heading', { name: 'Details for this type' })).toBeVisible();
    },
    async open(path = '/tasks') {
      await page.goto(`${baseUrl()}${path}`);
      await expect(page.getByTestId('view-table')).toBeVisible();
    },
    async setView(mode: 'table' | 'kanban' | 'calendar') {
      await page.getByTestId(`view-${mode}`).click();
      await expect(page).toHaveURL(new RegExp(`viewMode=${mode}`));
      const shown = { table: page.getByRole('grid', { name: 'Tasks' }), kanban: page.getByTestId('kanban'), calendar: page.getByTestId('calendar') };
      await expect(shown[mode]).toBeVisible();
    },
    // Editable cells make the task table a grid.
    table: () => page.getByRole('grid', { name: 'Tasks' }),
    row(summary: string) {
      return this.table().getByRole('row').filter({ has: page.getByRole('link', { name: summary, exact: true }) });
    },
    /**
     * Opens New task (quick create), goes on to the full form ("More fields") when the task needs more than the quick
     * fields, fills it and creates the task; the form closes once the server has it.
     */
    async create(task: TaskFormInput) {
      await page.getByRole('button', { name: 'New task', exact: true }).first().click();
      const dialog = formDialog();
      await expect(dialog).toBeVisible();
      if (task.status || task.fields || task.hookVariations || task.reminder) await this.moreFields();
      if (task.type) await dialog.getByRole('toolbar', { name: 'Type' }).getByRole('button', { name: task.type, exact: true }).click();
      await dialog.getByRole('textbox', { name: 'Summary', exact: true }).fill(task.summary);
      if (task.status) await select(dialog, 'Status', task.status);
      if (task.dueDate) await dialog.getByRole('textbox', { name: 'Due date', exact: true }).fill(task.dueDate);
      for (const [label, value] of Object.entries(task.fields ?? {})) {
        // Purpose is a combobox (free text, the slate's shares offered).
        const field = dialog.getByRole('textbox', { name: label, exact: true }).or(dialog.getByRole('spinbutton', { name: label, exact: true }));
        await field.or(dialog.getByRole('combobox', { name: label, exact: true })).fill(value);
      }
      for (const [index, value] of (task.hookVariations ?? []).entries()) await dialog.getByRole('textbox', { name: `Hook variation ${index + 1}` }).fill(value);
      if (task.reminder) {
        await dialog.getByRole('textbox', { name: 'Reminder date' }).fill(task.reminder.date);
        await dialog.getByRole('textbox', { name: 'Reminder time' }).fill(task.reminder.time);
      }
      await dialog.getByRole('button', { name: 'Create task' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(/^Task #\d+ created\.$/).first()).toBeVisible();
    },
    /** The task filter's input (a property filter: each filter is a token). */
    filterInput: () => page.getByRole('combobox', { name: 'Filter tasks' }),
    /** A filter token, named "Property = values" ("Status = To do", "Type = Post, Estimate"), or the searched text. */
    token: (text: string) => page.getByRole('button', { name: text, exact: true }),
    /** Sets a property's filter to exactly these values (its earlier token removed): typed, ticked, applied. */
    async filterBy(property: string, ...values: string[]) {
      const earlier = page.getByRole('button', { name: new RegExp(`^Remove filter ${property} = `) });
      if (await earlier.count()) await earlier.click();
      await this.filterInput().fill(`${property} = `);
      for (const value of values) await page.getByRole('option', { name: value, exact: true }).click();
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
    },
    /** Searches the tasks' text: a free-text token. */
    async search(text: string) {
      await this.filterInput().fill(text);
      await page.keyboard.press('Enter');
    },
    column: (status: string) => page.locator(`[data-testid="kanban-column"][data-status="${status}"]`),
    card: (uid: string) => page.locator(`[data-testid="kanban-card"][data-task-id="${uid}"]`),
    day: (date: string) => page.getByTestId('calendar').locator(`td[data-date="${date}"]`),
    chip: (uid: string) => page.locator(`[data-testid="calendar-task"][data-task-id="${uid}"]`),
  };
};

/** The task opened by a summary link, in the split panel beside the page; named "#N summary". */
export const taskPanel = (page: Page, id: number, summary: string) => page.getByRole('region', { name: `#${id} ${summary}` });

/**
 * A native HTML5 drag (kanban card, calendar chip): Chromium starts a drag only after the pressed mouse moves a few
 * pixels, which locator.dragTo does not do, so the mouse goes there in steps. `whileOver` runs before the drop.
 */
export const dragAndDrop = async (page: Page, source: Locator, target: Locator, whileOver?: () => Promise<void>) => {
  // A board column narrows once its first page says it is empty: measure the target after every column has loaded.
  await expect(page.locator('[data-testid="kanban-column"][aria-busy="true"]')).toHaveCount(0);
  const from = await source.boundingBox();
  if (!from) throw new Error('The drag source is not visible');
  await page.mouse.move(from.x + 12, from.y + 12);
  await page.mouse.down();
  await page.mouse.move(from.x + 24, from.y + 24, { steps: 4 });
  const to = await target.boundingBox();
  if (!to) throw new Error('The drop target is not visible');
  await page.mouse.move(to.x + to.width / 2, to.y + Math.min(to.height / 2, 60), { steps: 8 });
  // The board learns which column is under the pointer on its next render; letting go before that drops the card on a
  // column it crossed on the way.
  const column = (await target.getAttribute('data-testid')) === 'kanban-column';
  if (column && (await target.getAttribute('aria-disabled')) !== 'true') await expect(target).toHaveAttribute('data-over', 'true');
  await whileOver?.();
  await page.mouse.up();
};
