import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { api, userWithWorkspace } from './support/api';
import { setClock } from './support/billing';
import { joinWorkspace } from './support/team';

const DAY_MS = 86_400_000;
const run = promisify(execFile);

/**
 * Trial and lockdown on the server's clock (spec 4): the local stack's `/_local/clock` moves the functions'
 * time. Days 0–13 are trial days; from day 14 a workspace without a plan is locked (402 workspace_inactive)
 * except for the routes that let an admin reach billing; a whitelisted workspace is never locked.
 */
describe('trial and lockdown', () => {
  afterEach(async () => {
    await setClock(0);
  });

  it('keeps the workspace open on the last trial day and locks it on day 14', async () => {
    const alice = await userWithWorkspace('alice');
    const entries = `/workspaces/${alice.workspaceId}/timetracking/entries`;

    await setClock(13 * DAY_MS + 60_000);
    const lastDay = await api('GET', entries, { token: alice.token });
    const lastDayStatus = await api('GET', `/workspaces/${alice.workspaceId}`, { token: alice.token });
    await setClock(14 * DAY_MS + 60_000);
    const locked = await api('GET', entries, { token: alice.token });

    expect(lastDay.status).toBe(200);
    expect(lastDayStatus.body).toMatchObject({ active: true, trial: { on_trial: true, days_remaining: 1, expired: false } });
    expect(locked.status).toBe(402);
    expect(locked.body.code).toBe('workspace_inactive');
  });

  it('locks members out but lets the workspace, team and billing through so an admin can upgrade', async () => {
    const alice = await userWithWorkspace('alice');
    const bob = await joinWorkspace(alice, alice.workspaceId, 'member', 'bob');
    const ws = `/workspaces/${alice.workspaceId}`;

    await setClock(15 * DAY_MS);

    expect((await api('GET', `${ws}/timetracking/entries`, { token: bob.token })).status).toBe(402);
    expect((await api('POST', `${ws}/invites`, { token: alice.token, body: { email: 'late@example.com' } })).body.code).toBe('workspace_inactive');
    expect((await api('PATCH', ws, { token: alice.token, body: { name: 'Renamed' } })).body.code).toBe('workspace_inactive');
    const workspace = await api('GET', ws, { token: bob.token });
    expect(workspace.body).toMatchObject({ active: false, plan: 'FREE', trial: { on_trial: false, days_remaining: 0, expired: true } });
    expect((await api('GET', `${ws}/users/all`, { token: bob.token })).status).toBe(200);
    expect((await api('GET', `${ws}/billing`, { token: alice.token })).status).toBe(200);
    expect((await api('GET', `${ws}/billing`, { token: bob.token })).body.code).toBe('forbidden');
  });

  it('never locks a whitelisted workspace (npm run whitelist), and locks it again with --off', async () => {
    const alice = await userWithWorkspace('alice');
    const entries = `/workspaces/${alice.workspaceId}/timetracking/entries`;
    const whitelist = (...args: string[]) =>
      run('npx', ['tsx', 'scripts/whitelist-workspace.ts', alice.workspaceId, ...args], { env: { ...process.env, ...inject('functionEnv') } });

    await setClock(400 * DAY_MS);
    const before = await api('GET', entries, { token: alice.token });
    const on = await whitelist();
    const whitelisted = await api('GET', entries, { token: alice.token });
    const workspace = await api('GET', `/workspaces/${alice.workspaceId}`, { token: alice.token });
    await whitelist('--off');
    const after = await api('GET', entries, { token: alice.token });

    expect(before.status).toBe(402);
    expect(on.stdout).toContain('whitelisted');
    expect(whitelisted.status).toBe(200);
    expect(workspace.body).toMatchObject({ whitelisted: true, active: true });
    expect(after.status).toBe(402);
  }, 60_000);

  // Generated ids can begin with '-': the script must read one as the id, not as an option.
  it.each(['no-such-workspace', '-MdzEVBzsMvAlRrNY2UYMQ'])('refuses the unknown workspace id %s in the whitelist script', async (id) => {
    const failed = await run('npx', ['tsx', 'scripts/whitelist-workspace.ts', id, '--off'], { env: { ...process.env, ...inject('functionEnv') } }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining(`No workspace ${id}`) });
  }, 60_000);
});
