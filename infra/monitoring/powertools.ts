import type { StageConfig } from '../stage-config';

/** The service name in every log line, metric and trace (functions/lib's logger and metrics say the same). */
export const POWERTOOLS_SERVICE = 'brandslate';

/** One metrics namespace per stage (the local stack's is `local`): two stages in one account never mix their figures. */
export const metricsNamespace = ({ stage }: { stage: string }) => `Brandslate/${stage}`;

/** The Powertools variables of every function; Powertools reads them itself (logger, metrics, tracer). */
export const powertoolsEnvironment = (config: StageConfig): Record<string, string> => ({
  POWERTOOLS_SERVICE_NAME: POWERTOOLS_SERVICE,
  POWERTOOLS_METRICS_NAMESPACE: metricsNamespace(config),
  POWERTOOLS_LOG_LEVEL: config.logLevel,
  // Traces keep timings and errors, not response bodies (they hold user data; X-Ray is no place for it).
  POWERTOOLS_TRACER_CAPTURE_RESPONSE: 'false',
});
