import type { RouteSpec } from '#shared/routes';
import { asReceived, fieldIsOfRoute, holdsLoneSurrogate, type Input } from './requests';

/**
 * What every answer to an attacker must be, whatever was sent: answered (no dropped connection), never a 5xx, a
 * 400 naming a field of the route, never a lone surrogate handed back; and input that the route's own schemas
 * refuse gets that 400. Answers a list of problems (empty when the answer is right).
 */
export type Answer = { status: number; body: unknown; text: string };

/** Refusals of the transport itself (body or URL or headers too large): they come before any field is read. */
const TOO_LARGE = [413, 414, 431];

const DOT_SEGMENT = /^(\.|\.\.|%2e|%2e%2e|\.%2e|%2e\.)$/i;

/** A path value the URL itself changes or drops (empty, dot segments): the request reaches another path. */
const reroutes = (params: Record<string, unknown>) =>
  Object.values(params).some((value) => typeof value !== 'string' || value === '' || DOT_SEGMENT.test(value));

export const verdict = (route: RouteSpec, sent: Input, answer: Answer): string[] => {
  const input = asReceived(route, sent);
  const problems: string[] = [];
  const body = answer.body as { code?: unknown; field?: unknown; message?: unknown } | undefined;
  if (answer.status === 0) problems.push(`no answer: ${answer.text.slice(0, 200)}`);
  if (answer.status >= 500) problems.push(`${answer.status} ${answer.text.slice(0, 200)}`);
  if (answer.status === 400 && !fieldIsOfRoute(route, body?.field)) problems.push(`400 naming no field of the route: ${answer.text.slice(0, 200)}`);
  if (holdsLoneSurrogate(answer.body)) problems.push(`answer holds a lone surrogate: ${answer.text.slice(0, 200)}`);
  const paramsOk = route.params.safeParse(input.params).success;
  const refused = !paramsOk || !route.query.safeParse(input.query).success || !route.body.safeParse(input.body).success;
  const tooLarge = TOO_LARGE.includes(answer.status);
  if (refused && answer.status !== 400 && !tooLarge && !(!paramsOk && reroutes(input.params) && answer.status >= 400 && answer.status < 500)) {
    problems.push(`input the schemas refuse answered ${answer.status}, not 400: ${answer.text.slice(0, 200)}`);
  }
  return problems;
};
