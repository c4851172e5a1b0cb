/**
 * The analytics page with two years of history: a brand with two connected accounts (Instagram and YouTube), a
 * follower snapshot per account per day for BENCH_ANALYTICS_DAYS (730) days and BENCH_ANALYTICS_POSTS (700) posts'
 * metrics, written through the data layer as the sync stores them (local/seed-analytics.ts). Then:
 *  - GET .../analytics p50/p99 for the default 90 days and for the whole two years;
 *  - in headless Chromium (Debian's, the e2e flags), BENCH_ANALYTICS_RUNS (5) loads of /project/{slug}/analytics
 *    per range with the HTTP cache off: first paint, first contentful paint, and "charts ready" (every chart panel
 *    has drawn its SVG, the best-times grid and the posts table have rows), each from navigation start; the
 *    longest task and the DOM size at ready. Medians of the runs.
 *
 * Alone: `node --openssl-legacy-provider --import tsx scripts/bench-analytics.ts` (builds web/dist when stale,
 * starts its own stack); in `npm run bench` as the `analytics` part.
 */
import { loadavg } from 'node:os';
import { chromium, type Page } from 'playwright-core';
import { seedAnalyticsHistory } from '../local/seed-analytics';
import type { Stack } from '../local/stack';
import { chromiumLaunch } from '../test/e2e/support/chromium';
import { call, median, ms, percentile, person, progress, routeUrl, runAlone, timeIt } from './bench-support';

const DAYS = Number(process.env.BENCH_ANALYTICS_DAYS ?? 730);
const POSTS = Number(process.env.BENCH_ANALYTICS_POSTS ?? 700);
const RUNS = Number(process.env.BENCH_ANALYTICS_RUNS ?? 5);
const REQUESTS = Number(process.env.BENCH_ANALYTICS_REQUESTS ?? 50);

/** The panels that draw an SVG chart, the heat grid, and the posts table (their data-analytics-panel names). */
const CHART_PANELS = ['followers', 'posts-per-week', 'pillars'];

type LoadFigures = { firstPaint: number; firstContentfulPaint: number; chartsReady: number; longestTask: number; longTasks: number; domNodes: number; heapMb: number };

/**
 * Recorded from the first byte of each document: long tasks, and the moment every chart has drawn. A string, not a
 * function: tsx names a function's inner arrows with a helper (__name) the page does not have.
 */
const recordLoad = (panels: string[]) => `(() => {
  const bench = { readyAt: null, longTasks: [] };
  window.__analyticsBench = bench;
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) bench.longTasks.push(entry.duration); })
    .observe({ type: 'longtask', buffered: true });
  const panels = ${JSON.stringify(panels)};
  const ready = () =>
    !!document.querySelector('[data-analytics-state="ready"]') &&
    panels.every((name) => {
      const svg = document.querySelector('[data-analytics-panel="' + name + '"] svg[aria-roledescription]');
      return !!svg && svg.querySelectorAll('path, rect').length > 0;
    }) &&
    !!document.querySelector('[data-testid="best-times-grid"]') &&
    document.querySelectorAll('[data-analytics-panel="posts"] tbody tr').length > 0;
  const watcher = new MutationObserver(() => {
    if (bench.readyAt === null && ready()) {
      bench.readyAt = performance.now();
      watcher.disconnect();
    }
  });
  watcher.observe(document, { childList: true, subtree: true, attributes: true });
})();`;

const measure = async (page: Page, url: string): Promise<LoadFigures> => {
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __analyticsBench?: { readyAt: number | null } }).__analyticsBench?.readyAt != null, undefined, {
    timeout: 60_000,
  });
  // Long tasks right after ready still belong to the load.
  await page.waitForTimeout(500);
  return page.evaluate(() => {
    const bench = (window as unknown as { __analyticsBench: { readyAt: number; longTasks: number[] } }).__analyticsBench;
    // No named inner functions here either (see recordLoad).
    return {
      firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? NaN,
      firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      chartsReady: bench.readyAt,
      longestTask: Math.max(0, ...bench.longTasks),
      longTasks: bench.longTasks.length,
      domNodes: document.querySelectorAll('*').length,
      heapMb: ((performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0) / 2 ** 20,
    };
  });
};

