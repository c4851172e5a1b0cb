import { expect, test } from '@playwright/test';
import { createTask, getTask, ownerWithBrand, unique } from './support/api';
import { expectNoAxeViolations, shoot } from './support/axe';
import { baseUrl } from './support/mail';
import { signInAt } from './support/pages';
// The SPA's own formatting, so the expected text is never written twice.
import { formatDuration } from '../../web/src/modules/time-tracking/duration';

const pad = (value: number) => String(value).padStart(2, '0');
/** A moment as the Add time form takes it: local YYYY/MM/DD and hh:mm. */
const formMoment = (date: Date) => ({
  date: `${date.getFullYear()}/${pad(date.getMonth() + 1)}/${pad(date.getDate())}`,
  time: `${pad(date.getHours())}:${pad(date.getMinutes())}`,
});

test('time: a timer is started and stopped, time is added by hand, the total follows, and the week chart shows it', async ({ page }) => {
  const { owner, workspaceId, brand } = await ownerWithBrand(unique('tim'), 'Time Studio', 'Birch Candles');
  const task = await createTask(owner, workspaceId, brand.uid, { summary: 'Edit the candle video' });
  await signInAt(page, owner.email);
  await page.goto(`${baseUrl()}/project/${brand.slug}/tasks/${task.uid}`);
  await page.getByRole('tab', { name: 'Time' }).click();
  await expect(page.getByText('No time tracked on this task yet.')).toBeVisible();

  // The timer runs, counting, until stopped.
  await page.getByRole('button', { name: 'Start timer' }).click();
  await expect(page.getByTestId('timer-clock')).toHaveText(/^0:00:0[2-9]$/);
  await expectNoAxeViolations(page);
  await shoot(page, 'time-timer-running');
  await page.getByRole('button', { name: 'Stop timer' }).click();
  await expect(page.getByRole('button', { name: 'Start timer' })).toBeVisible();
  await expect(page.getByTestId('timer-clock')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /^Time entries/ })).toContainText('(1)');
  await expect.poll(async () => (await getTask(owner, task.uid)).total_spent).toBeGreaterThanOrEqual(2);

  // 90 minutes by hand, ending ten minutes ago.
  const end = new Date(Date.now() - 10 * 60_000);
  end.setSeconds(0, 0);
  const start = new Date(end.getTime() - 90 * 60_000);
  await page.getByRole('button', { name: 'Add time' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add time' });
  await dialog.getByRole('textbox', { name: 'Start date' }).fill(formMoment(start).date);
  await dialog.getByRole('textbox', { name: 'Start time' }).fill(formMoment(start).time);
  await dialog.getByRole('textbox', { name: 'End date' }).fill(formMoment(end).date);
  await dialog.getByRole('textbox', { name: 'End time' }).fill(formMoment(end).time);
  await expectNoAxeViolations(page);
  await shoot(page, 'time-add-entry');
  await dialog.getByRole('button', { name: 'Add time' }).click();
  await expect(page.getByText('Time added.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('time-total')).toHaveText('1h 30m');
  await expect(page.getByRole('heading', { name: /^Time entries/ })).toContainText('(2)');
  await expect(page.getByRole('button', { name: /^Edit the entry started / })).toHaveCount(2);
  await expectNoAxeViolations(page);
  await shoot(page, 'time-entries');
  expect(Math.floor((await getTask(owner, task.uid)).total_spent / 60)).toBe(90);

  // The dashboard's week (from Monday 00:00, which a run early on a Monday may cut the entry at): brand and person.
  const monday = new Date();
  monday.setHours(0, 0, 0, 0);
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  const weekSeconds = Math.max(0, end.getTime() - Math.max(start.getTime(), monday.getTime())) / 1000;
  await page.goto(`${baseUrl()}/dashboard`);
  await expect(page.getByRole('heading', { name: 'Time this week' })).toBeVisible();
  await expect(page.getByText(`Monday to Sunday, running timers included: ${formatDuration(weekSeconds)} in all.`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'By brand' })).toContainText('Birch Candles');
  await expect(page.getByRole('region', { name: 'By person' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'dashboard-week-time');
});
