import { expect, test, type Page } from '@playwright/test';
import { call, joinAs, ownerWithBrand, unique } from './support/api';
import { expectNoAxeViolations, shoot } from './support/axe';
import { fakesControl } from './support/fakes';
import { baseUrl } from './support/mail';
import { signInAt } from './support/pages';


type FakeState = {
  instagram: { account: { username: string; followers_count: number }; media: { permalink: string; caption?: string }[] };
  youtube: { channel: { handle: string } };
};
const fakeState = () => fakesControl('/state.json') as Promise<unknown> as Promise<FakeState>;

/** The brand's Connect Instagram page: a card (a named region) per platform. */
const connectPage = (page: Page) => {
  const card = (name: 'Instagram' | 'YouTube') => page.getByRole('region', { name, exact: true });
  return {
    card,
    open: (slug: string, wizard = false) => page.goto(`${baseUrl()}/project/${slug}/connect-instagram${wizard ? '?setup=1' : ''}`),
    /** The card's Connect (or Reconnect) leads to the fake consent page in the same tab; Allow or Deny there. */
    async consent(name: 'Instagram' | 'YouTube', button: string, decision: 'Allow' | 'Deny' = 'Allow') {
      // In the card: on a phone the breadcrumb's menu button also says "Connect Instagram".
      await card(name).getByRole('button', { name: button, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: /^Brandslate wants to access your/ })).toBeVisible();
      await page.getByRole('button', { name: decision }).click();
    },
    /** The card's last sync says how it went (the page reads the list again while a sync is on its way). */
    synced: (name: 'Instagram' | 'YouTube') => expect(card(name).getByText('Synced', { exact: true })).toBeVisible({ timeout: 60_000 }),
  };
};

