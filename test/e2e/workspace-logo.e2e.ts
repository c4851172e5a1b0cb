import { expect, test } from '@playwright/test';
import { call, createTask, moveTask, ownerWithBrand, unique } from './support/api';
import { expectNoAxeViolations, shoot } from './support/axe';
import { baseUrl } from './support/mail';
import { signInAt } from './support/pages';

/** A 16×16 blue PNG. */
const LOGO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGOQz99CEmIY1TCqYfhqAACa5EIQhPSIUgAAAABJRU5ErkJggg==', 'base64');

test.use({ viewport: { width: 1440, height: 900 } });

test("an admin gives the workspace a logo: it shows in the top bar and on the client's review page, and can be removed", async ({ page }) => {
  const { owner, workspaceId, brand } = await ownerWithBrand(unique('lena'), 'Lena Studio', 'Lena Bakery');
  await signInAt(page, owner.email);
  await page.goto(`${baseUrl()}/team?tab=workspace`);
  await expect(page.getByText('No logo yet: the workspace’s name stands alone.')).toBeVisible();

  // Not an image the logo takes: said on the field, nothing uploaded.
  await page.locator('input[type=file]').setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: LOGO });
  await expect(page.getByText('logo.gif is not a PNG, JPEG or WebP image.')).toBeVisible();

  await page.locator('input[type=file]').setInputFiles({ name: 'Lena Logo.png', mimeType: 'image/png', buffer: LOGO });
  await expect(page.getByText('The logo of Lena Studio is saved.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logo of Lena Studio' })).toBeVisible();
  // The workspace switcher in the top bar wears it.
  await expect(page.getByRole('banner').locator('img[src*="/logo/"]')).toBeVisible();
  expect((await call(owner, 'getWorkspace', { params: { workspaceId } })).logo_url).toMatch(/\/logo\/[^/]+\/lena-logo\.png\?/);
  await expectNoAxeViolations(page);
  await shoot(page, 'workspace-logo-settings');

  // The client's review page shows it beside the workspace's name.
  const post = await createTask(owner, workspaceId, brand.uid, { summary: 'Saturday loaf', ticket_type: 'post', post_platform: 'instagram' });
  await moveTask(owner, post.uid, 'in_progress', 'needs_approval');
  const link = await call(owner, 'shareForReview', { params: { workspaceId }, body: { task_ids: [post.uid] } });
  const client = await page.context().browser()!.newPage();
  await client.goto(link.url.startsWith('http') ? link.url : `${baseUrl()}${link.url}`);
  const heading = client.getByRole('heading', { level: 1, name: 'Lena Studio' });
  await expect(heading).toBeVisible();
  await expect(heading.locator('img[src*="/logo/"]')).toBeVisible();
  // The signed link works for the signed-out client: the image loads.
  await expect.poll(() => heading.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(16);
  await expectNoAxeViolations(client);
  await shoot(client, 'workspace-logo-review');
  await client.close();

  // Removed, the name stands alone again.
  await page.getByRole('button', { name: 'Remove logo' }).click();
  await expect(page.getByText('The logo of Lena Studio was removed.')).toBeVisible();
  await expect(page.getByText('No logo yet: the workspace’s name stands alone.')).toBeVisible();
  await expect(page.getByRole('banner').locator('img[src*="/logo/"]')).toHaveCount(0);
});
