import { describe, expect, it } from 'vitest';
import { accessPatterns, offlineService, routesWithoutPattern } from '#data/access-patterns';
import { routeList } from '#shared/routes';
import { tableSpec } from '#data/table-spec';

describe('the access patterns', () => {
  const db = offlineService();

  it('cover every route that touches the table, and name only real routes', () => {
    expect(routesWithoutPattern(routeList)).toEqual([]);
    const ids = new Set(routeList.map((r) => r.id));
    expect(accessPatterns.flatMap((p) => p.routes).filter((id) => !ids.has(id))).toEqual([]);
  });

  it.each(accessPatterns.map((p) => [p.name, p] as const))('%s uses the index it declares, with the spec key names', (_name, pattern) => {
    const params = pattern.example(db);
    expect(params.IndexName ?? 'primary').toBe(pattern.index);
    const keyNames =
      pattern.index === 'primary'
        ? [tableSpec.partitionKey, tableSpec.sortKey]
        : [tableSpec.indexes[pattern.index].partitionKey, tableSpec.indexes[pattern.index].sortKey];
    const text = JSON.stringify(params);
    expect(text).toContain(keyNames[0]);
  });

  it('never Scan', () => {
    for (const pattern of accessPatterns) expect(JSON.stringify(pattern.example(db))).not.toMatch(/"Scan"/);
  });
});
