import { metricsNamespace, POWERTOOLS_SERVICE } from '../infra/monitoring/powertools';

/**
 * Imported first by the local stack: the functions' modules (and Powertools' Metrics, built when its module loads)
 * are shared by this process and may load before any function's environment exists, so the process itself carries
 * the service and the local metrics namespace as CDK sets them on each Lambda.
 */
process.env.POWERTOOLS_SERVICE_NAME ??= POWERTOOLS_SERVICE;
process.env.POWERTOOLS_METRICS_NAMESPACE ??= metricsNamespace({ stage: 'local' });
// EMF lines are for CloudWatch; here one per request and message would bury the request log (`npm start -- --metrics`,
// or POWERTOOLS_METRICS_DISABLED=false, prints them).
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
