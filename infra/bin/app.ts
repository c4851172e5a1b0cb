import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { buildApp } from '../build-app';
import { REPO_ROOT } from '../constructs/app-function';
import { stageConfigFromContext } from '../stage-config';

/**
 * CDK entry (cdk.json runs it with the local tsx). Stage from `-c stage=dev|prod`. cdk-nag's AwsSolutions
 * pack runs as a validation plugin: any unacknowledged finding, warning or error, fails the synth.
 */
const app = new App();
const config = stageConfigFromContext(app.node);
const spaDist = join(REPO_ROOT, 'web/dist');

buildApp(app, config, {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  spaDist: existsSync(join(spaDist, 'index.html')) ? spaDist : undefined,
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
app.synth();
