import { expect, test } from '@playwright/test';
import { EXTENSION_VERSION } from '#shared/constants';
import { call, ownerWithBrand, unique } from './support/api';
import { expectNoAxeViolations, shoot } from './support/axe';
import { extensionStorage, extensionToken, launchWithExtension, serveTestSite, type ExtensionBrowser } from './support/extension';
import { baseUrl } from './support/mail';
import { authPages, PASSWORD, signInAt } from './support/pages';

const SITE = `<!doctype html><html lang="en"><head><title>Lumen spring launch brief</title></head><body><main>
<h1>Spring launch</h1>
<p id="plan">The spring blend launches on March 3. Film a teaser reel at the roastery before the launch week. Ask the baristas for quotes.</p>
</main></body></html>`;

test.describe('the browser extension', () => {
  let ext: ExtensionBrowser;
  let site: Awaited<ReturnType<typeof serveTestSite>>;
  test.beforeAll(async () => {
    ext = await launchWithExtension();
    site = await serveTestSite(SITE);
  });
  test.afterAll(async () => {
    await ext?.close();
    await site?.close();
  });

  test('signs in with the app, creates a task from a page (with its screenshot) and one from a highlighted sentence, both in the app; logout signs it out', async () => {
    const { owner, workspaceId, brand } = await ownerWithBrand(unique('bex'), 'Extension Studio', 'Lumen Coffee');
    const { context } = ext;

    // Signed out, the popup asks for a sign-in in the app.
    const popup = await context.newPage();
    await popup.goto(ext.url('popup.html'));
    await expect(popup.getByRole('heading', { name: 'Sign in to Brandslate' })).toBeVisible();
    await expectNoAxeViolations(popup);
    await shoot(popup, 'extension-popup-signed-out');

    // Signing in to the app hands the session to the extension (set-token), never the password.
    const app = await context.newPage();
    await signInAt(app, owner.email);
    await expect.poll(() => extensionToken(ext.worker)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await extensionStorage(ext.worker)).not.toContain(PASSWORD);

    // The user is on another site and clicks Brandslate in the toolbar: the popup acts on that tab.
    const page = await context.newPage();
    await page.goto(site.url);
    await ext.clickToolbarButton(page);
    const tabId = await ext.tabIdOf(site.url);
    await popup.goto(ext.url(`popup.html?tab=${tabId}`));
    await expect(popup.getByText('Lumen spring launch brief')).toBeVisible();
    await expect(popup.getByText(site.url)).toBeVisible();
    await expectNoAxeViolations(popup);
    await shoot(popup, 'extension-popup');

    await popup.getByRole('button', { name: 'New task from this page' }).click();
    await expect(popup.getByRole('heading', { name: 'New task from this page' })).toBeVisible();
    await expect(popup.getByLabel('Summary')).toHaveValue('Lumen spring launch brief');
    await expect(popup.getByLabel('Overview')).toHaveValue(site.url);
    await expect(popup.getByRole('img', { name: 'Screenshot of Lumen spring launch brief' })).toBeVisible();
    await expect(popup.getByRole('button', { name: /^Brand\b/ })).toContainText('Lumen Coffee');
    await expectNoAxeViolations(popup);
    await shoot(popup, 'extension-new-ticket');
    await popup.getByLabel('Summary').fill('Review the spring launch brief');
    await popup.getByRole('button', { name: 'Create task' }).click();
    await expect(popup.getByText(/Task #\d+ created in Lumen Coffee\./)).toBeVisible();
    await shoot(popup, 'extension-new-ticket-created');

    // Highlighting a sentence and choosing "Create task from selection" opens the text-highlight page.
    const sentence = await page.evaluate(() => {
      const text = document.getElementById('plan')!.firstChild!;
      const range = document.createRange();
      range.setStart(text, text.textContent!.indexOf('Film'));
      range.setEnd(text, text.textContent!.indexOf('week.') + 'week.'.length);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
      return getSelection()!.toString();
    });
    expect(sentence).toBe('Film a teaser reel at the roastery before the launch week.');
    const opened = context.waitForEvent('page');
    await ext.worker.evaluate(
      ([selectionText, pageUrl, title]) =>
        (globalThis as unknown as { brandslateCreateTaskFromSelection: (info: object, tab: object) => Promise<void> }).brandslateCreateTaskFromSelection(
          { selectionText, pageUrl },
          { title, url: pageUrl },
        ),
      [sentence, site.url, 'Lumen spring launch brief'],
    );
    const highlight = await opened;
    await expect(highlight.getByRole('heading', { name: 'New task from selected text' })).toBeVisible();
    await expect(highlight.getByLabel('Summary')).toHaveValue(sentence);
    await expect(highlight.getByLabel('Overview')).toHaveValue(`${sentence}\n\nLumen spring launch brief\n${site.url}`);
    await expectNoAxeViolations(highlight);
    await shoot(highlight, 'extension-text-highlight');
    await highlight.getByRole('button', { name: 'Create task' }).click();
    await expect(highlight.getByText(/Task #\d+ created in Lumen Coffee\./)).toBeVisible();

    // Both tasks are in the app, from their sources; the page's task carries the screenshot as an attachment.
    await app.goto(`${baseUrl()}/tasks`);
    await expect(app.getByRole('row', { name: /Review the spring launch brief/ })).toBeVisible();
    await expect(app.getByRole('row', { name: /Film a teaser reel at the roastery/ })).toBeVisible();
    await shoot(app, 'extension-tasks-in-app');
    const { items } = await call(owner, 'listTasks', { params: { workspaceId } });
    const fromPage = items.find((task) => task.summary === 'Review the spring launch brief')!;
    const fromText = items.find((task) => task.summary === sentence)!;
    expect(fromPage).toMatchObject({ source: 'extension', project_uid: brand.uid, overview: site.url });
    expect(fromText).toMatchObject({ source: 'text', project_uid: brand.uid });
    expect(fromText.overview).toContain(site.url);
    const comments = await call(owner, 'listComments', { params: { id: fromPage.uid }, query: { workspaceId } });
    const files = comments.flatMap((comment) => comment.attachments);
    expect(files).toEqual([expect.objectContaining({ name: 'screenshot.png', content_type: 'image/png' })]);
    expect(files[0]!.size).toBeGreaterThan(1000);

    // Logging out of the app signs the extension out.
    await authPages(app).signOut();
    await expect.poll(() => extensionToken(ext.worker)).toBeNull();
    await popup.goto(ext.url(`popup.html?tab=${tabId}`));
    await expect(popup.getByRole('heading', { name: 'Sign in to Brandslate' })).toBeVisible();
  });

  test('records the tab from the popup with the app\'s recorder, and the recording becomes a task', async () => {
    const { owner, workspaceId, brand } = await ownerWithBrand(unique('bexrec'), 'Record Studio', 'Harbor Lights');
    const app = await ext.context.newPage();
    await signInAt(app, owner.email);
    await expect.poll(() => extensionToken(ext.worker)).not.toBeNull();
    const page = await ext.context.newPage();
    await page.goto(site.url);
    await ext.clickToolbarButton(page);
    const popup = await ext.context.newPage();
    await popup.goto(ext.url(`popup.html?tab=${await ext.tabIdOf(site.url)}`));

    // The recorder opens in a tab of its own: a popup would close when the screen picker takes the focus.
    const opened = ext.context.waitForEvent('page');
    await popup.getByRole('button', { name: 'Record this tab' }).click();
    const recorder = await opened;
    await expect(recorder.getByRole('heading', { name: 'Record this tab', level: 1 })).toBeVisible();
    await expect(recorder.getByRole('button', { name: /^Brand\b/ })).toContainText('Harbor Lights');
    await expectNoAxeViolations(recorder);
    await shoot(recorder, 'extension-record');
    await recorder.getByRole('button', { name: 'Start recording' }).click();
    await expect(recorder.getByText(/^Recording 0:0[3-9]$/)).toBeVisible({ timeout: 20_000 });
    await shoot(recorder, 'extension-recording');
    await recorder.getByRole('button', { name: 'Stop' }).click();
    await expect(recorder.getByLabel('Summary')).toHaveValue('Recording of Lumen spring launch brief', { timeout: 60_000 });
    await expectNoAxeViolations(recorder);
    await shoot(recorder, 'extension-record-done');
    await recorder.getByRole('button', { name: 'Create task' }).click();
    await expect(recorder.getByText(/Task #\d+ created in Harbor Lights\./)).toBeVisible();

    const { items } = await call(owner, 'listTasks', { params: { workspaceId } });
    const task = items.find((item) => item.summary === 'Recording of Lumen spring launch brief')!;
    expect(task).toMatchObject({ source: 'screen', project_uid: brand.uid });
    expect(task.recording).toMatchObject({ content_type: expect.stringMatching(/^video\//) });
    expect(task.recording!.size).toBeGreaterThan(1000);
    await authPages(app).signOut();
    await expect.poll(() => extensionToken(ext.worker)).toBeNull();
  });

  test('options: the sign-in state, a default brand, and turning the extension off for 30 minutes, a website, or for good', async () => {
    const { owner, workspaceId } = await ownerWithBrand(unique('bexopt'), 'Options Studio', 'Alpha Roasters');
    await call(owner, 'createProject', { params: { workspaceId }, body: { name: 'Beta Bakery', phase: 'active' } });
    const app = await ext.context.newPage();
    await signInAt(app, owner.email);
    await expect.poll(() => extensionToken(ext.worker)).not.toBeNull();

    const options = await ext.context.newPage();
    await options.goto(ext.url('options.html'));
    await expect(options.getByText(`Signed in as ${owner.email}`)).toBeVisible();
    await expect(options.getByText(`Extension version ${EXTENSION_VERSION}`)).toBeVisible();
    await options.getByRole('button', { name: /^Brand\b/ }).click();
    await options.getByRole('option', { name: 'Beta Bakery' }).click();
    await options.getByRole('button', { name: 'Save default brand' }).click();
    await expect(options.getByText('Default brand saved.')).toBeVisible();

    // For 30 minutes: everything is off, the popup says until when and turns it back on.
    await options.getByRole('button', { name: 'Turn off', exact: true }).click();
    await expect(options.getByText(/Brandslate is turned off until \d/)).toBeVisible();
    await expectNoAxeViolations(options);
    await shoot(options, 'extension-options');
    const page = await ext.context.newPage();
    await page.goto(site.url);
    await ext.clickToolbarButton(page);
    const popup = await ext.context.newPage();
    await popup.goto(ext.url(`popup.html?tab=${await ext.tabIdOf(site.url)}`));
    await expect(popup.getByText(/Brandslate is turned off until \d/)).toBeVisible();
    await shoot(popup, 'extension-popup-off');
    await popup.getByRole('button', { name: 'Turn on' }).click();
    await expect(popup.getByRole('button', { name: 'New task from this page' })).toBeVisible();

    // For this website, from the popup's menu: off here only, listed in the options.
    await popup.getByRole('button', { name: 'Turn off' }).click();
    await popup.getByRole('menuitem', { name: 'For this website' }).click();
    await expect(popup.getByText('Brandslate is turned off on 127.0.0.1.')).toBeVisible();
    await options.reload();
    await expect(options.getByRole('listitem').filter({ hasText: '127.0.0.1' })).toBeVisible();

    // The new-task form starts in the default brand (after the site is on again).
    await popup.getByRole('button', { name: 'Turn on' }).click();
    await popup.getByRole('button', { name: 'New task from this page' }).click();
    await expect(popup.getByRole('button', { name: /^Brand\b/ })).toContainText('Beta Bakery');

    // Forever: until turned on again.
    await options.reload();
    await options.getByRole('radio', { name: 'Forever' }).check();
    await options.getByRole('button', { name: 'Turn off', exact: true }).click();
    await expect(options.getByText('Brandslate is turned off until you turn it back on.')).toBeVisible();
    await options.getByRole('button', { name: 'Turn on' }).click();
    await expect(options.getByText('Brandslate is on.')).toBeVisible();
    await authPages(app).signOut();
    await expect.poll(() => extensionToken(ext.worker)).toBeNull();
  });
});

test('the app\'s /bex pages render the extension\'s pages and pass axe; extension_outdated=true shows the install steps', async ({ page }) => {
  const { owner } = await ownerWithBrand(unique('bexweb'), 'Web Bex Studio', 'Gamma Goods');
  await signInAt(page, owner.email);
  const target = `url=${encodeURIComponent('https://example.com/launch')}&title=${encodeURIComponent('Launch plan')}`;
  const pages: [path: string, heading: string][] = [
    [`/bex/popup?${target}`, 'Brandslate'],
    [`/bex/popup/new-ticket?${target}`, 'New task from this page'],
    [`/bex/text-highlight?text=${encodeURIComponent('Ship the teaser on Friday.')}&${target}`, 'New task from selected text'],
    ['/bex/options', 'Brandslate extension'],
    ['/bex/devtools', 'Brandslate DevTools panel'],
    ['/bex/record', 'Record this tab'],
  ];
  for (const [path, heading] of pages) {
    await page.goto(`${baseUrl()}${path}`);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, `bex${path.split('?')[0]!.replaceAll('/', '-')}`);
  }
  await page.goto(`${baseUrl()}/bex/empty`);
  await expect(page.getByRole('heading', { name: 'Brandslate', level: 1 })).toBeAttached();
  await expectNoAxeViolations(page);

  // The text-highlight page as a route of the app creates the task too.
  await page.goto(`${baseUrl()}/bex/text-highlight?text=${encodeURIComponent('Ship the teaser on Friday.')}&${target}`);
  await expect(page.getByLabel('Summary')).toHaveValue('Ship the teaser on Friday.');
  await page.getByRole('button', { name: 'Create task' }).click();
  await expect(page.getByText(/Task #\d+ created in Gamma Goods\./)).toBeVisible();

  await page.goto(`${baseUrl()}/dashboard?extension_outdated=true`);
  const dialog = page.getByRole('dialog', { name: 'Update the Brandslate extension' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`must be updated to version ${EXTENSION_VERSION}`)).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveCount(4);
  await expectNoAxeViolations(page);
  await shoot(page, 'extension-outdated-install-steps');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
});
