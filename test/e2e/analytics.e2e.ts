import { expect, test, type Page } from '@playwright/test';
import { putAccountSnapshot, putPostMetrics } from '#data/analytics';
import { createConnection, getConnection, updateConnection } from '#data/connections';
import { postThumbnailKey } from '#core/uploads/keys';
import { seedAnalyticsHistory } from '../../local/seed-analytics';
import { call, ownerWithBrand, unique } from './support/api';
import { expectNoAxeViolations, shoot } from './support/axe';
import { fakesOrigin } from './support/fakes';
import { baseUrl } from './support/mail';
import { signInAt } from './support/pages';

/**
 * The brand's analytics page. History is written through the data layer as the sync stores it (the journeys run in
 * the stack's environment: its table, its DynamoDB): a year of daily follower snapshots for Instagram and YouTube and
 * posts with metrics, three of them real posts of the brand (added from the fake social web) with their thumbnails.
 */

const panel = (page: Page, name: string) => page.locator(`[data-analytics-panel="${name}"]`);

/** Switches a panel between its chart and its table (a segmented control on a wide screen). */
const showAs = async (page: Page, name: string, view: 'Chart' | 'Table') => {
  await panel(page, name).getByRole('button', { name: view, exact: true }).click();
};

const expectChartDrawn = async (page: Page, name: string) => {
  const chart = panel(page, name).locator('svg[aria-roledescription]');
  await expect(chart).toBeVisible();
  await expect.poll(() => chart.locator('path, rect').count()).toBeGreaterThan(0);
};

/** The answer for the current filters is on screen (not the previous one kept while it loads). */
const expectSettled = async (page: Page) => {
  await expect(page.locator('[data-analytics-state="ready"]')).toBeVisible();
  await expect(page.getByText('Updating', { exact: true })).toHaveCount(0);
};

const openAnalytics = async (page: Page, slug: string, query = '') => {
  await page.goto(`${baseUrl()}/project/${encodeURIComponent(slug)}/analytics${query}`);
};

