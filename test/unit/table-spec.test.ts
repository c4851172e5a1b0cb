import { describe, expect, it } from 'vitest';
import { entities } from '#data/entities';
import { createTableInput } from '#data/table-spec';

/** The entities, the table spec and (via test/infra/drift) the CDK table agree on every key and index name. */
describe('the entities and the table spec', () => {
  const table = createTableInput('t');
  const gsiKeys = Object.fromEntries(
    table.GlobalSecondaryIndexes.map((gsi) => [gsi.IndexName, gsi.KeySchema.map((k) => k.AttributeName)]),
  );
  const primaryKeys = table.KeySchema.map((k) => k.AttributeName);

  it.each(Object.entries(entities))('%s keys its indexes on attributes the table defines', (_name, entity) => {
    const indexes = (entity as unknown as { model: { indexes: Record<string, { index?: string; pk: { field: string }; sk: { field: string } }> } })
      .model.indexes;
    for (const definition of Object.values(indexes)) {
      const expected = definition.index ? gsiKeys[definition.index] : primaryKeys;
      expect(expected, `index ${definition.index} exists in the table spec`).toBeDefined();
      expect([definition.pk.field, definition.sk.field]).toEqual(expected);
    }
  });
});
