import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiProvider } from '#lib/ai/openai-adapter';
import { AiCallError, type AiProvider } from '#lib/ai/port';

/** An OpenAI-compatible endpoint whose next answer each test sets; it keeps what it was sent. */
describe('the OpenAI-compatible adapter on the wire', () => {
  let server: Server;
  let baseUrl: string;
  let next: { status: number; body: string; delayMs?: number };
  let received: { url?: string; authorization?: string; body: Record<string, unknown> }[] = [];

  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  };

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      received.push({ url: req.url, authorization: req.headers.authorization, body: await readBody(req) });
      const { status, body, delayMs } = next;
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' }).end(body);
      }, delayMs ?? 0);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  }));

  const provider = (): Promise<AiProvider> => createOpenAiProvider({ provider: 'openai', model: 'gpt-test', baseUrl, timeoutMs: 300 }, 'sk-test');
  const completion = (content: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ model: 'gpt-test-2026', choices: [{ finish_reason: 'stop', message: { role: 'assistant', content } }], usage: { prompt_tokens: 12, completion_tokens: 5 }, ...extra });
  const failureOf = async (ask: Promise<unknown>) => {
    const error = await ask.then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(AiCallError);
    return error as AiCallError;
  };

  it('posts the chat with the key, the model and a strict schema, and reads the answer, usage and model', async () => {
    received = [];
    next = { status: 200, body: completion('{"hook":"Dawn roast"}') };
    const schema = { type: 'object', properties: { hook: { type: 'string' } }, required: ['hook'], additionalProperties: false };

    const result = await (await provider()).complete({ messages: [{ role: 'user', content: 'A hook' }], schema: { name: 'hooks', schema }, maxTokens: 50, temperature: 0.2 });

    expect(result).toMatchObject({ text: '{"hook":"Dawn roast"}', tokensIn: 12, tokensOut: 5, model: 'gpt-test-2026', provider: 'openai', localTestModel: false });
    expect(received).toEqual([
      {
        url: '/v1/chat/completions',
        authorization: 'Bearer sk-test',
        body: {
          model: 'gpt-test',
          messages: [{ role: 'user', content: 'A hook' }],
          max_tokens: 50,
          temperature: 0.2,
          response_format: { type: 'json_schema', json_schema: { name: 'hooks', schema, strict: true } },
        },
      },
    ]);
  });

  it("a 400 is refused with the provider's message; a 401 or 500 is unavailable", async () => {
    next = { status: 400, body: JSON.stringify({ error: { message: "Invalid schema for response_format 'hooks'", type: 'invalid_request_error' } }) };
    const refused = await failureOf((await provider()).complete({ messages: [{ role: 'user', content: 'x' }] }));
    expect(refused.failure).toBe('refused');
    expect(refused.message).toContain("Invalid schema for response_format 'hooks'");

    for (const status of [401, 500]) {
      next = { status, body: JSON.stringify({ error: { message: 'nope' } }) };
      const failed = await failureOf((await provider()).complete({ messages: [{ role: 'user', content: 'x' }] }));
      expect(failed.failure).toBe('unavailable');
      expect(failed.message).toContain(`(${status}: nope)`);
    }
  });

  it('an answer past the timeout is a timeout; a body that is not a completion, or a content filter, is not an answer', async () => {
    next = { status: 200, body: completion('late'), delayMs: 1_000 };
    expect((await failureOf((await provider()).complete({ messages: [{ role: 'user', content: 'x' }] }))).failure).toBe('timeout');

    next = { status: 200, body: '<html>gateway</html>' };
    expect((await failureOf((await provider()).complete({ messages: [{ role: 'user', content: 'x' }] }))).failure).toBe('unavailable');

    next = { status: 200, body: JSON.stringify({ choices: [{ finish_reason: 'content_filter', message: { content: null } }] }) };
    expect((await failureOf((await provider()).complete({ messages: [{ role: 'user', content: 'x' }] }))).failure).toBe('refused');
  });

  it('an endpoint that is not there is unavailable', async () => {
    const closed = await createOpenAiProvider({ provider: 'openai', model: 'gpt-test', baseUrl: 'http://127.0.0.1:9/v1', timeoutMs: 300 }, 'sk-test');
    expect((await failureOf(closed.complete({ messages: [{ role: 'user', content: 'x' }] }))).failure).toBe('unavailable');
  });
});
