import { createHash, randomUUID } from 'node:crypto';
import { gradientPng } from '../../../../local/png';
import { api, registerUser, uniqueEmail, userWithWorkspace } from '../../support/api';
import { subscribe } from '../../support/billing';
import { joinWorkspace, userIdOf, type TeamUser } from '../../support/team';
import { made, pastEntry, putUpload, runReminderJob } from '../../cases/collab-cases';
import { connectCalendar } from '../../support/integrations';
import { socialUrl } from '../../support/posts';
import { readyRecording, shareRecording, startRecording, uploadParts } from '../../support/recordings';

/**
 * The attacker's world: tenants built through the API as their people would, each with a full set of things to
 * aim at (brand, tasks, comments with an attachment and a voice note, time entries, a review link, a pending
 * invite, a subscription, a notification) and a secret marker in every name, so a leak shows in any answer.
 */
export type Caller = TeamUser;
export type Tenant = {
  label: string;
  /** Appears in the workspace, brand, task and comment texts: finding it in an answer of another tenant is a leak. */
  marker: string;
  admin: Caller;
  member: Caller;
  external: Caller;
  workspaceId: string;
  workspaceName: string;
  projectId: string;
  taskId: string;
  /** A task of the brand waiting for the client's approval (what a review link of several posts may carry). */
  reviewTaskId: string;
  /** The admin's comment on the task, carrying `attachmentKey` and `audioKey` (their keys as confirmed). */
  commentId: string;
  attachmentKey: string;
  audioKey: string;
  /** What was uploaded under each confirmed key, to prove later that nobody changed or deleted it. */
  uploads: Record<string, { sha256: string; size: number }>;
  /** The presigned PUT each confirmed file was uploaded with (it must not reach the confirmed file any more). */
  presigned: { key: string; url: string; headers: Record<string, string> }[];
  /** The member's own time entry on the task. */
  entryId: string;
  inviteUid: string;
  reviewToken: string;
  subscriptionId: string;
  /** A Google Calendar integration of the brand, connected through the consent at the local fake. */
  integrationUid: string;
  /** The delivery of a task of the brand to that integration. */
  deliveryId: string;
  /** The admin's calendar feed of their own tasks. */
  feedUid: string;
  /** The admin's saved view (a person's own: nobody else reaches it, even in the workspace). */
  viewUid: string;
  /** The member's reminder notification. */
  notificationId: string;
  /** A brand voice of the brand (the content store's items are addressed by `uid` under /projects/{projectId}/…). */
  contentUid: string;
  /** A generation job of the admin's (a blog post of the brand, run on the ai-generation queue). */
  aiJobId: string;
  /** An import of the admin's into the brand (its CSV has no URL: it fails at once and fetches nothing). */
  importId: string;
  /** The admin's uploaded import CSV not yet used (a pending key of theirs under the brand). */
  importUploadKey: string;
  /** A post of the brand's library, added by the admin from the fake social web. */
  postId: string;
  /** The admin's screen recording in the brand, still uploading (one part sent): what the recording routes aim at. */
  recordingId: string;
  /** The admin's finished recording in the brand, and its share link (the /play id). */
  readyRecordingId: string;
  shareId: string;
  /** A brand the member is not granted, with a task, a comment and a time entry of the admin's in it. */
  hidden: { projectId: string; taskId: string; commentId: string; entryId: string; marker: string };
};

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Uploads `bytes` for a task as `who` (createUploads, then the presigned PUT); answers the key. */
export const uploadFor = async (who: { token: string }, taskId: string, purpose: 'attachment' | 'audio', file: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> }) => {
  const { uploads } = await made(who, 'POST', `/tickets/${taskId}/uploads`, { purpose, files: [{ name: file.name, size: file.bytes.length, content_type: file.type }] });
  await putUpload(uploads[0], file.bytes);
  return { key: uploads[0].key as string, url: uploads[0].url as string, headers: uploads[0].headers as Record<string, string> };
};

const png = (seed: number) => new Uint8Array(gradientPng(8, 8, [seed % 256, 40, 90]));
const audio = (seed: number) => new Uint8Array(Buffer.from(`OggS fake voice note ${seed}`.padEnd(64, '.')));

