/**
 * Stands in for `@aws-sdk/credential-provider-node` in Lambda bundles (an esbuild alias in
 * infra/constructs/lambda-bundling.ts). A Lambda function always gets its role's credentials in the environment
 * (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), so the default chain's SSO, STS, web-identity,
 * process and instance-metadata providers are dead weight: ≈100–130 KB minified per bundle and about half of a
 * bare DynamoDB client's cold import. Code run outside a bundle (the local stack, scripts) keeps the full chain.
 */
export { fromEnv as defaultProvider } from '@aws-sdk/credential-provider-env';
