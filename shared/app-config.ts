/**
 * The SPA's runtime configuration, fetched from APP_CONFIG_PATH on the app's origin at start. CDK writes it
 * next to the SPA in the web bucket; the local gateway serves it from the local stack's values. The same built
 * SPA therefore runs against any stage.
 */
export const APP_CONFIG_PATH = '/app-config.json';

export type AppConfig = {
  stage: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /**
   * Only where Cognito is emulated: the Cognito endpoint (absolute, or a path on the app's origin that the SPA
   * resolves against `location.origin`). Absent in AWS, where Amplify uses the regional endpoint.
   */
  userPoolEndpoint?: string;
  /** Only locally: the page where sent mail can be read (shown on the confirm-email page). */
  mailCatcherUrl?: string;
};
