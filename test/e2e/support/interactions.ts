import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Page } from '@playwright/test';

/** Where the journeys leave the clicks and keystrokes each common job took; `npm run bench` prints the last ones. */
export const INTERACTIONS_FILE = 'test-results/interaction-counts.json';

export type InteractionCounts = { clicks: number; keys: number; typed: number };

/**
 * Counts what a person does for one job: each click and each key that is not typing text (Tab, Enter, an arrow),
 * and apart from them the characters typed into fields (a summary is as long as it is, whatever the tool).
 */
export const interactionCounter = (page: Page) => {
  const counts: InteractionCounts = { clicks: 0, keys: 0, typed: 0 };
  return {
    counts,
    async press(key: string) {
      counts.keys += 1;
      await page.keyboard.press(key);
    },
    async type(text: string) {
      counts.typed += text.length;
      await page.keyboard.type(text);
    },
    async click(target: { click: () => Promise<void> }) {
      counts.clicks += 1;
      await target.click();
    },
  };
};

/** Records the figures of one job beside the others' (the last run of each job wins) and says them in the log. */
export const recordInteractions = (job: string, counts: InteractionCounts) => {
  let all: Record<string, unknown> = {};
  try {
    all = JSON.parse(readFileSync(INTERACTIONS_FILE, 'utf8')) as Record<string, unknown>;
  } catch {
    // the first job recorded here
  }
  all[job] = { ...counts, actions: counts.clicks + counts.keys, recordedAt: new Date().toISOString() };
  mkdirSync(dirname(INTERACTIONS_FILE), { recursive: true });
  writeFileSync(INTERACTIONS_FILE, `${JSON.stringify(all, null, 2)}\n`);
  console.log(`${job}: ${counts.clicks} clicks + ${counts.keys} keys (+ ${counts.typed} characters typed)`);
};
