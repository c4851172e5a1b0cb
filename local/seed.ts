import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { API_PREFIX, routes } from '#shared/routes';
import type { CognitoLocal } from './cognito';

/**
 * Demo data for a first start: a confirmed user and a workspace they own. The workspace is made through the
 * real path (a signed-in POST /api/workspaces through the gateway, JWT check and create-workspace handler
 * included), never by writing items. Steps done are recorded in `markerFile`, so a restart does not re-create
 * what the demo user has since deleted; a step that failed is retried on the next start.
 */
export const DEMO = { email: 'demo@brandslate.local', password: 'Demo-pass-1234', workspaceName: 'Demo Studio' } as const;

type Done = { user?: boolean; workspace?: boolean };

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
      save();
    }
  }
  return done;
};
