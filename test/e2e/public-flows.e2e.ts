import { expect, test, type Page } from '@playwright/test';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { APP_CONFIG_PATH, type AppConfig } from '#shared/app-config';
import { call, createTask, unique, type Person } from './support/api';
import { expectNoAxeViolations, shoot } from './support/axe';
import { fakesOrigin } from './support/fakes';
import { baseUrl } from './support/mail';
import { authPages, PASSWORD, workspacePages } from './support/pages';

/** The person signed up in the browser, signed in again for the API (their own token, as the SPA has it). */
const tokenOf = async (email: string): Promise<Person> => {
  const config = (await (await fetch(`${baseUrl()}${APP_CONFIG_PATH}`)).json()) as AppConfig;
  const client = new CognitoIdentityProviderClient({ endpoint: new URL(config.userPoolEndpoint ?? '', baseUrl()).toString(), region: config.region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const auth = await client.send(new InitiateAuthCommand({ ClientId: config.userPoolClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD } }));
  const token = auth.AuthenticationResult!.IdToken!;
  return { email, token, uid: (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub };
};

const item = (page: Page, name: string) => page.locator(`li[data-item="${name}"]`);
const expectDone = async (page: Page, name: string, done: boolean) => expect(item(page, name)).toHaveAttribute('data-done', String(done));

test('try signed out → next steps → sign up → the tried brand is made with its voice; the onboarding checklist ticks as things are done', async ({ page }) => {
  const email = unique('tess');
  const site = `${await fakesOrigin()}/site/bakery`;

  // Signed out: paste the website, see the sample voice and three post ideas.
  await page.goto(`${baseUrl()}/try`);
  await expect(page.getByRole('heading', { level: 1, name: 'See your brand’s voice in seconds' })).toBeVisible();
  await page.getByRole('button', { name: 'Show my brand voice' }).click();
  await expect(page.getByText('Enter your brand’s website.')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'try-empty');
  await page.getByLabel('Your brand’s website').fill(site);
  await page.getByRole('button', { name: 'Show my brand voice' }).click();
  await expect(page.getByRole('heading', { name: 'The voice of Crumb & Co' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Three post ideas' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Idea \d:/ })).toHaveCount(3);
  await expect(page.getByText('Local test model — not a real AI model').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'try-result');
  const tried = await page.evaluate(() => JSON.parse(sessionStorage.getItem('brandslate.try') ?? 'null') as { voice: { name: string }; url: string } | null);
  expect(tried?.url).toBe(site);

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await shoot(page, 'try-result-390');
  await page.setViewportSize({ width: 1366, height: 900 });

  // Next steps: what they got, and sign up with the brand carried over.
  await page.getByRole('button', { name: 'Keep this brand: next steps' }).click();
  await expect(page).toHaveURL(/\/try\/next-steps$/);
  await expect(page.getByRole('heading', { name: 'Keep Crumb & Co in Brandslate' })).toBeVisible();
  await expect(page.getByText(`A brand voice, “${tried!.voice.name}”`)).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'try-next-steps');
  await page.getByRole('button', { name: 'Sign up free' }).click();
  await expect(page).toHaveURL(/\/signup\?redirect=%2Fonboarding$/);
  const auth = authPages(page);
  await auth.signUp(email, 'Tess Try');
  await auth.confirmEmail(email);

  // Sign-up lands on the onboarding page: the workspace first, then the tried brand with its voice.
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Create your workspace' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'onboarding-workspace');
  await page.getByLabel('Workspace name').fill('Tess Studio');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page.getByRole('heading', { name: 'Your brand from the try: Crumb & Co' })).toBeVisible();
  await expectDone(page, 'brand', false);
  await expect(page.getByRole('heading', { name: '0 of 6 done' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'onboarding-try-brand');
  await page.getByRole('button', { name: 'Create Crumb & Co' }).click();
  await expect(page.getByText('Crumb & Co is ready, with its first brand voice.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your brand from the try: Crumb & Co' })).toHaveCount(0);
  await expectDone(page, 'brand', true);
  await expect(page.getByRole('heading', { name: '1 of 6 done' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('brandslate.try'))).toBeNull();

  // The brand's first voice is the generated one, its source the website.
  const tess = await tokenOf(email);
  const workspaceId = (await call(tess, 'listWorkspaces'))[0]!.workspaces.uid;
  const [brand] = await call(tess, 'listProjects', { params: { workspaceId } });
  expect(brand).toMatchObject({ name: 'Crumb & Co' });
  const voices = await call(tess, 'listBrandVoices', { params: { projectId: brand!.uid } });
  expect(voices).toEqual([expect.objectContaining({ name: tried!.voice.name, is_default: true, source: { kind: 'website', url: site } })]);

  // Connect is to do until the brand has an account connected (connections.e2e connects them), and links to its page.
  await expectDone(page, 'connect', false);
  await expect(item(page, 'connect').getByRole('link')).toHaveAttribute('href', `/project/${brand!.slug}/connect-instagram`);

  // Each item ticks from what was done: the extension (said by the person), a task, an invite.
  await item(page, 'extension').getByRole('button', { name: 'I installed it' }).click();
  await expectDone(page, 'extension', true);
  await createTask(tess, workspaceId, brand!.uid, { summary: 'Why our dough rests 48 hours' });
  await workspacePages(page).invite(unique('teammate'));
  await page.goto(`${baseUrl()}/onboarding`);
  await expectDone(page, 'task', true);
  await expectDone(page, 'invite', true);
  await expectDone(page, 'wizard', false);
  await expect(page.getByRole('heading', { name: '4 of 6 done' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'onboarding-ticked');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await shoot(page, 'onboarding-390');
  await page.setViewportSize({ width: 1366, height: 900 });

  // The dashboard offers the checklist until it is hidden; the page stays reachable and can bring it back.
  await page.goto(`${baseUrl()}/dashboard`);
  await expect(page.getByRole('link', { name: 'Open the checklist' })).toBeVisible();
  await page.getByRole('button', { name: 'Hide this checklist' }).click();
  await expect(page.getByRole('link', { name: 'Open the checklist' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the checklist' })).toHaveCount(0);
  await page.goto(`${baseUrl()}/onboarding`);
  await expect(page.getByText('This checklist is hidden from your dashboard.')).toBeVisible();
  await expectDone(page, 'extension', true);
  await page.getByRole('button', { name: 'Show it on the dashboard again' }).click();
  await expect(page.getByText('This checklist is hidden from your dashboard.')).toHaveCount(0);
  await page.goto(`${baseUrl()}/dashboard`);
  await expect(page.getByRole('link', { name: 'Open the checklist' })).toBeVisible();
});
