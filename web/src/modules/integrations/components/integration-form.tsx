import AttributeEditor from '@cloudscape-design/components/attribute-editor';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import Input, { type InputProps } from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TokenGroup from '@cloudscape-design/components/token-group';
import Toggle from '@cloudscape-design/components/toggle';
import { useQuery } from '@tanstack/react-query';
import { MAX_EMAIL_RECIPIENTS, MAX_WEBHOOK_HEADERS, type Integration } from '#shared/schemas/integrations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { integrationKeys, listCalendars } from '../integration-service';
import { recipientOf, type IntegrationDraft } from '../internal/integration-draft';

export type IntegrationFormProps = {
  draft: IntegrationDraft;
  onChange: (patch: Partial<IntegrationDraft>, ...touched: string[]) => void;
  errorOf: (field: string) => string | undefined;
  /** The integration being edited (its stored secrets' hints, the calendar account to list). */
  integration?: Integration;
  brand: { workspaceId: string; projectId: string };
  /** A webhook's "make a new signing secret" (edit only). */
  rotate?: { checked: boolean; onChange: (checked: boolean) => void };
};

type TextFieldProps = {
  field: string;
  label: string;
  hint?: string;
  secret?: boolean;
  inputType?: InputProps['type'];
  placeholder?: string;
} & Pick<IntegrationFormProps, 'draft' | 'onChange' | 'errorOf' | 'integration'>;

/** One line of the form under its API name; a stored secret is kept when its field is left empty. */
const TextField = ({ field, label, hint, secret, inputType, placeholder, draft, onChange, errorOf, integration }: TextFieldProps) => {
  const { t } = useTranslation();
  const stored = secret ? integration?.secret_hint[field] : undefined;
  const error = errorOf(field);
  return (
    <FormField label={label} constraintText={stored ? t('integrations.form.secretKept', { hint: stored }) : hint} errorText={error} stretch>
      <Input
        value={draft.values[field] ?? ''}
        type={inputType ?? (secret ? 'password' : undefined)}
        placeholder={placeholder}
        invalid={!!error}
        autoComplete={false}
        spellcheck={false}
        onChange={({ detail }) => onChange({ values: { ...draft.values, [field]: detail.value } }, field)}
      />
    </FormField>
  );
};

/** Email: the recipients as a token list, added one by one and checked as addresses. */
const RecipientsField = ({ draft, onChange, errorOf }: Pick<IntegrationFormProps, 'draft' | 'onChange' | 'errorOf'>) => {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState(false);
  const full = draft.recipients.length >= MAX_EMAIL_RECIPIENTS;
  const add = () => {
    if (typed.trim() === '') return;
    const address = recipientOf(typed);
    if (!address) {
      setInvalid(true);
      return;
    }
    if (!draft.recipients.includes(address)) onChange({ recipients: [...draft.recipients, address] }, 'recipients');
    setTyped('');
  };
  const error = invalid ? t('integrations.form.email.recipientInvalid') : errorOf('recipients');
  return (
    <FormField label={t('integrations.form.email.recipients')} constraintText={t('integrations.form.email.recipientsHint')} errorText={error} stretch>
      <SpaceBetween size="xs">
        <div style={{ display: 'flex', gap: 8 }}>
          <div style={{ flex: 1 }}>
            <Input
              value={typed}
              type="email"
              inputMode="email"
              ariaLabel={t('integrations.form.email.recipientInput')}
              invalid={!!error}
              disabled={full}
              autoComplete={false}
              onChange={({ detail }) => {
                setTyped(detail.value);
                setInvalid(false);
              }}
              onKeyDown={(event) => {
                if (event.detail.key !== 'Enter') return;
                event.preventDefault();
                add();
              }}
            />
          </div>
          <Button formAction="none" onClick={add} disabled={full}>
            {t('integrations.form.email.add')}
          </Button>
        </div>
        <TokenGroup
          items={draft.recipients.map((address) => ({ label: address, dismissLabel: t('integrations.form.email.remove', { email: address }) }))}
          onDismiss={({ detail }) => onChange({ recipients: draft.recipients.filter((_, index) => index !== detail.itemIndex) }, 'recipients')}
        />
      </SpaceBetween>
    </FormField>
  );
};

