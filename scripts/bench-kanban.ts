import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { chromium, type Page } from 'playwright-core';
import { newId } from '#lib/ids';
import { createService } from '#data/entities';
import type { Stack } from '../local/stack';
import { call, ms, person, progress } from './bench-support';
import { batchWrite, taskItem } from './bench-tasks';
import { chromiumLaunch } from '../test/e2e/support/chromium';

/**
 * The kanban with 1,000 cards in one column: the SPA's /tasks?viewMode=kanban in headless Chromium (Debian's, the
 * flags of test/e2e), signed in through the sign-in page. Reports what is mounted and what blocked the main thread.
 */
const CARDS = Number(process.env.BENCH_KANBAN_CARDS ?? 1000);
const CARD = '[data-testid="kanban-card"]';
/** The board counts as settled once no card has been added or removed for this long. */
const SETTLE_MS = 2000;

type PageFigures = { firstCardAt: number | null; longTasks: number[] };
type Snapshot = PageFigures & { domNodes: number; cards: number; columns: number; columnCount: number; heapMb: number };

/** Waits until no card has been mounted or unmounted for SETTLE_MS. */
const settle = async (page: Page) => {
  let cards = await page.locator(CARD).count();
  let changedAt = Date.now();
  while (Date.now() - changedAt < SETTLE_MS) {
    await page.waitForTimeout(250);
    const count = await page.locator(CARD).count();
    if (count !== cards) [cards, changedAt] = [count, Date.now()];
  }
};

