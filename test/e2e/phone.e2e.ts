import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { call, createTask, ownerWithBrand, unique, type Person } from './support/api';
import { expectNoAxeViolations, shoot } from './support/axe';
import { fakesOrigin } from './support/fakes';
import { baseUrl } from './support/mail';
import { signInAt } from './support/pages';

/**
 * The phone (issue 14) at 390 × 844: the app installs (manifest, icons, a service worker controlling the page, an
 * offline page), and a push delivered through the service worker (DevTools' ServiceWorker.deliverPushMessage) shows
 * its notification; a tap on it switches to the push's workspace and opens its task, as the bell does.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const SETTINGS_KEY = 'brandslate.settings';

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ png: bytes.subarray(1, 4).toString('ascii') === 'PNG', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

/** The service worker's registration once it controls the page (a reload after the first visit). */
const workerReady = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, script: registration.active?.scriptURL };
  });

/** The current workspace the SPA remembers (its persisted settings). */
const currentWorkspace = (page: Page) =>
  page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { state?: { currentWorkspaceId?: string } }).state?.currentWorkspaceId, SETTINGS_KEY);

/**
 * The DevTools registration id of the service worker controlling this page (ServiceWorker.deliverPushMessage needs
 * it): the version whose controlled clients include the page's own target. DevTools also lists registrations of the
 * same scope from an earlier test's context while that one closes, so the scope alone can name the wrong one.
 */
const registrationIdOf = async (context: BrowserContext, page: Page) => {
  const cdp = await context.newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      const version = versions.find((v) => v.controlledClients?.includes(targetInfo.targetId));
      if (version) resolve(version.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, registrationId: await found };
};

const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown })),
  );

test('installs: manifest with icons, a service worker controlling the page, the offline page', async ({ page, context }) => {
  await page.goto(`${baseUrl()}/signin`);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0f1b2a');
  const response = await page.request.get(`${baseUrl()}/manifest.webmanifest`);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await response.json();
  expect(manifest).toMatchObject({ name: 'Brandslate', short_name: 'Brandslate', display: 'standalone', scope: '/', theme_color: '#0f1b2a' });
  expect(manifest.start_url).toMatch(/^\/dashboard/);
  const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);
  for (const icon of icons) {
    const bytes = await (await page.request.get(`${baseUrl()}${icon.src}`)).body();
    const size = Number(icon.sizes.split('x')[0]);
    expect(pngSize(bytes), icon.src).toEqual({ png: true, width: size, height: size });
  }

  expect(await workerReady(page)).toEqual({ scope: `${baseUrl()}/`, script: `${baseUrl()}/sw.js` });
  // Chromium's own install criteria (what its install prompt checks): nothing missing.
  const cdp = await context.newCDPSession(page);
  // (Playwright's contexts are incognito-like, which Chromium never offers to install from: that one is the test's.)
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
  const { url, errors } = await cdp.send('Page.getAppManifest');
  expect({ url, errors }).toEqual({ url: `${baseUrl()}/manifest.webmanifest`, errors: [] });

  // With the network gone, a page of the app is the offline page (the worker controls the page after a reload).
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await context.setOffline(true);
  try {
    await page.goto(`${baseUrl()}/tasks`);
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();
    // Its icon comes from the worker's cache, not a broken image.
    await expect.poll(() => page.locator('main img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(192);
    await expectNoAxeViolations(page);
    await shoot(page, 'phone-offline');
  } finally {
    await context.setOffline(false);
  }
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/signin/);
});

/** An owner with two workspaces, each with a brand: the push points into the one that is not current. */
const ownerOfTwo = async () => {
  const home = await ownerWithBrand(unique('pia'), 'Pia Home', 'Home Bakery');
  const agency = await call(home.owner, 'createWorkspace', { body: { name: 'Pia Agency' } });
  const agencyBrand = await call(home.owner, 'createProject', { params: { workspaceId: agency.workspaces.uid }, body: { name: 'Agency Coffee', phase: 'active' } });
  return { owner: home.owner, brands: { [home.workspaceId]: home.brand, [agency.workspaces.uid]: agencyBrand } };
};

