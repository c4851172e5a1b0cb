import { isConnectionState } from '#shared/schemas/connections';

/** What the provider handed back to /integration-success. */
export type OAuthReturn = { state: string; code?: string; error?: string };

/**
 * Whose consent came back: a brand's connected account (its state starts with `conn.`, completed by
 * POST /connections/oauth/complete) or an integration (POST /integrations/oauth/complete).
 */
export const oauthReturnKind = (returned: OAuthReturn): 'connection' | 'integration' => (isConnectionState(returned.state) ? 'connection' : 'integration');

/** The query of /integration-success as the complete route takes it; undefined without a state (nothing to finish). */
export const oauthReturnOf = (search: URLSearchParams): OAuthReturn | undefined => {
  const state = search.get('state');
  if (!state) return undefined;
  const code = search.get('code') ?? undefined;
  const error = search.get('error') ?? undefined;
  return { state, ...(code ? { code } : {}), ...(error ? { error } : {}) };
};

const completions = new Map<string, Promise<unknown>>();

/**
 * The state is single-use: a second post of it (React's double effect in development, a re-render) would be
 * refused, so each state is posted once per page load and every caller shares that answer.
 */
export const oncePerState = <T>(state: string, post: () => Promise<T>): Promise<T> => {
  let pending = completions.get(state) as Promise<T> | undefined;
  if (!pending) {
    pending = post();
    completions.set(state, pending);
  }
  return pending;
};