const snapshot = (page: Page): Promise<Snapshot> =>
  page.evaluate(() => {
    const todo = document.querySelector('[data-testid="kanban-column"][data-status="todo"]');
    return {
      ...(window as unknown as { __bench: PageFigures }).__bench,
      longTasks: [...(window as unknown as { __bench: PageFigures }).__bench.longTasks],
      domNodes: document.querySelectorAll('*').length,
      cards: document.querySelectorAll('[data-testid="kanban-card"]').length,
      columns: document.querySelectorAll('[data-testid="kanban-column"]').length,
      columnCount: Number(/(\d+) tasks$/.exec(todo?.getAttribute('aria-label') ?? '')?.[1] ?? 0),
      heapMb: ((performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0) / 2 ** 20,
    };
  });

export const kanbanBench = async (stack: Stack) => {
  const table = stack.env.TABLE_NAME;
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.env.AWS_ENDPOINT_URL_DYNAMODB, region: 'us-east-1' }), {
    marshallOptions: { removeUndefinedValues: true },
  });
  const service = createService(undefined, table);
  const owner = await person(stack, `bench-kanban-${Date.now()}@example.com`);
  const { workspaces } = await call(stack, owner, 'createWorkspace', { body: { name: 'Bench kanban' } });
  const workspaceId = workspaces.uid;
  const { uid: projectId } = await call(stack, owner, 'createProject', { params: { workspaceId }, body: { name: 'Kanban Brand' } });
  progress(`kanban: seeding ${CARDS} To Do tasks…`);
  const now = Date.now();
  const items = Array.from({ length: CARDS }, (_, i) =>
    taskItem(service, {
      workspaceId,
      taskId: newId(),
      number: i + 1,
      projectId,
      summary: `Card ${i + 1}: film the morning routine reel`,
      status: 'todo',
      ticketType: i % 3 ? 'post' : 'task',
      createdBy: owner.uid,
      assignee: owner.uid,
      tags: i % 4 ? ['reels'] : [],
      createdAt: new Date(now - (i + 1) * 60_000).toISOString(),
      updatedAt: new Date(now - i * 60_000).toISOString(),
    }),
  );
  await batchWrite(doc, table, [service.entities.taskCounter.put({ workspaceId, last: CARDS }).params().Item as Record<string, unknown>, ...items]);

  const browser = await chromium.launch(chromiumLaunch);
  try {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' })).newPage();
    progress('kanban: signing in…');
    await page.goto(`${stack.url}/signin`);
    await page.getByLabel('Email', { exact: true }).fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 30_000 });

    // Recorded from the first byte of the next document: long tasks, and when the first card enters the DOM.
    await page.addInitScript(() => {
      const figures: PageFigures = { firstCardAt: null, longTasks: [] };
      (window as unknown as { __bench: PageFigures }).__bench = figures;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) figures.longTasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
      const watcher = new MutationObserver(() => {
        if (document.querySelector('[data-testid="kanban-card"]')) {
          figures.firstCardAt = performance.now();
          watcher.disconnect();
        }
      });
      watcher.observe(document, { childList: true, subtree: true });
    });
    progress('kanban: opening /tasks?viewMode=kanban…');
    await page.goto(`${stack.url}/tasks?viewMode=kanban`);
    await page.locator(CARD).first().waitFor({ state: 'attached', timeout: 60_000 });
    await settle(page);
    const firstPage = await snapshot(page);

    // Scroll the To Do column to its end until every page is loaded (each scroll near the end fetches the next).
    progress(`kanban: scrolling the To Do column until all ${CARDS} cards are loaded…`);
    const loadStarted = Date.now();
    let loaded = 0;
    while (Date.now() - loadStarted < 180_000) {
      loaded = await page.evaluate(() => {
        const column = document.querySelector('[data-testid="kanban-column"][data-status="todo"]');
        const scroller = [...(column?.querySelectorAll('div') ?? [])].find((el) => getComputedStyle(el).overflowY === 'auto');
        if (scroller) scroller.scrollTop = scroller.scrollHeight;
        return Number(/(\d+) tasks$/.exec(column?.getAttribute('aria-label') ?? '')?.[1] ?? 0);
      });
      if (loaded >= CARDS) break;
      await page.waitForTimeout(200);
    }
    const loadMs = Date.now() - loadStarted;
    await settle(page);
    const allLoaded = await snapshot(page);

    const longest = (f: Snapshot) => (f.longTasks.length ? Math.max(...f.longTasks) : 0);
    const sum = (f: Snapshot) => f.longTasks.reduce((a, b) => a + b, 0);
    console.log(`\n## Kanban render (${CARDS.toLocaleString('en')} To Do tasks in one workspace, headless Chromium, 1366×900)\n`);
    console.log('The column loads a page of 50 and the next near its end; cards are windowed. Long tasks count from the navigation.\n');
    console.log('| figure | first page shown | all cards loaded (column scrolled to its end) |\n|---|---|---|');
    console.log(`| time | navigation → first card: ${firstPage.firstCardAt === null ? 'n/a' : ms(firstPage.firstCardAt)} | scrolling → ${loaded} loaded: ${ms(loadMs)} |`);
    console.log(`| cards in the To Do column | ${firstPage.columnCount} | ${allLoaded.columnCount} |`);
    console.log(`| kanban cards mounted ([data-testid="kanban-card"]) | ${firstPage.cards} | ${allLoaded.cards} |`);
    console.log(`| kanban columns mounted | ${firstPage.columns} | ${allLoaded.columns} |`);
    console.log(`| DOM nodes mounted (document.querySelectorAll('*')) | ${firstPage.domNodes.toLocaleString('en')} | ${allLoaded.domNodes.toLocaleString('en')} |`);
    console.log(`| longest task (PerformanceObserver 'longtask') | ${ms(longest(firstPage))} | ${ms(longest(allLoaded))} |`);
    console.log(`| long tasks: count / summed duration | ${firstPage.longTasks.length} / ${ms(sum(firstPage))} | ${allLoaded.longTasks.length} / ${ms(sum(allLoaded))} |`);
    console.log(`| JS heap used | ${firstPage.heapMb.toFixed(1)} MB | ${allLoaded.heapMb.toFixed(1)} MB |`);
  } finally {
    await browser.close();
  }
};
