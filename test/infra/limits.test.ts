import { afterAll, describe, expect, it } from 'vitest';
import { routeList } from '#shared/routes';
import { synthStage } from './synth';

/** CloudFormation refuses a stack of more than 500 resources; 400 leaves room for a domain's next routes. */
const MAX_RESOURCES_PER_STACK = 400;

const prod = synthStage('prod');
afterAll(() => prod.cleanup());

describe('CloudFormation limits (stage prod)', () => {
  const counts = prod.allStacks
    .map((stack) => ({ stack: stack.stackName, resources: Object.keys(prod.resources(stack)).length }))
    .sort((a, b) => b.resources - a.resources);

  it(`keeps every stack at ${MAX_RESOURCES_PER_STACK} resources or fewer`, () => {
    console.log(
      [`resources per stack (${routeList.length} routes):`, ...counts.map(({ stack, resources }) => `  ${String(resources).padStart(4)}  ${stack}`)].join('\n'),
    );
    expect(counts.filter(({ resources }) => resources > MAX_RESOURCES_PER_STACK)).toEqual([]);
  });

  it('stays within the other per-stack quotas (200 outputs)', () => {
    for (const stack of prod.allStacks) expect(Object.keys(prod.template(stack).toJSON().Outputs ?? {}).length, stack.stackName).toBeLessThanOrEqual(200);
  });
});
