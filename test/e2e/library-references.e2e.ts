import { expect, test } from '@playwright/test';
import { call, getTask, ownerWithBrand, unique } from './support/api';
import { expectNoAxeViolations, shoot } from './support/axe';
import { fakesOrigin } from './support/fakes';
import { baseUrl } from './support/mail';
import { signInAt, taskPages } from './support/pages';

test.use({ viewport: { width: 1440, height: 900 } });

test('posts picked from the brand’s library become a new task’s reference content and images', async ({ page }) => {
  test.setTimeout(120_000);
  const { owner, workspaceId, brand } = await ownerWithBrand(unique('references'), 'References Co', 'Harbour Roasters');
  const origin = await fakesOrigin();
  // Three posts in the library (fetched from the local fake social web, their images copied to the uploads bucket).
  for (const path of ['/social/instagram/201', '/social/tiktok/202', '/social/youtube/og-203']) {
    await call(owner, 'createPost', { params: { workspaceId, projectId: brand.uid }, body: { url: `${origin}${path}` } });
  }
  await signInAt(page, owner.email);
  const tasks = taskPages(page);
  await tasks.open();

  // C opens New task (quick create); More fields leads to the full form with the reference fields.
  await page.keyboard.press('c');
  await expect(tasks.formDialog()).toBeVisible();
  await tasks.moreFields();
  const form = tasks.formDialog();
  await form.getByRole('textbox', { name: 'Summary', exact: true }).fill('Autumn blend launch');
  await form.getByRole('textbox', { name: 'Reference content', exact: true }).fill('Warm tones, slow pours.');

  // The library opens inside the form: search it, pick two posts.
  await form.getByRole('button', { name: 'Pick from library' }).click();
  // With selection, the cards are a group of checkboxes, one a post.
  const picker = form.getByRole('group', { name: 'Pick from the library' });
  await expect(picker.getByRole('checkbox')).toHaveCount(3);
  await expect(picker.getByRole('img', { name: /^Thumbnail of the post/ }).first()).toHaveAttribute('src', /\/thumbnail\.png\?/);
  await form.getByRole('searchbox', { name: 'Search posts' }).fill('tiktok');
  // Enter in the search filters; it does not submit the task.
  await page.keyboard.press('Enter');
  await expect(picker.getByRole('checkbox')).toHaveCount(1);
  await expect(form).toBeVisible();
  await picker.getByRole('checkbox', { name: /Alex Rivera on TikTok$/ }).check();
  await form.getByRole('searchbox', { name: 'Search posts' }).fill('instagram');
  await expect(picker.getByRole('checkbox')).toHaveCount(1);
  await picker.getByRole('checkbox', { name: /Northwind Coffee on Instagram$/ }).check();
  await expect(form.getByRole('heading', { name: /Pick from the library/ })).toContainText('(2)');
  await expectNoAxeViolations(page);
  await shoot(page, 'library-references-picker');
  await form.getByRole('button', { name: 'Add 2 references' }).click();
  await expect(form.getByText('2 posts added to the references.')).toBeVisible();

  const content = form.getByRole('textbox', { name: 'Reference content', exact: true });
  await expect(content).toHaveValue(/^Warm tones, slow pours\.\n\nTikTok post by .+\n\nhttp.+\/social\/tiktok\/202\n\nPost 202 on tiktok/);
  await expect(content).toHaveValue(/Instagram post by .+\n\nhttp.+\/social\/instagram\/201\n\nPost 201 on instagram/);
  await expect(form.getByRole('textbox', { name: 'Reference images', exact: true })).toHaveValue(`${origin}/social/img/202.png\n${origin}/social/img/201.png`);
  await expectNoAxeViolations(page);
  await shoot(page, 'library-references-filled');

  await form.getByRole('button', { name: 'Create task' }).click();
  await expect(form).toBeHidden();
  const flash = page.getByText(/^Task #\d+ created\.$/);
  await expect(flash).toBeVisible();
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page).toHaveURL(/[?&]task=/);
  const uid = new URL(page.url()).searchParams.get('task')!;
  const task = await getTask(owner, uid, workspaceId);
  expect(task.reference_images).toEqual([`${origin}/social/img/202.png`, `${origin}/social/img/201.png`]);
  expect(task.reference_content).toContain(`${origin}/social/tiktok/202`);
  expect(task.reference_content).toContain(`${origin}/social/instagram/201`);

  // The task page shows its references.
  await page.goto(`${baseUrl()}/project/${encodeURIComponent(brand.slug)}/tasks/${encodeURIComponent(uid)}`);
  await expect(page.getByText(`${origin}/social/tiktok/202`).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /^Reference image 1/ })).toHaveAttribute('href', `${origin}/social/img/202.png`);
  await expect(page.getByRole('link', { name: /^Reference image 2/ })).toHaveAttribute('href', `${origin}/social/img/201.png`);
  // An image on another site is not shown in the page (CSP): a tile names the site instead of a broken image.
  await expect(page.getByRole('link', { name: /^Reference image 1/ })).toContainText(`Image on ${new URL(origin).host}`);
  await expectNoAxeViolations(page);
  await shoot(page, 'library-references-task');

  // Editing the task (Edit all fields) offers the same picker above its reference fields, for the task's brand.
  await page.getByRole('button', { name: 'Edit all fields' }).click();
  const edit = page.getByRole('dialog', { name: `Edit #${task.id}` });
  await edit.getByRole('button', { name: 'Pick from library' }).click();
  await expect(edit.getByRole('group', { name: 'Pick from the library' }).getByRole('checkbox')).toHaveCount(3);
  await edit.getByRole('checkbox', { name: /Studio Lumen on YouTube$/ }).check();
  await edit.getByRole('button', { name: 'Add 1 reference' }).click();
  await expect(edit.getByRole('textbox', { name: 'Reference content', exact: true })).toHaveValue(/\/social\/youtube\/og-203/);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect.poll(async () => (await getTask(owner, uid, workspaceId)).reference_images).toEqual([
    `${origin}/social/img/202.png`,
    `${origin}/social/img/201.png`,
    `${origin}/social/img/203.png`,
  ]);
});
