import { expect, test } from '@playwright/test';
import { call, createTask, getTask, moveTask, ownerWithBrand, unique } from './support/api';
import { expectNoAxeViolations, shoot } from './support/axe';
import { baseUrl } from './support/mail';

test.use({ viewport: { width: 390, height: 844 } });

test('a client reviews a week of posts on a phone: approves one, requests changes on another, sees no internal moves', async ({ page }) => {
  // Arrange: three posts that went through the team's moves to Needs approval, shared in one link.
  const { owner, workspaceId, brand } = await ownerWithBrand(unique('rosa'), 'Rosa Content', 'Rosa Bakery');
  const posts = await Promise.all(
    [
      { summary: 'Monday croissant', caption: 'Fresh out of the oven at 7. Come early!', due_date: '2026-12-07' },
      { summary: 'Wednesday sourdough', caption: 'Three days of patience in every loaf.', due_date: '2026-12-09' },
      { summary: 'Friday offer', caption: 'Two for one on cinnamon buns, Friday only.', due_date: '2026-12-11' },
    ].map((post) => createTask(owner, workspaceId, brand.uid, { ...post, ticket_type: 'post', post_platform: 'instagram' })),
  );
  for (const post of posts) await moveTask(owner, post.uid, 'in_progress', 'needs_approval');
  const link = await call(owner, 'shareForReview', { params: { workspaceId }, body: { task_ids: posts.map((post) => post.uid) } });
  expect(link.url).toMatch(/\/review\/[A-Za-z0-9_-]+$/);

  // The client opens it on a phone: the workspace asks, each post with its date, platform and caption.
  await page.goto(link.url.startsWith('http') ? link.url : `${baseUrl()}${link.url}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rosa Content' })).toBeVisible();
  await expect(page.getByText('Rosa Content asks for your review of 3 posts.')).toBeVisible();
  await expect(page.getByText('3 posts wait for your decision')).toBeVisible();
  const card = (summary: string) => page.getByRole('region', { name: summary });
  await expect(card('Monday croissant').getByText('Scheduled for Monday, December 7, 2026')).toBeVisible();
  await expect(card('Monday croissant').getByText('Post for Instagram · Rosa Bakery')).toBeVisible();
  await expect(card('Wednesday sourdough').getByText('Three days of patience in every loaf.')).toBeVisible();
  // Nothing of the team: no moves, no names, no internal statuses.
  for (const internal of [/moved/i, /A team member/, /Needs approval/, /In progress/, owner.email]) await expect(page.getByText(internal)).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
  await shoot(page, 'review-phone-open');

  // Approves the first with a name, requests changes on the second (a comment is asked for first).
  await page.getByRole('textbox', { name: 'Your name (optional)' }).fill('Cleo from Rosa');
  await card('Monday croissant').getByRole('button', { name: 'Approve' }).click();
  await expect(card('Monday croissant').getByText('You approved this')).toBeVisible();
  await expect(card('Monday croissant').getByRole('button', { name: 'Approve' })).toHaveCount(0);
  const sourdough = card('Wednesday sourdough');
  await sourdough.getByRole('button', { name: 'Request changes' }).click();
  await expect(sourdough.getByText('Say what should change before requesting changes.')).toBeVisible();
  await sourdough.getByRole('textbox', { name: 'What should change?' }).fill('Show the crumb, not the crust.');
  await sourdough.getByRole('button', { name: 'Request changes' }).click();
  await expect(sourdough.getByText('You requested changes')).toBeVisible();
  await expect(page.getByText('1 post waits for your decision')).toBeVisible();
  await expect(card('Friday offer').getByRole('button', { name: 'Approve' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'review-phone-decided');

  // Opened again: the decisions are there, by the name given; still nothing internal.
  await page.reload();
  await expect(card('Monday croissant').getByText(/Approved by Cleo from Rosa on/)).toBeVisible();
  await expect(card('Wednesday sourdough').getByText(/Changes requested by Cleo from Rosa on/)).toBeVisible();
  await expect(card('Wednesday sourdough').getByText('“Show the crumb, not the crust.”')).toBeVisible();
  await expect(page.getByText(/moved/i)).toHaveCount(0);
  await shoot(page, 'review-phone-reopened');

  // The team sees each decision on its task.
  expect((await getTask(owner, posts[0]!.uid, workspaceId)).status).toBe('approved');
  expect((await getTask(owner, posts[1]!.uid, workspaceId)).status).toBe('rejected');
  expect((await getTask(owner, posts[2]!.uid, workspaceId)).status).toBe('needs_approval');
});
