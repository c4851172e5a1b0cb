import { expect, test } from '@playwright/test';
import { call, createTask, getTask, ownerWithBrand, unique } from './support/api';
import { expectNoAxeViolations, shoot } from './support/axe';
import { baseUrl } from './support/mail';
import { signInAt } from './support/pages';

/** Where the fakes listen (their page names the webhook receiver's URL); /site/bakery is a brand's website there. */
const fakesOrigin = async () => {
  const page = await (await fetch(`${baseUrl()}/_local/integrations`)).text();
  const origin = /(http:\/\/127\.0\.0\.1:\d+)\/webhook\//.exec(page)?.[1];
  if (!origin) throw new Error('The fake providers page names no webhook URL');
  return origin;
};

test.use({ viewport: { width: 1440, height: 900 } });

test('a brand voice from the brand’s website, hooks and brand fit on a Post task, its scenes, and feedback', async ({ page, context }) => {
  test.slow();
  const { owner, workspaceId, brand } = await ownerWithBrand(unique('gen'), 'Crumb Studio', 'Crumb and Co');
  const task = await createTask(owner, workspaceId, brand.uid, {
    summary: 'Why our bread rests for 48 hours',
    ticket_type: 'post',
    script: 'Hook: You have been storing bread wrong.\nBody: Keep it cut side down on a wooden board.\nCall to action: Follow for more bakery tips.',
  });
  await signInAt(page, owner.email);

  // Brand voice from a website served by a local test page.
  await page.goto(`${baseUrl()}/project/${brand.slug}/brand-voice`);
  // From social posts: each post box is named by its own label and one box always stays.
  await page.getByRole('radio', { name: 'Social posts' }).or(page.getByRole('button', { name: 'Social posts' })).first().click();
  await expect(page.getByRole('textbox', { name: 'Post 1', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove post 1' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add a post' }).click();
  await expect(page.getByRole('textbox', { name: 'Post 2', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Remove post 2' }).click();
  await expect(page.getByRole('textbox', { name: 'Post 2', exact: true })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Website' }).or(page.getByRole('button', { name: 'Website' })).first().click();
  await page.getByLabel('Website address').fill(`${await fakesOrigin()}/site/bakery`);
  await page.getByRole('button', { name: 'Generate voice' }).click();
  await expect(page.getByText('Draft voice')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Generated in \d+\.\d seconds/).first()).toBeVisible();
  await expect(page.getByText('Local test model').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'generation-brand-voice-draft');
  // Feedback on the generated voice.
  const voiceFeedback = page.getByRole('group', { name: 'Feedback on the brand voice' });
  await voiceFeedback.getByRole('button', { name: 'Good', exact: true }).click();
  await voiceFeedback.getByLabel('Comment').fill('Warm, and it sounds like us');
  await voiceFeedback.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByText('Thanks, your feedback will shape the next brand voice.')).toBeVisible();
  // The draft's example posts are edited, added (up to 4) and removed before saving.
  const draftPost = (n: number) => page.getByRole('textbox', { name: `Example post ${n}`, exact: true });
  const addDraftPost = page.getByRole('button', { name: 'Add an example post' });
  await expect(draftPost(1)).toBeVisible();
  for (let n = 2; n <= 4; n += 1) if (!(await draftPost(n).isVisible())) await addDraftPost.click();
  await expect(draftPost(4)).toBeVisible();
  await expect(addDraftPost).toBeDisabled();
  const removed = await draftPost(2).inputValue();
  await draftPost(1).fill('Edited: our bread rests for 48 hours, and so should you.');
  await draftPost(4).fill('Fresh loaves at seven, every morning.');
  await page.getByRole('button', { name: 'Remove example post 2' }).click();
  await expect(draftPost(4)).toHaveCount(0);
  await expect(addDraftPost).toBeEnabled();
  await expectNoAxeViolations(page);
  await shoot(page, 'generation-brand-voice-draft-posts');
  await page.getByRole('button', { name: 'Save as brand voice' }).click();
  await expect(page.getByText(/The voice “.+” was saved\./)).toBeVisible();
  const [voice] = await call(owner, 'listBrandVoices', { params: { projectId: brand.uid } });
  expect(voice?.example_posts[0]).toBe('Edited: our bread rests for 48 hours, and so should you.');
  expect(voice?.example_posts.at(-1)).toBe('Fresh loaves at seven, every morning.');
  expect(voice?.example_posts.length).toBeLessThanOrEqual(3);
  if (removed.trim()) expect(voice?.example_posts).not.toContain(removed.trim());

  // A script from the brand's home, as a job: progress, then the text with its brand fit.
  await page.goto(`${baseUrl()}/project/${brand.slug}`);
  const longForm = page.getByRole('heading', { name: 'Write from a pillar' });
  await expect(longForm).toBeVisible();
  await page.getByRole('radio', { name: 'Video script' }).or(page.getByRole('button', { name: 'Video script' })).first().click();
  await page.getByLabel('Topic').fill('A morning at the bakery');
  await page.getByRole('button', { name: 'Write script' }).click();
  await expect(page.getByRole('group', { name: 'Feedback on the script' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Brand-fit score').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'generation-script-job');
  // Copy it, then keep it as a Post task with the script in its script field and the topic as summary.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByText('The script was copied.')).toBeVisible();
  await expect(page.getByLabel('Task summary')).toHaveValue('A morning at the bakery');
  await page.getByRole('button', { name: 'Create a task from this' }).click();
  const scriptLink = page.getByRole('link', { name: /^#\d+ A morning at the bakery$/ });
  await expect(scriptLink).toBeVisible({ timeout: 15_000 });
  const scriptTaskUid = /\/tasks\/([^/?#]+)$/.exec((await scriptLink.getAttribute('href')) ?? '')?.[1] ?? '';
  const scriptTask = await getTask(owner, decodeURIComponent(scriptTaskUid), workspaceId);
  expect(scriptTask).toMatchObject({ summary: 'A morning at the bakery', ticket_type: 'post', project_uid: brand.uid });
  expect(scriptTask.script?.length).toBeGreaterThan(20);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(scriptTask.script);
  await expect(page.getByRole('button', { name: 'Create a task from this' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'A morning at the bakery', exact: true })).toBeVisible();

  // A blog post becomes a task whose details hold the text; the link opens it.
  await page.getByRole('radio', { name: 'Blog post' }).or(page.getByRole('button', { name: 'Blog post' })).first().click();
  await page.getByLabel('Topic').fill('How long dough should rest');
  await page.getByRole('button', { name: 'Write blog post' }).click();
  await expect(page.getByRole('group', { name: 'Feedback on the blog post' })).toBeVisible({ timeout: 60_000 });
  const blogSummary = await page.getByLabel('Task summary').inputValue();
  expect(blogSummary.trim()).not.toBe('');
  await page.getByRole('button', { name: 'Create a task from this' }).click();
  const blogLink = page.getByRole('link', { name: /^#\d+ / });
  await expect(page.getByText('The blog post was saved as a task:')).toBeVisible({ timeout: 15_000 });
  await expectNoAxeViolations(page);
  await shoot(page, 'generation-blog-task-created');
  await blogLink.click();
  await expect(page).toHaveURL(/\/tasks\/[^/]+$/);
  const blogTask = await getTask(owner, decodeURIComponent(/\/tasks\/([^/?#]+)$/.exec(page.url())?.[1] ?? ''), workspaceId);
  expect(blogTask).toMatchObject({ summary: blogSummary.trim(), ticket_type: 'task', project_uid: brand.uid });
  expect(blogTask.overview?.length).toBeGreaterThan(20);
  await expect(page.getByText(blogTask.overview!.split('\n')[0]!.slice(0, 40)).first()).toBeVisible();

  // Hooks into the Post task, then its brand fit.
  await page.goto(`${baseUrl()}/project/${brand.slug}/tasks/${task.uid}`);
  await page.getByRole('button', { name: 'Write hooks' }).click();
  await expect(page.getByText('A hook and three variations were written into this post.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Brand-fit score').first()).toBeVisible();
  await page.getByRole('button', { name: 'Check brand fit' }).click();
  await expect(page.getByRole('button', { name: 'Check brand fit' })).toBeEnabled({ timeout: 30_000 });

  // The script's scenes.
  await page.getByRole('button', { name: 'Extract scenes' }).click();
  await expect(page.getByRole('table', { name: 'Scenes' })).toBeVisible({ timeout: 30_000 });
  const scenesFeedback = page.getByRole('group', { name: 'Feedback on the scenes' });
  await scenesFeedback.getByRole('button', { name: 'Not good', exact: true }).click();
  await scenesFeedback.getByLabel('Comment').fill('Shorter scenes, please');
  await scenesFeedback.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByText('Thanks, your feedback will shape the next scenes.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'AI assistant' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'generation-post-panel');
});
