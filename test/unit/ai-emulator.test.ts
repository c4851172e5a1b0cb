import * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiFaultMarker, LOCAL_AI_MODEL, startAiEmulator, type AiEmulator } from '../../local/ai-emulator';
import { fillSchema, promptWords } from '../../local/ai/schema-fill';
import { createOpenAiProvider } from '#lib/ai/openai-adapter';
import { generateStructured, jsonSchemaOf } from '#lib/ai/structured';
import type { AiProvider } from '#lib/ai/port';

const words = promptWords('Write hooks for a small coffee roastery in Lisbon that sells single origin beans to students');

/** Varied schemas a feature might ask for, each checked by the zod schema it came from. */
const schemas: Record<string, z.ZodMiniType> = {
  flat: z.object({ title: z.string(), body: z.string(), done: z.boolean(), count: z.number() }),
  bounded: z.object({
    hook: z.string().check(z.minLength(40), z.maxLength(60)),
    score: z.int().check(z.minimum(0), z.maximum(100)),
    ratio: z.number().check(z.gt(0), z.lt(1)),
    negative: z.int().check(z.maximum(-5)),
    step: z.int().check(z.minimum(10), z.maximum(50), z.multipleOf(5)),
  }),
  lists: z.object({
    variations: z.array(z.string()).check(z.length(3)),
    tags: z.array(z.string()).check(z.minLength(5), z.maxLength(8)),
    empty: z.array(z.number()).check(z.maxLength(0)),
  }),
  nested: z.object({
    scenes: z.array(z.object({ scene: z.int().check(z.minimum(1)), visuals: z.string(), voice_over: z.string(), duration_seconds: z.number().check(z.minimum(1), z.maximum(30)) })).check(z.minLength(2)),
    meta: z.object({ tone: z.enum(['warm', 'bold', 'playful']), language: z.literal('en') }),
  }),
  optionalAndNullable: z.object({ note: z.optional(z.string()), reason: z.nullable(z.string()), maybe: z.optional(z.nullable(z.int())) }),
  unions: z.object({
    item: z.discriminatedUnion('kind', [z.object({ kind: z.literal('reel'), seconds: z.int().check(z.minimum(5), z.maximum(90)) }), z.object({ kind: z.literal('post'), caption: z.string() })]),
    either: z.union([z.number(), z.string()]),
  }),
  formats: z.object({ email: z.email(), site: z.url(), at: z.iso.datetime(), day: z.iso.date(), id: z.uuid() }),
  tuple: z.object({ pair: z.tuple([z.string(), z.int()]) }),
  record: z.object({ scores: z.record(z.string(), z.int()) }),
  topLevelArray: z.array(z.object({ phrase: z.string().check(z.maxLength(20)) })).check(z.minLength(1), z.maxLength(2)),
};

describe('schema fill', () => {
  it.each(Object.entries(schemas))('answers JSON valid for the %s schema', (_name, schema) => {
    for (let seed = 1; seed <= 25; seed++) {
      const value = fillSchema(jsonSchemaOf(schema), { words, seed });
      const checked = schema.safeParse(value);
      expect(checked.success, `seed ${seed}: ${JSON.stringify(value)} ${JSON.stringify(checked.error?.issues)}`).toBe(true);
    }
  });

  it('fills a recursive schema through its $defs', () => {
    const tree = { $defs: { node: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', maxItems: 2, items: { $ref: '#/$defs/node' } } }, required: ['name', 'children'] } }, $ref: '#/$defs/node' };
    const value = fillSchema(tree, { words, seed: 3 }) as { name: string; children: unknown[] };
    expect(typeof value.name).toBe('string');
    expect(Array.isArray(value.children)).toBe(true);
  });

  it('draws its text from the prompt and gives the same answer for the same prompt', () => {
    const schema = jsonSchemaOf(schemas.flat);
    const first = fillSchema(schema, { words, seed: 42 }) as { title: string; body: string };
    expect(`${first.title} ${first.body}`.toLowerCase()).toMatch(/coffee|roastery|lisbon|beans|students|origin|hooks/);
    expect(fillSchema(schema, { words, seed: 42 })).toEqual(first);
  });
});

describe('the AI emulator (OpenAI-compatible chat API)', () => {
  let emulator: AiEmulator;
  let provider: AiProvider;
  const key = 'sk-local-test';

  beforeAll(async () => {
    emulator = await startAiEmulator({ apiKey: key, slowMs: 3_000 });
    provider = await createOpenAiProvider({ provider: 'local', model: emulator.model, baseUrl: emulator.baseUrl, timeoutMs: 500 }, key);
  });
  afterAll(() => emulator.stop());

  it('names its one model as a local test model and refuses a wrong key', async () => {
    const models = await fetch(`${emulator.baseUrl}/models`, { headers: { authorization: `Bearer ${key}` } });
    expect(await models.json()).toMatchObject({ data: [{ id: LOCAL_AI_MODEL, owned_by: 'brandslate-local-test' }] });
    expect((await fetch(`${emulator.baseUrl}/models`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
  });

  it('answers a schema request with valid JSON, usage tokens and the local test model flag', async () => {
    const { value, result } = await generateStructured({ provider, output: schemas.nested, messages: [{ role: 'user', content: 'A reel about roasting beans at dawn' }] });
    expect(schemas.nested.safeParse(value).success).toBe(true);
    expect(result).toMatchObject({ provider: 'local', localTestModel: true, model: LOCAL_AI_MODEL });
    expect(result.tokensIn).toBeGreaterThan(0);
    expect(result.tokensOut).toBeGreaterThan(0);
  });

  it('answers plain text without a schema', async () => {
    const result = await provider.complete({ messages: [{ role: 'user', content: 'Say something about sourdough' }] });
    expect(result.text).toMatch(/^Local test model answer: /);
    expect(result.text.toLowerCase()).toContain('sourdough');
  });

  it('fails on request: malformed JSON, JSON off the schema, a server error and an answer past the timeout', async () => {
    const ask = (content: string) => generateStructured({ provider, output: schemas.flat, messages: [{ role: 'user', content }] });
    await expect(ask(`x ${aiFaultMarker('malformed')}`)).rejects.toMatchObject({ code: 'ai_bad_output' });
    await expect(ask(`x ${aiFaultMarker('off-schema')}`)).rejects.toMatchObject({ code: 'ai_bad_output' });
    await expect(ask(`x ${aiFaultMarker('error')}`)).rejects.toMatchObject({ code: 'ai_unavailable' });
    await expect(ask(`x ${aiFaultMarker('slow')}`)).rejects.toMatchObject({ code: 'ai_timeout' });
  });

  it('fails a first attempt only with a -once marker, so the retry succeeds', async () => {
    const { value } = await generateStructured({ provider, output: schemas.flat, messages: [{ role: 'user', content: `x ${aiFaultMarker('malformed', true)}` }] });
    expect(schemas.flat.safeParse(value).success).toBe(true);
    expect(emulator.requests().slice(-2).map((request) => request.fault)).toEqual(['malformed', undefined]);
  });

  it('takes queued faults whatever the prompt, in order', async () => {
    emulator.injectFaults('off-schema', 1);
    emulator.injectFaults('malformed', 1);
    await expect(generateStructured({ provider, output: schemas.flat, messages: [{ role: 'user', content: 'plain' }] })).rejects.toMatchObject({ code: 'ai_bad_output' });
    const { value } = await generateStructured({ provider, output: schemas.flat, messages: [{ role: 'user', content: 'plain' }] });
    expect(value).toBeDefined();
  });
});
