import { subscribe } from 'node:diagnostics_channel';
import type { ClientRequest } from 'node:http';
import { Command, ServiceException } from '@smithy/core/client';
import { SECRETS_USE_CHANNEL, type SecretsUse } from '#lib/secrets/context';
import { S3_PRESIGN_CHANNEL, type S3Presign } from '#lib/clients/s3-presign';
import { deniedCall, SECRETS_KEY_ARN, type AccessDenial } from './access-policy';
import { currentFunction } from './function-scope';

/**
 * Refuses, inside a function's invocation, what its role would not allow in AWS:
 * - every AWS SDK v3 call, whatever the client: commands resolve their handler through one method of smithy's
 *   `Command`, which is wrapped here so the call is checked when it runs (in the caller's async context). This
 *   covers presigning too, which refuses at signing time where AWS would refuse the upload itself;
 * - HTTP to origins the function may not reach (the Stripe API without `stripe` access), through Node's
 *   `http.client.request.start` channel: SDK clients cached by an earlier, granted invocation cannot be reused;
 * - a seal or open of integration secrets without `secrets` access (or the wrong level of it): the local key
 *   stands in for KMS, so its use is checked as the KMS call it replaces (#lib/secrets/context).
 * Code outside a function (the stack's own clients) is never checked. Installed once per process.
 */
export type DenialListener = (functionName: string, denial: AccessDenial) => void;

type CommandContext = { clientName: string; commandName: string; smithyContext?: { operation?: string } };
type ResolveMiddleware = (this: Command<any, any, any>, stack: unknown, config: unknown, options: unknown, context: CommandContext) => (args: unknown) => Promise<unknown>;

// One per process even if this module is loaded twice, like the hooks it installs.
const state = ((globalThis as Record<symbol, unknown>)[Symbol.for('brandslate.local.accessGuard')] ??= {
  installed: false,
  listeners: new Set<DenialListener>(),
}) as { installed: boolean; listeners: Set<DenialListener> };

const report = (functionName: string, denial: AccessDenial) => {
  for (const listener of state.listeners) listener(functionName, denial);
};

/** AWS's refusal as the SDK would surface it. */
export const toServiceException = (denial: AccessDenial) =>
  new ServiceException({
    name: denial.name,
    message: denial.message,
    $fault: 'client',
    $metadata: { httpStatusCode: denial.status, attempts: 1, totalRetryDelay: 0 },
  });

const guardSdk = () => {
  const prototype = Command.prototype as unknown as { resolveMiddlewareWithContext: ResolveMiddleware };
  const resolve = prototype.resolveMiddlewareWithContext;
  prototype.resolveMiddlewareWithContext = function (stack, config, options, context) {
    const handler = resolve.call(this, stack, config, options, context);
    const input = (this as { input?: Record<string, unknown> }).input ?? {};
    const operation = context.smithyContext?.operation ?? context.commandName.replace(/Command$/, '');
    return (args) => {
      const scope = currentFunction();
      const denial = scope && deniedCall(scope.name, scope.policy, { clientName: context.clientName, operation, input });
      if (!denial) return handler(args);
      report(scope.name, denial);
      return Promise.reject(toServiceException(denial));
    };
  };
};

const guardHttp = () =>
  subscribe('http.client.request.start', (message) => {
    const scope = currentFunction();
    if (!scope?.deniedOrigins.length) return;
    const request = (message as { request: ClientRequest }).request;
    const origin = String(request.getHeader('host') ?? request.host);
    if (!scope.deniedOrigins.includes(origin)) return;
    const denial = { name: 'AccessDenied', status: 403, message: `${scope.name} may not call ${origin}: its access does not grant it` };
    report(scope.name, denial);
    request.destroy(Object.assign(new Error(denial.message), { name: denial.name }));
  });

const guardSecrets = () =>
  subscribe(SECRETS_USE_CHANNEL, (message) => {
    const scope = currentFunction();
    if (!scope) return;
    const use = message as SecretsUse;
    const denial = deniedCall(scope.name, scope.policy, { clientName: 'KMSClient', operation: use.operation, input: { KeyId: SECRETS_KEY_ARN } });
    if (!denial) return;
    report(scope.name, denial);
    use.denied = toServiceException(denial);
  });

/** Presigned URLs made without the SDK (#lib/clients/s3-presign) are checked as the SDK's presigner is. */
const guardPresign = () =>
  subscribe(S3_PRESIGN_CHANNEL, (message) => {
    const scope = currentFunction();
    if (!scope) return;
    const presign = message as S3Presign;
    const denial = deniedCall(scope.name, scope.policy, { clientName: 'S3Client', operation: presign.operation, input: presign.input });
    if (!denial) return;
    report(scope.name, denial);
    presign.denied = toServiceException(denial);
  });

export const installAccessGuard = () => {
  if (state.installed) return;
  state.installed = true;
  guardSdk();
  guardHttp();
  guardSecrets();
  guardPresign();
};

/** Calls `listener` on every refusal (the stack logs them; tests assert on them). Returns the unsubscribe. */
export const onAccessDenied = (listener: DenialListener) => {
  state.listeners.add(listener);
  return () => void state.listeners.delete(listener);
};
