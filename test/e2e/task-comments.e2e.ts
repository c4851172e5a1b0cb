import { expect, test } from '@playwright/test';
import { gradientPng } from '../../local/png';
import config from './playwright.config';
import { createTask, getTask, ownerWithBrand, unique } from './support/api';
import { expectNoAxeViolations, shoot } from './support/axe';
import { baseUrl } from './support/mail';
import { signInAt } from './support/pages';

// Chromium's fake microphone (a beep) without a permission prompt, and playback without a click: this file only,
// on top of the shared launch options.
const shared = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...shared,
    args: [...(shared.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--autoplay-policy=no-user-gesture-required'],
  },
  permissions: ['microphone'],
});

test('comments: files are attached and linked, a 6 MB file is refused before upload, and a recorded voice note plays', async ({ page }) => {
  const { owner, workspaceId, brand } = await ownerWithBrand(unique('cora'), 'Comment Studio', 'Olive Grove');
  const task = await createTask(owner, workspaceId, brand.uid, { summary: 'Pick the hero photo' });
  await signInAt(page, owner.email);
  await page.goto(`${baseUrl()}/project/${brand.slug}/tasks/${task.uid}`);
  const composer = page.getByRole('form', { name: 'New comment' });
  const fileInput = composer.locator('input[type="file"]');
  await expect(page.getByRole('tab', { name: 'Comments (0)' })).toBeVisible();

  // Text, a picture and a text file.
  await composer.getByRole('textbox', { name: 'Comment', exact: true }).fill('Option A, in olive green.');
  await fileInput.setInputFiles([
    { name: 'hero-option-a.png', mimeType: 'image/png', buffer: gradientPng(64, 64, [85, 107, 47]) },
    { name: 'shot-notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Golden hour, 50mm, no flash.\n') },
  ]);
  await expectNoAxeViolations(page);
  await shoot(page, 'comment-files-chosen');
  await composer.getByRole('button', { name: 'Post comment' }).click();
  await expect(page.getByText('Comment posted.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Comments (1)' })).toBeVisible();
  const posted = page.getByTestId('comment').filter({ hasText: 'Option A, in olive green.' });
  const picture = posted.getByRole('link', { name: 'Image hero-option-a.png (opens in a new tab)' });
  const notes = posted.getByRole('link', { name: /shot-notes\.txt/ });
  await expect(picture).toBeVisible();
  await expect(notes).toBeVisible();
  // The links hand out the stored bytes.
  const pictureAnswer = await page.request.get((await picture.getAttribute('href'))!);
  expect(pictureAnswer.status()).toBe(200);
  expect((await pictureAnswer.body()).subarray(1, 4).toString()).toBe('PNG');
  expect(await (await page.request.get((await notes.getAttribute('href'))!)).text()).toBe('Golden hour, 50mm, no flash.\n');
  await expectNoAxeViolations(page);
  await shoot(page, 'comment-posted');

  // 6 MB: refused in the browser, named with its size; nothing is posted.
  await composer.getByRole('textbox', { name: 'Comment', exact: true }).fill('The raw cut.');
  await fileInput.setInputFiles({ name: 'raw-cut.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(6 * 1024 * 1024, 1) });
  await expect(composer.getByText('raw-cut.mp4 is 6 MB; a file can be at most 5 MB. Remove it to post.')).toBeVisible();
  await composer.getByRole('button', { name: 'Post comment' }).click();
  await expectNoAxeViolations(page);
  await shoot(page, 'comment-file-too-large');
  await expect(page.getByTestId('comment')).toHaveCount(1);
  await composer.getByRole('button', { name: 'Remove raw-cut.mp4' }).click();
  await expect(composer.getByText(/at most 5 MB\. Remove it/)).toHaveCount(0);
  await composer.getByRole('textbox', { name: 'Comment', exact: true }).fill('');

  // A voice note: record a few seconds from the fake microphone, listen back, post, play.
  await composer.getByRole('button', { name: 'Record audio' }).click();
  await expect(composer.getByRole('status').filter({ hasText: /Recording 0:00:0[2-9]/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'comment-recording');
  await composer.getByRole('button', { name: 'Stop recording' }).click();
  await expect(composer.getByTestId('recording-preview')).toBeVisible();
  await expect(composer.getByRole('button', { name: 'Discard recording' })).toBeVisible();
  await composer.getByRole('button', { name: 'Post comment' }).click();
  await expect(page.getByText('Comment posted.').first()).toBeVisible();
  await expect(page.getByTestId('comment')).toHaveCount(2);
  const player = page.getByTestId('comment').nth(1).getByLabel(/^Voice note voice-comment-.+\.webm$/);
  await expect(player).toBeVisible();
  const played = await player.evaluate(async (audio: HTMLAudioElement) => {
    await audio.play();
    await new Promise((resolve) => setTimeout(resolve, 600));
    return { paused: audio.paused, currentTime: audio.currentTime };
  });
  expect(played.paused).toBe(false);
  expect(played.currentTime).toBeGreaterThan(0);
  await expectNoAxeViolations(page);
  await shoot(page, 'comment-voice-note');

  // The task carries the files and the audio.
  const saved = await getTask(owner, task.uid);
  expect(saved.attachments.map((file) => file.name).sort()).toEqual(['hero-option-a.png', 'shot-notes.txt']);
  expect(saved.audio).toHaveLength(1);
});
