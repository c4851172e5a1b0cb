import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { buildApp, type BrandslateStacks } from '../../infra/build-app';
import { REPO_ROOT } from '../../infra/constructs/app-function';
import { functionNames, physicalName } from '../../infra/names';
import { routeDomainOf, type RouteSpec } from '#shared/routes';
import { stageConfig, type StageConfig, type StageName } from '../../infra/stage-config';

type StackKey = Exclude<keyof BrandslateStacks, 'apiDomains'>;
/** A stack by its key in buildApp's result, or the stack itself (a route domain's stack). */
export type StackRef = StackKey | Stack;
export type Synthesized = {
  config: StageConfig;
  stacks: BrandslateStacks;
  /** Every stack of the stage. */
  allStacks: Stack[];
  template: (ref: StackRef) => Template;
  /** Raw resources of one stack by logical id. */
  resources: (ref: StackRef, type?: string) => Record<string, { Type: string; Properties: any; DeletionPolicy?: string }>;
  cleanup: () => void;
};

/**
 * Synthesizes one stage the way `cdk synth` does (cdk.json's feature flags) but with bundling skipped and
 * without cdk-nag (Template.fromStack cannot run with the nag plugin registered; nag runs in `npm run synth`).
 * The app is synthesized once into a temporary folder that `cleanup` removes.
 */
export const synthStage = (stage: StageName): Synthesized => {
  const { context } = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  const outdir = mkdtempSync(join(tmpdir(), 'brandslate-infra-'));
  const app = new App({ outdir, context: { ...context, 'aws:cdk:bundling-stacks': [] } });
  const config = stageConfig(stage);
  const stacks = buildApp(app, config);
  const assembly = app.synth();
  const templates = new Map<string, Template>();
  const template = (ref: StackRef) => {
    const { stackName } = typeof ref === 'string' ? stacks[ref] : ref;
    if (!templates.has(stackName)) templates.set(stackName, Template.fromJSON(assembly.getStackByName(stackName).template));
    return templates.get(stackName)!;
  };
  const resources: Synthesized['resources'] = (ref, type) =>
    Object.fromEntries(
      Object.entries(template(ref).toJSON().Resources as Record<string, { Type: string; Properties: any }>).filter(
        ([, resource]) => !type || resource.Type === type,
      ),
    );
  const allStacks = app.node.children.filter((child): child is Stack => Stack.isStack(child));
  return { config, stacks, allStacks, template, resources, cleanup: () => rmSync(outdir, { recursive: true, force: true }) };
};

/** The logical id of the only resource of `type` whose properties satisfy `match`. */
export const logicalIdOf = (synth: Synthesized, key: StackRef, type: string, match: (properties: any) => boolean) => {
  const found = Object.entries(synth.resources(key, type)).filter(([, resource]) => match(resource.Properties ?? {}));
  if (found.length !== 1) throw new Error(`Expected one ${type} in ${typeof key === 'string' ? key : key.stackName}, found ${found.length}`);
  return found[0][0];
};

/** All IAM actions granted to a role (by logical id) through its inline policies. */
export const actionsOfRole = (synth: Synthesized, key: StackRef, roleLogicalId: string) =>
  statementsOfRole(synth, key, roleLogicalId).flatMap((statement) => [statement.Action].flat() as string[]);

export const statementsOfRole = (synth: Synthesized, key: StackRef, roleLogicalId: string) =>
  Object.values(synth.resources(key, 'AWS::IAM::Policy'))
    .filter((policy) => (policy.Properties.Roles as unknown[]).some((role) => JSON.stringify(role) === JSON.stringify({ Ref: roleLogicalId })))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown; Effect: string }[]);

/** The stack that holds a route: its domain's. */
export const routeStack = (synth: Synthesized, route: Pick<RouteSpec, 'id'>) => synth.stacks.apiDomains[routeDomainOf(route)];

/** The Lambda of a route (logical id, properties, role) and the stack it is in. */
export const routeFunction = (synth: Synthesized, route: Pick<RouteSpec, 'id'>) => {
  const stack = routeStack(synth, route);
  return { stack, ...functionNamed(synth, stack, physicalName(synth.config, functionNames.route(route.id))) };
};

/** The function resource (logical id and properties) with this physical name. */
export const functionNamed = (synth: Synthesized, key: StackRef, functionName: string) => {
  const id = logicalIdOf(synth, key, 'AWS::Lambda::Function', (properties) => properties.FunctionName === functionName);
  return { id, properties: synth.resources(key)[id].Properties, roleId: synth.resources(key)[id].Properties.Role['Fn::GetAtt'][0] as string };
};
