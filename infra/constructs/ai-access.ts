import { Aws } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { AI_ENV } from '#lib/config';
import type { StageConfig } from '../stage-config';

/** The secret of an OpenAI-compatible endpoint's key (JSON `{ "apiKey" }`), found by name as the OAuth apps' is. */
export const aiSecretName = (config: Pick<StageConfig, 'prefix'>) => `${config.prefix}/ai-provider`;

/** The AI variables of a function whose access says `ai` (read by functions/lib/ai/config.ts). */
export const aiEnvironment = (config: StageConfig): Record<string, string> => ({
  [AI_ENV.provider]: config.ai.provider,
  [AI_ENV.model]: config.ai.model,
  ...(config.ai.baseUrl ? { [AI_ENV.baseUrl]: config.ai.baseUrl } : {}),
  [AI_ENV.timeoutMs]: String(config.ai.timeoutMs),
  [AI_ENV.ratePerMinute]: String(config.ai.requestsPerMinute),
  ...(config.ai.monthlyTokens ? { [AI_ENV.monthlyTokens]: JSON.stringify(config.ai.monthlyTokens) } : {}),
  ...(config.ai.provider === 'openai' ? { [AI_ENV.secretId]: aiSecretName(config) } : {}),
});

/** Cross-region inference profiles (`us.`, `eu.`, `apac.`, `global.` + a model id) route to the model in several regions. */
const PROFILE_PREFIX = /^(us|eu|apac|us-gov|global)\.(.+)$/;

/**
 * What the provider needs from IAM: Bedrock InvokeModel on the stage's model only (and, for an inference profile,
 * on the profile and the model it routes to), or reading the key's secret for an OpenAI-compatible endpoint.
 */
export const aiStatements = (config: StageConfig): iam.PolicyStatement[] => {
  if (config.ai.provider === 'openai') {
    // Secrets Manager appends six random characters to the name in the ARN.
    return [
      new iam.PolicyStatement({
        actions: ['secretsmanager:GetSecretValue'],
        resources: [`arn:${Aws.PARTITION}:secretsmanager:${Aws.REGION}:${Aws.ACCOUNT_ID}:secret:${aiSecretName(config)}-??????`],
      }),
    ];
  }
  const profile = PROFILE_PREFIX.exec(config.ai.model);
  const resources = profile
    ? [`arn:${Aws.PARTITION}:bedrock:${Aws.REGION}:${Aws.ACCOUNT_ID}:inference-profile/${config.ai.model}`, `arn:${Aws.PARTITION}:bedrock:*::foundation-model/${profile[2]}`]
    : [`arn:${Aws.PARTITION}:bedrock:${Aws.REGION}::foundation-model/${config.ai.model}`];
  return [new iam.PolicyStatement({ actions: ['bedrock:InvokeModel'], resources })];
};
