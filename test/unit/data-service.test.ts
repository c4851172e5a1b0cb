import { describe, expect, it } from 'vitest';
import { createService } from '#data/entities';

const fakeClient = () => {
  const tables: string[] = [];
  return { tables, send: async (command: { input: { TableName: string } }) => (tables.push(command.input.TableName), {}) };
};

describe('the data service', () => {
  it('sends each entity operation through its own client and table, however many services the process builds', async () => {
    const a = fakeClient();
    const b = fakeClient();
    const first = createService(a, 'table-a');
    const second = createService(b, 'table-b');
    await first.entities.user.get({ userId: 'U' }).go();
    await second.entities.user.get({ userId: 'U' }).go();
    await first.entities.user.get({ userId: 'U' }).go();
    await second.collections.team({ workspaceId: 'W' }).go();
    await first.entities.workspace.get({ workspaceId: 'W' }).go();
    expect(a.tables).toEqual(['table-a', 'table-a', 'table-a']);
    expect(b.tables).toEqual(['table-b', 'table-b']);
  });
});
