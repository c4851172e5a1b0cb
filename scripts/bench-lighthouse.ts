/**
 * Lighthouse (desktop preset) on the SPA's first screens: /signin signed out, /dashboard and /tasks signed in, each
 * a cold load (Lighthouse clears the HTTP cache before each run; local storage, where Amplify keeps the session,
 * stays). Debian's Chromium is launched by Playwright with a debugging port, so Lighthouse drives the same browser
 * profile the sign-in went through. BENCH_LIGHTHOUSE_RUNS (3) loads per page, each figure the median of its runs:
 * on a shared 2-core machine other load moves a score by ±5 and more. Reports and final screenshots land in
 * .bench/lighthouse/. BENCH_LIGHTHOUSE_PAGES (e.g. `/tasks,/dashboard`) measures only those pages.
 *
 * Alone: `node --openssl-legacy-provider --import tsx scripts/bench-lighthouse.ts` (builds web/dist when stale,
 * starts its own stack); in `npm run bench` as the `lighthouse` part.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { MainThreadTasks } from 'lighthouse/core/computed/main-thread-tasks.js';
import { chromium } from 'playwright-core';
import { seedLivingWorkspace } from '../local/seed-tasks';
import type { Stack } from '../local/stack';
import { chromiumLaunch } from '../test/e2e/support/chromium';
import { call, median, ms, person, progress, runAlone } from './bench-support';

const OUT = '.bench/lighthouse';
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const LIGHTHOUSE_VERSION = (JSON.parse(readFileSync(createRequire(import.meta.url).resolve('lighthouse/package.json'), 'utf8')) as { version: string }).version;

type Page = { path: string; signedIn: boolean };
const ONLY = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
const PAGES: readonly Page[] = (
  [
    { path: '/signin', signedIn: false },
    { path: '/dashboard', signedIn: true },
    { path: '/tasks', signedIn: true },
  ] satisfies Page[]
).filter((page) => !ONLY || ONLY.includes(page.path));
const unknown = ONLY?.filter((path) => !PAGES.some((page) => page.path === path)) ?? [];
if (unknown.length) throw new Error(`BENCH_LIGHTHOUSE_PAGES names pages this bench does not load: ${unknown.join(', ')}`);

type Figures = {
  score: number;
  tbt: number;
  lcp: number;
  fcp: number;
  cls: number;
  longestTask: number;
  tasksOver50: number;
  longestCpu: number;
  cpuBlocking: number;
  jsKb: number;
  jsRequests: number;
};

type Audits = Record<string, { numericValue?: number; details?: { items?: Record<string, unknown>[] } }>;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

type TraceTask = { parent?: unknown; duration: number; event: { tdur?: number } };

/**
 * The top-level main-thread tasks of the load (the desktop preset does not slow the CPU): the longest as observed,
 * and by the renderer's own CPU time (the trace's thread duration), which other processes on a shared machine do
 * not stretch, with the blocking time it adds up to (each task's CPU time over 50 ms).
 */
const mainThread = async (trace: unknown) => {
  const tasks = (await MainThreadTasks.request(trace as never, { computedCache: new Map() } as never)) as TraceTask[];
  const topLevel = tasks.filter((task) => !task.parent);
  const wall = topLevel.map((task) => task.duration);
  const cpu = topLevel.map((task) => (task.event.tdur ?? 0) / 1000);
  return {
    longest: Math.max(0, ...wall),
    over50: wall.filter((d) => d > 50).length,
    longestCpu: Math.max(0, ...cpu),
    cpuBlocking: cpu.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
  };
};

const figuresOf = async (lhr: { categories: { performance: { score: number | null } }; audits: Audits }, trace: unknown): Promise<Figures> => {
  const audits = lhr.audits;
  const scripts = (audits['resource-summary'].details?.items ?? []).find((item) => item.resourceType === 'script') ?? {};
  const { longest, over50, longestCpu, cpuBlocking } = await mainThread(trace);
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    tbt: audits['total-blocking-time'].numericValue ?? NaN,
    lcp: audits['largest-contentful-paint'].numericValue ?? NaN,
    fcp: audits['first-contentful-paint'].numericValue ?? NaN,
    cls: audits['cumulative-layout-shift'].numericValue ?? NaN,
    longestTask: longest,
    tasksOver50: over50,
    longestCpu,
    cpuBlocking,
    jsKb: Number(scripts.transferSize ?? 0) / 1024,
    jsRequests: Number(scripts.requestCount ?? 0),
  };
};

