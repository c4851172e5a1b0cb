import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { getTask, ownerWithBrand, unique } from './support/api';
import { expectNoAxeViolations, shoot } from './support/axe';
import { fakesOrigin } from './support/fakes';
import { baseUrl } from './support/mail';
import { signInAt } from './support/pages';


const POSTS = 50;

/** A full-page screenshot shows every card's image: the lazy ones below the fold are loaded first. */
const loadAllImages = async (page: Page) => {
  await page.evaluate(() => document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]').forEach((img) => (img.loading = 'eager')));
  await expect.poll(() => page.evaluate(() => [...document.images].every((img) => img.complete))).toBe(true);
};

/** The first `count` cards show a loaded image from the uploads bucket (a signed link), not the site's address. */
const expectThumbnails = async (cards: Locator, count: number) => {
  for (let i = 0; i < count; i++) {
    const image = cards.nth(i).getByRole('img', { name: /^Thumbnail of the post/ });
    await image.scrollIntoViewIfNeeded();
    await expect(image).toHaveAttribute('src', /\/posts\/[^/]+\/thumbnail\.png\?.*X-Amz-Signature=/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
  }
};

test.use({ viewport: { width: 1440, height: 900 } });

test('a CSV of post URLs imported into the library with its progress, the posts in library and feed, raw post data, a task from a post', async ({ page }) => {
  test.setTimeout(180_000);
  const { owner, workspaceId, brand } = await ownerWithBrand(unique('library'), 'Library Co', 'Crumb Bakery');
  const origin = await fakesOrigin();
  const slug = encodeURIComponent(brand.slug);
  await signInAt(page, owner.email);

  // The brand's navigation leads to its library, empty at first.
  await page.goto(`${baseUrl()}/project/${slug}`);
  await page.getByRole('link', { name: 'Library', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${slug}/library$`));
  await expect(page.getByRole('heading', { name: 'Crumb Bakery library' })).toBeVisible();
  await expect(page.getByText('No posts yet.')).toBeVisible();
  await expectNoAxeViolations(page);

  // A file with no URL is refused in the browser with the spec's message; nothing is uploaded.
  await page.getByRole('button', { name: 'Import posts from CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import posts from CSV' });
  const fileInput = dialog.locator('input[type="file"]');
  await fileInput.setInputFiles({ name: 'nothing.csv', mimeType: 'text/csv', buffer: Buffer.from('url\nnot a link\n') });
  await expect(dialog.getByText('No valid URLs found in the CSV file')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Import \d+ posts$/ })).toBeDisabled();

  // 50 URLs of the local fake social web (a header, a ';' separator, a refused row): previewed before anything is sent.
  const lines = ['Post URL;Note'];
  for (let n = 1; n <= POSTS; n++) {
    lines.push(`${origin}/social/${n % 2 ? 'instagram' : 'tiktok'}/${n};note ${n}`);
    if (n === 10) lines.push('www-not-a-link;oops');
  }
  await fileInput.setInputFiles({ name: 'posts.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`) });
  await expect(dialog.getByText(`${POSTS} valid URLs, 1 refused rows.`)).toBeVisible();
  const refused = dialog.getByRole('table', { name: 'Refused rows' });
  await expect(refused.getByRole('row').filter({ hasText: 'www-not-a-link' })).toContainText('Not a web address (http or https)');
  await expect(dialog.getByRole('table', { name: 'Valid rows' }).getByText(`${origin}/social/instagram/1`, { exact: true })).toBeVisible();
  await expect(dialog.getByText('and 40 more')).toBeVisible();
  await shoot(page, 'library-import-preview');
  await expectNoAxeViolations(page);

  // The file goes to storage, the import runs in the background: its progress reads 'Processing X of Y posts'.
  await dialog.getByRole('button', { name: `Import ${POSTS} posts` }).click();
  await expect(dialog).toBeHidden();
  const progress = page.getByText(/Processing \d+ of \d+ posts|Waiting to start/).or(page.getByText(/^Completed: /));
  await expect(progress.first()).toBeVisible();
  // It survives a reload: the page lists the brand's imports from the server.
  await page.reload();
  await expect(page.getByText(/Processing \d+ of 51 posts|Completed: /).first()).toBeVisible();
  await shoot(page, 'library-import-progress');

  await expect(page.getByText(`Completed: ${POSTS} imported, 0 duplicate, 1 failed`).first()).toBeVisible({ timeout: 120_000 });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download failures (CSV)' }).click();
  const failures = await readFile(await (await download).path(), 'utf8');
  expect(failures).toContain('www-not-a-link');

  // The posts are in the library, newest first, a page at a time.
  const cards = page.getByRole('list', { name: 'Posts of Crumb Bakery' }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more' })).toBeVisible();
  // Each card shows its post's image, copied to the uploads bucket (the CSP allows images from there only).
  await expectThumbnails(cards, 6);
  await loadAllImages(page);
  await shoot(page, 'library-posts');
  await expectNoAxeViolations(page);

  // Raw post data on demand.
  await cards.first().getByRole('button', { name: /^Raw post data/ }).click();
  const raw = page.getByRole('dialog', { name: 'Raw post data' });
  await expect(raw.getByText('Content type')).toBeVisible();
  await expect(raw.locator('pre')).toContainText('/social/');
  await shoot(page, 'library-raw-data');
  await expectNoAxeViolations(page);
  await raw.getByRole('button', { name: 'Close', exact: true }).click();

  // Tags: edit one post's tags, then filter by the tag.
  await cards.first().getByRole('button', { name: /^Edit tags/ }).click();
  const tagsDialog = page.getByRole('dialog', { name: 'Tags of the post' });
  await tagsDialog.getByRole('combobox', { name: 'Tags' }).fill('summer');
  await tagsDialog.getByRole('combobox', { name: 'Tags' }).press('Enter');
  await tagsDialog.getByRole('button', { name: 'Save tags' }).click();
  await expect(tagsDialog).toBeHidden();
  await expect(cards.first().getByText('summer', { exact: true })).toBeVisible();

  // One post added by its URL; a URL already in the library says so.
  await page.getByRole('button', { name: 'Add a post by URL' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add a post by URL' });
  await addDialog.getByLabel('Post URL').fill(`${origin}/social/instagram/1`);
  await addDialog.getByRole('button', { name: 'Add post' }).click();
  await expect(addDialog.getByText('This post is already in the library.')).toBeVisible();
  await expectNoAxeViolations(page);
  await addDialog.getByLabel('Post URL').fill(`${origin}/social/youtube/99`);
  await addDialog.getByRole('button', { name: 'Add post' }).click();
  await expect(addDialog).toBeHidden();
  await expect(page.getByText('Post added.')).toBeVisible();
  // Newest first: post 99 was published after the imported ones.
  await expect(cards.first().getByText('YouTube', { exact: true })).toBeVisible();

  // A Post task from a post: the post is its reference, with a link to the task.
  await cards.first().getByRole('button', { name: /^Create task/ }).click();
  const openTask = cards.first().getByRole('link', { name: 'Open the task' });
  await expect(openTask).toBeVisible();
  const taskUid = /\/tasks\/([^/?#]+)/.exec((await openTask.getAttribute('href')) ?? '')?.[1];
  expect(taskUid).toBeTruthy();
  const task = await getTask(owner, decodeURIComponent(taskUid!), workspaceId);
  expect(task.ticket_type).toBe('post');
  expect(task.reference_content).toContain('/social/');
  // The first card is the post added last (post 99 on YouTube).
  expect(task.platform).toBe('YouTube');
  expect(task.post_platform).toBe('youtube');
  expect(task.caption).toContain('Post 99 on youtube');
  // The site's image address (the card shows the server's copy through a link that expires).
  expect(task.reference_images).toEqual([`${origin}/social/img/99.png`]);
  await openTask.click();
  await expect(page).toHaveURL(new RegExp(`/tasks/${taskUid}`));
  await expect(page.getByText(task.summary).first()).toBeVisible();

  // The feed: newest first, by platform, a page at a time.
  await page.goto(`${baseUrl()}/project/${slug}/feed`);
  await expect(page.getByRole('heading', { name: 'Crumb Bakery feed' })).toBeVisible();
  const feedCards = page.getByRole('list', { name: 'Posts of Crumb Bakery' }).getByRole('listitem');
  await expect(feedCards.first()).toBeVisible();
  await expect(feedCards).toHaveCount(24);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(feedCards).toHaveCount(48);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(feedCards).toHaveCount(POSTS + 1);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await page.getByRole('button', { name: /All platforms/ }).click();
  await page.getByRole('option', { name: 'TikTok' }).click();
  await expect(feedCards).toHaveCount(24);
  await expect(feedCards.first().getByText('TikTok', { exact: true })).toBeVisible();
  await expectThumbnails(feedCards, 6);
  await loadAllImages(page);
  await shoot(page, 'feed');
  await expectNoAxeViolations(page);
});
