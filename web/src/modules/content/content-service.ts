import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ContentBodyOf,
  ContentItemOf,
  ContentKind,
  ContentUpdateOf,
  DefaultableKind,
  FeedbackEntry,
  ProjectWithContent,
  UpdateContentSettingsBody,
} from '#shared/schemas/content';
import { api } from '../../api/client';

/**
 * The brand's strategy through the content routes, cached by react-query. Every change is sent with notify: false
 * and rethrown (spec 8): the form that made it shows the error beside its fields.
 */
export const contentKeys = {
  all: (projectId: string) => ['content', projectId] as const,
  settings: (workspaceId: string, projectId: string) => ['content', projectId, 'settings', workspaceId] as const,
  items: (projectId: string, kind: ContentKind) => ['content', projectId, 'items', kind] as const,
  feedback: (projectId: string) => ['content', projectId, 'feedback'] as const,
  /** The brand home's latest tasks (any limit): a task made elsewhere invalidates them. */
  recentTasks: (projectId: string) => ['content', projectId, 'recent-tasks'] as const,
};

export const MISSING_CONTEXT = 'Missing workspace or project context';

/** A save needs both the current workspace and the brand (spec 5): without them it is logged and nothing is sent. */
export class MissingContextError extends Error {
  constructor() {
    super(MISSING_CONTEXT);
    this.name = 'MissingContextError';
  }
}

const requireContext = (workspaceId: string | undefined, projectId: string | undefined) => {
  if (!workspaceId || !projectId) {
    console.warn(MISSING_CONTEXT);
    throw new MissingContextError();
  }
  return { workspaceId, projectId };
};

/** The brand with its content settings (defaults filled in by the server). */
export const useContentSettings = (workspaceId: string | undefined, projectId: string | undefined) =>
  useQuery({
    queryKey: contentKeys.settings(workspaceId ?? '', projectId ?? ''),
    queryFn: ({ signal }) => api.call('getProject', { params: { workspaceId: workspaceId ?? '', projectId: projectId ?? '' }, signal }),
    enabled: !!workspaceId && !!projectId,
  });

/**
 * PUT one page's group of content settings. Without a workspace or a project nothing is sent (spec 5); a refusal
 * is rethrown to the form, never a notification of its own (spec 8).
 */
export const sendContentSettings = async (workspaceId: string | undefined, projectId: string | undefined, body: UpdateContentSettingsBody): Promise<ProjectWithContent> => {
  const context = requireContext(workspaceId, projectId);
  return api.call('updateContentSettings', { params: context, body, notify: false });
};

/** Saves one page's group of settings; the answer (the whole brand) replaces the cached one. */
export const useSaveContentSettings = (workspaceId: string | undefined, projectId: string | undefined) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateContentSettingsBody) => sendContentSettings(workspaceId, projectId, body),
    onSuccess: (saved) => queryClient.setQueryData(contentKeys.settings(workspaceId ?? '', projectId ?? ''), saved),
  });
};

/** The route names of each kind's calls (the route table's). */
const ROUTES = {
  'brand-voices': { list: 'listBrandVoices', create: 'createBrandVoice', update: 'updateBrandVoice', remove: 'deleteBrandVoice', makeDefault: 'setDefaultBrandVoice' },
  assistants: { list: 'listAssistants', create: 'createAssistant', update: 'updateAssistant', remove: 'deleteAssistant', makeDefault: 'setDefaultAssistant' },
  audiences: { list: 'listAudiences', create: 'createAudience', update: 'updateAudience', remove: 'deleteAudience', makeDefault: 'setDefaultAudience' },
  influences: { list: 'listInfluences', create: 'createInfluence', update: 'updateInfluence', remove: 'deleteInfluence', makeDefault: undefined },
} as const;

// The kind-generic calls go through the route table by name; their types are the kind's schemas.
type AnyCall = (name: string, input: object) => Promise<unknown>;
const call = api.call as unknown as AnyCall;

/** A kind's items, oldest first. */
export const useContentItems = <K extends ContentKind>(projectId: string | undefined, kind: K) =>
  useQuery({
    queryKey: contentKeys.items(projectId ?? '', kind),
    queryFn: ({ signal }) => call(ROUTES[kind].list, { params: { projectId }, signal }) as Promise<ContentItemOf<K>[]>,
    enabled: !!projectId,
  });

/**
 * A kind's changes as plain calls: add, change, remove, make default. `workspaceId` is only checked: the
 * /projects/{projectId}/… paths carry none, yet a save without one is refused (spec 5); refusals are rethrown (spec 8).
 */
export const contentItemCalls = <K extends ContentKind>(workspaceId: string | undefined, projectId: string | undefined, kind: K) => {
  const routes = ROUTES[kind];
  const on = (uid?: string) => ({ projectId: requireContext(workspaceId, projectId).projectId, ...(uid ? { uid } : {}) });
  return {
    create: async (body: ContentBodyOf<K>) => (await call(routes.create, { params: on(), body, notify: false })) as ContentItemOf<K>,
    update: async ({ uid, body }: { uid: string; body: ContentUpdateOf<K> }) => (await call(routes.update, { params: on(uid), body, notify: false })) as ContentItemOf<K>,
    remove: async (uid: string) => {
      await call(routes.remove, { params: on(uid), notify: false });
    },
    makeDefault: async (uid: string) => {
      if (!routes.makeDefault) throw new Error(`${kind} have no default`);
      await call(routes.makeDefault, { params: on(uid), notify: false });
    },
  };
};

/** The kind's changes as mutations; each reloads the list (making one the default reloads it, spec 4). */
export const useContentItemMutations = <K extends ContentKind>(workspaceId: string | undefined, projectId: string | undefined, kind: K) => {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: contentKeys.items(projectId ?? '', kind) });
  const calls = contentItemCalls(workspaceId, projectId, kind);
  return {
    create: useMutation({ mutationFn: calls.create, onSuccess: reload }),
    update: useMutation({ mutationFn: calls.update, onSuccess: reload }),
    remove: useMutation({ mutationFn: calls.remove, onSuccess: reload }),
    makeDefault: useMutation({ mutationFn: calls.makeDefault, onSuccess: reload }),
  };
};

export const isDefaultable = (kind: ContentKind): kind is DefaultableKind => ROUTES[kind].makeDefault !== undefined;

/** Every field's feedback on the brand, newest first (the AI Feedback page). */
export const useProjectFeedback = (projectId: string | undefined) =>
  useQuery({
    queryKey: contentKeys.feedback(projectId ?? ''),
    queryFn: ({ signal }): Promise<FeedbackEntry[]> => api.call('listProjectFeedback', { params: { projectId: projectId ?? '' }, signal }),
    enabled: !!projectId,
  });
