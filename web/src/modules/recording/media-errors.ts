/** The name of what getUserMedia / getDisplayMedia / MediaRecorder threw (a DOMException's name), or ''. */
export const mediaErrorName = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'name' in error ? String((error as { name: unknown }).name) : '';

/** A refusal by the person or by the browser's policy for this site. */
export const isPermissionDenied = (error: unknown) => ['NotAllowedError', 'SecurityError', 'PermissionDeniedError'].includes(mediaErrorName(error));

/** No such device (no microphone, no camera, or the remembered camera is gone). */
export const isDeviceMissing = (error: unknown) => ['NotFoundError', 'OverconstrainedError', 'DevicesNotFoundError'].includes(mediaErrorName(error));

/** The first of `candidates` this MediaRecorder can record, or undefined. */
export const supportedMimeType = (
  recorder: { isTypeSupported?: (type: string) => boolean } | undefined,
  candidates: readonly string[],
): string | undefined => (recorder?.isTypeSupported ? candidates.find((type) => recorder.isTypeSupported!(type)) : undefined);

/** Stops every track of the streams given (devices released, the browser's "sharing" bar gone). */
export const stopStreams = (...streams: (MediaStream | undefined)[]) => {
  for (const stream of streams) stream?.getTracks().forEach((track) => track.stop());
};
