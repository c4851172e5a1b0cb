import { route } from './route-spec';
import { tryBody, tryResult } from '../schemas/try';

/**
 * The public try page's one call: no account, so no workspace to count against. The handler bounds it itself:
 * per source IP per hour and a daily token cap for all visitors together (functions/core/try).
 */
export const tryRoutes = {
  tryBrand: route({
    id: 'try-brand',
    method: 'POST',
    path: '/try',
    auth: 'public',
    body: tryBody,
    response: tryResult,
    // readWrite: the rate counters (no visitor data is written).
    access: { table: 'readWrite', ai: true },
    summary: "A sample brand voice and three post ideas from a visitor's website (guarded fetch), limited per source IP and by a daily cap",
  }),
} as const;
