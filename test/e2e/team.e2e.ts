import { expect, test } from '@playwright/test';
import { call, joinAs, ownerWithWorkspace, unique } from './support/api';
import { expectNoAxeViolations, shoot } from './support/axe';
import { baseUrl, mailsTo } from './support/mail';
import { authPages, teamPages } from './support/pages';

test('an admin manages the team: roles, the last-admin and owner rules, resending and revoking an invite, removing a member', async ({ page }) => {
  const { owner, workspaceId } = await ownerWithWorkspace(unique('alice'), 'Team Rules');
  const bob = await joinAs(owner, workspaceId, unique('bob'));
  const carolEmail = unique('carol');
  await call(owner, 'createInvite', { params: { workspaceId }, body: { email: carolEmail, role: 'member' } });

  await page.goto(`${baseUrl()}/signin`);
  await authPages(page).signIn(owner.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  const team = teamPages(page);
  await team.open();
  await expect(team.row(owner.email)).toContainText('Owner');
  await expect(team.row(carolEmail)).toContainText('Invited');
  await expectNoAxeViolations(page);
  await shoot(page, 'team-manage');
  await page.getByRole('tab', { name: 'My invites' }).click();
  await expect(page.getByRole('heading', { name: 'My invites' })).toBeVisible();
  await expect(page.getByText('No pending invites')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'team-my-invites');
  await page.getByRole('tab', { name: 'Manage team' }).click();

  // Bob becomes an admin.
  let dialog = await team.changeRole(bob.email, 'Admin');
  await expect(dialog).toBeHidden();
  await expect(team.row(bob.email)).toContainText('Admin');

  // The owner's own role is not theirs to change.
  dialog = await team.changeRole(owner.email, 'Member');
  await expect(dialog.getByText('This user cannot be edited.')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'team-change-role');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Back to one admin: that admin cannot be removed.
  dialog = await team.changeRole(bob.email, 'Member');
  await expect(dialog).toBeHidden();
  await expect(team.row(bob.email)).toContainText('Member');
  await team.remove(owner.email);
  await expect(page.getByRole('alert').filter({ hasText: 'You must have at least 1 admin on this workspace.' })).toBeVisible();
  await shoot(page, 'team-min-one-admin');

  // Carol's invite is emailed again (the same link), then revoked; Bob is removed.
  const invitesToCarol = async () => (await mailsTo(carolEmail, /invit/i)).length;
  await expect.poll(invitesToCarol).toBe(1);
  await team.resend(carolEmail);
  await expect(page.getByText(`The invite was emailed to ${carolEmail} again.`)).toBeVisible();
  await expect.poll(invitesToCarol).toBe(2);
  await team.revoke(carolEmail);
  await expect(team.row(carolEmail)).toHaveCount(0);
  await team.remove(bob.email);
  await expect(team.row(bob.email)).toHaveCount(0);

  // Alone now: the last user stays.
  await team.remove(owner.email);
  await expect(page.getByRole('alert').filter({ hasText: 'The last user of a workspace cannot be removed.' })).toBeVisible();
  await expect(team.row(owner.email)).toBeVisible();
});

test('invite on its own page, a member profile and role edit, the own profile, and workspace settings', async ({ browser }) => {
  const { owner, workspaceId } = await ownerWithWorkspace(unique('olga'), 'Pages Studio');
  const bob = await joinAs(owner, workspaceId, unique('bob'));
  const page = await browser.newPage();
  await page.goto(`${baseUrl()}/signin`);
  await authPages(page).signIn(owner.email);
  await expect(page).toHaveURL(/\/dashboard$/);

  // /user/add: invite, then back to the team.
  const daveEmail = unique('dave');
  await page.goto(`${baseUrl()}/user/add`);
  await expect(page.getByRole('heading', { name: 'Invite a user' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'user-add');
  await page.getByLabel('Email address').fill(daveEmail);
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page).toHaveURL(/\/team$/);
  await expect(teamPages(page).row(daveEmail)).toContainText('Invited');

  // /profile/{uid}: Bob as an admin sees him, then /user/{id}/edit makes him an admin.
  await page.goto(`${baseUrl()}/profile/${bob.uid}`);
  await expect(page.getByRole('heading', { name: 'Team member profile' })).toBeVisible();
  await expect(page.getByText(bob.email).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'member-profile');
  await page.getByRole('link', { name: 'Edit role' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/${bob.uid}/edit$`));
  await expect(page.getByRole('heading', { name: 'Edit user' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'user-edit');
  await page.getByLabel('Role', { exact: true }).click();
  await page.getByRole('option', { name: 'Admin', exact: true }).click();
  await page.getByRole('button', { name: 'Save role' }).click();
  await expect(page).toHaveURL(/\/team$/);
  await expect(teamPages(page).row(bob.email)).toContainText('Admin');

  // /profile: verified email, a display name.
  await page.goto(`${baseUrl()}/profile`);
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await page.getByLabel('Display name').fill('Olga Owner');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Your profile was saved.')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'profile');

  // Workspace settings: rename; the only workspace one owns cannot be deleted.
  await page.goto(`${baseUrl()}/team?tab=workspace`);
  await page.getByLabel('Workspace name').fill('Pages Studio Renamed');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('The workspace is now called Pages Studio Renamed.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Switch workspace: Pages Studio Renamed/ })).toBeVisible();
  await expect(page.getByText('You cannot delete the only workspace you own.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Pages Studio Renamed' })).toBeDisabled();
  await expectNoAxeViolations(page);
  await shoot(page, 'workspace-settings');

  // Bob, an admin but not the owner, may not delete it.
  const bobContext = await browser.newContext();
  const bobPage = await bobContext.newPage();
  await bobPage.goto(`${baseUrl()}/signin`);
  await authPages(bobPage).signIn(bob.email);
  await expect(bobPage).toHaveURL(/\/dashboard$/);
  await bobPage.goto(`${baseUrl()}/team?tab=workspace`);
  await expect(bobPage.getByText('You can only delete the workspaces you own.')).toBeVisible();
  await bobContext.close();

  // With a second workspace of her own, Olga deletes this one and goes on in the other.
  await call(owner, 'createWorkspace', { body: { name: 'Second Studio' } });
  await page.reload();
  await page.getByRole('button', { name: 'Delete Pages Studio Renamed' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Workspace Pages Studio Renamed was deleted.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Switch workspace: Second Studio/ })).toBeVisible();
});
