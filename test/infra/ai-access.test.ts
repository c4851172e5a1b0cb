import { afterAll, describe, expect, it } from 'vitest';
import { AI_ENV, HEALTH_ENV } from '#lib/config';
import type { FunctionAccess } from '#shared/access';
import { jobs } from '#shared/jobs';
import { queues } from '#shared/queues';
import { routeList } from '#shared/routes';
import { functionNames, physicalName } from '../../infra/names';
import { functionNamed, routeFunction, statementsOfRole, synthStage, type StackRef } from './synth';

/** The AI provider's grant: a generation function may invoke the stage's model and nothing else; others get nothing. */
const dev = synthStage('dev');
afterAll(() => dev.cleanup());

type Fn = { name: string; access: FunctionAccess; stack: StackRef; functionName: string };
const everyFunction = (): Fn[] => [
  ...routeList.map((route) => ({ name: `route ${route.id}`, access: route.access, stack: routeFunction(dev, route).stack, functionName: physicalName(dev.config, functionNames.route(route.id)) })),
  ...queues.map((spec) => ({ name: `queue ${spec.id}`, access: spec.access, stack: 'queues' as const, functionName: physicalName(dev.config, functionNames.queueConsumer(spec.id)) })),
  ...jobs.map((spec) => ({ name: `job ${spec.id}`, access: spec.access, stack: 'queues' as const, functionName: physicalName(dev.config, functionNames.job(spec.id)) })),
];

const actionsOf = (statement: { Action: string | string[] }) => [statement.Action].flat();

describe('the AI provider grant', () => {
  it('is given to the generation functions (the ai-generation consumer at least)', () => {
    expect(everyFunction().filter((fn) => fn.access.ai).map((fn) => fn.name)).toContain('queue ai-generation');
  });

  it.each(everyFunction().map((fn) => [fn.name, fn] as const))('%s: bedrock:InvokeModel on the stage model exactly when its access says ai', (_, fn) => {
    const { properties, roleId } = functionNamed(dev, fn.stack, fn.functionName);
    const bedrock = statementsOfRole(dev, fn.stack, roleId).filter((statement) => actionsOf(statement).some((action) => action.startsWith('bedrock:')));
    const env = properties.Environment.Variables;
    expect(AI_ENV.provider in env).toBe(!!fn.access.ai);
    expect(AI_ENV.apiKey in env).toBe(false);
    if (!fn.access.ai) return expect(bedrock).toEqual([]);

    expect(env[AI_ENV.provider]).toBe('bedrock');
    expect(env[AI_ENV.model]).toBe(dev.config.ai.model);
    expect(bedrock).toHaveLength(1);
    expect(actionsOf(bedrock[0])).toEqual(['bedrock:InvokeModel']);
    const resource = JSON.stringify(bedrock[0].Resource);
    expect(resource).toContain(`:foundation-model/${dev.config.ai.model}`);
    expect(resource).not.toMatch(/foundation-model\/\*/);
  });

  it.each(everyFunction().map((fn) => [fn.name, fn] as const))('%s: the read-only health grants (SES account) only with access health, bucket listing with health or bucketList', (_, fn) => {
    const { properties, roleId } = functionNamed(dev, fn.stack, fn.functionName);
    const actions = statementsOfRole(dev, fn.stack, roleId).flatMap(actionsOf);
    expect(HEALTH_ENV.stage in properties.Environment.Variables).toBe(!!fn.access.health);
    expect(actions.includes('ses:GetAccount')).toBe(!!fn.access.health);
    expect(actions.includes('s3:ListBucket')).toBe(!!fn.access.health || !!fn.access.bucketList);
    if (fn.access.health) expect(actions).toContain('sqs:GetQueueAttributes');
  });
});
