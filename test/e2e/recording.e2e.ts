import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import config from './playwright.config';
import { ownerWithBrand, unique } from './support/api';
import { expectNoAxeViolations, shoot } from './support/axe';
import { baseUrl } from './support/mail';
import { signInAt } from './support/pages';

/**
 * Screen recording → task → /play, in Chromium with its fake media: a fake screen (an animated pattern), a fake
 * camera and a beeping fake microphone, accepted without a prompt. Each recording error is reached by a browser
 * that denies or lacks the device (its own launch flags); only "not supported" and "limited" stub the page, as
 * those are about features a browser lacks.
 */
const shared = config.use?.launchOptions ?? {};
const FAKE_MEDIA = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--autoplay-policy=no-user-gesture-required'];
const PERMISSIONS = ['microphone', 'camera', 'clipboard-read', 'clipboard-write'];
test.use({ launchOptions: { ...shared, args: [...(shared.args ?? []), ...FAKE_MEDIA] }, permissions: PERMISSIONS });

/** Another Chromium with these media flags (instead of the fake devices that accept everything). */
const launchWith = (args: string[]) => chromium.launch({ ...shared, args: [...(shared.args ?? []), ...args] });

/** Ten seconds of silence, 48 kHz 16-bit mono: the fake microphone that hears nothing. */
const silentWav = () => {
  const rate = 48_000;
  const samples = rate * 10;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples * 2, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples * 2, 40);
  const dir = resolve('test-results/media');
  mkdirSync(dir, { recursive: true });
  const path = resolve(dir, 'silence.wav');
  writeFileSync(path, Buffer.concat([header, Buffer.alloc(samples * 2)]));
  return path;
};

/** The recorder as a person sees it: the setup dialog, the controls in the corner, the new-task form. */
const recorderPages = (page: Page) => {
  const setup = () => page.getByRole('dialog', { name: 'Record your screen' });
  const controls = () => page.getByRole('region', { name: 'Recording' });
  return {
    setup,
    controls,
    /** "Record screen" on the brand's page opens the setup with that brand chosen. */
    async openFromBrand() {
      await page.getByRole('main').getByRole('button', { name: 'Record screen' }).click();
      await expect(setup()).toBeVisible();
    },
    async start() {
      await setup().getByRole('button', { name: 'Start recording' }).click();
    },
    problem: (text: RegExp) => setup().getByRole('alert').filter({ hasText: text }),
  };
};