/** Webhook: optional custom headers sent with every delivery. */
const HeadersField = ({ draft, onChange, errorOf }: Pick<IntegrationFormProps, 'draft' | 'onChange' | 'errorOf'>) => {
  const { t } = useTranslation();
  const set = (index: number, patch: Partial<IntegrationDraft['headers'][number]>) =>
    onChange({ headers: draft.headers.map((row, at) => (at === index ? { ...row, ...patch } : row)) }, 'headers');
  return (
    <FormField label={t('integrations.form.webhook.headers')} errorText={errorOf('headers')} stretch>
      <AttributeEditor
        items={draft.headers}
        addButtonText={t('integrations.form.webhook.addHeader')}
        removeButtonText={t('integrations.form.webhook.removeHeader')}
        empty={t('integrations.form.webhook.headersEmpty')}
        disableAddButton={draft.headers.length >= MAX_WEBHOOK_HEADERS}
        onAddButtonClick={() => onChange({ headers: [...draft.headers, { name: '', value: '' }] }, 'headers')}
        onRemoveButtonClick={({ detail }) => onChange({ headers: draft.headers.filter((_, index) => index !== detail.itemIndex) }, 'headers')}
        definition={[
          {
            label: t('integrations.form.webhook.headerName'),
            control: (row, index) => (
              <Input value={row.name} autoComplete={false} spellcheck={false} onChange={({ detail }) => set(index, { name: detail.value })} />
            ),
          },
          {
            label: t('integrations.form.webhook.headerValue'),
            control: (row, index) => <Input value={row.value} autoComplete={false} onChange={({ detail }) => set(index, { value: detail.value })} />,
          },
        ]}
      />
    </FormField>
  );
};

/** Google Calendar: the connected account's calendars, to choose where events go. */
const CalendarField = ({ draft, onChange, errorOf, integration, brand }: Pick<IntegrationFormProps, 'draft' | 'onChange' | 'errorOf' | 'integration' | 'brand'>) => {
  const { t } = useTranslation();
  const uid = integration?.uid ?? '';
  const connected = integration?.state === 'connected';
  const calendars = useQuery({
    queryKey: integrationKeys.calendars(brand.workspaceId, brand.projectId, uid),
    queryFn: ({ signal }) => listCalendars(brand, uid, signal),
    enabled: connected,
  });
  if (!integration || !connected) return <Box color="text-body-secondary">{t('integrations.form.calendar.afterConsent')}</Box>;
  const options = (calendars.data ?? []).map((calendar) => ({
    value: calendar.id,
    label: calendar.name,
    tags: calendar.primary ? [t('integrations.form.calendar.primary')] : undefined,
  }));
  const chosen = draft.values.calendar_id ?? '';
  return (
    <FormField
      label={t('integrations.form.calendar.calendar')}
      constraintText={t('integrations.form.calendar.calendarHint')}
      errorText={calendars.isError ? t('integrations.form.calendar.loadFailed') : errorOf('calendar_id')}
      stretch
    >
      <Select
        options={options}
        selectedOption={options.find((option) => option.value === chosen) ?? (chosen ? { value: chosen, label: chosen } : null)}
        placeholder={t('integrations.form.calendar.placeholder')}
        statusType={calendars.isPending ? 'loading' : calendars.isError ? 'error' : 'finished'}
        loadingText={t('integrations.form.calendar.loading')}
        errorText={t('integrations.form.calendar.loadFailed')}
        onChange={({ detail }) => onChange({ values: { ...draft.values, calendar_id: detail.selectedOption.value ?? '' } }, 'calendar_id')}
      />
    </FormField>
  );
};