/** A user with a living workspace (brands, teammates, tasks, comments, time), made through the API as the demo seed is. */
const seededUser = async (stack: Stack) => {
  const owner = await person(stack, `bench-lighthouse-${Date.now()}@example.com`);
  const { workspaces } = await call(stack, owner, 'createWorkspace', { body: { name: 'Lighthouse Studio' } });
  await seedLivingWorkspace({
    url: stack.url,
    // A fresh stack: the seed's teammates do not exist yet.
    cognito: { createConfirmedUser: stack.cognito.createConfirmedUser, signIn: stack.cognito.signIn, findUser: async () => null },
    demo: { email: owner.email, password: owner.password },
    workspaceId: workspaces.uid,
    once: (_key, run) => run(),
  });
  return owner;
};

export const lighthouseBench = async (stack: Stack) => {
  progress('lighthouse: seeding a workspace…');
  const owner = await seededUser(stack);
  const loadAverage = loadavg().map((x) => x.toFixed(1)).join(' / ');
  mkdirSync(OUT, { recursive: true });
  const profile = mkdtempSync(join(tmpdir(), 'brandslate-lighthouse-'));
  const port = await freePort();
  // A persistent context is the browser's default one, where Lighthouse opens its tab: it shares the session.
  const context = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunch,
    args: [...chromiumLaunch.args, `--remote-debugging-port=${port}`],
    viewport: { width: 1350, height: 940 },
  });
  const results: { path: string; runs: Figures[] }[] = [];
  try {
    let signedIn = false;
    for (const page of PAGES) {
      if (page.signedIn && !signedIn) {
        progress('lighthouse: signing in…');
        const tab = await context.newPage();
        await tab.goto(`${stack.url}/signin`);
        await tab.getByLabel('Email', { exact: true }).fill(owner.email);
        await tab.getByLabel('Password', { exact: true }).fill(owner.password);
        await tab.getByRole('button', { name: 'Sign in' }).click();
        await tab.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 30_000 });
        await tab.close();
        signedIn = true;
      }
      const runs: Figures[] = [];
      for (let run = 1; run <= RUNS; run++) {
        progress(`lighthouse: ${page.path} run ${run}/${RUNS}…`);
        const result = await lighthouse(
          `${stack.url}${page.path}`,
          { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
          desktopConfig,
        );
        if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
        const lhr = result.lhr as unknown as Parameters<typeof figuresOf>[0] & { finalDisplayedUrl: string; runtimeError?: { message: string } };
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${page.path}: ${lhr.runtimeError.message}`);
        // A signed-in page that bounced to /signin (or the reverse) would measure the wrong screen.
        const landed = new URL(lhr.finalDisplayedUrl).pathname;
        if (landed !== page.path) throw new Error(`Lighthouse on ${page.path} ended at ${landed}`);
        const name = `${page.path.slice(1)}-${run}`;
        writeFileSync(join(OUT, `${name}.json`), typeof result.report === 'string' ? result.report : JSON.stringify(result.lhr));
        const shot = (lhr.audits['final-screenshot'] as { details?: { data?: string } } | undefined)?.details?.data;
        if (shot) writeFileSync(join(OUT, `${name}.jpg`), Buffer.from(shot.split(',')[1], 'base64'));
        runs.push(await figuresOf(lhr, result.artifacts.Trace));
      }
      results.push({ path: page.path, runs });
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }

  // Each figure's own median: the runs' medians need not come from one run.
  const medianOf = (runs: Figures[]) =>
    Object.fromEntries(Object.keys(runs[0]).map((key) => [key, median(runs.map((run) => run[key as keyof Figures]))])) as Figures;
  console.log(`\n## SPA load: Lighthouse ${LIGHTHOUSE_VERSION} desktop preset, median of ${RUNS} cold loads (Debian Chromium, built web/dist)\n`);
  console.log('TBT, LCP and FCP are Lighthouse\'s simulated figures (desktop: 40 ms RTT, 10 Mbit/s, CPU ×1), built from the tasks as observed;');
  console.log('the longest task is the longest top-level main-thread task of the load. Under other load the observed tasks stretch: the CPU');
  console.log('columns count the renderer\'s own CPU time per task (its longest; its blocking time, Σ over 50 ms), which that load does not');
  console.log(`stretch. Load average at the start: ${loadAverage}. Reports and final screenshots: ${OUT}/.\n`);
  console.log('| page | performance | TBT | LCP | FCP | CLS | longest task | tasks > 50 ms | longest task, CPU | blocking, CPU | JS transferred (requests) | all runs\' scores |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const { path, runs } of results) {
    const f = medianOf(runs);
    console.log(
      `| ${path} | ${f.score} | ${ms(f.tbt)} | ${ms(f.lcp)} | ${ms(f.fcp)} | ${f.cls.toFixed(3)} | ${ms(f.longestTask)} | ${f.tasksOver50} | ` +
        `${ms(f.longestCpu)} | ${ms(f.cpuBlocking)} | ${f.jsKb.toFixed(0)} KB (${f.jsRequests}) | ${runs.map((r) => r.score).join(', ')} |`,
    );
  }
  return results;
};

await runAlone(import.meta.url, lighthouseBench, { web: true });
