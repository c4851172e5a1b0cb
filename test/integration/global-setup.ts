import type { TestProject } from 'vitest/node';
import { startStack } from '../../local/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    stackUrl: string;
    cognitoEndpoint: string;
  }
}

/** Starts the embedded stack once (fresh, in-memory data, random ports) for the whole integration run. */
export default async function setup(project: TestProject) {
  const stack = await startStack({ port: 0, seed: false });
  project.provide('stackUrl', stack.url);
  project.provide('cognitoEndpoint', stack.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER);
  return async () => stack.stop();
}
