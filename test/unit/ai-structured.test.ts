import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { AiCallError, type AiProvider, type AiRequest, type AiResult } from '#lib/ai/port';
import { AiGenerationError, generateStructured, jsonSchemaOf, parseModelJson } from '#lib/ai/structured';
import { isStrictSchema } from '#lib/ai/openai-adapter';
import { toConverseMessages } from '#lib/ai/bedrock-adapter';
import { aiConfig, aiLimits } from '#lib/ai/config';

const output = z.object({ hook: z.string().check(z.minLength(1)), score: z.int().check(z.minimum(0), z.maximum(100)) });

/** A provider that answers the given texts in turn (or throws the given errors) and records each request. */
const scripted = (...answers: (string | Error)[]) => {
  const requests: AiRequest[] = [];
  const provider: AiProvider = {
    provider: 'local',
    model: 'test-model',
    localTestModel: true,
    complete: async (request) => {
      requests.push(request);
      const next = answers.shift();
      if (next === undefined) throw new Error('no more answers');
      if (next instanceof Error) throw next;
      return { text: next, tokensIn: 10, tokensOut: 5, latencyMs: 7, model: 'test-model', provider: 'local', localTestModel: true } satisfies AiResult;
    },
  };
  return { provider, requests };
};

const ask = (provider: AiProvider) => generateStructured({ provider, output, messages: [{ role: 'user', content: 'A hook for a bakery' }] });

const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(AiGenerationError);
  return error as AiGenerationError;
};

describe('generateStructured', () => {
  it('sends the JSON schema of the output and answers the validated value', async () => {
    const { provider, requests } = scripted('{"hook":"Fresh at 7","score":80}');

    const answer = await ask(provider);

    expect(answer.value).toEqual({ hook: 'Fresh at 7', score: 80 });
    expect(requests[0].schema?.schema).toEqual(jsonSchemaOf(output));
    expect(requests[0].messages.at(-1)).toMatchObject({ role: 'system', content: expect.stringContaining('"score"') });
    expect(answer.result).toMatchObject({ tokensIn: 10, tokensOut: 5, localTestModel: true });
  });

  it('retries once on malformed JSON, showing the model what was wrong, and adds up both attempts', async () => {
    const { provider, requests } = scripted('{"hook": oops', '{"hook":"Second try","score":1}');

    const answer = await ask(provider);

    expect(answer.value.hook).toBe('Second try');
    expect(requests).toHaveLength(2);
    expect(requests[1].messages.slice(-2)).toEqual([
      { role: 'assistant', content: '{"hook": oops' },
      { role: 'user', content: expect.stringContaining('not valid JSON') },
    ]);
    expect(answer.result).toMatchObject({ tokensIn: 20, tokensOut: 10, latencyMs: 14 });
  });

  it('retries once on JSON that breaks the schema, naming the fields', async () => {
    const { provider, requests } = scripted('{"hook":"","score":101}', '{"hook":"ok","score":100}');

    await ask(provider);

    expect(requests[1].messages.at(-1)?.content).toMatch(/hook: .*score: /s);
  });

  it('gives up after the second bad answer with ai_bad_output (502), keeping what both attempts spent', async () => {
    const { provider, requests } = scripted('nope', '{"hook":1}');

    const error = await failureOf(ask(provider));

    expect(requests).toHaveLength(2);
    expect(error).toMatchObject({ code: 'ai_bad_output', status: 502, spent: { tokensIn: 20, tokensOut: 10 } });
  });

  it('maps a provider timeout to ai_timeout (504) without retrying', async () => {
    const { provider, requests } = scripted(new AiCallError('timeout', 'slow'), '{"hook":"never","score":1}');

    const error = await failureOf(ask(provider));

    expect(error).toMatchObject({ code: 'ai_timeout', status: 504 });
    expect(requests).toHaveLength(1);
  });

  it('maps an unreachable provider to ai_unavailable (502) and a refusal to ai_refused (422), never a raw error', async () => {
    expect(await failureOf(ask(scripted(new AiCallError('unavailable', 'down')).provider))).toMatchObject({ code: 'ai_unavailable', status: 502 });
    expect(await failureOf(ask(scripted(new AiCallError('refused', 'no')).provider))).toMatchObject({ code: 'ai_refused', status: 422 });
    expect(await failureOf(ask(scripted(new TypeError('socket hang up')).provider))).toMatchObject({ code: 'ai_unavailable' });
  });
});

describe('parseModelJson', () => {
  it('reads plain and fenced JSON and says when it is not JSON', () => {
    expect(parseModelJson(' {"a":1} ')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseModelJson('```json\n{"a":[1]}\n```')).toEqual({ ok: true, value: { a: [1] } });
    expect(parseModelJson('Sure! {"a":1}')).toMatchObject({ ok: false });
  });
});

describe('provider adapters', () => {
  it('use OpenAI strict mode only for schemas it accepts (every property required, no others)', () => {
    expect(isStrictSchema(jsonSchemaOf(output))).toBe(true);
    expect(isStrictSchema(jsonSchemaOf(z.object({ a: z.optional(z.string()) })))).toBe(false);
    expect(isStrictSchema(jsonSchemaOf(z.object({ list: z.array(z.object({ b: z.optional(z.number()) })) })))).toBe(false);
  });

  it('give Bedrock system prompts apart and alternating turns starting with the user', () => {
    const { system, messages } = toConverseMessages([
      { role: 'system', content: 'Be brief.' },
      { role: 'assistant', content: 'Earlier answer' },
      { role: 'user', content: 'One' },
      { role: 'user', content: 'Two' },
    ]);
    expect(system).toEqual(['Be brief.']);
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(messages[2].content).toEqual([{ text: 'One' }, { text: 'Two' }]);
  });
});

describe('AI config', () => {
  it('reads the stage settings and fails naming the variable', () => {
    expect(aiConfig({ AI_PROVIDER: 'openai', AI_MODEL: 'gpt-x', AI_BASE_URL: 'http://127.0.0.1:11434/v1/', AI_TIMEOUT_MS: '5000' })).toMatchObject({
      provider: 'openai',
      model: 'gpt-x',
      baseUrl: 'http://127.0.0.1:11434/v1',
      timeoutMs: 5000,
    });
    expect(() => aiConfig({ AI_MODEL: 'm' })).toThrow(/AI_PROVIDER/);
    expect(() => aiConfig({ AI_PROVIDER: 'gemini', AI_MODEL: 'm' })).toThrow(/AI_PROVIDER must be one of/);
    expect(() => aiConfig({ AI_PROVIDER: 'local', AI_MODEL: 'm' })).toThrow(/AI_BASE_URL/);
    expect(() => aiConfig({ AI_PROVIDER: 'bedrock', AI_MODEL: 'm', AI_TIMEOUT_MS: '-1' })).toThrow(/AI_TIMEOUT_MS/);
  });

  it('takes the plans’ budgets unless the stage overrides them', () => {
    expect(aiLimits({}).monthlyTokens.FREE).toBeGreaterThan(0);
    expect(aiLimits({ AI_MONTHLY_TOKENS: '{"FREE":10}', AI_RATE_LIMIT_PER_MINUTE: '2' })).toMatchObject({ requestsPerMinute: 2, monthlyTokens: { FREE: 10 } });
    expect(() => aiLimits({ AI_MONTHLY_TOKENS: '{"GOLD":10}' })).toThrow(/plan ids/);
  });
});
