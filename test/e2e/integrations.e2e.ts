import { expect, test, type Page } from '@playwright/test';
import { ownerWithBrand, unique } from './support/api';
import { expectNoAxeViolations, shoot } from './support/axe';
import { baseUrl } from './support/mail';
import { signInAt, taskPages } from './support/pages';

/** The local fake providers' control API, mounted on the gateway. */
const control = (path: string, init?: { method: string; body?: unknown }) =>
  fetch(`${baseUrl()}/_local/integrations${path}`, {
    method: init?.method ?? 'GET',
    headers: init?.body ? { 'content-type': 'application/json' } : {},
    body: init?.body ? JSON.stringify(init.body) : undefined,
  }).then(async (response) => {
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return response.json() as Promise<unknown>;
  });

/** Where the fakes listen: the page at /_local/integrations says what to enter for each kind (e.g. its webhook URL). */
const fakesOrigin = async () => {
  const page = await (await fetch(`${baseUrl()}/_local/integrations`)).text();
  const origin = /(http:\/\/127\.0\.0\.1:\d+)\/webhook\//.exec(page)?.[1];
  if (!origin) throw new Error('The fake providers page names no webhook URL');
  return origin;
};

/** The brand's integrations page: connect a kind through its form. */
const integrationPages = (page: Page) => {
  const dialog = () => page.getByRole('dialog');
  const pick = async (type: string) => {
    await page.getByRole('button', { name: 'Connect integration' }).click();
    await dialog().getByRole('radio', { name: new RegExp(`^${type}`) }).check();
    await dialog().getByRole('button', { name: 'Next' }).click();
  };
  return {
    card: (name: string) => page.locator('li').filter({ has: page.getByText(name, { exact: true }) }),
    /** Connects a webhook and answers the signing secret it shows once. */
    async connectWebhook(name: string, url: string) {
      await pick('Webhook');
      await dialog().getByLabel('Name', { exact: true }).fill(name);
      await dialog().getByLabel('URL', { exact: true }).fill(url);
      await dialog().getByRole('button', { name: 'Connect', exact: true }).click();
      const secretDialog = page.getByRole('dialog', { name: `Signing secret of ${name}` });
      await expect(secretDialog.getByText('Copy it now: you will not see it again.')).toBeVisible();
      const secret = ((await secretDialog.getByTestId('signing-secret').textContent()) ?? '').trim();
      expect(secret).toMatch(/^whsec_/);
      return { secretDialog, secret };
    },
    async connectJira(name: string, site: string, apiToken: string) {
      await pick('Jira');
      await dialog().getByLabel('Name', { exact: true }).fill(name);
      await dialog().getByLabel('Jira site', { exact: true }).fill(site);
      await dialog().getByLabel('Account email', { exact: true }).fill('editor@example.com');
      await dialog().getByLabel('API token', { exact: true }).fill(apiToken);
      await dialog().getByLabel('Project key', { exact: true }).fill('MKT');
      await dialog().getByLabel('Issue type', { exact: true }).fill('Task');
      await dialog().getByRole('button', { name: 'Connect', exact: true }).click();
      await expect(page.getByText(`${name} is connected.`)).toBeVisible();
    },
  };
};

/** The task's Integrations section: one entry per delivery, with its status. */
const deliveryOf = (page: Page, type: 'webhook' | 'jira') => page.getByTestId(`delivery-${type}`);
const statusOf = (page: Page, type: 'webhook' | 'jira') => deliveryOf(page, type).getByTestId('delivery-status');

