import { buildSchema, graphql, GraphQLError, GraphQLScalarType } from 'graphql';
import { escapeHtml } from '../mail';
import { json, type FakeRequest, type FakeResponse } from './core';
import { HTML, page } from './oauth';

/**
 * monday.com's GraphQL API (POST /v2), the part the monday provider uses, executed by graphql-js against a subset
 * of monday's schema (me, boards with groups, create_item). The token goes in `Authorization` without a scheme, as
 * monday expects. Application errors come back as monday sends them: HTTP 200 with `errors[].extensions.code`
 * (e.g. InvalidBoardIdException) and `status_code`; authentication and rate limits as HTTP 401 / 429.
 */
export const LOCAL_MONDAY = {
  apiToken: 'local-monday-api-token',
  accountSlug: 'brandslate-local',
} as const;

const SCHEMA = buildSchema(`
  scalar JSON
  type User { id: ID!, name: String!, email: String! }
  type Group { id: ID!, title: String!, color: String }
  type Board { id: ID!, name: String!, state: String!, url: String!, groups(ids: [String]): [Group] }
  type Item { id: ID!, name: String!, url: String!, created_at: String, board: Board, group: Group, column_values: JSON }
  type Query { me: User, boards(ids: [ID!], limit: Int, page: Int): [Board] }
  type Mutation {
    create_item(board_id: ID!, group_id: String, item_name: String!, column_values: JSON, create_labels_if_missing: Boolean, position_relative_method: String, relative_to: ID): Item
  }
`);
// JSON scalar: values pass through (column_values is a JSON string or object).
Object.assign(SCHEMA.getType('JSON') as GraphQLScalarType, { serialize: (v: unknown) => v, parseValue: (v: unknown) => v, parseLiteral: () => null });

type Board = { id: string; name: string; groups: { id: string; title: string; color: string }[] };
type Item = { id: string; name: string; boardId: string; groupId: string; created_at: string; column_values: unknown };

export const mondayErrorBody = (status: number, retryAfter: number) => {
  const errors: Record<number, [string, string]> = {
    401: ['Not Authenticated', 'UNAUTHENTICATED'],
    403: ['User unauthorized to perform action', 'USER_UNAUTHORIZED'],
    404: ['Board not found', 'ResourceNotFoundException'],
    429: ['Rate limit exceeded', 'RATE_LIMIT_EXCEEDED'],
  };
  const [message, code] = errors[status] ?? ['Internal server error', 'INTERNAL_SERVER_ERROR'];
  return { errors: [{ message, extensions: { code, status_code: status, ...(status === 429 ? { retry_in_seconds: retryAfter } : {}) } }], account_id: 1 };
};

const appError = (message: string, code: string, statusCode: number) => new GraphQLError(message, undefined, undefined, undefined, undefined, undefined, { code, status_code: statusCode, error_data: {} });

