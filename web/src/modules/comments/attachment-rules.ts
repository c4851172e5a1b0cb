import { ATTACHMENT_TYPES, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '#shared/schemas/collab';

/**
 * The attachment rules of spec 5/9, checked in the browser before anything is uploaded (the server checks again):
 * at most MAX_ATTACHMENTS files, each at most MAX_ATTACHMENT_BYTES, of a type the API takes.
 */

export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];
export type FileLike = { name: string; size: number; type: string };
export type FileProblem = 'too_large' | 'empty' | 'bad_type';

/** Types some systems leave blank (or name differently) for common files, by extension. */
const TYPE_BY_EXTENSION: Readonly<Record<string, AttachmentType>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  zip: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

const isAttachmentType = (value: string): value is AttachmentType => (ATTACHMENT_TYPES as readonly string[]).includes(value);

/** The content type the API will be told: the browser's (parameters dropped) when allowed, else one from the extension. */
export const attachmentTypeOf = (file: Pick<FileLike, 'name' | 'type'>): AttachmentType | undefined => {
  const declared = file.type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (isAttachmentType(declared)) return declared;
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  return TYPE_BY_EXTENSION[extension];
};

/** What is wrong with one file, or null. */
export const fileProblem = (file: FileLike, allowed: readonly string[] = ATTACHMENT_TYPES): FileProblem | null => {
  if (file.size === 0) return 'empty';
  if (file.size > MAX_ATTACHMENT_BYTES) return 'too_large';
  const type = attachmentTypeOf(file);
  if (!type || !allowed.includes(type)) return 'bad_type';
  return null;
};

export type AttachmentCheck = {
  /** One entry per file, in order: its problem or null. */
  problems: (FileProblem | null)[];
  /** More files than MAX_ATTACHMENTS. */
  tooMany: boolean;
  ok: boolean;
};

export const checkAttachments = (files: readonly FileLike[], allowed: readonly string[] = ATTACHMENT_TYPES): AttachmentCheck => {
  const problems = files.map((file) => fileProblem(file, allowed));
  const tooMany = files.length > MAX_ATTACHMENTS;
  return { problems, tooMany, ok: !tooMany && problems.every((problem) => problem === null) };
};

/** A size as people read it (812 KB, 6.2 MB), rounded up so a file just over a limit never reads as the limit. */
export const formatBytes = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb >= 10 ? Math.ceil(mb) : Math.ceil(mb * 10) / 10} MB`;
};

export const isImageType = (contentType: string) => contentType.startsWith('image/');
export const isAudioType = (contentType: string) => contentType.startsWith('audio/');
export const isVideoType = (contentType: string) => contentType.startsWith('video/');
