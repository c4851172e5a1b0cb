import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { accessPatterns, offlineService } from '#data/access-patterns';
import { lambdaBundling } from '../../infra/constructs/lambda-bundling';

const dir = mkdtempSync(join(tmpdir(), 'bundling-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the Lambda bundling options', () => {
  it('give CDK the same aliases as the esbuild options the bench uses', () => {
    const aliases = Object.entries(lambdaBundling.esbuild.alias).map(([from, to]) => `${from}=${to}`);
    expect(lambdaBundling.cdk.esbuildArgs['--alias']).toEqual(aliases);
  });

  it('build a data layer without jsonschema that writes every access pattern’s request as the unbundled one does', async () => {
    const outfile = join(dir, 'data.mjs');
    const { metafile } = await build({ entryPoints: ['test/infra/fixtures/bundled-data.ts'], outfile, ...lambdaBundling.esbuild, metafile: true });
    expect(Object.keys(metafile.inputs).filter((input) => input.includes('node_modules/jsonschema/'))).toEqual([]);

    const bundled = (await import(pathToFileURL(outfile).href)) as { accessPatterns: typeof accessPatterns; offlineService: typeof offlineService };
    // Defaults such as createdAt read the clock: both sides see the same instant.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-02T03:04:05.000Z') });
    const bundledDb = bundled.offlineService();
    const db = offlineService();
    expect(bundled.accessPatterns.map((p) => p.name)).toEqual(accessPatterns.map((p) => p.name));
    for (const [i, pattern] of accessPatterns.entries()) {
      expect(bundled.accessPatterns[i]!.example(bundledDb), pattern.name).toEqual(pattern.example(db));
    }
    expect(Object.keys(bundledDb.entities)).toEqual(Object.keys(db.entities));
    expect(Object.keys(bundledDb.collections)).toEqual(Object.keys(db.collections));
    vi.useRealTimers();
  });
});
