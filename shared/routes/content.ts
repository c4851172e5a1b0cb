import * as z from 'zod/mini';
import { route } from './route-spec';
import { empty } from '../schemas/common';
import {
  contentItemParams,
  contentKindSchemas,
  contentProjectParams,
  feedbackBody,
  feedbackEntry,
  feedbackParams,
  projectWithContent,
  updateContentSettingsBody,
  type ContentKind,
  type DefaultableKind,
} from '../schemas/content';

type KindSchemas<B, U, T> = { body: B; update: U; item: T };
import { projectParams } from '../schemas/project';

/**
 * The /projects/{projectId}/… paths name no workspace (spec 7): `workspaceFrom: 'project'` makes the wrapper find
 * the project's workspace among the caller's, then apply membership, the permission and the project role as on
 * every workspace route. Reading needs access to the brand; assistants are changed only by a project admin (spec 6).
 */
const onProject = { auth: 'workspace', workspaceFrom: 'project' } as const;
/** Only a project admin (or a workspace admin) adds, edits or removes assistants, or picks the default one. */
const writerOf = (kind: ContentKind) => (kind === 'assistants' ? 'admin' : 'access') as 'admin' | 'access';

const listRoute = <const K extends ContentKind, const I extends string, B extends z.ZodMiniType, U extends z.ZodMiniType, T extends z.ZodMiniType>(kind: K, id: I, what: string, schemas: KindSchemas<B, U, T>) =>
  route({
    id,
    method: 'GET',
    path: `/projects/{projectId}/${kind}`,
    ...onProject,
    permission: 'content.read',
    projectRole: 'access',
    params: contentProjectParams,
    response: z.array(schemas.item),
    access: { table: 'read' },
    summary: `The brand's ${what}, oldest first`,
  });
const createRoute = <const K extends ContentKind, const I extends string, B extends z.ZodMiniType, U extends z.ZodMiniType, T extends z.ZodMiniType>(kind: K, id: I, what: string, schemas: KindSchemas<B, U, T>) =>
  route({
    id,
    method: 'POST',
    path: `/projects/{projectId}/${kind}`,
    ...onProject,
    permission: 'content.write',
    projectRole: writerOf(kind),
    params: contentProjectParams,
    body: schemas.body,
    response: schemas.item,
    status: 201,
    access: { table: 'readWrite' },
    summary: `Add a ${what} to the brand`,
  });
const updateRoute = <const K extends ContentKind, const I extends string, B extends z.ZodMiniType, U extends z.ZodMiniType, T extends z.ZodMiniType>(kind: K, id: I, what: string, schemas: KindSchemas<B, U, T>) =>
  route({
    id,
    method: 'PUT',
    path: `/projects/{projectId}/${kind}/{uid}`,
    ...onProject,
    permission: 'content.write',
    projectRole: writerOf(kind),
    params: contentItemParams,
    body: schemas.update,
    response: schemas.item,
    access: { table: 'readWrite' },
    summary: `Change a ${what} (the fields sent; the rest stays)`,
  });
const deleteRoute = <const K extends ContentKind, const I extends string, B extends z.ZodMiniType, U extends z.ZodMiniType, T extends z.ZodMiniType>(kind: K, id: I, what: string, schemas: KindSchemas<B, U, T>) =>
  route({
    id,
    method: 'DELETE',
    path: `/projects/{projectId}/${kind}/{uid}`,
    ...onProject,
    permission: 'content.write',
    projectRole: writerOf(kind),
    params: contentItemParams,
    response: empty,
    status: 204,
    access: { table: 'readWrite' },
    summary: `Remove a ${what} from the brand`,
  });
const defaultRoute = <const K extends DefaultableKind, const I extends string, B extends z.ZodMiniType, U extends z.ZodMiniType, T extends z.ZodMiniType>(kind: K, id: I, what: string, schemas: KindSchemas<B, U, T>) =>
  route({
    id,
    method: 'POST',
    // Spec 7 writes {id}; the same segment is {uid} here as on PUT and DELETE (one variable name per position).
    path: `/projects/{projectId}/${kind}/{uid}/default`,
    ...onProject,
    permission: 'content.write',
    projectRole: writerOf(kind),
    params: contentItemParams,
    response: z.array(schemas.item),
    access: { table: 'readWrite' },
    summary: `Make a ${what} the brand's default (the one before stops being it, in one transaction); answers the list`,
  });

