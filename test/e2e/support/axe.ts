import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe (WCAG 2.1 A/AA rules) on the page as it stands and fails listing each violation. */
export const expectNoAxeViolations = async (page: Page) => {
  // Judge a rendered page, not the instant between a redirect and the next page's first paint.
  await page.locator('main, [role="main"]').first().waitFor({ state: 'attached' });
  // A Cloudscape table makes its wrapper a focusable region once a resize observer reports it scrolls sideways; judge
  // it after that report, not in the frame between content widening the table and the table noticing.
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            [...document.querySelectorAll('table')]
              .map((table) => table.closest('[class*="awsui_wrapper_"]'))
              .filter((wrapper) => wrapper && wrapper.scrollWidth > wrapper.clientWidth && !wrapper.hasAttribute('tabindex')).length,
        ),
      { timeout: 3_000 },
    )
    .toBe(0)
    .catch(() => undefined);
  // Judge colours at rest: a transition still running (a kanban column fading back from its dimmed look after a drag)
  // has a contrast no one reads. Endless animations (spinners) are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Evaluated through the DevTools protocol, not as an inline <script>: the SPA's CSP (script-src 'self') stays in force.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (window as any).axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] });
    return result.violations.map((v: any) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n: any) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
  });
  expect(violations, violations.join('\n')).toEqual([]);
};

/** A full-page screenshot to look at after the run, taken from the top so sticky bars stay where they belong. */
export const shoot = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/shots/${name}.png`, fullPage: true });
};
