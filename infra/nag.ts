import { Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js';

/**
 * cdk-nag acknowledgements. Each one names a single finding and says why it is acceptable here; cdk-nag 3
 * has no prefix matching, so a wildcard finding is acknowledged with the exact resource it names.
 * Acknowledgements are construct metadata only: harmless where nag is not registered (assertion tests).
 */
export type NagAcknowledgement = { id: string; reason: string };

export const acknowledge = (scope: IConstruct, ...rules: NagAcknowledgement[]) => {
  for (const rule of rules) {
    if (!rule.id.startsWith('AwsSolutions-')) throw new Error(`Acknowledge AwsSolutions rules by full id, got ${rule.id}`);
    if (rule.reason.trim().length < 20) throw new Error(`Acknowledgement of ${rule.id} needs a specific reason`);
  }
  Validations.of(scope).acknowledge(...rules);
};

/** The `Resource::...` finding cdk-nag's IAM5 reports for `value` (a string that may hold tokens) in `stack`. */
export const wildcardResourceFinding = (stack: Stack, value: string): string =>
  `Resource::${flattenCfnReference(stack.resolve(value))}`;