test.describe('at 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('before the first sync: no account says how to connect one (also as the wizard step, skipped); a connected one says the sync has not run yet; the first day of followers in words; a failed load tried again', async ({ page }) => {
    const { owner, workspaceId, brand } = await ownerWithBrand(unique('analytics-empty'), 'Empty Analytics Co', 'Quiet Bakery');
    await signInAt(page, owner.email);

    await openAnalytics(page, brand.slug);
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No account connected' })).toBeVisible();
    await expect(page.getByText('Connect Instagram or YouTube to see the brand’s followers, posts and engagement here.')).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, 'analytics-not-connected');
    await page.getByRole('link', { name: 'Connect Instagram or YouTube' }).click();
    await expect(page).toHaveURL(new RegExp(`/project/${brand.slug}/connect-instagram$`));

    // As the wizard's second step: Back to Connect Instagram, Skip on to Name Brand, the way to connect in the wizard.
    await openAnalytics(page, brand.slug, '?setup=1');
    await expect(page.getByText('Step 2 of 13: Analytics')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Connect Instagram or YouTube' })).toHaveAttribute('href', `/project/${brand.slug}/connect-instagram?setup=1`);
    await expect(page.getByRole('button', { name: 'Continue', exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await shoot(page, 'analytics-wizard-empty');
    await page.getByRole('button', { name: 'Skip', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/project/${brand.slug}/name-brand\\?setup=1$`));

    // Connected, not synced yet: the account is known, the figures are not.
    const now = new Date().toISOString();
    await createConnection({
      workspaceId,
      projectId: brand.uid,
      type: 'instagram',
      state: 'connected',
      account: { external_id: '17841400000000001', username: 'quietbakery', followers: 1200, url: 'https://www.instagram.com/quietbakery' },
      contentPillars: [],
      connectedBy: owner.uid,
      connectedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await openAnalytics(page, brand.slug);
    await expect(page.getByRole('heading', { name: 'The first sync has not run yet' })).toBeVisible();
    await expect(page.getByText('Instagram @quietbakery connected. The posts and figures appear here after the first sync.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Manage connected accounts' })).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, 'analytics-not-synced');

    // After the first sync: one day of followers is said in words (a line of one point would be an invisible dot).
    const today = now.slice(0, 10);
    await putAccountSnapshot({ workspaceId, projectId: brand.uid, day: today, platform: 'instagram', externalId: '17841400000000001', username: 'quietbakery', followers: 1200, takenAt: now });
    const connection = await getConnection({ workspaceId, projectId: brand.uid }, 'instagram');
    expect(await updateConnection(connection!, { lastSyncAt: new Date().toISOString(), lastSyncOutcome: 'ok', updatedAt: new Date().toISOString() })).toBe('done');
    await openAnalytics(page, brand.slug);
    await expect(page.getByTestId('followers-first-day')).toContainText('Instagram: 1,200 followers on');
    await expect(page.getByText('One day of follower counts so far: the line starts with the next daily sync.')).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, 'analytics-first-day');

    // The server failing: said in the page with a way to try again, which then shows the analytics.
    const analyticsCall = /\/api\/workspaces\/[^/]+\/projects\/[^/]+\/analytics(\?|$)/;
    await page.route(analyticsCall, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'service_busy', message: 'Busy' }) }));
    await openAnalytics(page, brand.slug);
    await expect(page.getByText('The analytics could not be loaded.')).toBeVisible();
    // In the error catalogue's words.
    await expect(page.getByText('Many changes are being made right now. Please try again in a moment.')).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, 'analytics-load-failed');
    await page.unroute(analyticsCall);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('followers-first-day')).toBeVisible();
  });

  test('a year of history: followers, posts per week, pillars and best times as charts and as tables, the posts sortable with thumbnails, filtered by range and platform', async ({ page }) => {
    test.slow();
    const { owner, workspaceId, brand } = await ownerWithBrand(unique('analytics'), 'Analytics Co', 'Harbor Bakery');
    const seeded = await seedAnalyticsHistory({ workspaceId, projectId: brand.uid, connectedBy: owner.uid, days: 400, posts: 260 });
    // Three real posts of the brand (with the server's thumbnail copies), the newest of the range and the most engaging.
    const origin = await fakesOrigin();
    for (const n of [1, 2, 3]) {
      const post = await call(owner, 'createPost', { params: { workspaceId, projectId: brand.uid }, body: { url: `${origin}/social/instagram/${900 + n}` } });
      expect(post.thumbnail_url).toBeTruthy();
      await putPostMetrics({
        workspaceId,
        projectId: brand.uid,
        publishedAt: new Date(Date.now() - n * 10_000).toISOString(),
        postId: post.uid,
        platform: 'instagram',
        externalId: `real-${n}`,
        url: post.url,
        caption: `Behind the scenes ${n}: ${post.caption ?? 'the morning bake'}`,
        thumbnailKey: postThumbnailKey(workspaceId, brand.uid, post.uid, 'png'),
        views: 90_000 + n,
        reach: 60_000,
        likes: 9_000 * n,
        comments: 400,
        saves: 300,
        shares: 100,
        updatedAt: new Date().toISOString(),
      });
    }
    await signInAt(page, owner.email);

    // From the brand's navigation.
    await page.goto(`${baseUrl()}/project/${encodeURIComponent(brand.slug)}`);
    await page.getByRole('link', { name: 'Analytics', exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`/project/${brand.slug}/analytics$`));
    const accounts = page.getByRole('group', { name: 'Connected accounts' });
    // Each account with its followers now and what the range added.
    await expect(accounts.getByText(/^Instagram @harborbakery · [\d,]+ followers \(\+[\d,]+ in this range\)$/)).toBeVisible();
    await expect(accounts.getByText(/^YouTube @HarborBakeryTV · [\d,]+ followers \(\+[\d,]+ in this range\)$/)).toBeVisible();
    await expect(page.getByText(/^Last synced /)).toBeVisible();

    // The default range is the last 90 days; a year shows the whole history's shape.
    await page.getByRole('button', { name: /Date range/ }).or(page.getByLabel('Date range')).first().click();
    await page.getByRole('radio', { name: 'Last 1 year' }).or(page.getByLabel('Last 1 year')).first().check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/range=1-year/);
    await expectSettled(page);
    for (const name of ['followers', 'posts-per-week', 'pillars']) await expectChartDrawn(page, name);
    await expect(page.getByTestId('best-times-grid')).toBeVisible();
    await expect(panel(page, 'best-times').getByRole('listitem').first()).toContainText('UTC');
    await expectNoAxeViolations(page);
    await shoot(page, 'analytics-charts');

    // Each chart as a table: its accessible alternative.
    await showAs(page, 'followers', 'Table');
    const followers = panel(page, 'followers').getByRole('table', { name: 'Followers per day' });
    await expect(followers.getByRole('columnheader', { name: 'Instagram' })).toBeVisible();
    await expect(followers.getByRole('columnheader', { name: 'YouTube' })).toBeVisible();
    await expect(followers.getByRole('row')).toHaveCount(15);
    await showAs(page, 'posts-per-week', 'Table');
    await expect(panel(page, 'posts-per-week').getByRole('table', { name: 'Posts per week' }).getByRole('columnheader', { name: 'Total' })).toBeVisible();
    await showAs(page, 'pillars', 'Table');
    const pillars = panel(page, 'pillars').getByRole('table', { name: 'Content pillars' });
    await expect(pillars.getByRole('rowheader', { name: 'Behind the scenes' })).toBeVisible();
    await expect(pillars.getByRole('rowheader', { name: 'No pillar' })).toBeVisible();
    await showAs(page, 'best-times', 'Table');
    await expect(panel(page, 'best-times').getByRole('table', { name: 'Best posting times' }).getByRole('row').nth(1)).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, 'analytics-tables');

    // The posts: newest first with thumbnails; sorted by engagement, the most engaging real post leads.
    const posts = panel(page, 'posts').getByRole('table', { name: 'Posts with their figures' });
    const firstRow = posts.getByRole('row').nth(1);
    await expect(firstRow).toContainText('Behind the scenes 1');
    const thumbnail = firstRow.locator('img');
    await expect(thumbnail).toHaveAttribute('src', /thumbnail\.png\?.*X-Amz-Signature=/);
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The first click on a figure sorts highest first; the second turns it round.
    await posts.getByRole('columnheader', { name: /Engagement/ }).click();
    await expect(firstRow).toContainText('Behind the scenes 3');
    await posts.getByRole('columnheader', { name: /Engagement/ }).click();
    await expect(firstRow).not.toContainText(/Behind the scenes \d:/);
    await posts.getByRole('columnheader', { name: /Engagement/ }).click();
    await expect(firstRow).toContainText('Behind the scenes 3');
    await expect(firstRow.getByRole('link')).toHaveAttribute('href', /^http:\/\/127\.0\.0\.1:\d+\/social\/instagram\/903$/);

    // One platform: YouTube's posts only, its followers only.
    await page.getByRole('button', { name: 'YouTube', exact: true }).click();
    await expect(page).toHaveURL(/platform=youtube/);
    await expectSettled(page);
    await expect(accounts.getByText(/@harborbakery/)).toHaveCount(0);
    await expect(panel(page, 'followers').getByRole('columnheader', { name: 'Instagram' })).toHaveCount(0);
    await expect(posts.getByText(/^Instagram · /)).toHaveCount(0);
    await expect(posts.getByText(/^YouTube · /).first()).toBeVisible();

    // A range with nothing synced says so.
    await openAnalytics(page, brand.slug, `?from=2020-01-01&to=2020-03-31`);
    await expect(page.getByText('Nothing in this range')).toBeVisible();
    expect(seeded.snapshots).toBe(800);
  });
});

test.describe('at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('on a phone the filters, charts, the turned heat grid and the posts table fit the width', async ({ page }) => {
    const { owner, workspaceId, brand } = await ownerWithBrand(unique('analytics-phone'), 'Phone Analytics Co', 'Pocket Bakery');
    await seedAnalyticsHistory({ workspaceId, projectId: brand.uid, connectedBy: owner.uid, days: 120, posts: 80 });
    await signInAt(page, owner.email);
    await openAnalytics(page, brand.slug);
    await expectSettled(page);
    for (const name of ['followers', 'posts-per-week', 'pillars']) await expectChartDrawn(page, name);
    // Hours down, weekdays across: 24 rows of 7.
    await expect(page.getByTestId('best-times-grid').getByText('Mon', { exact: true })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await shoot(page, 'analytics-phone');
  });
});
