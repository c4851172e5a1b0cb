import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { stageConfigFromContext } from '../../infra/stage-config';
import { uploadsCorsOrigins } from '../../infra/stacks/storage-stack';

const fromContext = (context: Record<string, string>) => stageConfigFromContext(new App({ context }).node);

describe('stage config from the CDK context', () => {
  it('lets the stage’s extension builds use the uploads bucket from their own origin', () => {
    const config = fromContext({ stage: 'prod', extensionIds: 'abcdefghijklmnopabcdefghijklmnop, ponmlkjihgfedcbaponmlkjihgfedcba' });
    expect(uploadsCorsOrigins(config, 'https://app.example')).toEqual([
      'https://app.example',
      'chrome-extension://abcdefghijklmnopabcdefghijklmnop',
      'chrome-extension://ponmlkjihgfedcbaponmlkjihgfedcba',
    ]);
    expect(uploadsCorsOrigins(fromContext({ stage: 'dev' }), 'https://app.example')).toEqual(['https://app.example']);
  });

  it('refuses what is not a Chrome extension id', () => {
    expect(() => fromContext({ extensionIds: 'https://evil.example' })).toThrow('not a Chrome extension id');
    expect(() => fromContext({ extensionIds: 'abcdefghijklmnopabcdefghijklmnoz' })).toThrow('not a Chrome extension id');
  });
});
