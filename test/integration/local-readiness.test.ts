import { afterAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '#shared/routes';
import { freePort, HOST } from '../../local/net';
import { startStack, type Stack } from '../../local/stack';

/**
 * The gateway opens its port only when everything behind it is ready: a client polling the port while the stack
 * starts gets no answer at all, then real ones — never a 500 from a function whose environment is not there yet.
 */
describe('the local stack while it starts', () => {
  let stack: Stack | undefined;
  afterAll(async () => stack?.stop());

  it('answers nothing until ready, and then the function’s own answer', async () => {
    const port = await freePort();
    const answers: number[] = [];
    let refused = 0;
    let started = false;
    const starting = startStack({ port }).then((ready) => {
      stack = ready;
      started = true;
    });
    // A public route that reads the table: it needs TABLE_NAME and the table itself.
    while (!started || answers.length < 3) {
      try {
        const response = await fetch(`http://${HOST}:${port}${API_PREFIX}/invites/no-such-invite`);
        answers.push(response.status);
        await response.body?.cancel();
      } catch {
        refused++;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await starting;

    expect(refused, 'the port was polled before it opened').toBeGreaterThan(0);
    expect(new Set(answers)).toEqual(new Set([404]));
  });
});
