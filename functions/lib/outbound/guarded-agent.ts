import * as http from 'node:http';
import * as https from 'node:https';
import { isIP, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { configuredPolicy, guardedLookup, isPublicAddress, originKey, outboundTarget, refusedAddress, type OutboundPolicy } from './policy';
import { OutboundRefused } from './refused';

/**
 * http(s) agents that apply the outbound policy to every connection they open: the guarded fetcher's requests go
 * through them, and so would a client library that takes an agent, on each request and each redirect it follows.
 * The check sits where the socket is created: an IP literal is checked before connecting (Node skips `lookup`
 * for literals), a name through `guardedLookup`, whose checked answer is what the socket connects to.
 * Any `lookup` or `socketPath` a caller passes is overridden or refused.
 */
type ConnectionOptions = http.ClientRequestArgs;
type Callback = (err: Error | null, stream: Duplex) => void;

const guardedOptions = (policy: OutboundPolicy, options: ConnectionOptions): ConnectionOptions => {
  if (options.socketPath) throw new OutboundRefused('address', 'A local socket may not be called');
  // Node connects to localhost when no host is given; it is checked like any other name.
  const host = options.host ?? options.hostname ?? 'localhost';
  const allowlisted = policy.allowlist.has(originKey(host, Number(options.port)));
  if (isIP(host) !== 0 && !allowlisted && !isPublicAddress(host)) throw refusedAddress(host);
  return { ...options, lookup: guardedLookup(policy.resolve, !allowlisted) };
};

/** The refusal, handed over as Node's Agent expects a failed connection: through the callback, or a dead socket. */
const refusedConnection = (error: unknown, callback?: Callback): Duplex | undefined => {
  if (callback) {
    callback(error as Error, undefined as never);
    return undefined;
  }
  const socket = new Socket();
  process.nextTick(() => socket.destroy(error as Error));
  return socket;
};

export class GuardedHttpAgent extends http.Agent {
  readonly #policy: OutboundPolicy;
  constructor(policy: OutboundPolicy, options?: http.AgentOptions) {
    super(options);
    this.#policy = policy;
  }
  override createConnection(options: ConnectionOptions, callback?: Callback) {
    let guarded: ConnectionOptions;
    try {
      guarded = guardedOptions(this.#policy, options);
    } catch (error) {
      return refusedConnection(error, callback);
    }
    return super.createConnection(guarded, callback);
  }
}

export class GuardedHttpsAgent extends https.Agent {
  readonly #policy: OutboundPolicy;
  constructor(policy: OutboundPolicy, options?: https.AgentOptions) {
    super(options);
    this.#policy = policy;
  }
  override createConnection(options: https.RequestOptions, callback?: Callback) {
    let guarded: https.RequestOptions;
    try {
      guarded = guardedOptions(this.#policy, options);
    } catch (error) {
      return refusedConnection(error, callback);
    }
    return super.createConnection(guarded, callback);
  }
}

/**
 * Both agents, for client configurations that take one per protocol (axios: `httpAgent`, `httpsAgent`). Give
 * both: a redirect to the other protocol would otherwise leave on Node's unguarded global agent.
 */
export const guardedAgents = (policy: OutboundPolicy = configuredPolicy(), options?: http.AgentOptions) => ({
  httpAgent: new GuardedHttpAgent(policy, options),
  httpsAgent: new GuardedHttpsAgent(policy, options),
});

/**
 * The guarded agent for `url`'s protocol, for a client that takes a single agent. Checks the URL first (scheme,
 * credentials, IP literal) and throws OutboundRefused, so a bad URL is refused before a client is built.
 */
export const guardedAgent = (url: string | URL, policy: OutboundPolicy = configuredPolicy(), options?: http.AgentOptions): http.Agent => {
  const target = outboundTarget(url, policy);
  return target.url.protocol === 'https:' ? new GuardedHttpsAgent(policy, options) : new GuardedHttpAgent(policy, options);
};
