import { expect, test, type Page } from '@playwright/test';
import { createTask, ownerWithBrand, unique } from './support/api';
import { expectNoAxeViolations, shoot } from './support/axe';
import { fakesControl } from './support/fakes';
import { baseUrl } from './support/mail';
import { signInAt } from './support/pages';


/** A link that opens a Drive folder in a new tab: the tab it opened, on the fake Drive's folder page. */
const openedFolder = async (page: Page, link: ReturnType<Page['getByRole']>) => {
  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await tab.waitForLoadState();
  return tab;
};

test.describe('at 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("Google Drive connects through Google's consent page, makes the brand's folders and a task's pair, and each link opens its folder", async ({ page }) => {
    test.slow();
    const { owner, workspaceId, brand } = await ownerWithBrand(unique('drive'), 'Crumb Studio', 'Crumb Bakery');
    const task = await createTask(owner, workspaceId, brand.uid, { summary: 'Spring launch reel', ticket_type: 'post', post_platform: 'instagram' });
    await signInAt(page, owner.email);

    // The brand's Google Drive page: nothing connected yet, the task page shows no Drive panel.
    await page.goto(`${baseUrl()}/project/${brand.slug}/google-drive`);
    await expect(page.getByRole('heading', { level: 1, name: 'Google Drive' })).toBeVisible();
    await expect(page.getByText('Not connected', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Google Drive folders' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await shoot(page, 'drive-not-connected');

    // Connect: Google's consent (the fake) names Google Drive; Allow brings the person back here, connected.
    await page.getByRole('button', { name: 'Connect Google Drive', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Brandslate wants to access your Google Drive/ })).toBeVisible();
    await shoot(page, 'drive-consent');
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page).toHaveURL(new RegExp(`/project/${brand.slug}/google-drive$`));
    await expect(page.getByText('Connected', { exact: true })).toBeVisible();
    const panel = page.getByRole('heading', { level: 2, name: 'Google Drive folders' });
    await expect(panel).toBeVisible();
    await expect(page.getByText('No folders yet. Create the brand’s folder with raw and final inside.')).toBeVisible();

    // The brand's folders: the brand folder, raw and final, each a link to its folder in Drive.
    await page.getByRole('button', { name: 'Create folders', exact: true }).click();
    await expect(page.getByText('The brand’s Google Drive folders are ready.')).toBeVisible();
    await expect(page.getByRole('link', { name: /^Crumb Bakery\s+in Google Drive/ })).toHaveAttribute('href', /\/drive\/folders\/[\w-]+$/);
    await expect(page.getByRole('link', { name: /^raw\s+in Google Drive/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /^final\s+in Google Drive/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, 'drive-brand-folders');
    const rawTab = await openedFolder(page, page.getByRole('link', { name: /^raw\s+in Google Drive/ }));
    await expect(rawTab.getByRole('heading', { level: 1, name: 'raw' })).toBeVisible();
    await expect(rawTab.getByText(/My Drive \/ Crumb Bakery \/ raw/)).toBeVisible();
    await rawTab.close();

    // Raw trashed in Drive: the page says so and makes it again.
    const rawId = (await page.getByRole('link', { name: /^raw\s+in Google Drive/ }).getAttribute('href'))!.split('/').pop()!;
    await fakesControl('/drive/trash', { id: rawId });
    await page.reload();
    await expect(page.getByText('Not in Drive any more')).toBeVisible();
    await expect(page.getByText('One folder was removed from Drive. Re-create it to make task folders again.')).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, 'drive-brand-folder-missing');
    await page.getByRole('button', { name: 'Re-create missing folders' }).click();
    await expect(page.getByText('Not in Drive any more')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^raw\s+in Google Drive/ })).not.toHaveAttribute('href', new RegExp(`${rawId}$`));

    // The task page: its Google Drive folders panel offers Create folders; then both links open the task's folders.
    await page.goto(`${baseUrl()}/project/${brand.slug}/tasks/${task.uid}`);
    const taskPanel = page.getByRole('heading', { level: 2, name: 'Google Drive folders' });
    await expect(taskPanel).toBeVisible();
    await expect(page.getByText('No folders yet.', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, 'drive-task-before');
    await page.getByRole('button', { name: 'Create folders', exact: true }).click();
    await expect(page.getByText('The task’s Google Drive folders are ready.')).toBeVisible();
    const rawLink = page.getByRole('link', { name: /the raw footage folder/ });
    const finalLink = page.getByRole('link', { name: /the final cut folder/ });
    await expect(rawLink).toHaveAttribute('href', /\/drive\/folders\/[\w-]+$/);
    await expect(finalLink).toHaveAttribute('href', /\/drive\/folders\/[\w-]+$/);
    await expect(page.getByRole('button', { name: 'Create folders', exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await shoot(page, 'drive-task-folders');

    const taskRaw = await openedFolder(page, rawLink);
    await expect(taskRaw.getByRole('heading', { level: 1, name: `#${task.id} Spring launch reel` })).toBeVisible();
    await expect(taskRaw.getByText(`My Drive / Crumb Bakery / raw / #${task.id} Spring launch reel`)).toBeVisible();
    await taskRaw.close();
    const taskFinal = await openedFolder(page, finalLink);
    await expect(taskFinal.getByText(`My Drive / Crumb Bakery / final / #${task.id} Spring launch reel`)).toBeVisible();
    await taskFinal.close();

    // The task's own fields carry the same links (drive_raw_link / drive_final_link).
    await expect(page.getByText('Drive link, raw footage')).toBeVisible();

    // On a phone the panel reads in one column and its links stay reachable.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByRole('link', { name: /the raw footage folder/ })).toBeVisible();
    await page.getByRole('heading', { level: 2, name: 'Google Drive folders' }).scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: 'test-results/shots/drive-task-phone.png' });
  });
});
