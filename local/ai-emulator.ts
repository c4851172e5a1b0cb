import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fillSchema, hashText, promptWords, type JsonSchema } from './ai/schema-fill';
import { closeServer, HOST, listen, readRequestText } from './net';
import { ACTION_ITEMS_SCHEMA, actionItemOf } from '#shared/action-items';
import { MAX_FOUND_ACTION_ITEMS } from '#shared/schemas/generation';

/**
 * A small OpenAI-compatible chat API for the local stack, so `npm start` and the tests generate offline. The
 * functions reach it through the same OpenAI adapter a real endpoint uses (provider `local`, base URL here).
 * - `POST /v1/chat/completions`: with `response_format: { type: 'json_schema' }` a JSON answer valid for the
 *   given schema, its text drawn from the prompt; with `json_object` a small JSON object; else plain text. Always
 *   deterministic for the same request, with `usage` tokens (≈ 4 characters a token). Call notes' action items
 *   (schema `call_action_items`) are answered from the numbered note lines by the to-do rules of shared/action-items.
 * - `GET /v1/models`: the one model, owned by `brandslate-local-test` — a local test model, never a real one.
 * - Faults for tests, by a marker in the prompt or queued through `POST /_control/faults { fault, count }`:
 *   `slow` (answers after `slowMs`, past any timeout), `malformed` (text that is not JSON), `off-schema` (JSON
 *   that ignores the schema), `error` (a 500). A marker ending in `-once` (`[[ai-emulator:malformed-once]]`)
 *   applies only to a first attempt, i.e. a conversation without an assistant turn, so a retry succeeds.
 */
export const LOCAL_AI_MODEL = 'brandslate-local-test-model';
export const LOCAL_AI_OWNER = 'brandslate-local-test';
export const AI_FAULTS = ['slow', 'malformed', 'off-schema', 'error'] as const;
export type AiFault = (typeof AI_FAULTS)[number];
/** The prompt marker of a fault, e.g. `[[ai-emulator:slow]]`. */
export const aiFaultMarker = (fault: AiFault, once = false) => `[[ai-emulator:${fault}${once ? '-once' : ''}]]`;

export type AiEmulatorOptions = {
  apiKey: string;
  /** How long a `slow` answer waits (default 120 s: past every timeout; the wait ends when the client leaves). */
  slowMs?: number;
  port?: number;
};

export type AiEmulatorRequest = { at: string; model: string; schemaName?: string; fault?: AiFault; messages: { role: string; content: string }[] };

export type AiEmulator = {
  /** The OpenAI-compatible base, e.g. http://127.0.0.1:41235/v1. */
  baseUrl: string;
  port: number;
  model: string;
  /** Queues `count` faults for the next completions, whatever their prompt. */
  injectFaults: (fault: AiFault, count?: number) => void;
  clearFaults: () => void;
  /** The completions answered, newest last (at most 200). */
  requests: () => AiEmulatorRequest[];
  /** The control API (`/faults`, `/requests`), also mounted on the gateway under /_local/ai. */
  handleControl: (req: IncomingMessage, res: ServerResponse, path: string) => Promise<void>;
  stop: () => Promise<void>;
};

type ChatBody = {
  model?: string;
  messages?: { role?: string; content?: unknown }[];
  response_format?: { type?: string; json_schema?: { name?: string; schema?: JsonSchema } };
  max_tokens?: number;
};

const tokensOf = (text: string) => Math.max(1, Math.ceil(text.length / 4));

const contentText = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((part) => (typeof part === 'object' && part && 'text' in part ? String((part as { text: unknown }).text) : '')).join(' ')
      : '';