/** One tenant, its people and its things. Tenants are independent, so build several at once. */
export const buildTenant = async (label: string): Promise<Tenant> => {
  const marker = `${label}-SECRET-${randomUUID().slice(0, 8)}`;
  const workspaceName = `${marker} studio`;
  const owner = await userWithWorkspace(`${label}-admin`.toLowerCase(), workspaceName);
  const admin: Caller = { email: owner.email, token: owner.token, userId: userIdOf(owner.token) };
  const ws = `/workspaces/${owner.workspaceId}`;
  const [member, external, project, hiddenProject, invite, subscription] = await Promise.all([
    joinWorkspace(admin, owner.workspaceId, 'member', `${label}-member`.toLowerCase()),
    joinWorkspace(admin, owner.workspaceId, 'external', `${label}-external`.toLowerCase()),
    made(admin, 'POST', `${ws}/projects`, { name: `${marker} brand` }),
    made(admin, 'POST', `${ws}/projects`, { name: `${marker} hidden brand` }),
    made(admin, 'POST', `${ws}/invites`, { email: uniqueEmail(`${label}-pending`.toLowerCase()) }),
    // Seats to spare: the suites invite more people than a small team has room for.
    subscribe(owner, owner.workspaceId, { seats: 20 }),
  ]);
  const [integration] = await Promise.all([
    connectCalendar(admin, owner.workspaceId, project.uid, `${marker} calendar`),
    made(admin, 'POST', `${ws}/projects/${project.uid}/users`, { userId: member.userId }),
  ]);
  const task = await made(admin, 'POST', `${ws}/tickets`, { summary: `${marker} task`, project_uid: project.uid, assignee: member.userId });
  const seed = label.charCodeAt(0);
  const attachmentBytes = png(seed);
  const audioBytes = audio(seed);
  const [attachment, voice, entry, review, hiddenTask] = await Promise.all([
    uploadFor(admin, task.uid, 'attachment', { name: `${label}-photo.png`, type: 'image/png', bytes: attachmentBytes }),
    uploadFor(admin, task.uid, 'audio', { name: `${label}-voice.ogg`, type: 'audio/ogg', bytes: audioBytes }),
    made(member, 'POST', `/tickets/${task.uid}/time-entries`, pastEntry(5)),
    made(admin, 'POST', `/tickets/${task.uid}/review-link`, undefined),
    made(admin, 'POST', `${ws}/tickets`, { summary: `${marker} hidden task`, project_uid: hiddenProject.uid }),
  ]);
  const [delivered, feed, view, waiting, brandVoice] = await Promise.all([
    made(admin, 'POST', `${ws}/tickets`, { summary: `${marker} sent task`, project_uid: project.uid, due_date: '2030-01-15', integrations: [integration.uid] }),
    made(admin, 'POST', `${ws}/calendar-feeds`, { scope: 'me' }),
    made(admin, 'POST', `${ws}/saved-views`, { name: 'Awaiting client', filter: { q: marker } }),
    made(admin, 'POST', `${ws}/tickets`, { summary: `${marker} waiting task`, project_uid: project.uid, status: 'needs_approval' }),
    made(admin, 'POST', `/projects/${project.uid}/brand-voices`, { name: `${marker} voice`, description: `${marker} voice description` }),
  ]);
  const job = await made(admin, 'POST', `${ws}/projects/${project.uid}/ai/blog-posts`, { topic: `${marker} topic` });
  const importCsv = async () => {
    const bytes = new Uint8Array(Buffer.from(`url\n${marker} not a link\n`));
    const upload = await made(admin, 'POST', `${ws}/projects/${project.uid}/imports/upload`, { filename: `${label}.csv`, size: bytes.length });
    await putUpload({ url: upload.upload_url, headers: upload.headers }, bytes);
    return upload.upload_key as string;
  };
  const importJob = await made(admin, 'POST', `${ws}/projects/${project.uid}/imports`, { upload_key: await importCsv(), create_tasks: false });
  const importUploadKey = await importCsv();
  const post = await made(admin, 'POST', `${ws}/projects/${project.uid}/posts`, { url: socialUrl() });
  const [uploading, ready] = await Promise.all([startRecording(owner, { projectId: project.uid }), readyRecording(owner, { projectId: project.uid, small: true })]);
  await uploadParts(owner, uploading.path, [{ number: 1, bytes: 64 }]);
  const share = await shareRecording(owner, ready.path);
  const deliveries = await api('GET', `/tickets/${delivered.uid}/deliveries`, { token: admin.token });
  const comment = await made(admin, 'POST', `/tickets/${task.uid}/comments`, { text: `${marker} comment`, attachments: [attachment.key], audio: voice.key });
  // A confirmed file may live under another key than its upload (moved out of a pending area): the comment says.
  const attachmentKey = comment.attachments[0].key as string;
  const audioKey = comment.audio.key as string;
  const [hiddenComment, hiddenEntry] = await Promise.all([
    made(admin, 'POST', `/tickets/${hiddenTask.uid}/comments`, { text: `${marker} hidden comment` }),
    made(admin, 'POST', `/tickets/${hiddenTask.uid}/time-entries`, pastEntry(8)),
  ]);
  return {
    label,
    marker,
    admin,
    member,
    external,
    workspaceId: owner.workspaceId,
    workspaceName,
    projectId: project.uid,
    taskId: task.uid,
    reviewTaskId: waiting.uid,
    commentId: comment.uid,
    attachmentKey,
    audioKey,
    uploads: {
      [attachmentKey]: { sha256: sha256(attachmentBytes), size: attachmentBytes.length },
      [audioKey]: { sha256: sha256(audioBytes), size: audioBytes.length },
    },
    presigned: [
      { key: attachmentKey, url: attachment.url, headers: attachment.headers },
      { key: audioKey, url: voice.url, headers: voice.headers },
    ],
    entryId: entry.uid,
    inviteUid: invite.uid,
    reviewToken: review.token,
    subscriptionId: subscription.subscriptionId,
    integrationUid: integration.uid,
    deliveryId: deliveries.body.deliveries[0].id,
    feedUid: feed.uid,
    viewUid: view.uid,
    notificationId: '',
    contentUid: brandVoice.uid,
    aiJobId: job.job_id,
    importId: importJob.uid,
    importUploadKey,
    postId: post.uid,
    recordingId: uploading.recording.uid,
    readyRecordingId: ready.recording.uid,
    shareId: share.uid,
    hidden: { projectId: hiddenProject.uid, taskId: hiddenTask.uid, commentId: hiddenComment.uid, entryId: hiddenEntry.uid, marker: `${marker} hidden` },
  };
};

