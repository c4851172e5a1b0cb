import { createHash } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import { IDEMPOTENCY_HEADER, type RouteSpec } from '#shared/routes/route-spec';
import { claimGuard, completeGuard, releaseGuard, type GuardScope } from '#data/idempotency';
import { systemClock } from '../clock';
import { DomainError, ValidationError } from '../errors';
import { logger } from '../logger';
import { stateOf, type HttpEvent, type HttpResult, type RouteContext } from './types';

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;

/**
 * How a route whose answer carries a secret shown once (a webhook's signing secret) keeps that answer for a
 * replay: sealed at rest like every stored secret, bound to the workspace and the key.
 */
export type ReplayBox = {
  seal: (answer: string, bound: { workspaceId: string; key: string }) => Promise<string>;
  open: (stored: string, bound: { workspaceId: string; key: string }) => Promise<string>;
};

/**
 * `Idempotency-Key` on creates: the first request with a key claims a guard item and runs; its answer is stored,
 * and a retry with the same key and the same request gets that answer again without running anything. The same
 * key with another request is 422 idempotency_key_reused; while the first still runs, 409 idempotency_in_progress.
 * A create that fails lets its key go (nothing was made), so a retry runs afresh. Registered after
 * serializeResponse so that it stores the handler's value, which a replay sends through the same schema.
 */
export const idempotency = (route: Pick<RouteSpec, 'id' | 'access'>, box?: ReplayBox): MiddlewareObj<HttpEvent, HttpResult, Error, RouteContext> => {
  if (route.access.secrets && !box) throw new Error(`Route ${route.id} handles secrets: its stored answers need a ReplayBox`);
  const claims = new WeakMap<object, GuardScope & { workspaceId: string }>();
  return {
    name: 'idempotency',
    before: async (request) => {
      const key = request.event.headers?.[IDEMPOTENCY_HEADER.toLowerCase()];
      if (key === undefined) return;
      if (!KEY_PATTERN.test(key)) {
        throw new ValidationError('Idempotency-Key', 'Idempotency-Key must be 1 to 128 letters, digits or - _ . :');
      }
      const state = stateOf(request);
      if (!state.caller) return;
      const scope = { callerId: state.caller.userId, routeId: route.id, key, workspaceId: state.workspace?.workspaceId ?? '' };
      const requestHash = createHash('sha256').update(JSON.stringify([state.params, state.query, state.body])).digest('base64url');
      const outcome = await claimGuard(scope, requestHash, systemClock());
      if (outcome === 'claimed') {
        claims.set(request, scope);
        return;
      }
      if (outcome.requestHash !== requestHash) throw new DomainError('idempotency_key_reused');
      if (outcome.state !== 'done' || outcome.response === undefined) throw new DomainError('idempotency_in_progress');
      const answer = box ? await box.open(outcome.response, scope) : outcome.response;
      state.replay = { value: JSON.parse(answer) as unknown };
    },
    after: async (request) => {
      const scope = claims.get(request);
      if (!scope) return;
      const answer = JSON.stringify(request.response ?? null);
      await completeGuard(scope, box ? await box.seal(answer, scope) : answer, systemClock());
    },
    onError: async (request) => {
      const scope = claims.get(request);
      if (!scope) return;
      // The error being answered matters more than a guard left behind (it expires as an abandoned claim).
      await releaseGuard(scope).catch((error: unknown) => logger.error('Releasing an idempotency guard failed', { error: error as Error }));
    },
  };
};