test('a task created with a webhook and a Jira integration on is sent to both; a broken webhook fails and is retried from the log', async ({ page }) => {
  test.setTimeout(180_000);
  const { owner, brand } = await ownerWithBrand(unique('iris'), 'Relay Studio', 'Tidewater');
  const fakes = await fakesOrigin();
  const receiver = `e2e-${Date.now().toString(36)}`;
  const integrations = integrationPages(page);
  const tasks = taskPages(page);
  await signInAt(page, owner.email);

  // A project admin connects a webhook (its secret shown once, registered with the receiver) and Jira.
  await page.goto(`${baseUrl()}/project/${brand.slug}/integrations`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tidewater integrations' })).toBeVisible();
  // The brand's crumb leads to the brand's home.
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Tidewater' })).toHaveAttribute('href', `/project/${brand.slug}`);
  const { secretDialog, secret } = await integrations.connectWebhook('Ops receiver', `${fakes}/webhook/${receiver}`);
  await expectNoAxeViolations(page);
  await shoot(page, 'integrations-webhook-secret');
  await control(`/webhooks/${receiver}`, { method: 'PUT', body: { secret } });
  await secretDialog.getByRole('button', { name: 'I have copied it' }).click();
  await integrations.connectJira('Jira MKT', `${fakes}/jira`, 'local-jira-api-token');
  await expect(integrations.card('Ops receiver').getByText('Connected')).toBeVisible();
  await expect(integrations.card('Jira MKT').getByText('Connected')).toBeVisible();
  await expect(page.getByText(/API token: •+/)).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'integrations-page');

  // "Send test" reaches the receiver, which checks the signature with the registered secret.
  await page.getByRole('button', { name: 'Actions for Ops receiver' }).click();
  await page.getByRole('menuitem', { name: 'Send test' }).click();
  await expect(page.getByText('The test was delivered.')).toBeVisible();
  await page.getByRole('button', { name: 'Close', exact: true }).click();

  // A new task: both integrations are on by default; the epic is asked for while Jira is on.
  await tasks.open(`/project/${brand.slug}/tasks`);
  await page.getByRole('button', { name: 'New task', exact: true }).first().click();
  const form = tasks.formDialog();
  await expect(form.getByRole('checkbox', { name: /Ops receiver/ })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: /Jira MKT/ })).toBeChecked();
  await form.getByRole('textbox', { name: 'Summary', exact: true }).fill('Announce the spring drop');
  await form.getByLabel('Jira epic (optional)', { exact: true }).fill('MKT-1');
  await expectNoAxeViolations(page);
  await shoot(page, 'integrations-task-form');
  await form.getByRole('button', { name: 'Create task' }).click();
  await expect(form).toBeHidden();

  // Both deliveries are marked sent, the Jira one with the link to its issue.
  await tasks.row('Announce the spring drop').getByRole('link', { name: 'Announce the spring drop' }).click();
  await expect(statusOf(page, 'webhook')).toHaveText('Sent', { timeout: 30_000 });
  await expect(statusOf(page, 'jira')).toHaveText('Sent', { timeout: 30_000 });
  await expect(deliveryOf(page, 'jira').getByText('The Jira issue was created.')).toBeVisible();
  await expect(deliveryOf(page, 'jira').getByRole('link', { name: /Open the Jira issue/ })).toHaveAttribute('href', /\/jira\/browse\/MKT-\d+$/);
  await expect(deliveryOf(page, 'webhook').getByText('The webhook received the task.')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'integrations-task-sent');
  await page.getByRole('button', { name: 'Close task' }).click();

  // The webhook's target breaks (refuses every call with a 400, which is not retried): the delivery fails.
  await control('/failures/webhook', { method: 'PUT', body: { rate: 1, status: 400 } });
  await page.getByRole('button', { name: 'New task', exact: true }).first().click();
  await expect(form.getByRole('checkbox', { name: /Ops receiver/ })).toBeChecked();
  await form.getByRole('textbox', { name: 'Summary', exact: true }).fill('Recap the spring drop');
  await form.getByRole('button', { name: 'Create task' }).click();
  await expect(form).toBeHidden();
  await tasks.row('Recap the spring drop').getByRole('link', { name: 'Recap the spring drop' }).click();
  const webhook = deliveryOf(page, 'webhook');
  await expect(statusOf(page, 'webhook')).toHaveText('Failed', { timeout: 30_000 });
  await expect(webhook.getByText('The webhook could not be delivered.')).toBeVisible();
  await expect(statusOf(page, 'jira')).toHaveText('Sent', { timeout: 30_000 });
  await webhook.getByRole('button', { name: /^Delivery log/ }).click();
  await expect(webhook.getByRole('list', { name: 'Attempts of the delivery to Ops receiver' })).toContainText('HTTP 400');
  await expectNoAxeViolations(page);
  await shoot(page, 'integrations-task-failed');

  // Fixed, the delivery is retried from the log and arrives; the log keeps both attempts.
  await control('/failures/webhook', { method: 'DELETE' });
  await webhook.getByRole('button', { name: 'Retry sending to Ops receiver' }).click();
  await expect(page.getByText('Sending to Ops receiver again.')).toBeVisible();
  await expect(statusOf(page, 'webhook')).toHaveText('Sent', { timeout: 30_000 });
  const log = webhook.getByRole('list', { name: 'Attempts of the delivery to Ops receiver' });
  await expect(log.getByRole('listitem')).toHaveCount(2);
  await expect(log).toContainText('HTTP 400');
  await expectNoAxeViolations(page);
  await shoot(page, 'integrations-task-retried');

  // The integration's own log: every attempt across the brand's tasks, newest first; the failure of a new task
  // is retried from there once the target is fixed.
  await page.getByRole('button', { name: 'Close task' }).click();
  await control('/failures/webhook', { method: 'PUT', body: { rate: 1, status: 400 } });
  await page.getByRole('button', { name: 'New task', exact: true }).first().click();
  await form.getByRole('textbox', { name: 'Summary', exact: true }).fill('Tease the summer drop');
  await form.getByRole('button', { name: 'Create task' }).click();
  await expect(form).toBeHidden();
  await page.goto(`${baseUrl()}/project/${brand.slug}/integrations`);
  await integrations.card('Ops receiver').getByRole('button', { name: 'Delivery log of Ops receiver' }).click();
  const logDialog = page.getByRole('dialog', { name: 'Delivery log: Ops receiver' });
  const rows = logDialog.getByRole('table', { name: 'Delivery log: Ops receiver' }).locator('tbody tr');
  await expect(rows.first()).toContainText('Tease the summer drop', { timeout: 30_000 });
  await expect(rows.first()).toContainText('Failed');
  await expect(rows.first()).toContainText('400');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText('Recap the spring drop');
  await expect(rows.nth(1)).toContainText('Sent');
  await expect(rows.nth(3)).toContainText('Announce the spring drop');
  await expect(logDialog.getByRole('button', { name: /^Retry sending/ })).toHaveCount(1);
  await expect(rows.first().getByRole('link', { name: /Tease the summer drop/ })).toHaveAttribute('href', new RegExp(`/project/${brand.slug}/tasks/`));
  await expectNoAxeViolations(page);
  await shoot(page, 'integrations-log-failed');
  await control('/failures/webhook', { method: 'DELETE' });
  await logDialog.getByRole('button', { name: /^Retry sending #\d+ Tease the summer drop/ }).click();
  await expect(rows).toHaveCount(5, { timeout: 30_000 });
  await expect(rows.first()).toContainText('Tease the summer drop');
  await expect(rows.first()).toContainText('Sent');
  await expect(logDialog.getByRole('button', { name: /^Retry sending/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, 'integrations-log-retried');

  const received = (await control(`/webhooks/${receiver}`)) as Record<string, unknown>;
  expect(received).toMatchObject({ registered: true });
});

test('Google Calendar connects through the consent page and /integration-success, then its calendar is chosen from the account’s list', async ({ page }) => {
  const { owner, brand } = await ownerWithBrand(unique('cal'), 'Calendar Studio', 'Seaglass');
  await signInAt(page, owner.email);
  await page.goto(`${baseUrl()}/project/${brand.slug}/integrations`);

  // Connecting leads to the provider's consent page in the same tab.
  await page.getByRole('button', { name: 'Connect integration' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: /^Google Calendar/ }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Name', { exact: true }).fill('Team calendar');
  await dialog.getByRole('button', { name: 'Continue to Google' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();

  // The provider returns to /integration-success, which finishes the connection and leads back.
  await expect(page).toHaveURL(/\/integration-success\?/);
  await expect(page.getByText('Team calendar is connected.')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'integrations-oauth-success');
  await page.getByRole('button', { name: 'Back to integrations' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${brand.slug}/integrations$`));
  await expect(page.getByText('No calendar chosen yet')).toBeVisible();

  // The calendar comes from the connected account's list.
  await page.getByRole('button', { name: 'Actions for Team calendar' }).click();
  await page.getByRole('menuitem', { name: 'Choose calendar' }).click();
  await dialog.getByRole('button', { name: /^Calendar/ }).click();
  await page.getByRole('option', { name: /Content team/ }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Team calendar was saved.')).toBeVisible();
  await expect(page.getByText(/^Calendar: /)).toBeVisible();

  // Coming back without a consent to finish says so.
  await page.goto(`${baseUrl()}/integration-success`);
  await expect(page.getByText(/opened without a connection to finish/)).toBeVisible();
});
