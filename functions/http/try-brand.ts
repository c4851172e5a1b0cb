import { tryRoutes } from '#shared/routes/try';
import { httpHandler } from '#lib/http';
import { tryBrand } from '#core/try/try-brand';
import { tryDeps } from './wiring/try';

/** Public: limited by API Gateway's source IP (not X-Forwarded-For, which a caller writes) and a daily cap for all. */
export const handler = httpHandler(tryRoutes.tryBrand, ({ event, body }) => tryBrand(tryDeps, event.requestContext.http.sourceIp, body));
