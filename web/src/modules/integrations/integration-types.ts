import type { IconProps } from '@cloudscape-design/components/icon';
import type { IntegrationType } from '#shared/schemas/integrations';

/** The icon each kind of integration shows with its name. */
export const TYPE_ICON: Record<IntegrationType, IconProps.Name> = {
  email: 'envelope',
  jira: 'ticket',
  slack: 'contact',
  webhook: 'share',
  monday: 'grid-view',
  calendar: 'calendar',
};

/** The provider whose consent page an OAuth type leads to. */
export const CONSENT_PROVIDER: Record<IntegrationType, string> = {
  email: '',
  jira: 'Atlassian',
  slack: 'Slack',
  webhook: '',
  monday: '',
  calendar: 'Google',
};