/** Signs in and answers the workspace the app is not in, with a task there and its push payload. */
const pushIntoOtherWorkspace = async (page: Page, owner: Person, brands: Record<string, { uid: string; slug: string }>, summary: string) => {
  await signInAt(page, owner.email);
  const current = await currentWorkspace(page);
  const [workspaceId, brand] = Object.entries(brands).find(([id]) => id !== current)!;
  const task = await createTask(owner, workspaceId, brand.uid, { summary });
  const ticketUrl = `/project/${brand.slug}/tasks/${task.uid}`;
  return {
    workspaceId,
    ticketUrl,
    payload: { title: `Olive assigned #${task.id} ${summary} to you`, body: `${brand.slug} · Pia`, ticket_url: ticketUrl, workspace_uid: workspaceId, tag: `e2e-${task.uid}` },
  };
};

test('a push through the service worker shows its notification; a tap switches workspace and opens the task', async ({ page, context }) => {
  const { owner, brands } = await ownerOfTwo();
  await context.grantPermissions(['notifications'], { origin: baseUrl() });
  const { workspaceId, ticketUrl, payload } = await pushIntoOtherWorkspace(page, owner, brands, 'Friday reel');
  expect(await workerReady(page)).toMatchObject({ script: `${baseUrl()}/sw.js` });
  // Reloaded so the worker controls the page (it claims clients, but a reload makes it certain).
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

  const { cdp, registrationId } = await registrationIdOf(context, page);
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseUrl(), registrationId, data: JSON.stringify(payload) });
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, data: { ticket_url: ticketUrl, workspace_uid: workspaceId } }]);

  // The tap: the worker's notificationclick with the shown notification (a headless browser has no tray to tap).
  const worker = context.serviceWorkers().find((w) => w.url() === `${baseUrl()}/sw.js`) ?? (await context.waitForEvent('serviceworker'));
  await worker.evaluate(async () => {
    const scope = self as unknown as { registration: { getNotifications(): Promise<Notification[]> }; dispatchEvent(event: Event): boolean };
    const [notification] = await scope.registration.getNotifications();
    const NotificationEventClass = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }).NotificationEvent;
    scope.dispatchEvent(new NotificationEventClass('notificationclick', { notification: notification! }));
  });
  await expect(page).toHaveURL(`${baseUrl()}${ticketUrl}`);
  await expect(page.getByRole('heading', { name: /Friday reel/ }).first()).toBeVisible();
  expect(await currentWorkspace(page)).toBe(workspaceId);
  await expect.poll(() => shownNotifications(page)).toEqual([]);
  await expectNoAxeViolations(page);
  await shoot(page, 'phone-push-opened-task');
});

test('a tap with no window open starts the app on the task, in its workspace', async ({ page }) => {
  const { owner, brands } = await ownerOfTwo();
  const { workspaceId, ticketUrl } = await pushIntoOtherWorkspace(page, owner, brands, 'Launch story');
  // What the worker opens when no window of the app is open (web/src/sw/service-worker.ts).
  await page.goto(`${baseUrl()}/dashboard?push_ticket_url=${encodeURIComponent(ticketUrl)}&push_workspace_uid=${workspaceId}`);
  await expect(page).toHaveURL(`${baseUrl()}${ticketUrl}`);
  await expect(page.getByRole('heading', { name: /Launch story/ }).first()).toBeVisible();
  expect(await currentWorkspace(page)).toBe(workspaceId);
});