/** The fields of one kind of integration, under the name every kind has. */
export const IntegrationForm = (props: IntegrationFormProps) => {
  const { t } = useTranslation();
  const { draft, onChange, errorOf, integration, rotate } = props;
  const text = (field: string, label: string, extra: Partial<TextFieldProps> = {}) => (
    <TextField field={field} label={label} draft={draft} onChange={onChange} errorOf={errorOf} integration={integration} {...extra} />
  );
  const editing = !!integration;

  const fields = (() => {
    switch (draft.type) {
      case 'email':
        return <RecipientsField {...props} />;
      case 'jira':
        return (
          <SpaceBetween size="l">
            <FormField label={t('integrations.form.jira.auth')} errorText={errorOf('auth')} stretch>
              <RadioGroup
                value={draft.values.auth ?? null}
                onChange={({ detail }) => onChange({ values: { ...draft.values, auth: detail.value } }, 'auth')}
                items={[
                  { value: 'token', label: t('integrations.form.jira.authToken'), description: t('integrations.form.jira.authTokenHint') },
                  { value: 'oauth', label: t('integrations.form.jira.authOAuth'), description: t('integrations.form.jira.authOAuthHint'), disabled: editing && draft.values.auth !== 'oauth' },
                ]}
              />
            </FormField>
            {draft.values.auth !== 'oauth' && (
              <SpaceBetween size="l">
                {text('site_url', t('integrations.form.jira.siteUrl'), { hint: t('integrations.form.jira.siteUrlHint'), inputType: 'url' })}
                {text('email', t('integrations.form.jira.email'), { secret: true, inputType: 'email' })}
                {text('api_token', t('integrations.form.jira.apiToken'), { secret: true })}
              </SpaceBetween>
            )}
            {text('project_key', t('integrations.form.jira.projectKey'), { hint: t('integrations.form.jira.projectKeyHint') })}
            {text('issue_type', t('integrations.form.jira.issueType'), { hint: t('integrations.form.jira.issueTypeHint') })}
            <FormField constraintText={t('integrations.form.jira.epicRequiredHint')} stretch>
              <Toggle checked={draft.epicRequired} onChange={({ detail }) => onChange({ epicRequired: detail.checked })}>
                {t('integrations.form.jira.epicRequired')}
              </Toggle>
            </FormField>
            <Box variant="small" color="text-body-secondary">
              {t('integrations.form.jira.adminHint')}
            </Box>
          </SpaceBetween>
        );
      case 'slack':
        return (
          <SpaceBetween size="l">
            <FormField label={t('integrations.form.slack.mode')} errorText={errorOf('mode')} stretch>
              <RadioGroup
                value={draft.values.mode ?? null}
                onChange={({ detail }) => onChange({ values: { ...draft.values, mode: detail.value } }, 'mode')}
                items={[
                  { value: 'bot', label: t('integrations.form.slack.bot'), description: t('integrations.form.slack.botHint'), disabled: editing && draft.values.mode !== 'bot' },
                  { value: 'webhook', label: t('integrations.form.slack.webhook'), description: t('integrations.form.slack.webhookHint') },
                ]}
              />
            </FormField>
            {draft.values.mode === 'webhook' && text('webhook_url', t('integrations.form.slack.webhookUrl'), { secret: true })}
            {text('channel', t('integrations.form.slack.channel'), { hint: t('integrations.form.slack.channelHint') })}
          </SpaceBetween>
        );
      case 'webhook':
        return (
          <SpaceBetween size="l">
            {text('url', t('integrations.form.webhook.url'), { hint: t('integrations.form.webhook.urlHint'), inputType: 'url', placeholder: 'https://' })}
            <HeadersField {...props} />
            {rotate && (
              <FormField constraintText={t('integrations.form.webhook.rotateHint')} stretch>
                <Checkbox checked={rotate.checked} onChange={({ detail }) => rotate.onChange(detail.checked)}>
                  {t('integrations.form.webhook.rotate')}
                </Checkbox>
              </FormField>
            )}
          </SpaceBetween>
        );
      case 'monday':
        return (
          <SpaceBetween size="l">
            {text('api_token', t('integrations.form.monday.apiToken'), { secret: true, hint: t('integrations.form.monday.apiTokenHint') })}
            {text('board_id', t('integrations.form.monday.boardId'), { hint: t('integrations.form.monday.boardIdHint'), inputType: 'text' })}
            {text('group_id', t('integrations.form.monday.groupId'), { hint: t('integrations.form.monday.groupIdHint') })}
          </SpaceBetween>
        );
      case 'calendar':
        return <CalendarField {...props} />;
    }
  })();

  return (
    <SpaceBetween size="l">
      <FormField label={t('integrations.form.name')} constraintText={t('integrations.form.nameHint')} errorText={errorOf('name')} stretch>
        <Input value={draft.name} invalid={!!errorOf('name')} ariaRequired onChange={({ detail }) => onChange({ name: detail.value }, 'name')} />
      </FormField>
      {fields}
    </SpaceBetween>
  );
};
