import { expect, test, type Page } from '@playwright/test';
import { call, createTask, dayFromToday, getTask, joinAs, moveTask, ownerWithBrand, ownerWithWorkspace, unique, type Person } from './support/api';
import { expectNoAxeViolations, shoot } from './support/axe';
import { baseUrl } from './support/mail';
import { projectPages, signInAt } from './support/pages';

/** The wizard's frame: its step, and its ways on. */
const wizard = (page: Page) => ({
  async at(slug: string, step: string, title: string, number: number) {
    await expect(page).toHaveURL(new RegExp(`/project/${slug}/${step}\\?setup=1$`));
    await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
    await expect(page.getByText(`Step ${number} of 13: ${title}`)).toBeVisible();
  },
  next: () => page.getByRole('button', { name: 'Save and continue' }).click(),
  continue: () => page.getByRole('button', { name: 'Continue', exact: true }).click(),
  skip: () => page.getByRole('button', { name: 'Skip', exact: true }).click(),
  /** Adds an item of a list step through its dialog. */
  async add(button: string, fields: Record<string, string>) {
    await page.getByRole('button', { name: button }).click();
    const dialog = page.getByRole('dialog');
    for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label, { exact: true }).fill(value);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
  },
});

/** Post tasks of this week, counted against the slate by their Purpose. */
const postsOfTheWeek = async (owner: Person, workspaceId: string, brandUid: string) => {
  const today = dayFromToday(0);
  const reel = await createTask(owner, workspaceId, brandUid, { summary: 'Sourdough reel', ticket_type: 'post', post_audience: 'Growth', due_date: today });
  await moveTask(owner, reel.uid, 'done');
  await createTask(owner, workspaceId, brandUid, { summary: 'Meet the bakers', ticket_type: 'post', post_audience: 'Growth', due_date: today });
  await createTask(owner, workspaceId, brandUid, { summary: 'Weekend offer', ticket_type: 'post', post_audience: 'Sales & promotions', due_date: today });
  return createTask(owner, workspaceId, brandUid, { summary: 'Oven tour', ticket_type: 'post', due_date: today });
};

