import { providerConfig } from '../config';
import { errorFailure, isRetryableStatus, parseRetryAfter, providerErrorText, since } from './classify';
import { callProvider, type ProviderAnswer, type ProviderHttpOptions } from './http';
import type { DeliveryTask, Provider, SendResult, VerifyResult } from './provider';

/**
 * monday.com's GraphQL API: an item per task on the chosen board and group, its URL as the link. Two documents are
 * all it takes, POSTed as GraphQL over HTTP to the configured endpoint (the local fake in the embedded stack)
 * through the guarded fetcher (time and size caps); monday's SDK would add a GraphQL client and its parser
 * (≈120 KB) to every integration route. monday answers application errors with HTTP 200 and `errors[].extensions`
 * carrying `code` and `status_code`, so that status is what gets classified (a missing board is a 404, final; a
 * complexity or rate limit is a 429 with `retry_in_seconds`), as is a non-2xx answer's. monday has no idempotency
 * handle: the delivery record's state keeps a sent item from being sent again.
 */
export const MONDAY_API_VERSION = '2026-01';

const CREATE_ITEM = `mutation createItem($board: ID!, $group: String!, $name: String!) {
  create_item(board_id: $board, group_id: $group, item_name: $name) { id url }
}`;
const BOARD = `query board($board: ID!) { boards(ids: [$board]) { id name groups { id title } } }`;

/** The item's name: monday items are one line; the link back lives in the name's suffix-free summary. */
export const mondayItemName = (task: DeliveryTask, test = false) => `${test ? '[Test] ' : ''}#${task.number} ${task.summary}`.slice(0, 255);

type MondayErrorExtensions = { code?: string; status_code?: number; retry_in_seconds?: number };

/** A GraphQL answer with errors (or a non-2xx one) as a result; undefined when it carries data and no error. */
const mondayFailure = (answer: ProviderAnswer): Extract<SendResult, { ok: false }> | undefined => {
  const body = (answer.body ?? {}) as { errors?: { message?: string; extensions?: MondayErrorExtensions }[] };
  if (answer.status >= 200 && answer.status < 300 && !body.errors?.length) return undefined;
  const extensions = body.errors?.[0]?.extensions ?? {};
  const status = answer.status >= 400 ? answer.status : (extensions.status_code ?? 500);
  const retryAfterSeconds = parseRetryAfter(answer.headers['retry-after']) ?? extensions.retry_in_seconds;
  const transientCode = extensions.code === 'COMPLEXITY_BUDGET_EXHAUSTED' || extensions.code === 'ComplexityException' || extensions.code === 'RATE_LIMIT_EXCEEDED';
  return {
    ok: false,
    retryable: transientCode || isRetryableStatus(status),
    status,
    ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
    error: `monday: ${providerErrorText(answer.body, `HTTP ${status}`)}${extensions.code ? ` (${extensions.code})` : ''}`,
    ...(status === 401 ? { unauthorized: true } : {}),
    latencyMs: answer.latencyMs,
  };
};

export const createMondayProvider = (options: ProviderHttpOptions = {}): Provider => {
  const request = (token: unknown, query: string, variables: Record<string, unknown>) =>
    callProvider(providerConfig.url('mondayApi'), { method: 'POST', headers: { authorization: String(token ?? ''), 'api-version': MONDAY_API_VERSION }, json: { query, variables } }, options);
  return {
    type: 'monday',
    send: async ({ settings, secrets, task, test }): Promise<SendResult> => {
      const started = performance.now();
      try {
        const answer = await request(secrets.api_token, CREATE_ITEM, { board: String(settings.board_id ?? ''), group: String(settings.group_id ?? ''), name: mondayItemName(task, test) });
        const failed = mondayFailure(answer);
        if (failed) return failed;
        const item = (answer.body as { data: { create_item: { id: string; url: string } } }).data.create_item;
        return { ok: true, status: answer.status, externalId: item.id, link: item.url, latencyMs: answer.latencyMs };
      } catch (error) {
        return errorFailure(error, since(started));
      }
    },
    verify: async ({ settings, secrets }): Promise<VerifyResult> => {
      const started = performance.now();
      try {
        const answer = await request(secrets.api_token, BOARD, { board: String(settings.board_id ?? '') });
        const f = mondayFailure(answer);
        if (f) return { ok: false, status: f.status, error: f.error, code: 'integration_provider_error', ...(f.unauthorized ? { unauthorized: true, field: 'api_token' } : {}), latencyMs: f.latencyMs };
        const board = (answer.body as { data: { boards: { id: string; groups: { id: string }[] }[] } }).data.boards[0];
        if (!board) return { ok: false, status: 404, error: 'monday has no such board (or the token cannot see it)', code: 'integration_provider_error', field: 'board_id', latencyMs: answer.latencyMs };
        if (!board.groups.some((g) => g.id === settings.group_id)) return { ok: false, status: 404, error: 'The board has no such group', code: 'integration_provider_error', field: 'group_id', latencyMs: answer.latencyMs };
        return { ok: true, latencyMs: answer.latencyMs };
      } catch (error) {
        const f = errorFailure(error, since(started));
        return { ok: false, error: f.error, code: 'integration_provider_error', latencyMs: f.latencyMs };
      }
    },
  };
};

export const mondayProvider = createMondayProvider();