const send = (res: ServerResponse, status: number, body: unknown) => {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const openAiError = (res: ServerResponse, status: number, message: string, type = 'invalid_request_error') =>
  send(res, status, { error: { message, type, param: null, code: null } });

/** The action items of numbered call notes ("n: text" lines), as a model would list them: the to-do lines. */
const actionItemsAnswer = (prompt: string) => ({
  items: [...prompt.matchAll(/^(\d+): (.*)$/gmu)].flatMap((match) => {
    const item = actionItemOf(match[2]!);
    return item ? [{ summary: item.summary, line: Number(match[1]), owner: item.owner ?? null }] : [];
  }).slice(0, MAX_FOUND_ACTION_ITEMS),
});

export const startAiEmulator = async (options: AiEmulatorOptions): Promise<AiEmulator> => {
  const slowMs = options.slowMs ?? 120_000;
  const queued: AiFault[] = [];
  const log: AiEmulatorRequest[] = [];
  let created = 0;

  const faultOf = (messages: { role: string; content: string }[]): AiFault | undefined => {
    if (queued.length) return queued.shift();
    const firstAttempt = !messages.some((message) => message.role === 'assistant');
    const all = messages.map((message) => message.content).join('\n');
    for (const fault of AI_FAULTS) {
      if (all.includes(aiFaultMarker(fault))) return fault;
      if (firstAttempt && all.includes(aiFaultMarker(fault, true))) return fault;
    }
    return undefined;
  };

  const complete = async (req: IncomingMessage, res: ServerResponse) => {
    let body: ChatBody;
    try {
      body = JSON.parse(await readRequestText(req)) as ChatBody;
    } catch {
      return openAiError(res, 400, 'The body is not valid JSON.');
    }
    if (!Array.isArray(body.messages) || !body.messages.length) return openAiError(res, 400, "'messages' must be a non-empty array.");
    const messages = body.messages.map((message) => ({ role: String(message.role ?? 'user'), content: contentText(message.content) }));
    const format = body.response_format;
    const schema = format?.type === 'json_schema' ? format.json_schema?.schema : undefined;
    if (format?.type === 'json_schema' && (!schema || typeof schema !== 'object')) return openAiError(res, 400, "'response_format.json_schema.schema' is required.");
    const fault = faultOf(messages);
    log.push({ at: new Date().toISOString(), model: body.model ?? LOCAL_AI_MODEL, schemaName: format?.json_schema?.name, fault, messages });
    if (log.length > 200) log.shift();

    if (fault === 'error') return openAiError(res, 500, 'The local test model failed as asked (fault "error").', 'server_error');
    if (fault === 'slow') {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, slowMs);
        res.once('close', () => (clearTimeout(timer), resolve()));
      });
      if (res.destroyed || res.writableEnded) return;
    }
    // The words of the conversation's user turns (the brief), the last one first: answers echo the request.
    const userText = messages
      .filter((message) => message.role === 'user')
      .reverse()
      .map((message) => message.content)
      .join('\n');
    const seed = hashText(JSON.stringify([messages, schema ?? format?.type ?? 'text']));
    const words = promptWords(userText);
    let text: string;
    if (fault === 'malformed') text = '{"this is": not JSON, the local test model was asked to fail';
    else if (fault === 'off-schema') text = JSON.stringify({ unexpected: 'The local test model ignored the schema as asked.', value: 42 });
    else if (schema && format?.json_schema?.name === ACTION_ITEMS_SCHEMA) text = JSON.stringify(actionItemsAnswer(userText));
    else if (schema) text = JSON.stringify(fillSchema(schema, { words, seed }));
    else if (format?.type === 'json_object') text = JSON.stringify({ answer: fillSchema({ type: 'string' }, { words, seed }) });
    else text = `Local test model answer: ${String(fillSchema({ type: 'string', maxLength: 600 }, { words, seed }))}`;
    const promptTokens = tokensOf(messages.map((message) => message.content).join('\n'));
    const completionTokens = tokensOf(text);
    created += 1;
    send(res, 200, {
      id: `chatcmpl-local-${seed.toString(16)}-${created}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: LOCAL_AI_MODEL,
      system_fingerprint: 'local-test-model',
      choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: null }, finish_reason: 'stop', logprobs: null }],
      usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    });
  };

  const handleControl = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (path === '/faults' && req.method === 'POST') {
      let body: { fault?: unknown; count?: unknown } = {};
      try {
        body = JSON.parse((await readRequestText(req)) || '{}') as typeof body;
      } catch {
        return send(res, 400, { error: 'The body is not valid JSON.' });
      }
      if (!(AI_FAULTS as readonly unknown[]).includes(body.fault)) return send(res, 400, { error: `fault must be one of ${AI_FAULTS.join(', ')}` });
      const count = body.count === undefined ? 1 : Number(body.count);
      if (!Number.isInteger(count) || count < 1 || count > 100) return send(res, 400, { error: 'count must be a whole number from 1 to 100' });
      injectFaults(body.fault as AiFault, count);
      return send(res, 200, { queued: [...queued] });
    }
    if (path === '/faults' && req.method === 'DELETE') {
      queued.length = 0;
      return send(res, 200, { queued: [] });
    }
    if (path === '/requests' && req.method === 'GET') return send(res, 200, { requests: log });
    return send(res, 404, { error: 'Not found' });
  };

  const injectFaults = (fault: AiFault, count = 1) => {
    for (let index = 0; index < count; index++) queued.push(fault);
  };

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    if (path.startsWith('/_control/')) return void handleControl(req, res, path.slice('/_control'.length));
    if (req.headers.authorization !== `Bearer ${options.apiKey}`) return openAiError(res, 401, 'Incorrect API key provided.', 'invalid_api_key');
    if (req.method === 'GET' && path === '/v1/models') {
      return send(res, 200, { object: 'list', data: [{ id: LOCAL_AI_MODEL, object: 'model', created: 0, owned_by: LOCAL_AI_OWNER }] });
    }
    if (req.method === 'POST' && path === '/v1/chat/completions') return void complete(req, res).catch((error) => openAiError(res, 500, String(error), 'server_error'));
    return openAiError(res, 404, `Unknown request URL: ${req.method} ${path}.`);
  });
  const port = await listen(server, options.port ?? 0);
  return {
    baseUrl: `http://${HOST}:${port}/v1`,
    port,
    model: LOCAL_AI_MODEL,
    injectFaults,
    clearFaults: () => void (queued.length = 0),
    requests: () => [...log],
    handleControl,
    stop: () => closeServer(server),
  };
};
