/**
 * Stands in for `jsonschema` in Lambda bundles (an esbuild alias in infra/constructs/lambda-bundling.ts). ElectroDB
 * uses it for one thing: checking each entity model against its model schema when the entity is built, which only
 * ever throws on a malformed model. Ours are fixed in code and checked with the real jsonschema by
 * test/unit/entity-models.test.ts (and wherever the code runs unbundled: tests, the local stack), so a bundle
 * need not check them again on every cold start: ≈28 KB and ≈10–20 ms of cold import per bundle.
 *
 * One answer still matters: ElectroDB asks whether a value passed to a Service is a model or an Entity it already
 * built, by whether it passes the schema. This validator keeps that answer by checking only the schema's top-level
 * `required` properties (a model has `attributes` and `indexes`, an Entity has neither).
 */
type Schema = { required?: readonly string[] };
type ValidationError = { property: string; message: string; argument: string };

export class Validator {
  declare customFormats: Record<string, (input: unknown) => boolean>;

  addSchema(): void {}

  validate(instance: unknown, schema: Schema): { errors: ValidationError[] } {
    const value = (typeof instance === 'object' && instance !== null ? instance : {}) as Record<string, unknown>;
    const missing = (schema.required ?? []).filter((key) => value[key] === undefined);
    return { errors: missing.map((key) => ({ property: 'instance', message: `requires property "${key}"`, argument: key })) };
  }
}
// ElectroDB registers its custom formats on the prototype before it builds a Validator.
Validator.prototype.customFormats = {};
