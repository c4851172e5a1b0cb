import { describe, expect, it } from 'vitest';
import { createMondayProvider } from '#lib/providers/monday';
import { LOCAL_MONDAY } from '../../local/fakes/monday';
import { deliveryTask, newDeliveryId, useFakeProviders } from './providers-support';

describe('monday provider against the fake monday', () => {
  const fakes = useFakeProviders();
  const provider = createMondayProvider({ timeoutMs: 400 });
  const config = (settings: Record<string, unknown> = {}, token: string = LOCAL_MONDAY.apiToken) => ({ settings: { board_id: '1234567890', group_id: 'topics', ...settings }, secrets: { api_token: token } });
  const send = (c = config()) => provider.send({ deliveryId: newDeliveryId(), attempt: 1, task: deliveryTask(), ...c });

  it('creates an item on the board and group and links to it', async () => {
    const result = await send();

    expect(result).toMatchObject({ ok: true, externalId: expect.any(String), link: expect.stringMatching(/\/monday\/boards\/1234567890\/pulses\/\d+$/) });
    expect(fakes().monday.items().at(-1)).toMatchObject({ name: '#42 Instagram reel for the spring launch', group: 'This week' });
    expect((await fetch(result.ok ? result.link! : '')).status).toBe(200);
  });

  it("a missing board is monday's 200-with-errors 404, final; a wrong token is 401", async () => {
    expect(await send(config({ board_id: '999' }))).toMatchObject({ ok: false, retryable: false, status: 404, error: expect.stringContaining('InvalidBoardIdException') });
    expect(await send(config({}, 'wrong'))).toMatchObject({ ok: false, retryable: false, status: 401, unauthorized: true });
  });

  it.each([
    [403, false],
    [404, false],
    [429, true],
    [500, true],
  ])('classifies an injected %i (retryable %s)', async (status, retryable) => {
    fakes().failures.set('monday', { rate: 1, status, retryAfter: 12 });

    const result = await send();

    expect(result).toMatchObject({ ok: false, status, retryable });
    if (status === 429) expect(result.ok ? 0 : result.retryAfterSeconds).toBe(12);
  });

  it('a monday that does not answer in time is retryable', async () => {
    fakes().failures.set('monday', { timeoutRate: 1 });

    expect(await send()).toMatchObject({ ok: false, retryable: true });
  });

  it('verify names the board or group that does not exist', async () => {
    expect(await provider.verify(config())).toMatchObject({ ok: true });
    expect(await provider.verify(config({ board_id: '999' }))).toMatchObject({ ok: false, field: 'board_id' });
    expect(await provider.verify(config({ group_id: 'nope' }))).toMatchObject({ ok: false, field: 'group_id' });
    expect(await provider.verify(config({}, 'wrong'))).toMatchObject({ ok: false, field: 'api_token', unauthorized: true });
  });
});