/** Content planning: a brand's voices, assistants, audiences, influences, feedback and content settings. */
export const contentRoutes = {
  listBrandVoices: listRoute('brand-voices', 'list-brand-voices', 'brand voices', contentKindSchemas['brand-voices']),
  createBrandVoice: createRoute('brand-voices', 'create-brand-voice', 'brand voice', contentKindSchemas['brand-voices']),
  updateBrandVoice: updateRoute('brand-voices', 'update-brand-voice', 'brand voice', contentKindSchemas['brand-voices']),
  deleteBrandVoice: deleteRoute('brand-voices', 'delete-brand-voice', 'brand voice', contentKindSchemas['brand-voices']),
  setDefaultBrandVoice: defaultRoute('brand-voices', 'set-default-brand-voice', 'brand voice', contentKindSchemas['brand-voices']),
  listAssistants: listRoute('assistants', 'list-assistants', 'AI assistants', contentKindSchemas['assistants']),
  createAssistant: createRoute('assistants', 'create-assistant', 'AI assistant (a project admin)', contentKindSchemas['assistants']),
  updateAssistant: updateRoute('assistants', 'update-assistant', 'AI assistant (a project admin)', contentKindSchemas['assistants']),
  deleteAssistant: deleteRoute('assistants', 'delete-assistant', 'AI assistant (a project admin)', contentKindSchemas['assistants']),
  setDefaultAssistant: defaultRoute('assistants', 'set-default-assistant', 'AI assistant (a project admin)', contentKindSchemas['assistants']),
  listAudiences: listRoute('audiences', 'list-audiences', 'target audiences', contentKindSchemas['audiences']),
  createAudience: createRoute('audiences', 'create-audience', 'target audience', contentKindSchemas['audiences']),
  updateAudience: updateRoute('audiences', 'update-audience', 'target audience', contentKindSchemas['audiences']),
  deleteAudience: deleteRoute('audiences', 'delete-audience', 'target audience', contentKindSchemas['audiences']),
  setDefaultAudience: defaultRoute('audiences', 'set-default-audience', 'target audience', contentKindSchemas['audiences']),
  listInfluences: listRoute('influences', 'list-influences', 'brand influences', contentKindSchemas['influences']),
  createInfluence: createRoute('influences', 'create-influence', 'brand influence', contentKindSchemas['influences']),
  updateInfluence: updateRoute('influences', 'update-influence', 'brand influence', contentKindSchemas['influences']),
  deleteInfluence: deleteRoute('influences', 'delete-influence', 'brand influence', contentKindSchemas['influences']),
  listFeedback: route({
    id: 'list-feedback',
    method: 'GET',
    path: '/projects/{projectId}/feedback/{field}',
    ...onProject,
    permission: 'content.read',
    projectRole: 'access',
    params: feedbackParams,
    response: z.array(feedbackEntry),
    access: { table: 'read' },
    summary: "The feedback given on one generated field of the brand's (its newest 100, oldest of them first)",
  }),
  createFeedback: route({
    id: 'create-feedback',
    method: 'POST',
    path: '/projects/{projectId}/feedback/{field}',
    ...onProject,
    permission: 'content.write',
    projectRole: 'access',
    params: feedbackParams,
    body: feedbackBody,
    response: feedbackEntry,
    status: 201,
    access: { table: 'readWrite' },
    summary: 'Give feedback (a comment, optionally thumbs up or down) on a generated field; the next generation of that field reads it',
  }),
  listProjectFeedback: route({
    id: 'list-project-feedback',
    method: 'GET',
    path: '/projects/{projectId}/feedback',
    ...onProject,
    permission: 'content.read',
    projectRole: 'access',
    params: contentProjectParams,
    response: z.array(feedbackEntry),
    access: { table: 'read' },
    summary: "Every field's feedback on the brand, newest first (the newest 100 per field): the AI Feedback page",
  }),
  getProject: route({
    id: 'get-project',
    method: 'GET',
    path: '/workspaces/{workspaceId}/projects/{projectId}',
    auth: 'workspace',
    permission: 'content.read',
    projectRole: 'access',
    params: projectParams,
    response: projectWithContent,
    access: { table: 'read', bucket: 'read' },
    summary: 'One project with its content settings (defaults filled in for a brand that never saved them)',
  }),
  updateContentSettings: route({
    id: 'update-content-settings',
    method: 'PUT',
    path: '/workspaces/{workspaceId}/projects/{projectId}',
    auth: 'workspace',
    permission: 'content.write',
    projectRole: 'access',
    params: projectParams,
    body: updateContentSettingsBody,
    response: projectWithContent,
    access: { table: 'readWrite', bucket: 'read' },
    summary: "Save some of a brand's content settings (one settings page's group); the slate shares together stay at most 100",
  }),
} as const;
