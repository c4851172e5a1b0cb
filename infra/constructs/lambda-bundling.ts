import { Charset, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';

/** ESM bundles still meet CommonJS dependencies that call `require` (node builtins): give them one. */
export const ESM_REQUIRE_BANNER = "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

const target = 'node20';
/**
 * A Lambda has its credentials in the environment: the SDK's default credential chain is swapped for the env
 * provider (functions/lib/clients/env-credentials.ts says why; ≈100 KB less per bundle).
 */
const CREDENTIALS_ALIAS = { '@aws-sdk/credential-provider-node': './functions/lib/clients/env-credentials.ts' };
/** ElectroDB's model check, which only our unit tests need (functions/lib/clients/jsonschema-stub.ts says why). */
const MODEL_CHECK_ALIAS = { jsonschema: './functions/lib/clients/jsonschema-stub.ts' };
/** The platform's fetch for graphql-request's default (functions/lib/clients/cross-fetch-shim.ts says why). */
const FETCH_ALIAS = { 'cross-fetch': './functions/lib/clients/cross-fetch-shim.ts' };
const ALIASES = { ...CREDENTIALS_ALIAS, ...MODEL_CHECK_ALIAS, ...FETCH_ALIAS };
const mainFields = ['module', 'main'];

/**
 * How every Lambda is bundled, written once: CDK's NodejsFunction takes `cdk`, and `npm run bench` builds the
 * same bundle with `esbuild` to measure size and cold import. Minified ESM with the AWS SDK inside (≈2× faster
 * import than the runtime's SDK).
 */
export const lambdaBundling = {
  cdk: {
    format: OutputFormat.ESM,
    target,
    minify: true,
    sourceMap: true,
    sourcesContent: false,
    mainFields,
    externalModules: [],
    banner: ESM_REQUIRE_BANNER,
    charset: Charset.UTF8,
    // CDK passes each entry as `--alias:<from>=<to>` to the esbuild it runs from the project root.
    esbuildArgs: { '--alias': Object.entries(ALIASES).map(([from, to]) => `${from}=${to}`) },
  } satisfies BundlingOptions,
  esbuild: {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target,
    minify: true,
    mainFields,
    banner: { js: ESM_REQUIRE_BANNER },
    charset: 'utf8',
    alias: ALIASES,
    logLevel: 'warning',
  } satisfies BuildOptions,
};