test('the bell offers push on this device, asks only on a click, and "Not now" puts the offer away', async ({ page, context }) => {
  const { owner } = await ownerWithBrand(unique('nia'), 'Nia Studio', 'Nia Brand');
  await signInAt(page, owner.email);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await bell.click();
  const offer = page.getByRole('menuitem', { name: /Get these on this device/ });
  await expect(offer).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'phone-bell-offer');
  await page.getByRole('menuitem', { name: 'Not now' }).click();
  await bell.click();
  await expect(page.getByRole('menuitem', { name: 'Not now' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The profile says where push stands on this device; once allowed, the browser is asked no more.
  await context.grantPermissions(['notifications'], { origin: baseUrl() });
  await page.goto(`${baseUrl()}/profile#notifications`);
  await expect(page.getByRole('heading', { name: 'This device' })).toBeVisible();
  const pushSwitch = page.getByRole('checkbox', { name: 'Mentions: On my devices' });
  await expect(pushSwitch).toBeChecked();
  // On a phone the kinds are a list with their switches under them: every switch on the screen, nothing sideways.
  const list = page.getByRole('list', { name: 'Notification settings' });
  await expect(list.getByRole('checkbox')).toHaveCount(12);
  for (const toggle of await list.getByRole('checkbox').all()) {
    const box = (await toggle.locator('xpath=..').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoAxeViolations(page);
  await shoot(page, 'phone-profile-push');

  // Another device of this person (a phone elsewhere) is listed and can be removed from here.
  const subscription = (await (await fetch(`${await fakesOrigin()}/push/subscribe`, { method: 'POST' })).json()) as { endpoint: string; keys: { p256dh: string; auth: string } };
  await call(owner, 'putPushSubscription', { params: { deviceId: 'other-phone' }, body: { ...subscription, label: 'Chrome on Android' } });
  await page.reload();
  const devices = page.getByRole('list', { name: 'Devices that get your push notifications' });
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(devices).toContainText('Chrome on Android');
  await expectNoAxeViolations(page);
  await shoot(page, 'phone-profile-devices');
  await devices.getByRole('button', { name: 'Remove Chrome on Android' }).click();
  await expect(page.getByText('No device gets push notifications yet.')).toBeVisible();
  expect((await call(owner, 'listPushSubscriptions')).items).toEqual([]);
});

test('the screens used on the go fit 390 px: tasks, a task with its comments, the review link', async ({ page, browser }) => {
  const { owner, workspaceId, brand } = await ownerWithBrand(unique('rio'), 'Rio Studio', 'Rio Surf');
  await call(owner, 'updateProfile', { body: { name: 'Rio Owner' } });
  const task = await createTask(owner, workspaceId, brand.uid, { summary: 'Wave report carousel for the weekend', status: 'needs_approval', priority: '1' });
  await createTask(owner, workspaceId, brand.uid, { summary: 'Board wax tips reel' });
  await call(owner, 'createComment', { params: { id: task.uid }, body: { text: 'First draft is in the folder. The second slide needs a shorter headline so it reads on a phone.' } });
  const link = await call(owner, 'createReviewLink', { params: { id: task.uid } });
  await signInAt(page, owner.email);

  // Nothing may stick out sideways: a page wider than the screen is one a thumb drags around.
  const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  await page.goto(`${baseUrl()}/tasks`);
  await expect(page.getByText('Wave report carousel for the weekend').first()).toBeVisible();
  expect(await fitsWidth()).toBe(true);
  await expectNoAxeViolations(page);
  await shoot(page, 'phone-tasks');

  await page.goto(`${baseUrl()}/project/${brand.slug}/tasks/${task.uid}`);
  await expect(page.getByRole('heading', { name: /Wave report carousel/ }).first()).toBeVisible();
  await expect(page.getByText('First draft is in the folder.')).toBeVisible();
  expect(await fitsWidth()).toBe(true);
  await expectNoAxeViolations(page);
  await shoot(page, 'phone-task-comments');

  // The review link, signed out, as a client opens it on a phone.
  const client = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, reducedMotion: 'reduce' });
  const clientPage = await client.newPage();
  await clientPage.goto(link.url.startsWith('http') ? link.url : `${baseUrl()}${link.url}`);
  await expect(clientPage.getByText('Wave report carousel for the weekend').first()).toBeVisible();
  expect(await clientPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoAxeViolations(clientPage);
  await shoot(clientPage, 'phone-review-link');
  await client.close();
});
