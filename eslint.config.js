// @ts-check
import tseslint from 'typescript-eslint';

/**
 * Layer boundaries, checked by a tool rather than by review. Only the import rules run here (the type check is
 * tsc's job); each layer names what it may not import:
 * - core holds the rules and takes its dependencies as arguments: no data;
 * - data stores and reads, no rules: no core;
 * - lib is the runtime every layer uses, so it cannot depend on core (core depends on lib);
 * - the SPA and the functions share only shared/.
 */
// Regular expressions, not gitignore-style groups: in those a leading `#` (our import aliases) starts a comment.
// Each rule is a pattern (`regex`) or one module (`name`).
const banned = (...rules) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns: rules.filter((r) => 'regex' in r), paths: rules.filter((r) => 'name' in r) }],
});

const core = { regex: '^(#core/|(\\.\\.?/)+(functions/)?core/)', message: 'Core is above this layer: take what you need as an argument or move it down.' };
// Core may name data's item types (`import type`, erased at build) until they move to shared; no runtime import.
const data = {
  regex: '^(#data/|(\\.\\.?/)+(functions/)?data/)',
  allowTypeImports: true,
  message: 'Core takes data access as arguments (wired in functions/http, queues, jobs).',
};
const functions = { regex: '^(#core/|#data/|#lib/|(\\.\\.?/)+functions/)', message: 'The SPA shares only shared/ with the functions.' };
// A Lambda bundle holds what it imports: the whole route table would build every route's schemas at each cold start.
const routeTable = {
  name: '#shared/routes',
  allowTypeImports: true,
  message: "Import the route's domain (#shared/routes/<domain>) or the route helpers (#shared/routes/route-spec).",
};
// Every entity is built on first use (functions/data/lazy-entity.ts says why).
const eagerEntity = {
  name: 'electrodb',
  importNames: ['Entity'],
  allowTypeImports: true,
  message: "Use functions/data/lazy-entity.ts's Entity: it is built on first use.",
};
const web = { regex: '^(\\.\\.?/)+web/', message: 'The functions share only shared/ with the SPA.' };

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'cdk.out/**', '.bench/**', '.data/**', 'extension/dist/**'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  { files: ['functions/core/**/*.ts'], rules: banned(data, routeTable) },
  { files: ['functions/data/**/*.ts'], rules: banned(core, eagerEntity) },
  { files: ['functions/data/lazy-entity.ts'], rules: banned(core) },
  { files: ['functions/lib/**/*.ts'], rules: banned(core, routeTable) },
  { files: ['functions/http/**/*.ts', 'functions/queues/**/*.ts', 'functions/jobs/**/*.ts'], rules: banned(web, routeTable) },
  { files: ['web/**/*.ts', 'web/**/*.tsx'], rules: banned(functions) },
);
