import { expect, test, type Page } from '@playwright/test';
import { API_PREFIX } from '#shared/routes';
import { call, createTask, joinAs, ownerWithBrand, unique, type Person } from './support/api';
import { expectNoAxeViolations, shoot } from './support/axe';
import { baseUrl, waitForMail } from './support/mail';
import { signInAt } from './support/pages';

type Bell = Awaited<ReturnType<typeof call<'listNotifications'>>>;

/** Waits (through the API) until `who` has a notification matching `title`: the fan-out runs after the commit. */
const notified = async (who: Person, title: RegExp): Promise<Bell[number]> => {
  const until = Date.now() + 20_000;
  for (;;) {
    const found = (await call(who, 'listNotifications')).find((item) => title.test(item.title));
    if (found) return found;
    if (Date.now() > until) throw new Error(`No notification ${title} for ${who.email}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

/** Opens the bell in the top bar: its label counts the unread ones. */
const openBell = async (page: Page, unread: number) => {
  const bell = page.getByRole('button', { name: `Notifications, ${unread} unread` });
  await expect(bell).toBeVisible();
  await bell.click();
};

test('a client approval notifies whoever shared the link, in the bell and by email', async ({ page }) => {
  const { owner, workspaceId, brand } = await ownerWithBrand(unique('olive'), 'Approval Studio', 'Sunny Bakes');
  await call(owner, 'updateProfile', { body: { name: 'Olive Owner' } });
  const task = await createTask(owner, workspaceId, brand.uid, { summary: 'Croissant carousel', status: 'needs_approval' });
  const link = await call(owner, 'createReviewLink', { params: { id: task.uid } });

  // The client decides through the review link, signed out (the public review route the review page calls).
  const decided = await fetch(`${baseUrl()}${API_PREFIX}/review/${link.token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ decision: 'approved', reviewer_name: 'Rita Client' }),
  });
  expect(decided.status).toBe(200);
  const title = `Rita Client approved #${task.id} Croissant carousel`;
  await notified(owner, new RegExp(title));

  await signInAt(page, owner.email);
  await openBell(page, 1);
  const item = page.getByRole('menuitem', { name: new RegExp(title) });
  await expect(item).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'notifications-bell-approval');
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/project/${brand.slug}/tasks/${task.uid}$`));

  // One email, through the queue, to the mail catcher.
  const mail = await waitForMail(owner.email, new RegExp(title));
  expect(mail.text).toContain(`/project/${brand.slug}/tasks/${task.uid}`);
  await page.goto(`${baseUrl()}/_local/mail`);
  await expect(page.getByText(title).first()).toBeVisible();
  await shoot(page, 'notifications-mail-catcher');
});

test('an @mention picked in the comment box notifies the mentioned member', async ({ page, browser }) => {
  const { owner, workspaceId, brand } = await ownerWithBrand(unique('olive'), 'Mention Studio', 'Green Leaf');
  await call(owner, 'updateProfile', { body: { name: 'Olive Owner' } });
  const sam = await joinAs(owner, workspaceId, unique('sam'));
  await call(sam, 'updateProfile', { body: { name: 'Sam Stone' } });
  await call(owner, 'grantProjectAccess', { params: { workspaceId, projectId: brand.uid }, body: { userId: sam.uid } });
  const task = await createTask(owner, workspaceId, brand.uid, { summary: 'Spring launch reel' });

  await signInAt(page, owner.email);
  await page.goto(`${baseUrl()}/project/${brand.slug}/tasks/${task.uid}`);
  const composer = page.getByRole('form', { name: 'New comment' });
  const box = composer.getByRole('textbox', { name: 'Comment', exact: true });
  await box.click();
  await box.pressSequentially('Can you check the hook @Sa');
  const option = composer.getByRole('option', { name: /^Sam Stone/ });
  await expect(option).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'notifications-mention-picker');
  await page.keyboard.press('Enter');
  await expect(box).toHaveValue('Can you check the hook @Sam Stone ');
  await box.pressSequentially('before Friday?');
  await composer.getByRole('button', { name: 'Post comment' }).click();
  const posted = page.getByTestId('comment').filter({ hasText: 'before Friday?' });
  await expect(posted.getByTestId('mention-chip')).toHaveText('@Sam Stone');
  await expectNoAxeViolations(page);
  await shoot(page, 'notifications-mention-chip');

  const title = `Olive Owner mentioned you on #${task.id} Spring launch reel`;
  await notified(sam, new RegExp(title));
  const samContext = await browser.newContext();
  const samPage = await samContext.newPage();
  await signInAt(samPage, sam.email);
  await openBell(samPage, 1);
  await expect(samPage.getByRole('menuitem', { name: new RegExp(title) })).toBeVisible();
  await expectNoAxeViolations(samPage);
  await shoot(samPage, 'notifications-bell-mention');
  await waitForMail(sam.email, new RegExp(title));

  // Sam's settings: each kind on or off, in the app and by email.
  await samPage.goto(`${baseUrl()}/profile#notifications`);
  const mentionsByEmail = samPage.getByRole('checkbox', { name: 'Mentions: By email' });
  await expect(mentionsByEmail).toBeChecked();
  await mentionsByEmail.click();
  await expect(samPage.getByText('Saved')).toBeVisible();
  await expect(mentionsByEmail).not.toBeChecked();
  expect((await call(sam, 'getNotificationSettings')).mention).toEqual({ in_app: true, email: false, push: true });
  await expectNoAxeViolations(samPage);
  await shoot(samPage, 'notifications-settings');
  await samContext.close();

  // On a phone the switches stay reachable.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  const phonePage = await phone.newPage();
  await signInAt(phonePage, sam.email);
  await phonePage.goto(`${baseUrl()}/profile#notifications`);
  await expect(phonePage.getByRole('checkbox', { name: 'Assignments: By email' })).toBeVisible();
  await expectNoAxeViolations(phonePage);
  await shoot(phonePage, 'notifications-settings-phone');
  await phone.close();
});
