import { describe, expect, it } from 'vitest';
import { allExactly, exactly, sameIds } from '#data/exact-ids';

/** ElectroDB case-folds keys, so what a lookup returns is kept only when its own ids are exactly the ones sent. */
describe('exact ids', () => {
  const item = { workspaceId: 'Ws1', taskId: 'AbC', name: 'x' };

  it('keeps an item stored under exactly the ids, and nothing in another case', () => {
    expect(exactly(item, { workspaceId: 'Ws1', taskId: 'AbC' })).toBe(item);
    expect(exactly(item, { workspaceId: 'Ws1', taskId: 'abc' })).toBeUndefined();
    expect(exactly(item, { workspaceId: 'ws1', taskId: 'AbC' })).toBeUndefined();
    expect(exactly(null, { taskId: 'AbC' })).toBeUndefined();
  });

  it('filters a query to the exact ids, an id left undefined not compared', () => {
    const other = { ...item, taskId: 'ABC' };
    expect(allExactly([item, other], { workspaceId: 'Ws1', taskId: 'ABC' })).toEqual([other]);
    expect(allExactly([item, other], { workspaceId: 'Ws1', taskId: undefined })).toEqual([item, other]);
  });

  it("makes a write's condition compare every id attribute", () => {
    const attr = { projectId: '#projectId', userId: '#userId', role: '#role' };
    const eq = (attribute: never, value: string) => `${attribute as string} = ${value}`;
    expect(sameIds(attr, eq, { projectId: 'P1', userId: 'U1' })).toBe('#projectId = P1 AND #userId = U1');
  });
});