export const createMonday = () => {
  const boards: Board[] = [
    { id: '1234567890', name: 'Content calendar', groups: [{ id: 'topics', title: 'This week', color: '#579bfc' }, { id: 'new_group', title: 'Next week', color: '#a25ddc' }] },
    { id: '2345678901', name: 'Campaigns', groups: [{ id: 'topics', title: 'Ideas', color: '#579bfc' }] },
  ];
  const items: Item[] = [];
  let nextItem = 5_000_000_000;
  const origin = { value: '' };
  const boardUrl = (board: Board) => `${origin.value}/monday/boards/${board.id}`;
  const boardView = (board: Board) => ({
    id: board.id,
    name: board.name,
    state: 'active',
    url: boardUrl(board),
    groups: ({ ids }: { ids?: string[] }) => board.groups.filter((g) => !ids || ids.includes(g.id)),
  });
  const itemView = (item: Item) => {
    const board = boards.find((b) => b.id === item.boardId)!;
    return {
      id: item.id,
      name: item.name,
      url: `${boardUrl(board)}/pulses/${item.id}`,
      created_at: item.created_at,
      board: boardView(board),
      group: board.groups.find((g) => g.id === item.groupId),
      column_values: item.column_values,
    };
  };
  const root = {
    me: () => ({ id: '1', name: 'Local monday user', email: 'demo@brandslate.local' }),
    boards: ({ ids, limit }: { ids?: string[]; limit?: number }) => boards.filter((b) => !ids || ids.includes(b.id)).slice(0, limit ?? 25).map(boardView),
    create_item: (args: { board_id: string; group_id?: string; item_name: string; column_values?: unknown }) => {
      const board = boards.find((b) => b.id === String(args.board_id));
      if (!board) throw appError(`Board not found`, 'InvalidBoardIdException', 404);
      const group = args.group_id ? board.groups.find((g) => g.id === args.group_id) : board.groups[0];
      if (!group) throw appError('Group not found', 'InvalidGroupIdException', 404);
      if (!args.item_name.trim()) throw appError('Item name is required', 'InvalidArgumentException', 400);
      if (typeof args.column_values === 'string') {
        try {
          JSON.parse(args.column_values);
        } catch {
          throw appError('Invalid column values JSON', 'ColumnValueException', 400);
        }
      }
      const item: Item = { id: String(nextItem++), name: args.item_name, boardId: board.id, groupId: group.id, created_at: new Date().toISOString(), column_values: args.column_values };
      items.push(item);
      return itemView(item);
    },
  };

  const handle = async (req: FakeRequest): Promise<FakeResponse> => {
    origin.value = req.origin;
    if (req.method !== 'POST' || req.path !== '/v2') return json(404, { error_message: `The local monday does not implement ${req.method} ${req.path}`, status_code: 404 });
    const token = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '').trim();
    if (token !== LOCAL_MONDAY.apiToken) return json(401, mondayErrorBody(401, 0), { summary: 'unauthenticated' });
    const query = typeof req.body?.query === 'string' ? req.body.query : '';
    if (!query) return json(400, { errors: [{ message: 'No query string was present', extensions: { code: 'BadRequest', status_code: 400 } }] });
    const result = await graphql({ schema: SCHEMA, source: query, rootValue: root, variableValues: req.body?.variables as Record<string, unknown> | undefined });
    const errors = result.errors?.map((e) => ({ message: e.message, locations: e.locations, path: e.path, extensions: e.extensions ?? { code: 'GraphQLValidationError', status_code: 400 } }));
    const operation = /\b(create_item|boards|me)\b/.exec(query)?.[1] ?? 'query';
    const created = (result.data as { create_item?: { id: string; name: string } } | null | undefined)?.create_item;
    return json(200, { ...(result.data !== undefined ? { data: result.data } : {}), ...(errors ? { errors } : {}), account_id: 1 }, {
      summary: errors ? `${operation}: ${errors.map((e) => e.message).join('; ')}` : created ? `created item ${created.id}: ${created.name}` : operation,
    });
  };

  const itemPage = (boardId: string, itemId: string): FakeResponse => {
    const item = items.find((i) => i.id === itemId && i.boardId === boardId);
    if (!item) return { status: 404, contentType: HTML, body: page('Not found', '<p>No such item in the local monday.</p>') };
    const view = itemView(item);
    return {
      status: 200,
      contentType: HTML,
      body: page('Local monday item', `<main><p class="muted">Local monday.com (fake) · ${escapeHtml(view.board.name)} · ${escapeHtml(view.group?.title ?? '')}</p><h1>${escapeHtml(item.name)}</h1><pre>${escapeHtml(JSON.stringify(item.column_values ?? null, null, 2))}</pre></main>`),
    };
  };

  return { handle, itemPage, items: () => items.map(itemView).map(({ board, group, ...rest }) => ({ ...rest, board: board.name, group: group?.title })), boards: () => boards };
};
export type FakeMonday = ReturnType<typeof createMonday>;
