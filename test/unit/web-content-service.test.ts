import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../web/src/api/api-error';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../web/src/api/client', async (original) => ({ ...(await original<object>()), api: { call } }));
const { contentItemCalls, MissingContextError, sendContentSettings } = await import('../../web/src/modules/content/content-service');

afterEach(() => {
  call.mockReset();
  vi.restoreAllMocks();
});

describe('content saves', () => {
  it('without a workspace or a project log the warning and send nothing (spec 5)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    await expect(sendContentSettings(undefined, 'p1', { slate_review_day: 'Monday' })).rejects.toBeInstanceOf(MissingContextError);
    await expect(sendContentSettings('w1', undefined, { slate_review_day: 'Monday' })).rejects.toBeInstanceOf(MissingContextError);
    await expect(contentItemCalls(undefined, 'p1', 'audiences').create({ name: 'Parents', description: '' })).rejects.toBeInstanceOf(MissingContextError);
    await expect(contentItemCalls('w1', '', 'brand-voices').makeDefault('v1')).rejects.toBeInstanceOf(MissingContextError);

    expect(call).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(4);
    expect(warn).toHaveBeenCalledWith('Missing workspace or project context');
  });

  it('send the settings group to the brand, the form showing any refusal itself', async () => {
    call.mockResolvedValue({ uid: 'p1' });

    await sendContentSettings('w1', 'p1', { slate_growth_content: 40 });

    expect(call).toHaveBeenCalledWith('updateContentSettings', { params: { workspaceId: 'w1', projectId: 'p1' }, body: { slate_growth_content: 40 }, notify: false });
  });

  it('rethrow a refused create, update, delete or default to the caller (spec 8)', async () => {
    const refused = new ApiError(400, 'validation_error', 'name: is required', 'name');
    call.mockRejectedValue(refused);
    const voices = contentItemCalls('w1', 'p1', 'brand-voices');

    await expect(voices.create({ name: '', description: '', traits: [], example_posts: [] })).rejects.toBe(refused);
    await expect(voices.update({ uid: 'v1', body: { name: '' } })).rejects.toBe(refused);
    await expect(voices.remove('v1')).rejects.toBe(refused);
    await expect(voices.makeDefault('v1')).rejects.toBe(refused);
    expect(call.mock.calls.map(([name, input]) => [name, input.params, input.notify])).toEqual([
      ['createBrandVoice', { projectId: 'p1' }, false],
      ['updateBrandVoice', { projectId: 'p1', uid: 'v1' }, false],
      ['deleteBrandVoice', { projectId: 'p1', uid: 'v1' }, false],
      ['setDefaultBrandVoice', { projectId: 'p1', uid: 'v1' }, false],
    ]);
  });

  it('have no default call for influences', async () => {
    await expect(contentItemCalls('w1', 'p1', 'influences').makeDefault('i1')).rejects.toThrow('influences have no default');
    expect(call).not.toHaveBeenCalled();
  });
});
