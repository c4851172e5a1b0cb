import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Stack } from '../local/stack';
import { API_PREFIX } from '#shared/routes';
import { chromiumLaunch } from '../test/e2e/support/chromium';
import { call, median, ms, person, progress, type Person } from './bench-support';

const MB = 1024 * 1024;
/** The recording uploaded (BENCH_RECORDING_MB): 200 MB by default. */
const TOTAL_MB = Number(process.env.BENCH_RECORDING_MB ?? 200);
/** One MediaRecorder chunk: 1 s of a 4 Mbit/s screen recording is about 0.5 MB. */
const CHUNK_BYTES = MB / 2;
const PLAY_RUNS = Number(process.env.BENCH_PLAY_RUNS ?? 10);

type Figures = { uid: string; ms: number; heap: { bytes: number; heap: number }[] };

/** The Chromium processes' resident memory (the browser, its renderers, GPU and network service), in bytes. */
const browserRss = async (browser: Browser): Promise<number> => {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { id: number }[] };
    return processInfo.reduce((sum, { id }) => {
      try {
        const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1];
        return sum + Number(rss ?? 0) * 1024;
      } catch {
        return sum;
      }
    }, 0);
  } finally {
    await cdp.detach();
  }
};

/** The page script, bundled from scripts/bench-recordings-page.ts with the SPA's recording modules. */
const pageScript = async () => {
  const built = await build({
    entryPoints: [fileURLToPath(new URL('./bench-recordings-page.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return built.outputFiles[0]!.text;
};

const openBenchPage = async (browser: Browser, stack: Stack, script: string) => {
  // A document of the app's origin, served from the loopback address as the SPA is (Chromium's local network
  // access refuses a page of no known address space a PUT to the local S3): the gateway's answer to /api/. Its CSP
  // forbids scripts, and bypassing it lets only the bench's own script run there.
  const page = await (await browser.newContext({ bypassCSP: true })).newPage();
  page.on('console', (message) => message.type() === 'error' && progress(`recordings page: ${message.text()}`));
  await page.goto(`${stack.url}${API_PREFIX}/`);
  await page.addScriptTag({ content: script });
  return page;
};

/**
 * Recordings: a 200 MB recording uploaded through the multipart flow (the SPA's part buffer, uploader and PUTs in
 * Chromium, against the recordings API and the local S3) — MB/s and the browser's memory as the bytes go — and
 * /play's time to a first frame for a recording shared by link, from a signed-out browser.
 */
export const recordingsBench = async (stack: Stack) => {
  const who: Person = await person(stack, `bench-recordings-${Date.now()}@example.com`);
  const workspaceId = (await call(stack, who, 'createWorkspace', { body: { name: 'Bench recordings' } })).workspaces.uid;
  const projectId = (await call(stack, who, 'createProject', { params: { workspaceId }, body: { name: 'Recordings' } as never })).uid;
  const target = { api: `${stack.url}${API_PREFIX}`, token: who.token, workspaceId, projectId };
  const script = await pageScript();
  const browser = await chromium.launch({ ...chromiumLaunch, args: [...chromiumLaunch.args, '--enable-precise-memory-info'] });
  try {
    progress(`recordings: uploading ${TOTAL_MB} MB through the multipart flow…`);
    const page = await openBenchPage(browser, stack, script);
    const rssBefore = await browserRss(browser);
    const rss: number[] = [];
    const sampler = setInterval(() => void browserRss(browser).then((bytes) => rss.push(bytes), () => undefined), 250);
    const figures = await page.evaluate(
      ([t, total, chunk]) => (window as unknown as { brandslateBench: { throughput: (...args: unknown[]) => Promise<Figures> } }).brandslateBench.throughput(t, total, chunk),
      [target, TOTAL_MB * MB, CHUNK_BYTES] as const,
    );
    clearInterval(sampler);
    const stored = await call(stack, who, 'getRecording', { params: { workspaceId, recordingId: figures.uid } });
    if (stored.size !== TOTAL_MB * MB) throw new Error(`the recording holds ${stored.size} bytes, not ${TOTAL_MB * MB}`);

    progress(`recordings: /play time to first frame (${PLAY_RUNS} signed-out visits)…`);
    const uid = await page.evaluate((t) => (window as unknown as { brandslateBench: { playable: (...args: unknown[]) => Promise<string> } }).brandslateBench.playable(t, 5_000), target);
    const share = await call(stack, who, 'createRecordingShare', { params: { workspaceId, recordingId: uid } });
    const ready: number[] = [];
    const firstFrame: number[] = [];
    for (let i = 0; i < PLAY_RUNS; i++) {
      const visit = await timePlay(browser, `${stack.url}/play/${encodeURIComponent(share.uid)}`);
      ready.push(visit.ready);
      firstFrame.push(visit.firstFrame);
    }

    console.log(`\n## Recordings (the SPA's uploader in Chromium → recordings API → local S3)\n`);
    console.log('| | figure |\n|---|---|');
    console.log(`| ${TOTAL_MB} MB in parts of 5 MB, chunks of ${CHUNK_BYTES / MB} MB | ${(figures.ms / 1000).toFixed(1)} s, ${(TOTAL_MB / (figures.ms / 1000)).toFixed(1)} MB/s |`);
    console.log(`| page JS heap as the bytes went (every ${TOTAL_MB / 8} MB) | ${figures.heap.map((sample) => `${(sample.heap / MB).toFixed(1)}`).join(' → ')} MB |`);
    // Eight samples spread over the upload: flat means it levels off instead of climbing with the bytes sent.
    const spread = Array.from({ length: 8 }, (_, i) => rss[Math.min(rss.length - 1, Math.round(((i + 1) * rss.length) / 8) - 1)] ?? rssBefore);
    console.log(`| Chromium's processes, resident above the start, over the upload (eighths) | ${spread.map((bytes) => ((bytes - rssBefore) / MB).toFixed(0)).join(' → ')} MB; peak ${((Math.max(rssBefore, ...rss) - rssBefore) / MB).toFixed(1)} MB |`);
    console.log(`| /play: navigation → video ready to show its first frame (median of ${PLAY_RUNS}) | ${ms(median(ready)!)} |`);
    console.log(`| /play: Play pressed → first frame presented (median of ${PLAY_RUNS}) | ${ms(median(firstFrame)!)} |`);
  } finally {
    await browser.close();
  }
};

/** One signed-out visit of /play: when the video can show a frame, and how soon one is presented after Play. */
const timePlay = async (browser: Browser, url: string) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page: Page = await context.newPage();
    await page.goto(url);
    const video = page.locator('video');
    await video.waitFor({ timeout: 30_000 });
    const ready = await video.evaluate(
      (element: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          if (element.readyState >= 1) resolve(performance.now());
          else element.addEventListener('loadedmetadata', () => resolve(performance.now()), { once: true });
        }),
    );
    const firstFrame = await video.evaluate(
      (element: HTMLVideoElement) =>
        new Promise<number>((resolve, reject) => {
          element.muted = true;
          const pressed = performance.now();
          element.requestVideoFrameCallback(() => resolve(performance.now() - pressed));
          element.play().catch(reject);
        }),
    );
    return { ready, firstFrame };
  } finally {
    await context.close();
  }
};
