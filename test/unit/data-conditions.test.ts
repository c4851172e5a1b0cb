import { describe, expect, it } from 'vitest';
import { unlessRefused } from '#data/conditions';

const named = (name: string, message = name) => Object.assign(new Error(message), { name });

/** A conditional write refused for its condition answers the caller's value; every other failure still throws. */
describe('unlessRefused', () => {
  it("answers the write's own result when it lands", async () => {
    const result = await unlessRefused(() => Promise.resolve('done' as const), 'stale' as const);

    expect(result).toBe('done');
  });

  it('answers the refused value when DynamoDB refused the condition', async () => {
    const write = () => Promise.reject(named('ConditionalCheckFailedException'));

    const result = await unlessRefused(write, false);

    expect(result).toBe(false);
  });

  it('answers the refused value when the refusal is the cause of a wrapping error (as ElectroDB wraps it)', async () => {
    const wrapped = new Error('Error thrown by DynamoDB client', { cause: named('ConditionalCheckFailedException') });

    const result = await unlessRefused(() => Promise.reject(wrapped), undefined);

    expect(result).toBeUndefined();
  });

  it('rethrows any other error unchanged', async () => {
    const other = named('ProvisionedThroughputExceededException');

    await expect(unlessRefused(() => Promise.reject(other), 0)).rejects.toBe(other);
  });

  it('rethrows an error thrown while building the write', async () => {
    const invalid = new Error('Invalid value for attribute');

    await expect(
      unlessRefused(() => {
        throw invalid;
      }, 'stale'),
    ).rejects.toBe(invalid);
  });
});
