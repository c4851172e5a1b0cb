import { expect, test } from '@playwright/test';
import { createTask, ownerWithBrand, unique } from './support/api';
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

test('a brand voice from the brand’s website, hooks and brand fit on a Post task, its scenes, and feedback', async ({ page }) => {
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
  await page.getByRole('button', { name: 'Save as brand voice' }).click();
  await expect(page.getByText(/The voice “.+” was saved\./)).toBeVisible();

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
