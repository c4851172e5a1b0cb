import type { Integration } from '#shared/schemas/integrations';

/** One line of an integration's key settings: an i18n key under `integrations.settings` and its values. */
export type SummaryLine = { key: string; values?: Record<string, string | number> };

const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The settings worth seeing at a glance, per type (never a secret: those show as their hints). */
export const summaryOf = ({ type, settings }: Pick<Integration, 'type' | 'settings'>): SummaryLine[] => {
  const lines: SummaryLine[] = [];
  const add = (key: string, value: unknown) => {
    const text = str(value);
    if (text) lines.push({ key, values: { value: text } });
  };
  switch (type) {
    case 'email':
      if (Array.isArray(settings.recipients) && settings.recipients.length > 0) lines.push({ key: 'recipients', values: { value: settings.recipients.join(', ') } });
      break;
    case 'jira':
      if (settings.auth === 'oauth') lines.push({ key: 'oauth' });
      add('site', settings.site_url);
      add('project', settings.project_key);
      add('issueType', settings.issue_type);
      if (settings.epic_required === true) lines.push({ key: 'epicRequired' });
      break;
    case 'slack':
      lines.push({ key: settings.mode === 'webhook' ? 'slackWebhook' : 'slackBot' });
      add('channel', settings.channel);
      break;
    case 'webhook': {
      add('url', settings.url);
      const headers = settings.headers && typeof settings.headers === 'object' ? Object.keys(settings.headers).length : 0;
      if (headers > 0) lines.push({ key: 'headers', values: { count: headers } });
      break;
    }
    case 'monday':
      add('board', settings.board_id);
      add('group', settings.group_id);
      break;
    case 'calendar':
      if (str(settings.calendar_id)) add('calendar', settings.calendar_id);
      else lines.push({ key: 'calendarNotChosen' });
      break;
  }
  return lines;
};
