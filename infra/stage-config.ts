import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Node } from 'constructs';

/**
 * Everything that differs between deployments, in one typed place. Chosen with `-c stage=dev|prod`;
 * a few values can be overridden with more context (`-c emailFrom=... -c emailDomain=... -c domain=...
 * -c certificateArn=... -c alarmEmail=... -c aiProvider=bedrock|openai -c aiModel=... -c aiBaseUrl=... -c extensionIds=...`) so a fork can deploy without editing code.
 */
export const STAGES = ['dev', 'prod'] as const;
export type StageName = (typeof STAGES)[number];

export type StageConfig = {
  stage: StageName;
  /** Prefix of every stack and every physical name we choose: `brandslate-<stage>`. */
  prefix: string;
  /** What happens to stateful resources (table, buckets, user pool, log groups) when their stack goes. */
  removalPolicy: RemovalPolicy;
  /** Stateful resources refuse deletion (table, user pool) — prod only. */
  deletionProtection: boolean;
  logRetention: RetentionDays;
  /** The From address of every email (FUNCTION_ENV.emailFrom). */
  emailFrom: string;
  /**
   * The SES identity that authorises emailFrom: a domain (verify once with DKIM records, any address on it
   * can send) or, when absent, the address itself (SES mails a verification link).
   */
  emailDomain?: string;
  /** A custom domain for the app on CloudFront; needs `certificateArn` (ACM, us-east-1). DNS is not managed here. */
  domain?: string;
  certificateArn?: string;
  /** HTTP API stage throttling (requests per second, burst). */
  throttle: { rateLimit: number; burstLimit: number };
  /** Cognito Plus tier with threat protection enforced (priced per MAU, so prod only). */
  cognitoThreatProtection: boolean;
  /** Subscribed by email to the stage's alarm topic (AWS mails a confirmation link first). */
  alarmEmail: string;
  /** When the generated alarms fire (infra/monitoring). */
  alarmThresholds: AlarmThresholds;
  /** Powertools log level of every function (POWERTOOLS_LOG_LEVEL). */
  logLevel: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  /** The AI provider of the stage's generation functions (functions/lib/ai; AI_* variables). */
  ai: StageAiConfig;
  /**
   * Chrome ids of the stage's browser extension builds (`-c extensionIds=<id>,<id>`): their pages upload
   * screenshots and recordings to presigned URLs from `chrome-extension://<id>`, which the uploads bucket's CORS
   * must then allow. (Their API calls need no CORS: the extension holds host permission for the app's origin.)
   */
  extensionIds: readonly string[];
};

/** A Chrome extension id: 32 letters a to p. */
export const EXTENSION_ID = /^[a-p]{32}$/;

export type StageAiConfig = {
  /** `bedrock` (IAM: InvokeModel on `model` only) or `openai` (any OpenAI-compatible endpoint; key in the secret `<prefix>/ai-provider`). */
  provider: 'bedrock' | 'openai';
  /** Bedrock model id or inference profile id (`us.…`), or the endpoint's model name. */
  model: string;
  /** OpenAI-compatible endpoints other than api.openai.com (Ollama, vLLM, LM Studio behind a URL). */
  baseUrl?: string;
  /** Per call; inline generations must finish inside the HTTP API's 30 s. */
  timeoutMs: number;
  /** Generations a workspace may start per minute. */
  requestsPerMinute: number;
  /** Monthly token budgets per plan id, overriding shared/plans.ts. */
  monthlyTokens?: Record<string, number>;
};

export type AlarmThresholds = {
  /** A route's 5xx answers as a share of its requests, in percent, over one evaluation period. */
  route5xxPercent: number;
  /** A route's p99 latency at API Gateway, in milliseconds. */
  routeP99LatencyMs: number;
  /** Minutes per evaluation period; an alarm fires after `datapointsToAlarm` of `evaluationPeriods` breach. */
  periodMinutes: number;
  evaluationPeriods: number;
  datapointsToAlarm: number;
};

