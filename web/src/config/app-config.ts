import { APP_CONFIG_PATH, type AppConfig } from '#shared/app-config';

/**
 * Resolves the emulated Cognito endpoint: AppConfig may give a path on the app's origin, Amplify needs an
 * absolute URL. Absent stays absent (AWS uses the regional endpoint).
 */
export const resolveUserPoolEndpoint = (endpoint: string | undefined, origin: string): string | undefined => {
  if (!endpoint) return undefined;
  return new URL(endpoint, origin).toString().replace(/\/$/, '');
};

const isAppConfig = (value: unknown): value is AppConfig => {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.userPoolId === 'string' && typeof v.userPoolClientId === 'string' && typeof v.region === 'string';
};

let loaded: AppConfig | undefined;

/** Fetches the runtime configuration once; the same build runs against any stage. */
export const loadAppConfig = async (): Promise<AppConfig> => {
  if (loaded) return loaded;
  const response = await fetch(APP_CONFIG_PATH, { headers: { accept: 'application/json' }, cache: 'no-store' });
  if (!response.ok) throw new Error(`App configuration answered ${response.status}`);
  const body: unknown = await response.json();
  if (!isAppConfig(body)) throw new Error('App configuration is incomplete');
  loaded = body;
  return body;
};

/** The configuration loaded at start; undefined before `loadAppConfig` resolved. */
export const appConfig = (): AppConfig | undefined => loaded;
