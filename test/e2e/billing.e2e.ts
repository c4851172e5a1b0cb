import { expect, test } from '@playwright/test';
import { call, DAY_MS, joinAs, ownerWithWorkspace, setServerClock, unique } from './support/api';
import { expectNoAxeViolations, shoot } from './support/axe';
import { baseUrl } from './support/mail';
import { authPages, billingPages, teamPages } from './support/pages';

// The server's clock is shared by the whole stack: every test leaves it where it found it.
test.afterEach(async () => setServerClock(0));

test('the trial counts down on the server clock; past day 14 the workspace locks until the admin upgrades through checkout', async ({ browser }) => {
  const { owner, workspaceId } = await ownerWithWorkspace(unique('owner'), 'Lockdown Studio');
  const member = await joinAs(owner, workspaceId, unique('member'));

  // Day 0: the admin sees the 14-day trial.
  const admin = await browser.newPage();
  await admin.goto(`${baseUrl()}/signin`);
  await authPages(admin).signIn(owner.email);
  await expect(admin).toHaveURL(/\/dashboard$/);
  await expect(admin.getByText('Your free trial ends in 14 days.')).toBeVisible();

  // Day 15: the trial is over and nothing is paid.
  await setServerClock(15 * DAY_MS);

  // The member is locked out of every page and told to contact their admin.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await memberPage.goto(`${baseUrl()}/signin`);
  await authPages(memberPage).signIn(member.email);
  await expect(memberPage).toHaveURL(/\/expired$/);
  await expect(memberPage.getByRole('heading', { name: 'Workspace locked' })).toBeVisible();
  await expect(memberPage.getByText(/contact your admin/)).toBeVisible();
  await expect(memberPage.getByRole('link', { name: 'Go to plan and billing' })).toHaveCount(0);
  // The navigation mirrors the permission matrix: no Team or Billing for a member.
  await expect(memberPage.getByRole('link', { name: 'Billing', exact: true })).toHaveCount(0);
  await expect(memberPage.getByRole('link', { name: 'Team', exact: true })).toHaveCount(0);
  await expectNoAxeViolations(memberPage);
  await shoot(memberPage, 'expired-member');
  for (const path of ['/tasks', '/billing']) {
    await memberPage.goto(`${baseUrl()}${path}`);
    await expect(memberPage).toHaveURL(/\/expired$/);
  }

  // The admin, still on the dashboard, is sent to the lockdown by the API's first 402 (the time-entry poll);
  // billing is one click away from there.
  await expect(admin).toHaveURL(/\/expired$/, { timeout: 25_000 });
  await expectNoAxeViolations(admin);
  await shoot(admin, 'expired-admin');
  await admin.getByRole('link', { name: 'Go to plan and billing' }).click();
  await expect(admin).toHaveURL(/\/billing$/);
  await expect(admin.getByText('Trial ended', { exact: true })).toBeVisible();
  await expect(admin.getByText('Total: $99.00 per month')).toBeVisible();
  await expectNoAxeViolations(admin);
  await shoot(admin, 'billing-locked');

  // Upgrade: Business monthly with 2 additional seats, confirmed on the (local) Stripe Checkout page.
  const visited: string[] = [];
  admin.on('framenavigated', (frame) => {
    if (frame === admin.mainFrame()) visited.push(frame.url());
  });
  const billing = billingPages(admin);
  await billing.seatsInput().fill('2');
  await expect(admin.getByText('Total: $139.00 per month')).toBeVisible();
  await billing.upgrade();
  await expect(admin.getByRole('heading', { name: /Subscribe to Business/ })).toBeVisible();
  await shoot(admin, 'checkout');
  await billing.confirmCheckout();

  // Back on /billing?refresh=true: verified, the query dropped, the new plan shown.
  await expect(admin.getByText('Your plan is now BUSINESS.')).toBeVisible();
  await expect(admin).toHaveURL(`${baseUrl()}/billing`);
  expect(visited.some((url) => /\/billing\?refresh=true/.test(url))).toBe(true);
  await expect(admin.getByText('BUSINESS', { exact: true })).toBeVisible();
  await expect(admin.getByText('Active', { exact: true })).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Subscription' })).toBeVisible();
  await expectNoAxeViolations(admin);
  await shoot(admin, 'billing-business');

  // The workspace is active again for everyone.
  await admin.goto(`${baseUrl()}/dashboard`);
  await expect(admin).toHaveURL(/\/dashboard$/);
  await expect(admin.getByText(/free trial/)).toHaveCount(0);
  await memberPage.goto(`${baseUrl()}/tasks`);
  await expect(memberPage).toHaveURL(/\/tasks(\?|$)/);
  await memberContext.close();

  // /verify-subscription checks the workspace's subscription again and shows it on billing.
  await admin.goto(`${baseUrl()}/verify-subscription`);
  await expect(admin).toHaveURL(`${baseUrl()}/billing`);
  await expect(admin.getByText('BUSINESS', { exact: true })).toBeVisible();
});

test('seat limits: past the 5 seats of the trial the team is full, and the seats input stops at the plan maximum', async ({ page }) => {
  const { owner, workspaceId } = await ownerWithWorkspace(unique('seats'), 'Seats Studio');
  // The owner holds one seat; four pending invites take the other four.
  for (let n = 1; n <= 4; n++) await call(owner, 'createInvite', { params: { workspaceId }, body: { email: unique(`invitee${n}`), role: 'member' } });

  await page.goto(`${baseUrl()}/signin`);
  await authPages(page).signIn(owner.email);
  await expect(page).toHaveURL(/\/dashboard$/);

  // A sixth person does not fit: the upgrade dialog says why.
  await teamPages(page).open();
  await page.getByLabel('Email address').fill(unique('sixth'));
  await page.getByRole('button', { name: 'Send invite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade required' });
  await expect(dialog.getByText('Your team is full. Please upgrade your plan to add more members.')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'team-full');
  await dialog.getByRole('button', { name: 'See plans' }).click();

  // Billing counts the seats, and refuses more additional seats than the Business plan's 1000 users.
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByRole('heading', { name: 'Seats' })).toBeVisible();
  await expect(page.getByText('Your free trial ends in 14 days.')).toBeVisible();
  const billing = billingPages(page);
  await expect(billing.seatsInput()).toHaveValue('0');
  await billing.seatsInput().fill('996');
  const tooMany = 'You have reached the maximum available seats on your plan. Please select less users or upgrade your plan.';
  await expect(page.getByText(tooMany)).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'billing-seats-exceed');
  await billing.seatsInput().fill('995');
  await expect(page.getByText(tooMany)).toHaveCount(0);
});