test('record 10 s of screen with the microphone and camera, watch it upload, make it a task, and play it from a signed-out browser', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const { owner, brand } = await ownerWithBrand(unique('rhea'), 'Capture Studio', 'Harbor Lights');
  await signInAt(page, owner.email);
  await page.goto(`${baseUrl()}/project/${brand.slug}`);
  await expect(page.getByRole('heading', { name: 'Harbor Lights', level: 1 })).toBeVisible();
  const recorder = recorderPages(page);

  // Setup: the brand is this one, the microphone is on; the fake camera is chosen (and remembered).
  await recorder.openFromBrand();
  const setup = recorder.setup();
  await expect(setup.getByText('Harbor Lights')).toBeVisible();
  await expect(setup.getByRole('switch', { name: 'Record my voice' }).or(setup.getByRole('checkbox', { name: 'Record my voice' }))).toBeChecked();
  await setup.getByRole('button', { name: /^Camera / }).click();
  await page.getByRole('option', { name: /fake_device_0|Camera 1/ }).click();
  await expectNoAxeViolations(page);
  await shoot(page, 'recording-setup');
  await recorder.start();

  // 3-2-1, then recording with a running clock and the upload's progress in bytes.
  await expect(page.getByTestId('recording-countdown')).toContainText(/Recording starts in [123]/);
  const controls = recorder.controls();
  await expect(controls.getByText(/^Recording 0:\d\d$/)).toBeVisible({ timeout: 15_000 });
  await expect(controls.getByText(/^Uploaded .+ of \d+(\.\d)? (KB|MB)$/)).toBeVisible();
  await expect(controls.getByText('Recording screen, microphone, camera', { exact: true })).toBeVisible();
  await expect(controls.getByRole('img', { name: 'First frame of the recording' })).toBeVisible();
  await page.waitForTimeout(4_000);
  await controls.getByRole('button', { name: 'Pause' }).click();
  await expect(controls.getByText(/^Paused at 0:\d\d$/)).toBeVisible();
  await page.waitForTimeout(1_500);
  await controls.getByRole('button', { name: 'Resume' }).click();
  await expect(controls.getByText(/^Recording 0:\d\d$/)).toBeVisible();
  await expect(controls.getByText('No audio detected', { exact: false })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, 'recording-in-progress');
  await expect(controls.getByText(/^Recording 0:1\d$/)).toBeVisible({ timeout: 15_000 });

  // The connection drops as the recording stops: the upload waits, says so, and resumes once it is back.
  await page.context().setOffline(true);
  await controls.getByRole('button', { name: 'Stop' }).click();
  await expect(controls.getByRole('alert').filter({ hasText: /^The connection dropped\./ })).toBeVisible({ timeout: 60_000 });
  await shoot(page, 'recording-upload-stalled');
  await page.context().setOffline(false);

  // Stopped: the new-task form opens with the recording attached, type Task, in this brand.
  const form = page.getByRole('dialog', { name: 'New task' });
  await expect(form).toBeVisible({ timeout: 30_000 });
  await expect(form.getByTestId('task-form-recording')).toHaveText(/^Screen recording, 0:1\d$/);
  await expect(form.getByRole('img', { name: 'First frame of the recording' })).toBeVisible();
  await expect(form.getByRole('toolbar', { name: 'Type' }).getByRole('button', { name: 'Task', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(form.getByText('Harbor Lights')).toBeVisible();
  await form.getByRole('textbox', { name: 'Summary', exact: true }).fill('The header overlaps the menu on checkout');
  await expectNoAxeViolations(page);
  await shoot(page, 'recording-new-task');
  await form.getByRole('button', { name: 'Create task' }).click();
  await expect(form).toBeHidden();

  // The task page: the recording plays (poster, controls); a share link is made and listed.
  await expect(page).toHaveURL(/\/project\/[^/]+\/tasks\/[^/]+$/);
  const player = page.getByTestId('task-recording');
  await expect(player).toBeVisible();
  await expect(player).toHaveAttribute('poster', /^https?:\/\//);
  // Its length is known from the metadata alone (the recorder wrote the duration into the WebM header).
  const lengthOf = (video: HTMLVideoElement) => (Number.isFinite(video.duration) ? video.duration : 0);
  await expect.poll(() => player.evaluate(lengthOf), { timeout: 15_000 }).toBeGreaterThan(9);
  expect(await player.evaluate(lengthOf)).toBeLessThan(20);
  await page.getByRole('button', { name: 'Share link', exact: true }).click();
  await expect(page.getByText('Share link copied: anyone with it can watch this recording.')).toBeVisible();
  // The link as the person pastes it: from the clipboard; the list shows the same one.
  const playUrl = await page.evaluate(() => navigator.clipboard.readText());
  expect(playUrl).toMatch(new RegExp(`^${baseUrl()}/play/[A-Za-z0-9_-]{22,}$`));
  await expect(page.getByTestId('recording-share')).toHaveCount(1);
  await expect(page.getByTestId('recording-share')).toContainText(playUrl);
  await expectNoAxeViolations(page);
  await shoot(page, 'recording-task-page');

  // Signed in, /play shows the task it belongs to.
  await page.goto(playUrl);
  await expect(page.getByTestId('play-task-summary')).toContainText('The header overlaps the menu on checkout');

  // Signed out, on a phone: poster, seek, speed; no task.
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  const phone = await visitor.newPage();
  await phone.goto(playUrl);
  const video = phone.getByTestId('play-video');
  await expect(video).toBeVisible();
  await expect(video).toHaveAttribute('poster', /^https?:\/\//);
  await expect(phone.getByTestId('play-task-summary')).toHaveCount(0);
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  await video.evaluate((element: HTMLVideoElement) => element.play());
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0);
  const seeked = await video.evaluate(
    (element: HTMLVideoElement) =>
      new Promise<number>((done) => {
        element.addEventListener('seeked', () => done(element.currentTime), { once: true });
        element.currentTime = 6;
      }),
  );
  expect(seeked).toBeGreaterThanOrEqual(5);
  // On a phone the speed choice is a select.
  await phone.getByRole('button', { name: /^Speed / }).click();
  await phone.getByRole('option', { name: '1.5×' }).click();
  expect(await video.evaluate((element: HTMLVideoElement) => element.playbackRate)).toBe(1.5);
  await expectNoAxeViolations(phone);
  await shoot(phone, 'recording-play-phone');

  // Revoked: the same link answers a clear not-found.
  await page.goBack();
  await page.getByRole('button', { name: 'Share links' }).click();
  await page.getByRole('button', { name: /^Revoke the link created/ }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByText('Link revoked: it no longer plays.')).toBeVisible();
  await phone.reload();
  await expect(phone.getByRole('heading', { name: 'Recording not available' })).toBeVisible();
  await expect(phone.getByText(/It may have been deleted or its link revoked/)).toBeVisible();
  await shoot(phone, 'recording-play-revoked');
  await visitor.close();
});

/** Signs in on a fresh browser, opens the brand and the recorder's setup. */
const setupIn = async (browser: Browser, email: string, slug: string, initScript?: () => void) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce', permissions: PERMISSIONS });
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  await signInAt(page, email);
  await page.goto(`${baseUrl()}/project/${slug}`);
  const recorder = recorderPages(page);
  await recorder.openFromBrand();
  return { context, page, recorder };
};

test('each recording error is said in the spec’s words when the browser denies or lacks what recording needs', async ({ browser }) => {
  test.setTimeout(180_000);
  const { owner, brand } = await ownerWithBrand(unique('noor'), 'Error Studio', 'Quiet Coast');

  // Screen-share permission denied: the browser says no to the share.
  const denying = await launchWith(['--use-fake-ui-for-media-stream=deny', '--use-fake-device-for-media-stream']);
  {
    const { page, recorder } = await setupIn(denying, owner.email, brand.slug);
    await recorder.start();
    await expect(recorder.problem(/^Screen-share permission denied\./)).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, 'recording-error-denied');
  }
  await denying.close();

  // Screen-share error: a browser without capture devices cannot start the share.
  const lacking = await launchWith(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream=device-count=0']);
  {
    const { page, recorder } = await setupIn(lacking, owner.email, brand.slug);
    await recorder.start();
    await expect(recorder.problem(/^Screen-share error\./)).toBeVisible();
    await shoot(page, 'recording-error-share');
  }
  await lacking.close();

  // No audio detected: the microphone works but hears only silence; the recording goes on and can be discarded.
  const silent = await launchWith(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${silentWav()}`]);
  {
    const { page, recorder } = await setupIn(silent, owner.email, brand.slug);
    await recorder.start();
    const controls = recorder.controls();
    await expect(controls.getByRole('alert').filter({ hasText: /^No audio detected\./ })).toBeVisible({ timeout: 20_000 });
    await expect(controls.getByText(/^Recording 0:\d\d$/)).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, 'recording-error-no-audio');
    await controls.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Ok' }).click();
    await expect(controls).toBeHidden();
  }
  await silent.close();

  // Browser not supported: no screen capture at all (a phone browser); Start stays off.
  {
    const { context, page, recorder } = await setupIn(browser, owner.email, brand.slug, () => {
      Object.defineProperty(MediaDevices.prototype, 'getDisplayMedia', { value: undefined, configurable: true });
    });
    await expect(recorder.setup().getByText(/^Browser not supported\./)).toBeVisible();
    await expect(recorder.setup().getByRole('button', { name: 'Start recording' })).toBeDisabled();
    await shoot(page, 'recording-error-unsupported');
    await context.close();
  }

  // Limited browser support: it records, but without the audio level check.
  {
    const { context, page, recorder } = await setupIn(browser, owner.email, brand.slug, () => {
      Object.defineProperty(window, 'AudioContext', { value: undefined, configurable: true });
    });
    await expect(recorder.setup().getByText(/^Limited browser support\. You can record, but a silent microphone is not detected\./)).toBeVisible();
    await expect(recorder.setup().getByRole('button', { name: 'Start recording' })).toBeEnabled();
    await expectNoAxeViolations(page);
    await shoot(page, 'recording-error-limited');
    await context.close();
  }
});

test('with autoRecord set, Record in the top bar starts at once, with the camera chosen last time', async ({ page }) => {
  const { owner, brand } = await ownerWithBrand(unique('otto'), 'Auto Studio', 'Bright Fields');
  await signInAt(page, owner.email);
  await page.goto(`${baseUrl()}/project/${brand.slug}`);
  const recorder = recorderPages(page);
  await recorder.openFromBrand();
  await recorder.setup().getByRole('button', { name: /^Camera / }).click();
  await page.getByRole('option', { name: /fake_device_0|Camera 1/ }).click();
  await recorder.setup().getByRole('checkbox', { name: 'Next time, start recording as soon as I click Record' }).check();
  await recorder.setup().getByRole('button', { name: 'Cancel' }).click();
  await expect(recorder.setup()).toBeHidden();

  // Remembered across a reload (the persisted task defaults); one click and the countdown runs.
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByText('Bright Fields')).toBeVisible();
  await page.getByRole('button', { name: 'Record your screen for a new task' }).click();
  await expect(page.getByTestId('recording-countdown')).toBeVisible();
  const controls = recorder.controls();
  await expect(controls.getByText(/^Recording 0:\d\d$/)).toBeVisible({ timeout: 15_000 });
  await expect(controls.getByText('Recording screen, microphone, camera', { exact: true })).toBeVisible();
  await controls.getByRole('button', { name: 'Discard' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Ok' }).click();
  await expect(controls).toBeHidden();
});
