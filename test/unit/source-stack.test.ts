import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lambdaBundling } from '../../infra/constructs/lambda-bundling';

/**
 * A Lambda bundle's logged errors name source files, read from the map beside the bundle when logging (not at
 * import, as Node's --enable-source-maps would). The bundles are built as CDK builds them, from a small entry
 * that throws on its third line.
 */
const ENTRY = [
  "export { logger } from '#lib/logger';",
  "export { sourceStack } from '#lib/source-stack';",
  "export const fail = () => { throw new Error('boom', { cause: new TypeError('root cause') }); };",
].join('\n');
const SOURCE = 'fixture-thrower.ts';

// Under the project root, as CDK bundles (cdk.out/…): the map names sources by paths relative to the bundle.
const cache = join(process.cwd(), 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'source-stack-'));
const bundle = async (name: string, sourcemap: boolean): Promise<string> => {
  const file = join(dir, name, 'index.mjs');
  await build({
    ...lambdaBundling.esbuild,
    stdin: { contents: ENTRY, resolveDir: process.cwd(), sourcefile: SOURCE, loader: 'ts' },
    outfile: file,
    sourcemap,
    sourcesContent: false,
    logLevel: 'silent',
  });
  return file;
};

type Run = { raw: string; mapped: string; after: string; logged: Record<string, unknown>[] };

/**
 * Throws, maps and logs in a fresh Node process, as a Lambda runs its bundle: this test runner enables Node's
 * own source maps, which would map the stack before sourceStack sees it.
 */
const run = (file: string): Run => {
  const script = `
    const bundle = await import(${JSON.stringify(pathToFileURL(file).href)});
    let error;
    try { bundle.fail(); } catch (thrown) { error = thrown; }
    const raw = error.stack;
    bundle.logger.error('Request failed', error);
    console.log(JSON.stringify({ probe: { raw, mapped: bundle.sourceStack(raw), after: error.stack } }));`;
  const env = { ...process.env, POWERTOOLS_LOG_LEVEL: 'INFO', POWERTOOLS_DEV: '', NODE_OPTIONS: '' };
  // Powertools writes errors to stderr, the probe goes to stdout.
  const { stdout, stderr, status } = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' });
  if (status !== 0) throw new Error(`The bundle's run failed: ${stderr}`);
  const lines = `${stdout}\n${stderr}`.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
  const probe = lines.find((line) => 'probe' in line)!.probe as Omit<Run, 'logged'>;
  return { ...probe, logged: lines.filter((line) => !('probe' in line)) };
};

let mapped: Run & { file: string };
let unmapped: Run & { file: string };
beforeAll(async () => {
  const [withMap, withoutMap] = await Promise.all([bundle('with-map', true), bundle('without-map', false)]);
  mapped = { ...run(withMap), file: withMap };
  unmapped = { ...run(withoutMap), file: withoutMap };
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sourceStack', () => {
  it("maps the bundle's frames to the source file, line and column", () => {
    expect(mapped.raw.split('\n')[1]).toContain(mapped.file);
    const lines = mapped.mapped.split('\n');
    expect(lines[0]).toBe('Error: boom');
    expect(lines[1]).toMatch(new RegExp(`^\\s+at .*\\(${SOURCE}:3:\\d+\\)$`));
    expect(mapped.mapped).not.toContain(mapped.file);
    // Frames of other files (the -e script, node internals) stay as they are.
    expect(lines.slice(2).join('\n')).toBe(mapped.raw.split('\n').slice(2).join('\n'));
  });

  it('leaves a stack as it is when the bundle has no map', () => {
    expect(unmapped.raw.split('\n')[1]).toContain(unmapped.file);
    expect(unmapped.mapped).toBe(unmapped.raw);
  });
});

describe('the logger', () => {
  it('logs an error and its cause with source locations, and leaves the error itself unchanged', () => {
    const logged = mapped.logged.find((line) => line.message === 'Request failed')?.error as
      | { name: string; message: string; location: string; stack: string; cause: { name: string; stack: string } }
      | undefined;
    expect(logged).toBeDefined();
    expect(logged!.name).toBe('Error');
    expect(logged!.message).toBe('boom');
    expect(logged!.location).toBe(`${SOURCE}:3`);
    expect(logged!.stack).toContain(`(${SOURCE}:3:`);
    expect(logged!.stack).not.toContain(mapped.file);
    expect(logged!.cause.name).toBe('TypeError');
    expect(logged!.cause.stack).toContain(`(${SOURCE}:3:`);
    expect(mapped.after).toBe(mapped.raw);
  });
});
