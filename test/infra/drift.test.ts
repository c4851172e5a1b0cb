import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTableInput, tableSpec } from '#data/table-spec';
import { FUNCTION_ENV } from '#lib/config';
import { jobs } from '#shared/jobs';
import { queues } from '#shared/queues';
import { routeList } from '#shared/routes';
import { functionEnvironment } from '../../infra/build-app';
import { REPO_ROOT } from '../../infra/constructs/app-function';
import { synthStage, type Synthesized } from './synth';

/** Handler ids present as `<dir>/<id>.ts` (tests and declaration files are not handlers). */
const handlerIds = (dir: string) => {
  const path = join(REPO_ROOT, dir);
  if (!existsSync(path)) return [];
  return readdirSync(path)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.endsWith('.test.ts'))
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();
};

/** Both directions at once, so a failure names what is missing where. */
const drift = (tableIds: readonly string[], fileIds: readonly string[]) => ({
  withoutHandler: tableIds.filter((id) => !fileIds.includes(id)),
  withoutEntry: fileIds.filter((id) => !tableIds.includes(id)),
});

describe('handler files match the tables', () => {
  it.each([
    ['route table', 'functions/http', routeList.map((route) => route.id)],
    ['queue table', 'functions/queues', queues.map((queue) => queue.id)],
    ['job table', 'functions/jobs', jobs.map((job) => job.id)],
  ])('every %s entry has a handler in %s and every handler an entry', (_table, dir, ids) => {
    expect(drift(ids, handlerIds(dir))).toEqual({ withoutHandler: [], withoutEntry: [] });
  });

  it('has no duplicate ids (each becomes a Lambda name)', () => {
    for (const ids of [routeList.map((r) => r.id), queues.map((q) => q.id), jobs.map((j) => j.id)]) {
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});

describe('FUNCTION_ENV is fully provided by CDK', () => {
  it('stops synth when FUNCTION_ENV gains a variable CDK does not fill', () => {
    const all = Object.fromEntries(Object.keys(FUNCTION_ENV).map((key) => [key, `value-of-${key}`]));
    expect(functionEnvironment(all)).toEqual(
      Object.fromEntries(Object.entries(FUNCTION_ENV).map(([key, name]) => [name, `value-of-${key}`])),
    );
    for (const missing of Object.keys(FUNCTION_ENV)) {
      const { [missing]: _dropped, ...rest } = all;
      expect(() => functionEnvironment(rest)).toThrow(new RegExp(`FUNCTION_ENV\\.${missing}`));
    }
  });
});

describe('CDK table = createTableInput (the local stack creates the table from it)', () => {
  // Synthesized in a hook, not at collection, so a missing handler file fails here while the file drift tests above still report.
  let synth: Synthesized;
  let table: any;
  beforeAll(() => {
    synth = synthStage('dev');
    [table] = Object.values(synth.resources('data', 'AWS::DynamoDB::Table')).map((resource) => resource.Properties);
  });
  afterAll(() => synth?.cleanup());
  const byName = <T extends { AttributeName?: string; IndexName?: string }>(items: T[]) =>
    [...items].sort((a, b) => String(a.AttributeName ?? a.IndexName).localeCompare(String(b.AttributeName ?? b.IndexName)));

  it('has the same attribute definitions, key schema and billing mode', () => {
    const expected = createTableInput(table.TableName);
    expect(byName(table.AttributeDefinitions)).toEqual(byName(expected.AttributeDefinitions));
    expect(table.KeySchema).toEqual(expected.KeySchema);
    expect(table.BillingMode).toBe(expected.BillingMode);
  });

  it('has the same global secondary indexes (names, keys, projection)', () => {
    const expected = createTableInput(table.TableName);
    const indexes = (table.GlobalSecondaryIndexes as any[]).map(({ IndexName, KeySchema, Projection }) => ({ IndexName, KeySchema, Projection }));
    expect(byName(indexes)).toEqual(byName(expected.GlobalSecondaryIndexes));
    expect(indexes.map((index) => index.IndexName).sort()).toEqual(Object.keys(tableSpec.indexes).sort());
  });

  it('sets every FUNCTION_ENV variable on every function', () => {
    for (const stack of [...Object.values(synth.stacks.apiDomains), synth.stacks.queues]) {
      for (const fn of Object.values(synth.resources(stack, 'AWS::Lambda::Function'))) {
        expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(expect.arrayContaining(Object.values(FUNCTION_ENV)));
      }
    }
  });
});
