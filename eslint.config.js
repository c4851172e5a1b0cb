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
const banned = (...patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] });

const core = { regex: '^(#core/|(\\.\\.?/)+(functions/)?core/)', message: 'Core is above this layer: take what you need as an argument or move it down.' };
// Core may name data's item types (`import type`, erased at build) until they move to shared; no runtime import.
const data = {
  regex: '^(#data/|(\\.\\.?/)+(functions/)?data/)',
  allowTypeImports: true,
  message: 'Core takes data access as arguments (wired in functions/http, queues, jobs).',
};
const functions = { regex: '^(#core/|#data/|#lib/|(\\.\\.?/)+functions/)', message: 'The SPA shares only shared/ with the functions.' };
const web = { regex: '^(\\.\\.?/)+web/', message: 'The functions share only shared/ with the SPA.' };

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'cdk.out/**', '.bench/**', '.data/**', 'extension/dist/**'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  { files: ['functions/core/**/*.ts'], rules: banned(data) },
  { files: ['functions/data/**/*.ts'], rules: banned(core) },
  { files: ['functions/lib/**/*.ts'], rules: banned(core) },
  { files: ['functions/http/**/*.ts', 'functions/queues/**/*.ts', 'functions/jobs/**/*.ts'], rules: banned(web) },
  { files: ['web/**/*.ts', 'web/**/*.tsx'], rules: banned(functions) },
);
