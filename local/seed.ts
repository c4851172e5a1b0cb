import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { API_PREFIX, routes } from '#shared/routes';
import type { WorkspaceListItem } from '#shared/schemas/workspace';
import type { CognitoLocal } from './cognito';
import { seedLivingWorkspace } from './seed-tasks';

/**
 * Demo data for a first start: a confirmed user and a workspace they own, alive with teammates, two brands and
 * their tasks (local/seed-tasks.ts). Everything is made through the real path (signed-in API calls through the
 * gateway, JWT check and handlers included), never by writing items. Steps done are recorded in `markerFile`,
 * so a restart does not re-create what the demo user has since deleted; a step that failed is retried on the
 * next start.
 */
export const DEMO = { email: 'demo@brandslate.local', password: 'Demo-pass-1234', workspaceName: 'Demo Studio' } as const;

type Done = { user?: boolean; workspace?: boolean; workspaceId?: string; steps?: Record<string, unknown> };

export const seedDemo = async ({ url, cognito, markerFile }: { url: string; cognito: CognitoLocal; markerFile: string }) => {
  const done: Done = existsSync(markerFile) ? (JSON.parse(readFileSync(markerFile, 'utf8')) as Done) : {};
  const save = () => writeFileSync(markerFile, JSON.stringify(done));

  if (!done.user) {
    if (!(await cognito.findUser(DEMO.email))) await cognito.createConfirmedUser(DEMO.email, DEMO.password);
    done.user = true;
    save();
  }
  if (!done.workspace) {
    const { IdToken } = await cognito.signIn(DEMO.email, DEMO.password);
    const route = routes.createWorkspace;
    const response = await fetch(`${url}${API_PREFIX}${route.path}`, {
      method: route.method,
      headers: { authorization: `Bearer ${IdToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: DEMO.workspaceName }),
    });
    if (!response.ok) {
      console.warn(`[local] seed: creating the demo workspace failed (${response.status}): ${await response.text()}`);
    } else {
      done.workspace = true;
      done.workspaceId = ((await response.json()) as WorkspaceListItem).workspaces.uid;
      save();
    }
  }
  if (done.workspace) {
    try {
      // Data folders seeded before workspaceId was recorded: the demo user's own workspace of that name.
      done.workspaceId ??= await findDemoWorkspace(url, cognito);
      if (done.workspaceId) {
        const steps = (done.steps ??= {});
        const started = performance.now();
        let ran = 0;
        const once = async <T>(key: string, run: () => Promise<T>): Promise<T> => {
          if (key in steps) return steps[key] as T;
          if (ran++ === 0) console.log('[local] seed: filling the demo workspace (brands, tasks, comments, time)…');
          const result = await run();
          steps[key] = result;
          save();
          return result;
        };
        await seedLivingWorkspace({ url, cognito, demo: DEMO, workspaceId: done.workspaceId, once });
        if (ran) console.log(`[local] seed: ${ran} steps done in ${Math.round(performance.now() - started)} ms`);
      }
    } catch (error) {
      console.warn(`[local] seed: the demo tasks are incomplete (retried on the next start): ${error instanceof Error ? error.message : error}`);
    }
  }
  return done;
};

const findDemoWorkspace = async (url: string, cognito: CognitoLocal) => {
  const { IdToken } = await cognito.signIn(DEMO.email, DEMO.password);
  const route = routes.listWorkspaces;
  const response = await fetch(`${url}${API_PREFIX}${route.path}`, { headers: { authorization: `Bearer ${IdToken}` } });
  if (!response.ok) return undefined;
  const demoUid = (JSON.parse(Buffer.from(IdToken!.split('.')[1], 'base64url').toString()) as { sub: string }).sub;
  const memberships = (await response.json()) as WorkspaceListItem[];
  return memberships.find((m) => m.workspaces.name === DEMO.workspaceName && m.workspaces.owner === demoUid)?.workspaces.uid;
};