const base = {
  dev: {
    removalPolicy: RemovalPolicy.DESTROY,
    deletionProtection: false,
    logRetention: RetentionDays.TWO_WEEKS,
    emailFrom: 'no-reply@dev.brandslate.example',
    throttle: { rateLimit: 50, burstLimit: 100 },
    cognitoThreatProtection: false,
    alarmEmail: 'ops+dev@brandslate.example',
    alarmThresholds: { route5xxPercent: 10, routeP99LatencyMs: 5000, periodMinutes: 5, evaluationPeriods: 3, datapointsToAlarm: 2 },
    logLevel: 'DEBUG',
    extensionIds: [],
    ai: { provider: 'bedrock', model: 'amazon.nova-lite-v1:0', timeoutMs: 25_000, requestsPerMinute: 10, monthlyTokens: { FREE: 100_000, BUSINESS: 1_000_000, ENTERPRISE: 5_000_000 } },
  },
  prod: {
    removalPolicy: RemovalPolicy.RETAIN,
    deletionProtection: true,
    logRetention: RetentionDays.SIX_MONTHS,
    emailFrom: 'no-reply@brandslate.example',
    throttle: { rateLimit: 500, burstLimit: 1000 },
    cognitoThreatProtection: true,
    alarmEmail: 'ops@brandslate.example',
    alarmThresholds: { route5xxPercent: 2, routeP99LatencyMs: 3000, periodMinutes: 5, evaluationPeriods: 3, datapointsToAlarm: 2 },
    logLevel: 'INFO',
    extensionIds: [],
    ai: { provider: 'bedrock', model: 'amazon.nova-pro-v1:0', timeoutMs: 25_000, requestsPerMinute: 20 },
  },
} satisfies Record<StageName, Omit<StageConfig, 'stage' | 'prefix'>>;

const isStage = (value: unknown): value is StageName => STAGES.includes(value as StageName);

/** The config of one stage, with optional overrides (from context or a test). */
export const stageConfig = (stage: StageName, overrides: Partial<Omit<StageConfig, 'stage' | 'prefix'>> = {}): StageConfig => {
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined));
  const config: StageConfig = { stage, prefix: `brandslate-${stage}`, ...base[stage], ...defined };
  if (config.domain && !config.certificateArn) throw new Error(`Stage ${stage}: domain ${config.domain} needs -c certificateArn=<ACM ARN in us-east-1>`);
  return config;
};

/** Reads `-c stage=...` (default dev) and the override keys from the CDK context. */
export const stageConfigFromContext = (node: Node): StageConfig => {
  const stage = node.tryGetContext('stage') ?? 'dev';
  if (!isStage(stage)) throw new Error(`Unknown stage "${String(stage)}"; use -c stage=${STAGES.join('|')}`);
  const text = (key: string): string | undefined => {
    const value = node.tryGetContext(key);
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };
  const aiProvider = text('aiProvider');
  if (aiProvider && aiProvider !== 'bedrock' && aiProvider !== 'openai') throw new Error(`Unknown aiProvider "${aiProvider}"; use -c aiProvider=bedrock|openai`);
  const aiModel = text('aiModel');
  const aiBaseUrl = text('aiBaseUrl');
  const extensionIds = text('extensionIds')?.split(',').map((id) => id.trim()).filter(Boolean);
  const badId = extensionIds?.find((id) => !EXTENSION_ID.test(id));
  if (badId) throw new Error(`Extension id "${badId}" is not a Chrome extension id (32 letters a to p)`);
  const ai = aiProvider || aiModel || aiBaseUrl ? { ...base[stage].ai, ...(aiProvider ? { provider: aiProvider } : {}), ...(aiModel ? { model: aiModel } : {}), ...(aiBaseUrl ? { baseUrl: aiBaseUrl } : {}) } : undefined;
  return stageConfig(stage, {
    ai: ai as StageAiConfig | undefined,
    emailFrom: text('emailFrom'),
    emailDomain: text('emailDomain'),
    domain: text('domain'),
    certificateArn: text('certificateArn'),
    alarmEmail: text('alarmEmail'),
    extensionIds,
  });
};
