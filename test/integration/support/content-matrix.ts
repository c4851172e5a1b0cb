import type { ContentKind } from '#shared/schemas/content';
import { api } from './api';

type Target = { workspaceId: string; projectId: string };
type Caller = { token: string };
type Input = { params: Record<string, string>; body?: unknown };

/**
 * An item of the target's brand made by the caller where they may make one (each update, delete or default call then
 * uses up its own), else an id that exists nowhere: the gate refuses before it is looked for.
 */
const ownItem = async (t: Target, caller: Caller, kind: ContentKind): Promise<string> => {
  const made = await api('POST', `/projects/${t.projectId}/${kind}`, { token: caller.token, body: { name: 'Matrix item' } });
  return made.status === 201 ? (made.body.uid as string) : 'noitem';
};

const kindInputs = (kind: ContentKind) => ({
  list: (t: Target): Input => ({ params: { projectId: t.projectId } }),
  create: (t: Target): Input => ({ params: { projectId: t.projectId }, body: { name: 'Matrix item' } }),
  update: async (t: Target, caller: Caller): Promise<Input> => ({ params: { projectId: t.projectId, uid: await ownItem(t, caller, kind) }, body: { name: 'Matrix item' } }),
  remove: async (t: Target, caller: Caller): Promise<Input> => ({ params: { projectId: t.projectId, uid: await ownItem(t, caller, kind) } }),
  setDefault: async (t: Target, caller: Caller): Promise<Input> => ({ params: { projectId: t.projectId, uid: await ownItem(t, caller, kind) } }),
});
const voices = kindInputs('brand-voices');
const assistants = kindInputs('assistants');
const audiences = kindInputs('audiences');
const influences = kindInputs('influences');

/**
 * The permission matrix's valid input for each content-store route (test/integration/permissions.test.ts). The
 * /projects/{projectId}/… paths carry no workspace: the foreign case is the other workspace's brand id.
 */
export const contentMatrixInputs = {
  listBrandVoices: voices.list,
  createBrandVoice: voices.create,
  updateBrandVoice: voices.update,
  deleteBrandVoice: voices.remove,
  setDefaultBrandVoice: voices.setDefault,
  listAssistants: assistants.list,
  // Members who are not project admins get project_admin_required (spec 6: only a project admin adds assistants).
  createAssistant: assistants.create,
  updateAssistant: assistants.update,
  deleteAssistant: assistants.remove,
  setDefaultAssistant: assistants.setDefault,
  listAudiences: audiences.list,
  createAudience: audiences.create,
  updateAudience: audiences.update,
  deleteAudience: audiences.remove,
  setDefaultAudience: audiences.setDefault,
  listInfluences: influences.list,
  createInfluence: influences.create,
  updateInfluence: influences.update,
  deleteInfluence: influences.remove,
  listFeedback: (t: Target): Input => ({ params: { projectId: t.projectId, field: 'hook' } }),
  createFeedback: (t: Target): Input => ({ params: { projectId: t.projectId, field: 'hook' }, body: { content: 'Matrix feedback' } }),
  listProjectFeedback: (t: Target): Input => ({ params: { projectId: t.projectId } }),
  getProject: (t: Target): Input => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId } }),
  // The default review day again: allowed, and nothing another call depends on changes.
  updateContentSettings: (t: Target): Input => ({ params: { workspaceId: t.workspaceId, projectId: t.projectId }, body: { slate_review_day: 'Friday' } }),
};