export const analyticsBench = async (stack: Stack) => {
  const owner = await person(stack, `bench-analytics-${Date.now()}@example.com`);
  const { workspaces } = await call(stack, owner, 'createWorkspace', { body: { name: 'Bench analytics' } });
  const workspaceId = workspaces.uid;
  const project = await call(stack, owner, 'createProject', { params: { workspaceId }, body: { name: 'Harbor Bakery' } });
  progress(`analytics: seeding ${DAYS} days × 2 accounts of snapshots and ${POSTS} posts through the data layer…`);
  const seedStarted = performance.now();
  const seeded = await seedAnalyticsHistory({ workspaceId, projectId: project.uid, connectedBy: owner.uid, days: DAYS, posts: POSTS });
  const seedMs = performance.now() - seedStarted;

  progress('analytics: GET …/analytics…');
  const headers = { authorization: `Bearer ${owner.token}` };
  const ranges: { label: string; query: Record<string, string>; page: string }[] = [
    { label: 'last 90 days (default)', query: {}, page: '' },
    { label: `all ${DAYS} days`, query: { from: seeded.from, to: seeded.to }, page: `?from=${seeded.from}&to=${seeded.to}` },
  ];
  const api: { label: string; p50: number; p99: number; posts: number; points: number }[] = [];
  for (const range of ranges) {
    const url = routeUrl(stack, 'getAnalytics', { params: { workspaceId, projectId: project.uid }, query: range.query });
    let answer = { posts: 0, points: 0 };
    const samples = await timeIt(
      async () => {
        const response = await fetch(url, { headers });
        if (response.status !== 200) throw new Error(`GET analytics: ${response.status} ${await response.text()}`);
        const body = (await response.json()) as { posts: unknown[]; followers: unknown[] };
        answer = { posts: body.posts.length, points: body.followers.length };
      },
      REQUESTS,
      5,
    );
    api.push({ label: range.label, p50: percentile(samples, 50), p99: percentile(samples, 99), ...answer });
  }

  const browser = await chromium.launch(chromiumLaunch);
  const loads: { label: string; runs: LoadFigures[] }[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' });
    const signIn = await context.newPage();
    progress('analytics: signing in…');
    await signIn.goto(`${stack.url}/signin`);
    await signIn.getByLabel('Email', { exact: true }).fill(owner.email);
    await signIn.getByLabel('Password', { exact: true }).fill(owner.password);
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await signIn.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 30_000 });
    await signIn.close();
    await context.addInitScript({ content: recordLoad(CHART_PANELS) });
    for (const range of ranges) {
      const runs: LoadFigures[] = [];
      for (let run = 1; run <= RUNS; run++) {
        progress(`analytics: ${range.label}, load ${run}/${RUNS}…`);
        const page = await context.newPage();
        // Every load fetches the app again, as a first visit does (the session stays in local storage).
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        runs.push(await measure(page, `${stack.url}/project/${encodeURIComponent(project.slug)}/analytics${range.page}`));
        await page.close();
      }
      loads.push({ label: range.label, runs });
    }
  } finally {
    await browser.close();
  }

  const med = (runs: LoadFigures[], key: keyof LoadFigures) => median(runs.map((run) => run[key]));
  console.log(`\n## Analytics page (${DAYS} days of follower snapshots × 2 accounts, ${seeded.posts} posts; headless Chromium, 1366×900)\n`);
  console.log(
    `Seeded through the data layer in ${(seedMs / 1000).toFixed(1)} s (${seeded.snapshots} snapshots, ${seeded.posts} post metrics). ` +
      `Load average at the end: ${loadavg().map((x) => x.toFixed(1)).join(' / ')}.\n`,
  );
  console.log(`| GET …/analytics (${REQUESTS} sequential requests after 5 warm-up) | p50 | p99 | posts listed | follower points |\n|---|---|---|---|---|`);
  for (const row of api) console.log(`| ${row.label} | ${ms(row.p50)} | ${ms(row.p99)} | ${row.posts} | ${row.points} |`);
  console.log(
    `\nPage loads with the HTTP cache off (each fetches the app's code again), signed in; median of ${RUNS}, times from navigation start. ` +
      'Charts ready: the followers, posts-per-week and pillars charts have drawn, the best-times grid and the posts table are there.\n',
  );
  console.log('| range | first paint | first contentful paint | charts ready | longest task | long tasks | DOM nodes | JS heap | all runs, charts ready |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const { label, runs } of loads) {
    console.log(
      `| ${label} | ${ms(med(runs, 'firstPaint'))} | ${ms(med(runs, 'firstContentfulPaint'))} | ${ms(med(runs, 'chartsReady'))} | ${ms(med(runs, 'longestTask'))} | ` +
        `${med(runs, 'longTasks')} | ${med(runs, 'domNodes').toLocaleString('en')} | ${med(runs, 'heapMb').toFixed(1)} MB | ${runs.map((r) => r.chartsReady.toFixed(0)).join(', ')} ms |`,
    );
  }
  return { api, loads };
};

await runAlone(import.meta.url, analyticsBench, { web: true });
