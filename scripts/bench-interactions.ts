import { readFileSync } from 'node:fs';
import { INTERACTIONS_FILE } from '../test/e2e/support/interactions';

type Recorded = { clicks: number; keys: number; typed: number; actions: number; recordedAt: string };

/**
 * Clicks and keystrokes per common job, as the browser journeys last counted them (`npm run test:e2e` writes
 * test-results/interaction-counts.json); nothing is driven here.
 */
export const interactionsBench = () => {
  console.log('\n## Clicks and keystrokes per job (counted by the e2e journeys)\n');
  let recorded: Record<string, Recorded>;
  try {
    recorded = JSON.parse(readFileSync(INTERACTIONS_FILE, 'utf8')) as Record<string, Recorded>;
  } catch {
    console.log(`No figures yet: run the browser journeys (npm run test:e2e), which write ${INTERACTIONS_FILE}.`);
    return;
  }
  console.log('| job | clicks | keys (Tab, Enter, arrows…) | clicks + keys | characters typed | counted at |\n|---|---|---|---|---|---|');
  for (const [job, figures] of Object.entries(recorded)) {
    console.log(`| ${job} | ${figures.clicks} | ${figures.keys} | ${figures.actions} | ${figures.typed} | ${figures.recordedAt} |`);
  }
};
