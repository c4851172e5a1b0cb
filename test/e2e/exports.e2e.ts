import { expect, test } from '@playwright/test';
import { call, createTask, dayFromToday, ownerWithBrand, unique } from './support/api';
import { expectNoAxeViolations, shoot } from './support/axe';
import { baseUrl } from './support/mail';
import { signInAt } from './support/pages';

test('exports: the tasks the filters show as CSV, a calendar feed subscribed and revoked, time as CSV for invoicing', async ({ page, request }) => {
  const { owner, workspaceId, brand } = await ownerWithBrand(unique('exp'), 'Export Studio', 'Juniper Tea');
  await createTask(owner, workspaceId, brand.uid, { summary: 'Film the tea ceremony', due_date: dayFromToday(2) });
  const timed = await createTask(owner, workspaceId, brand.uid, { summary: 'Edit the ceremony cut' });
  const ended = new Date(Date.now() - 60 * 60_000);
  await call(owner, 'createTimeEntry', {
    params: { id: timed.uid },
    body: { started_at: new Date(ended.getTime() - 45 * 60_000).toISOString(), ended_at: ended.toISOString() },
  });
  await signInAt(page, owner.email);
  await page.goto(`${baseUrl()}/tasks`);
  await expect(page.getByText('Film the tea ceremony')).toBeVisible();

  // Tasks as CSV: the file the browser saves holds the tasks on screen.
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await shoot(page, 'exports-menu');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Tasks as CSV (current filters)' }).click()]);
  expect(download.suggestedFilename()).toBe('brandslate-tasks.csv');
  const csv = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(csv.startsWith('\uFEFFNumber,Summary,Brand')).toBe(true);
  expect(csv).toContain('Film the tea ceremony');
  expect(csv).toContain('Juniper Tea');

  // A calendar feed of my tasks: the address is shown once, serves iCalendar, and stops when revoked.
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Subscribe in a calendar app…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Calendar feeds' });
  await expect(dialog.getByText('You have no calendar feeds yet.')).toBeVisible();
  await dialog.getByRole('radio', { name: 'A brand' }).check();
  await dialog.getByRole('button', { name: 'Choose a brand' }).click();
  await page.getByRole('option', { name: 'Juniper Tea' }).click();
  await dialog.getByRole('button', { name: 'Create feed address' }).click();
  await expect(dialog.getByText('Your feed address')).toBeVisible();
  const address = (await dialog.getByText(/\/api\/calendar\//).textContent())!.trim();
  await expectNoAxeViolations(page);
  await shoot(page, 'exports-calendar-feed');
  const feed = await request.get(address);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await feed.text()).toContain('Film the tea ceremony');
  await dialog.getByRole('button', { name: 'Revoke: Juniper Tea' }).click();
  await expect(page.getByText('The feed was revoked: its address no longer works.')).toBeVisible();
  await expect(dialog.getByText('You have no calendar feeds yet.')).toBeVisible();
  expect((await request.get(address)).status()).toBe(404);
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // Time for an invoice: this month's hours per brand.
  await page.goto(`${baseUrl()}/dashboard`);
  await page.getByRole('button', { name: 'Export time' }).click();
  const timeDialog = page.getByRole('dialog', { name: 'Export time entries' });
  await timeDialog.getByRole('textbox', { name: 'From' }).fill(`${dayFromToday(-1).replace(/-/g, '/')}`);
  await timeDialog.getByRole('textbox', { name: 'To' }).fill(`${dayFromToday(1).replace(/-/g, '/')}`);
  await expectNoAxeViolations(page);
  await shoot(page, 'exports-time');
  const [timeDownload] = await Promise.all([page.waitForEvent('download'), timeDialog.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(timeDownload.suggestedFilename()).toBe('brandslate-time-brand.csv');
  const timeCsv = await (await timeDownload.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(timeCsv).toContain('Brand,Hours,Entries');
  expect(timeCsv).toContain('Juniper Tea,0.75,1');
});
