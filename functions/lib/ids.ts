import { randomBytes } from 'node:crypto';

/** A random url-safe id; 16 bytes for plain ids, 24 for ids that are secrets in a link. */
export const newId = (bytes = 16) => randomBytes(bytes).toString('base64url');

/** An id that sorts by creation time (ms since epoch, base36, fixed width) then random. */
export const newTimeId = (now = Date.now()) => `${now.toString(36).padStart(9, '0')}${newId(6)}`;