test.describe('at 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('Instagram and YouTube connect through their consent pages, sync into the feed and the analytics, and lend real posts to the brand voice', async ({ page }) => {
    test.slow();
    const { owner, brand } = await ownerWithBrand(unique('conn'), 'Crumb Studio', 'Crumb Bakery');
    const fake = await fakeState();
    const instagram = fake.instagram.account.username;
    const connect = connectPage(page);
    await signInAt(page, owner.email);

    // The wizard's first step: nothing connected, so its way on says Skip.
    await connect.open(brand.slug, true);
    await expect(connect.card('Instagram').getByText('Not connected')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Skip', exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, 'connections-wizard-empty');

    // Instagram: consent, back through /integration-success to the wizard's step, connected as the fake account.
    await connect.consent('Instagram', 'Connect Instagram');
    await expect(page).toHaveURL(new RegExp(`/project/${brand.slug}/connect-instagram\\?setup=1$`));
    await expect(page.getByText(`Instagram is connected as @${instagram}.`)).toBeVisible();
    await expect(connect.card('Instagram').getByRole('link', { name: `Connected as @${instagram}` })).toBeVisible();
    await expect(connect.card('Instagram').getByText(`${fake.instagram.account.followers_count.toLocaleString('en-US')} followers`)).toBeVisible();
    // The first sync follows the connection on its own.
    await connect.synced('Instagram');
    await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeVisible();

    // The account record: its content pillars are the team's to edit.
    const record = page.getByRole('heading', { level: 2, name: 'Instagram account' });
    await expect(record).toBeVisible();
    await expect(page.getByText(`@${instagram}`, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Edit pillars' }).click();
    await page.getByLabel('New content pillar').fill('Sourdough');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByLabel('New content pillar').fill('sourdough');
    await expect(page.getByText('This pillar is already in the list.')).toBeVisible();
    await page.getByLabel('New content pillar').fill('Behind the counter');
    await expectNoAxeViolations(page);
    await shoot(page, 'connections-pillars-editing');
    await page.getByRole('button', { name: 'Save pillars' }).click();
    await expect(page.getByText('The content pillars were saved.')).toBeVisible();
    await expect(page.getByText('Behind the counter', { exact: true })).toBeVisible();
    await expect(page.getByText('Sourdough', { exact: true })).toBeVisible();

    // YouTube: the Google consent, then its channel.
    await connect.consent('YouTube', 'Connect YouTube');
    await expect(page).toHaveURL(new RegExp(`/project/${brand.slug}/connect-instagram\\?setup=1$`));
    await expect(connect.card('YouTube').getByRole('link', { name: /^Connected as @/ })).toBeVisible();
    await connect.synced('YouTube');

    // Sync now: new posts on Instagram arrive on the next sync.
    await fakesControl('/instagram/media', { count: 2 });
    const newest = (await fakeState()).instagram.media[0];
    await connect.card('Instagram').getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByText('The sync of Instagram has started.', { exact: false })).toBeVisible();
    await connect.synced('Instagram');
    await expectNoAxeViolations(page);
    await shoot(page, 'connections-both-connected');

    // The onboarding checklist ticks "connect an account".
    await page.goto(`${baseUrl()}/onboarding`);
    await expect(page.locator('[data-item="connect"]')).toHaveAttribute('data-done', 'true');

    // The synced posts are the brand's feed posts.
    await page.goto(`${baseUrl()}/project/${brand.slug}/feed`);
    const caption = (newest?.caption ?? '').slice(0, 40);
    expect(caption).not.toBe('');
    await expect(page.getByText(caption, { exact: false }).first()).toBeVisible();
    await shoot(page, 'connections-feed');

    // And the analytics page draws them.
    await page.goto(`${baseUrl()}/project/${brand.slug}/analytics`);
    await expect(page.getByRole('heading', { name: 'Followers over time' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Posts per week' })).toBeVisible();
    await shoot(page, 'connections-analytics');

    // Brand voice: up to 4 of the account's real posts fill the samples.
    await page.goto(`${baseUrl()}/project/${brand.slug}/brand-voice`);
    await page.getByRole('radio', { name: 'Social posts' }).or(page.getByRole('button', { name: 'Social posts' })).first().click();
    await page.getByRole('button', { name: `Pick posts of @${instagram} (Instagram)` }).click();
    const picker = page.getByRole('dialog', { name: `Posts of @${instagram}` });
    const choices = picker.getByRole('checkbox');
    await expect(choices.first()).toBeVisible();
    for (let i = 0; i < 5; i += 1) if (await choices.nth(i).isEnabled()) await choices.nth(i).check();
    // The fifth stays out: four at most.
    await expect(choices.nth(4)).toBeDisabled();
    await expectNoAxeViolations(page);
    await shoot(page, 'connections-voice-picker');
    await picker.getByRole('button', { name: 'Use 4 posts' }).click();
    await expect(page.getByLabel('Account handle')).toHaveValue(`@${instagram}`);
    await expect(page.getByLabel('Post 4', { exact: true })).not.toHaveValue('');
  });

  test('declining at the consent page says so and leads back; Disconnect asks first and keeps the synced posts', async ({ page }) => {
    const { owner, brand } = await ownerWithBrand(unique('deny'), 'Deny Studio', 'Deny Bakery');
    const connect = connectPage(page);
    await signInAt(page, owner.email);
    await connect.open(brand.slug);

    await connect.consent('Instagram', 'Connect Instagram', 'Deny');
    await expect(page).toHaveURL(/\/integration-success\?.*error=access_denied/);
    await expect(page.getByRole('heading', { name: 'The account was not connected' })).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, 'connections-denied');
    await page.getByRole('button', { name: 'Back to the brand’s accounts' }).click();
    await expect(page).toHaveURL(new RegExp(`/project/${brand.slug}/connect-instagram$`));
    await expect(connect.card('Instagram').getByRole('button', { name: 'Connect Instagram' })).toBeVisible();

    // Connected, then disconnected: asked first; the card is back to Connect.
    await connect.consent('Instagram', 'Connect Instagram');
    await connect.synced('Instagram');
    await connect.card('Instagram').getByRole('button', { name: 'Disconnect' }).click();
    const confirm = page.getByRole('dialog', { name: 'Disconnect Instagram?' });
    await expect(confirm.getByText(/The posts synced so far stay in the brand’s feed/)).toBeVisible();
    await confirm.getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByText('Instagram was disconnected.')).toBeVisible();
    await expect(connect.card('Instagram').getByRole('button', { name: 'Connect Instagram' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Instagram account' })).toHaveCount(0);
    const newest = (await fakeState()).instagram.media[0]?.caption ?? '';
    expect(newest).not.toBe('');
    await page.goto(`${baseUrl()}/project/${brand.slug}/feed`);
    await expect(page.getByText(newest.slice(0, 40), { exact: false }).first()).toBeVisible();
  });
});

test('a member of the brand sees its accounts, but only its admins connect, sync, disconnect or edit them', async ({ page, browser }) => {
  const { owner, workspaceId, brand } = await ownerWithBrand(unique('memb'), 'Member Studio', 'Member Bakery');
  const member = await joinAs(owner, workspaceId, unique('mona'));
  await call(owner, 'grantProjectAccess', { params: { workspaceId, projectId: brand.uid }, body: { userId: member.uid } });
  await signInAt(page, owner.email);
  await connectPage(page).open(brand.slug);
  await connectPage(page).consent('Instagram', 'Connect Instagram');
  await connectPage(page).synced('Instagram');

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const memberPage = await context.newPage();
    const connect = connectPage(memberPage);
    await signInAt(memberPage, member.email);
    await connect.open(brand.slug);
    await expect(connect.card('Instagram').getByRole('link', { name: /^Connected as @/ })).toBeVisible();
    await expect(memberPage.getByText('Only the brand’s admins can connect, sync or disconnect accounts.')).toBeVisible();
    await expect(memberPage.getByRole('button', { name: /^(Connect|Sync now|Disconnect|Reconnect|Edit pillars)/ })).toHaveCount(0);
    await expectNoAxeViolations(memberPage);
    await shoot(memberPage, 'connections-member');
  } finally {
    await context.close();
  }
});

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a revoked Instagram access shows Reconnect, and a new consent connects it again', async ({ page }) => {
    test.slow();
    const { owner, brand } = await ownerWithBrand(unique('revk'), 'Revoke Studio', 'Revoke Bakery');
    const connect = connectPage(page);
    await signInAt(page, owner.email);
    await connect.open(brand.slug);
    await connect.consent('Instagram', 'Connect Instagram');
    await connect.synced('Instagram');
    await expectNoAxeViolations(page);
    await shoot(page, 'connections-phone-connected');

    // The person removed the app at Instagram: the next sync is refused and the card asks to reconnect.
    await fakesControl('/instagram/revoke', {});
    await connect.card('Instagram').getByRole('button', { name: 'Sync now' }).click();
    const alert = connect.card('Instagram').getByText('Instagram needs to be reconnected');
    await expect(alert).toBeVisible({ timeout: 60_000 });
    await expect(connect.card('Instagram').getByText('Access was revoked', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, 'connections-phone-reconnect');

    await connect.consent('Instagram', 'Reconnect');
    await expect(page).toHaveURL(new RegExp(`/project/${brand.slug}/connect-instagram$`));
    await expect(alert).toHaveCount(0);
    await expect(connect.card('Instagram').getByRole('button', { name: 'Sync now' })).toBeVisible();
  });
});
