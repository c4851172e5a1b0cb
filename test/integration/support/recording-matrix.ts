type Target = { workspaceId: string; projectId: string };
type Input = { params: Record<string, string>; body?: unknown };

/** A recording id that exists nowhere: recording_not_found past the gate, and nothing changes for later calls. */
const none = (t: Target) => ({ workspaceId: t.workspaceId, recordingId: 'no-such-recording' });

/** The permission matrix's valid input for each recording route (test/integration/permissions.test.ts). */
export const recordingMatrixInputs = {
  // Starts an upload in the target's brand (a member is granted it; an external may not record).
  createRecording: (t: Target): Input => ({ params: { workspaceId: t.workspaceId }, body: { project_uid: t.projectId, content_type: 'video/webm' } }),
  signRecordingParts: (t: Target): Input => ({ params: none(t), body: { part_numbers: [1] } }),
  listRecordingParts: (t: Target): Input => ({ params: none(t) }),
  completeRecording: (t: Target): Input => ({ params: none(t), body: { parts: [{ part_number: 1, etag: '"x"' }], duration_ms: 1000 } }),
  getRecording: (t: Target): Input => ({ params: none(t) }),
  deleteRecording: (t: Target): Input => ({ params: none(t) }),
  createRecordingShare: (t: Target): Input => ({ params: none(t) }),
  listRecordingShares: (t: Target): Input => ({ params: none(t) }),
  revokeRecordingShare: (t: Target): Input => ({ params: { ...none(t), shareId: 'no-such-share' } }),
};