/**
 * Tenants built together, then one run of the reminder job (in this process, its clock an hour ahead) so each
 * tenant's member has a notification to aim at.
 */
export const buildTenants = async <L extends string>(...labels: L[]): Promise<Record<L, Tenant>> => {
  const tenants = await Promise.all(labels.map(buildTenant));
  const HOUR = 3_600_000;
  await Promise.all(
    tenants.map((t) => made(t.admin, 'PATCH', `/tickets/${t.taskId}`, { reminder: { at: new Date(Date.now() + HOUR).toISOString(), enabled: true } })),
  );
  await runReminderJob(HOUR + 60_000);
  for (const tenant of tenants) {
    const list = await api('GET', '/notifications', { token: tenant.member.token });
    const mine = (list.body as { uid: string; workspace_uid: string }[] | undefined)?.find((n) => n.workspace_uid === tenant.workspaceId);
    if (!mine) throw new Error(`no notification for ${tenant.label}: ${list.status} ${JSON.stringify(list.body)}`);
    tenant.notificationId = mine.uid;
  }
  return Object.fromEntries(labels.map((label, i) => [label, tenants[i]!])) as Record<L, Tenant>;
};

/** A signed-in person who belongs to no workspace at all. */
export const outsider = async (): Promise<Caller> => {
  const user = await registerUser(uniqueEmail('outsider'));
  return { ...user, userId: userIdOf(user.token) };
};

/** Every id and secret of a tenant, with the texts only it has: none may appear in another tenant's answers. */
export const secretsOf = (t: Tenant): string[] => [
  t.marker,
  t.workspaceId,
  t.projectId,
  t.taskId,
  t.reviewTaskId,
  t.commentId,
  t.entryId,
  t.inviteUid,
  t.reviewToken,
  t.subscriptionId,
  t.notificationId,
  t.integrationUid,
  t.deliveryId,
  t.feedUid,
  t.viewUid,
  t.contentUid,
  t.aiJobId,
  t.importId,
  t.importUploadKey,
  t.postId,
  t.recordingId,
  t.readyRecordingId,
  t.shareId,
  t.attachmentKey,
  t.audioKey,
  t.admin.userId,
  t.member.userId,
  t.external.userId,
  t.admin.email,
  t.member.email,
  t.external.email,
  t.hidden.projectId,
  t.hidden.taskId,
  t.hidden.commentId,
  t.hidden.entryId,
];

/** Reads an uploaded object back through the owner's signed link and hashes it; undefined when it is gone. */
export const downloadedHash = async (url: string) => {
  const response = await fetch(url);
  if (!response.ok) return undefined;
  return sha256(new Uint8Array(await response.arrayBuffer()));
};
