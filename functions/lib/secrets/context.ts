/**
 * What a sealed blob is bound to. The same names are the KMS encryption context in AWS (CDK's key policy
 * requires both) and the AES-GCM additional data locally, so a blob copied to another integration or workspace
 * does not open there.
 */
export type SecretsContext = { workspaceId: string; integrationUid: string };

export const SECRETS_CONTEXT_KEYS = ['workspaceId', 'integrationUid'] as const satisfies readonly (keyof SecretsContext)[];

/**
 * Published before each use of the local key (diagnostics_channel), named by the KMS operation it stands for, so
 * a host that enforces permissions (the local stack's access guard) can refuse it as IAM would refuse the KMS
 * call: it sets `denied`, which is thrown. Nothing subscribes in AWS, where KMS itself says no.
 */
export const SECRETS_USE_CHANNEL = 'brandslate.secrets.use';
export type SecretsUse = { operation: 'Encrypt' | 'Decrypt'; denied?: Error };
