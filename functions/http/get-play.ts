import { recordingsRoutes } from '#shared/routes/recordings';
import { httpHandler } from '#lib/http';
import { getPlay } from '#core/recordings/shares';
import { playDeps } from './wiring/recordings';

/** Public: the share id in the path is the only credential (functions/core/recordings/shares.ts). */
export const handler = httpHandler(recordingsRoutes.getPlay, ({ params }) => getPlay(playDeps, params.videoUid));
