import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, shoot } from './support/axe';
import { baseUrl, waitForMail } from './support/mail';
import { authPages, workspacePages } from './support/pages';

const unique = (name: string) => `${name}-${Date.now().toString(36)}@example.com`;

test('a person signs up, creates a workspace and invites a teammate, who registers through the link and joins', async ({ browser }) => {
  const aliceEmail = unique('alice');
  const bobEmail = unique('bob');

  // Alice: sign up, confirm with the emailed code (which signs her in), create her workspace.
  const alice = await browser.newPage();
  const aliceAuth = authPages(alice);
  await alice.goto(`${baseUrl()}/signup`);
  await expectNoAxeViolations(alice);
  await shoot(alice, 'signup');
  await aliceAuth.signUp(aliceEmail);
  await expect(alice).toHaveURL(/\/confirm-email/);
  await shoot(alice, 'confirm-email');
  await expectNoAxeViolations(alice);
  await aliceAuth.confirmEmail(aliceEmail);
  await shoot(alice, 'create-workspace');
  await expectNoAxeViolations(alice);
  await workspacePages(alice).create('Northwind Content');
  await expect(alice.getByRole('heading', { name: 'No brands yet' })).toBeVisible();
  await expect(alice.getByText(/free trial ends in 14 days/)).toBeVisible();
  await shoot(alice, 'dashboard');
  await expectNoAxeViolations(alice);

  // Alice invites Bob from the team page.
  await workspacePages(alice).invite(bobEmail);
  await expect(alice.getByRole('row', { name: new RegExp(bobEmail) })).toContainText('Invited');
  await shoot(alice, 'team');
  await expectNoAxeViolations(alice);

  // Bob, in his own browser, opens the link from the email and registers through it.
  const mail = await waitForMail(bobEmail, /Northwind Content/);
  const link = /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/.exec(mail.text)![0];
  const bobContext = await browser.newContext();
  const bob = await bobContext.newPage();
  await bob.goto(link);
  await expect(bob.getByRole('heading', { name: /Northwind Content/ })).toBeVisible();
  await shoot(bob, 'invite');
  await expectNoAxeViolations(bob);
  await bob.getByRole('button', { name: 'Create account' }).click();
  await expect(bob.getByLabel('Email', { exact: true })).toHaveValue(bobEmail);
  const bobAuth = authPages(bob);
  await bobAuth.signUp(bobEmail);
  await bobAuth.confirmEmail(bobEmail);

  // Bob lands on the dashboard of Alice's workspace.
  await expect(bob).toHaveURL(/\/dashboard$/);
  await expect(bob.getByRole('button', { name: /Northwind Content/ })).toBeVisible();
  await shoot(bob, 'bob-dashboard');

  // Bob is a member, not an admin: the admin-only team page sends him to the dashboard.
  await bob.goto(`${baseUrl()}/team`);
  await expect(bob).toHaveURL(/\/dashboard$/);

  // Alice sees Bob joined.
  await alice.reload();
  await expect(alice.getByRole('row', { name: new RegExp(bobEmail) })).toContainText('Joined');
  await bobContext.close();
});