test.describe('at 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a new brand is set up through the wizard from Connect Instagram (skipped) to AI Feedback, then its Summary and its home with this week’s slate', async ({ page }) => {
    // Thirteen steps, each saved: a long journey on a shared machine.
    test.slow();
    const { owner, workspaceId } = await ownerWithWorkspace(unique('bea'), 'Harbor Studio');
    const steps = wizard(page);
    await signInAt(page, owner.email);

    // Creating a brand (from the empty dashboard) opens the wizard at its first step.
    await page.getByRole('link', { name: 'Create brand' }).click();
    await projectPages(page).fill({ name: 'Harbor Bakery' });
    await projectPages(page).submit();
    await steps.at('harbor-bakery', 'connect-instagram', 'Connect Instagram', 1);
    await expect(page.getByRole('heading', { level: 1, name: 'Set up Harbor Bakery' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect Instagram' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect YouTube' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await shoot(page, 'brand-setup-connect-instagram');

    // No account connected (connections.e2e connects them) and no analytics without one: both skipped.
    await steps.skip();
    await steps.at('harbor-bakery', 'analytics', 'Analytics', 2);
    await steps.skip();

    // Name Brand: an industry of the list and that industry's team skills.
    await steps.at('harbor-bakery', 'name-brand', 'Name Brand', 3);
    await expect(page.getByText('Choose an industry first.')).toBeVisible();
    await page.getByLabel('Industry', { exact: true }).click();
    await page.getByRole('option', { name: 'Food & Beverage', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Baker' }).check();
    await page.getByRole('checkbox', { name: 'Food Stylist' }).check();
    await expectNoAxeViolations(page);
    await shoot(page, 'brand-setup-name-brand');
    await steps.next();

    // Content Output: posts per week and the slate's shares, summed as typed and refused over 100.
    await steps.at('harbor-bakery', 'growth-goals', 'Content Output', 4);
    await page.getByLabel('Posts per week').fill('10');
    await page.getByRole('button', { name: /^Platforms/ }).click();
    await page.getByRole('option', { name: 'Instagram' }).click();
    await page.getByRole('option', { name: 'TikTok' }).click();
    await page.keyboard.press('Escape');
    await page.getByLabel('Growth (%)').fill('50');
    await page.getByLabel('Trust building (%)').fill('30');
    await page.getByLabel('Sales & promotions (%)').fill('30');
    await expect(page.getByText('The shares add up to 110%. Together they can be at most 100%.')).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, 'brand-setup-shares-over');
    await steps.next();
    await steps.at('harbor-bakery', 'growth-goals', 'Content Output', 4);
    await page.getByLabel('Sales & promotions (%)').fill('20');
    await expect(page.getByText('Total: 100% of 100%')).toBeVisible();
    await steps.next();

    // Define Goal.
    await steps.at('harbor-bakery', 'define-goal', 'Define Goal', 5);
    await page.getByRole('button', { name: /^Primary goal/ }).click();
    await page.getByRole('option', { name: 'Build a community' }).click();
    await page.getByLabel('Describe the goal').fill('Regulars who come back every Saturday.');
    await steps.next();

    // Brand Influences and Target Audience: lists with their own dialogs.
    await steps.at('harbor-bakery', 'brand-influences', 'Brand Influences', 6);
    // What the server refuses is said in the dialog, on the field, and the dialog keeps what was typed (spec 8).
    await page.getByRole('button', { name: 'Add influence' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Tartine');
    await dialog.getByLabel('Address (optional)').fill('tartinebakery');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Enter a web address starting with http:// or https://.')).toBeVisible();
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Tartine');
    await expectNoAxeViolations(page);
    await shoot(page, 'brand-setup-influence-refused');
    await dialog.getByLabel('Address (optional)').fill('https://tartinebakery.com');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'https://tartinebakery.com' })).toBeVisible();
    await steps.continue();
    await steps.at('harbor-bakery', 'target-audience', 'Target Audience', 7);
    await steps.add('Add audience', { Name: 'Local families', Description: 'Parents within a short walk.' });
    await steps.add('Add audience', { Name: 'Office lunch', Description: 'Teams ordering for the office.' });
    await page.getByRole('button', { name: 'Actions for Office lunch' }).click();
    await page.getByRole('menuitem', { name: 'Make default' }).click();
    await expect(page.getByRole('row', { name: /Office lunch/ }).getByText('Default')).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, 'brand-setup-audiences');
    await steps.continue();

    // Topics, Content Formats, Off Brand.
    await steps.at('harbor-bakery', 'content-pillars', 'Topics', 8);
    await page.getByRole('button', { name: 'Add topic' }).click();
    await page.getByLabel('Topic 1').fill('Sourdough');
    await page.getByLabel('What it covers 1').fill('Starters, folds and the long bake.');
    await steps.next();
    await steps.at('harbor-bakery', 'content-formats', 'Content Formats', 9);
    await page.getByRole('button', { name: /^Content formats/ }).click();
    await page.getByRole('option', { name: 'Reel' }).click();
    await page.keyboard.press('Escape');
    await page.getByLabel('Other preferences').fill('No emoji in the first line.');
    await steps.next();
    await steps.at('harbor-bakery', 'off-brand', 'Off Brand', 10);
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByLabel('Rule 1').fill('Never mock a customer’s order.');
    await page.getByLabel('Off-brand terms').fill('cheap');
    await page.getByLabel('Off-brand terms').press('Enter');
    await expect(page.getByText('cheap', { exact: true })).toBeVisible();
    await page.getByLabel('Minimum brand-fit score').fill('60');
    await expectNoAxeViolations(page);
    await shoot(page, 'brand-setup-off-brand');
    await steps.next();

    // Brand Voice, with the brand's AI assistants (the owner is the brand's admin).
    await steps.at('harbor-bakery', 'brand-voice', 'Brand Voice', 11);
    // The voice generator's own button works in its panel and never moves the wizard on.
    await page.getByRole('button', { name: 'Generate voice' }).click();
    await expect(page).toHaveURL(/\/brand-voice\?setup=1$/);
    await steps.add('Add brand voice', { Name: 'Warm baker', Description: 'Friendly, floury, never fussy.' });
    await steps.add('Add assistant', { Name: 'Caption helper', Instructions: 'Short captions, one question at the end.' });
    await expect(page.getByRole('row', { name: /Warm baker/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, 'brand-setup-brand-voice');
    await steps.continue();

    // Summary: the whole strategy on one page.
    await steps.at('harbor-bakery', 'summary', 'Summary', 12);
    for (const text of ['Food & Beverage', 'Baker, Food Stylist', 'Instagram, TikTok', 'Build a community', 'Tartine', 'Office lunch (Default)', 'Sourdough', 'Reel', 'cheap', 'Warm baker']) {
      await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Edit Name Brand' })).toHaveAttribute('href', '/project/harbor-bakery/name-brand?setup=1');
    await expectNoAxeViolations(page);
    await shoot(page, 'brand-setup-summary');
    await steps.continue();

    // AI Feedback, the last step, leads home.
    await steps.at('harbor-bakery', 'ai-feedback', 'AI Feedback', 13);
    await expect(page.getByText(/No feedback yet/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Skip', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Finish setup' }).click();

    // The brand home: its setup, strategy and this week's slate with the week's posts placed against it.
    await expect(page).toHaveURL(/\/project\/harbor-bakery$/);
    const brandUid = await brandUidOf(owner, workspaceId, 'harbor-bakery');
    const ovenTour = await postsOfTheWeek(owner, workspaceId, brandUid);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Harbor Bakery' })).toBeVisible();
    await expect(page.getByText('12 of 13 steps done')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue setup: AI Feedback' })).toHaveAttribute('href', '/project/harbor-bakery/ai-feedback?setup=1');
    await expect(page.getByRole('link', { name: '10 posts a week' })).toBeVisible();
    const slate = page.getByRole('table', { name: 'Planned and done posts per share' });
    await expect(slate.getByRole('row', { name: /Growth/ })).toContainText('50%');
    await expect(slate.getByRole('row', { name: /Growth/ })).toContainText('1 of 5 done');
    await expect(slate.getByRole('row', { name: /Trust building/ })).toContainText('0 of 3 done');
    await expect(slate.getByRole('row', { name: /Sales & promotions/ })).toContainText('0 of 2 done');
    await expect(page.getByText('1 post this week has a Purpose that names no share.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Recent tasks of Harbor Bakery' }).getByRole('link', { name: 'Oven tour' })).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, 'brand-home');

    // The post without a Purpose gets one in place, picked from the slate's shares; its brand crumb leads home,
    // where the post now counts toward Trust building.
    await page.goto(`${baseUrl()}/project/harbor-bakery/tasks/${ovenTour.uid}`);
    await page.getByRole('button', { name: 'Edit Purpose' }).click();
    await page.getByRole('combobox', { name: 'Purpose' }).fill('Trust');
    await expect(page.getByRole('option', { name: 'Growth', exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await shoot(page, 'brand-task-purpose-suggestions');
    await page.getByRole('option', { name: 'Trust building', exact: true }).click();
    await page.getByRole('button', { name: 'Save Purpose' }).click();
    await expect(page.getByRole('button', { name: 'Edit Purpose' })).toBeVisible();
    await expect.poll(async () => (await getTask(owner, ovenTour.uid)).post_audience).toBe('Trust building');
    await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Harbor Bakery' }).click();
    await expect(page).toHaveURL(/\/project\/harbor-bakery$/);
    await expect(slate.getByRole('row', { name: /Trust building/ }).getByRole('cell').nth(2)).toHaveText('1'); // Scheduled
    await expect(page.getByText(/has a Purpose that names no share/)).toHaveCount(0);

    // Each step is also a settings page of its own, reachable from the side navigation.
    const strategyLink = page.getByRole('navigation').getByRole('link', { name: 'Brand strategy' });
    // The layout may have folded the side navigation away meanwhile: open it as a user would.
    if (!(await strategyLink.isVisible())) await page.getByRole('button', { name: 'Open navigation' }).click();
    await strategyLink.click();
    await expect(page).toHaveURL(/\/project\/harbor-bakery\/summary$/);
    await page.getByRole('link', { name: 'Edit Content Output' }).click();
    await expect(page).toHaveURL(/\/project\/harbor-bakery\/growth-goals$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Content Output' })).toBeVisible();
    await expect(page.getByLabel('Posts per week')).toHaveValue('10');
    await page.getByLabel('Posts per week').fill('12');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved.')).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, 'brand-settings-content-output');
  });
});

test('a member of the brand edits its voices but not its AI assistants, which only its admins add', async ({ page }) => {
  const { owner, workspaceId, brand } = await ownerWithBrand(unique('olga'), 'Mill Studio', 'Mill Lane');
  await call(owner, 'createAssistant', { params: { projectId: brand.uid }, body: { name: 'Hook writer', instructions: 'Three hooks, no clickbait.' } });
  const member = await joinAs(owner, workspaceId, unique('max'));
  await call(owner, 'grantProjectAccess', { params: { workspaceId, projectId: brand.uid }, body: { userId: member.uid } });

  await signInAt(page, member.email);
  await page.goto(`${baseUrl()}/project/${brand.slug}/brand-voice`);
  await expect(page.getByRole('heading', { level: 1, name: 'Brand Voice' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add brand voice' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Hook writer/ })).toBeVisible();
  await expect(page.getByText('Only the brand’s admins and the workspace admins add assistants.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add assistant' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Actions for Hook writer' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, 'brand-voice-member');

  // AI Feedback lists what the team said, field by field.
  await call(owner, 'createFeedback', { params: { projectId: brand.uid, field: 'hook' }, body: { content: 'Too salesy for a Monday.', rating: 'down' } });
  await call(member, 'createFeedback', { params: { projectId: brand.uid, field: 'brand_voice' }, body: { content: 'Spot on, keep the warmth.', rating: 'up' } });
  await page.getByRole('navigation').getByRole('link', { name: 'AI Feedback' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${brand.slug}/ai-feedback$`));
  const hooks = page.getByRole('table', { name: 'Feedback on Hook' });
  await expect(hooks.getByRole('row', { name: /Too salesy for a Monday\./ })).toContainText('Thumbs down');
  await expect(page.getByRole('table', { name: 'Feedback on Brand voice' }).getByRole('row', { name: /Spot on/ })).toContainText('Thumbs up');
  await expectNoAxeViolations(page);
  await shoot(page, 'brand-ai-feedback');
});

test.describe('at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('on a phone the wizard and the brand home read in one column', async ({ page }) => {
    const { owner } = await ownerWithWorkspace(unique('ines'), 'Pocket Studio');
    await signInAt(page, owner.email);
    await page.getByRole('link', { name: 'Create brand' }).click();
    await projectPages(page).fill({ name: 'Pocket Bakery' });
    await projectPages(page).submit();
    await wizard(page).at('pocket-bakery', 'connect-instagram', 'Connect Instagram', 1);
    await page.goto(`${baseUrl()}/project/pocket-bakery/growth-goals?setup=1`);
    await wizard(page).at('pocket-bakery', 'growth-goals', 'Content Output', 4);
    await expectNoAxeViolations(page);
    await shoot(page, 'brand-setup-phone-content-output');

    // A brand with nothing set up is invited into the wizard from its home.
    await page.goto(`${baseUrl()}/project/pocket-bakery`);
    await expect(page.getByRole('heading', { level: 2, name: 'Set up Pocket Bakery' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start brand setup' })).toHaveAttribute('href', '/project/pocket-bakery/connect-instagram?setup=1');
    await expect(page.getByText('0 of 13 steps done')).toBeVisible();
    await expect(page.getByRole('link', { name: /Continue setup/ })).toHaveCount(0);
    await expect(page.getByText(/No posts a week set yet/)).toBeVisible();
    // The slate keeps to what fits a phone: each kind with its share, planned and done.
    await expect(page.getByRole('table', { name: 'Planned and done posts per share' }).getByRole('row', { name: /Growth \(0%\)/ })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Scheduled' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await shoot(page, 'brand-home-phone');
  });
});

const brandUidOf = async (owner: Person, workspaceId: string, slug: string) => {
  const brands = await call(owner, 'listProjects', { params: { workspaceId } });
  const brand = brands.find((candidate) => candidate.slug === slug);
  if (!brand) throw new Error(`No brand ${slug}`);
  return brand.uid;
};
