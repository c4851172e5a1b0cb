import { beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '#shared/errors';
import { BETA_CODE } from '#shared/constants';
import { BETA_STORAGE_KEY, parseStartParams, readStartParams } from '../../web/src/app/start-params';
import { resolveUserPoolEndpoint } from '../../web/src/config/app-config';
import { createTaskBody, DEFAULT_STATUS_FILTER } from '#shared/schemas/task';
import { workspaceName } from '#shared/schemas/workspace';
import { initI18n, translateError } from '../../web/src/i18n';
import { fieldError, fieldErrorText, LONG_SAMPLE, maxOf } from '../../web/src/ui/field-rule';
import { authErrorCode } from '../../web/src/modules/auth/auth-errors';
import { isEmail, isSixDigitCode, safeRedirect, signInPathFor, unmetPasswordRules } from '../../web/src/modules/auth/auth-validation';
import { addNotification, removeNotification } from '../../web/src/modules/notifications/notification-list';
import { defaultTaskDefaults, defaultTaskFilters } from '../../web/src/modules/settings/settings-defaults';
import { teamQueryFrom } from '../../web/src/modules/team/use-team-list';
import { trialBanner } from '../../web/src/modules/workspaces/trial';

describe('error messages', () => {
  beforeAll(() => initI18n());

  it("say the catalogue's text for a known code, whatever the server wrote", () => {
    expect(translateError('workspace_min_one', 'server words')).toBe(errorCatalogue.workspace_min_one.message);
    expect(translateError('auth/wrong-password', 'server words')).toBe(errorCatalogue['auth/wrong-password'].message);
  });

  it("fall back to the server's message for a code the SPA does not know, or no code", () => {
    expect(translateError('a_code_from_a_newer_api', 'Something new happened.')).toBe('Something new happened.');
    expect(translateError(undefined, 'Request failed with status 502')).toBe('Request failed with status 502');
  });
});

describe('authErrorCode', () => {
  it('says the same thing for an unknown user and a wrong password at sign-in', () => {
    expect(authErrorCode('UserNotFoundException', 'signIn')).toBe('auth/user-not-found');
    expect(authErrorCode('NotAuthorizedException', 'signIn')).toBe('auth/wrong-password');
    // cognito-local's word for a wrong password
    expect(authErrorCode('InvalidPasswordException', 'signIn')).toBe('auth/wrong-password');
    expect(errorCatalogue['auth/user-not-found'].message).toBe(errorCatalogue['auth/wrong-password'].message);
  });

  it('maps sign-up and code errors to their catalogue keys', () => {
    expect(authErrorCode('UsernameExistsException', 'signUp')).toBe('auth/email-already-in-use');
    expect(authErrorCode('InvalidPasswordException', 'signUp')).toBe('auth/invalid-password');
    expect(authErrorCode('CodeMismatchException', 'confirmSignUp')).toBe('auth/invalid-code');
    expect(authErrorCode('UserNotConfirmedException', 'signIn')).toBe('auth/user-not-confirmed');
    expect(authErrorCode('LimitExceededException', 'resetPassword')).toBe('auth/too-many-requests');
    expect(authErrorCode('SomethingNew', 'signIn')).toBeUndefined();
  });
});

describe('auth validation', () => {
  it('lists the password rules still unmet', () => {
    expect(unmetPasswordRules('abc')).toEqual(['length', 'upper', 'number', 'symbol']);
    expect(unmetPasswordRules('Abcdefg1!')).toEqual([]);
  });

  it('checks emails with the API rule and codes as 6 digits', () => {
    expect(isEmail(' Ann@Example.com ')).toBe(true);
    expect(isEmail('ann@')).toBe(false);
    expect(isSixDigitCode('123 456')).toBe(true);
    expect(isSixDigitCode('12345')).toBe(false);
  });

  it('only redirects to a path on this origin, never back to an auth page', () => {
    expect(safeRedirect('/team?tab=x')).toBe('/team?tab=x');
    expect(safeRedirect('//evil.example/x')).toBe('/dashboard');
    expect(safeRedirect('/\\evil.example')).toBe('/dashboard');
    expect(safeRedirect('https://evil.example')).toBe('/dashboard');
    expect(safeRedirect('/signin?redirect=/x')).toBe('/dashboard');
    expect(safeRedirect(null)).toBe('/dashboard');
  });

  it('carries the full original path in the redirect query', () => {
    expect(signInPathFor('/team?role=admin#top')).toBe('/signin?redirect=%2Fteam%3Frole%3Dadmin%23top');
  });
});

describe('notifications', () => {
  let n = 0;
  const id = () => `n${++n}`;

  it('groups identical notifications into one with a count, newest first', () => {
    const first = addNotification([], { kind: 'negative', message: 'Oops' }, id);
    const other = addNotification(first.list, { kind: 'positive', message: 'Saved' }, id);
    const again = addNotification(other.list, { kind: 'negative', message: 'Oops' }, id);

    expect(again.id).toBe(first.id);
    expect(again.list.map((item) => [item.message, item.count])).toEqual([
      ['Oops', 2],
      ['Saved', 1],
    ]);
  });

  it('shows one success at a time: a new success replaces the earlier ones, errors stay', () => {
    const error = addNotification([], { kind: 'negative', message: 'Upload failed' }, id);
    const saved = addNotification(error.list, { kind: 'positive', message: 'Brand saved' }, id);
    const created = addNotification(saved.list, { kind: 'positive', message: 'Task created' }, id);
    const again = addNotification(created.list, { kind: 'positive', message: 'Task created' }, id);

    expect(created.list.map((item) => item.message)).toEqual(['Task created', 'Upload failed']);
    expect(again.list.map((item) => [item.message, item.count])).toEqual([
      ['Task created', 2],
      ['Upload failed', 1],
    ]);
  });

  it('keeps a positive and a negative with the same text apart, and removes by id', () => {
    const a = addNotification([], { kind: 'negative', message: 'Done' }, id);
    const b = addNotification(a.list, { kind: 'positive', message: 'Done' }, id);

    expect(b.list).toHaveLength(2);
    expect(removeNotification(b.list, a.id).map((item) => item.kind)).toEqual(['positive']);
  });
});

describe('trial banner', () => {
  const trial = (days_remaining: number) => ({
    on_trial: days_remaining > 0,
    days_remaining,
    expired: days_remaining <= 0,
    started_at: '2026-03-01T12:00:00Z',
    ends_at: '2026-03-15T12:00:00Z',
  });
  const free = { whitelisted: false, plan: 'FREE' };

  it("shows the server's days remaining while on trial", () => {
    expect(trialBanner({ ...free, trial: trial(14) })).toEqual({ kind: 'trial', daysRemaining: 14 });
    expect(trialBanner({ ...free, trial: trial(1) })).toEqual({ kind: 'trial', daysRemaining: 1 });
  });

  it('prompts to upgrade once the trial ended', () => {
    expect(trialBanner({ ...free, trial: trial(0) })).toEqual({ kind: 'ended' });
  });

  it('says nothing to whitelisted or paying workspaces', () => {
    expect(trialBanner({ whitelisted: true, plan: 'FREE', trial: trial(0) })).toEqual({ kind: 'none' });
    expect(trialBanner({ whitelisted: false, plan: 'BUSINESS', trial: trial(0) })).toEqual({ kind: 'none' });
  });
});

describe('start parameters', () => {
  it('reads origin, extension_outdated and betauser', () => {
    expect(parseStartParams('?origin=bex&extension_outdated=true&betauser=true')).toEqual({
      origin: 'bex',
      extensionOutdated: true,
      betaUser: true,
    });
    expect(parseStartParams('?extension_outdated=false').extensionOutdated).toBe(false);
    expect(parseStartParams('?extension_outdated=maybe&betauser=nope')).toMatchObject({ extensionOutdated: null, betaUser: false });
  });

  it('stores the beta flag only for the beta code', () => {
    const stored = new Map<string, string>();
    const storage = { setItem: (key: string, value: string) => void stored.set(key, value) };

    readStartParams('?betauser=nope', storage);
    expect(stored.size).toBe(0);
    readStartParams(`?betauser=${BETA_CODE}`, storage);
    expect(stored.get(BETA_STORAGE_KEY)).toBe(BETA_CODE);
  });
});

describe('resolveUserPoolEndpoint', () => {
  it('resolves a path against the app origin and keeps absolute URLs', () => {
    expect(resolveUserPoolEndpoint('/_local/cognito', 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000/_local/cognito');
    expect(resolveUserPoolEndpoint('http://localhost:9229/', 'http://127.0.0.1:3000')).toBe('http://localhost:9229');
    expect(resolveUserPoolEndpoint(undefined, 'http://127.0.0.1:3000')).toBeUndefined();
  });
});

describe('team filters', () => {
  it('are lower-cased and All means no filter', () => {
    expect(teamQueryFrom({ search: ' Ann ', role: 'All', status: 'Invited' })).toEqual({
      search: 'ann',
      role: undefined,
      status: 'invited',
    });
  });
});

describe('persisted settings defaults', () => {
  it('match the spec, but for the status filter: every open status', () => {
    expect(defaultTaskFilters().status).toEqual([...DEFAULT_STATUS_FILTER]);
    expect(defaultTaskDefaults()).toMatchObject({ priority: '1', dueDate: null, source: 'screen', autoRecord: false });
  });
});

describe('field rules from the shared schemas', () => {
  beforeAll(() => initI18n());

  it("say what the schema's rule found, with its limit, in the catalogue's words", () => {
    expect(fieldErrorText(fieldError(workspaceName, '   '))).toBe('Enter a value.');
    expect(fieldErrorText(fieldError(workspaceName, 'x'.repeat(81)))).toBe('Use at most 80 characters.');
    expect(fieldError(workspaceName, ' Acme ')).toBeUndefined();
  });

  it("take the form's own words for a kind when it has them", () => {
    expect(fieldErrorText(fieldError(workspaceName, '', { required: 'workspaces.create.nameRequired' }))).toBe('Enter a name for the workspace.');
  });

  it('read the limit a hint states from the schema itself', () => {
    expect(maxOf(workspaceName, LONG_SAMPLE)).toBe(80);
    expect(maxOf(createTaskBody.shape.tags, [LONG_SAMPLE])).toBe(40);
    expect(maxOf(workspaceName, 'short')).toBeUndefined();
  });
});
