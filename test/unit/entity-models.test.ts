import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { entities } from '#data/entities';

// ElectroDB's own model check, on the real jsonschema (Lambda bundles replace jsonschema with
// functions/lib/clients/jsonschema-stub.ts, so this test is where a malformed model is caught).
const { model: validateModel } = createRequire(import.meta.url)('electrodb/src/validations.js') as { model: (model: unknown) => void };

describe('the entity models', () => {
  it.each(Object.entries(entities))('%s passes ElectroDB’s model schema', (_name, entity) => {
    expect(() => validateModel((entity as unknown as { schema: unknown }).schema)).not.toThrow();
  });

  it('the check refuses a malformed model (so passing it means something)', () => {
    const model = { model: { entity: 'e', version: '1', service: 's' }, attributes: { a: { type: 'string', field: 42 } }, indexes: {} };
    expect(() => validateModel(model)).toThrow(/field/);
  });
});
