import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Icon from '@cloudscape-design/components/icon';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tiles from '@cloudscape-design/components/tiles';
import { INTEGRATION_TYPES, type Integration, type IntegrationType, type IntegrationWithSecret } from '#shared/schemas/integrations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { translateError } from '../../../i18n';
import { FormAlert } from '../../../ui/form-alert';
import { fieldErrorText } from '../../../ui/field-rule';
import { notify } from '../../notifications/notification-store';
import { CONSENT_PROVIDER, TYPE_ICON } from '../integration-types';
import { createIntegration, goToConsent, updateIntegration } from '../integration-service';
import { createBodyOf, draftFieldOf, draftFields, draftFor, needsConsent, updateBodyOf, validateDraft, type IntegrationDraft } from '../internal/integration-draft';
import { IntegrationForm } from './integration-form';

export type IntegrationModalProps = {
  brand: { workspaceId: string; projectId: string };
  /** The integration to edit; none: connect a new one (type picker first). */
  integration?: Integration;
  onDismiss: () => void;
  /** Saved: the answer carries a webhook's signing secret when one was made. */
  onSaved: (saved: IntegrationWithSecret) => void;
};

/** Connect (type picker, then the type's form) or edit an integration, in a modal. */
export const IntegrationModal = ({ brand, integration, onDismiss, onSaved }: IntegrationModalProps) => {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<IntegrationType | undefined>(integration?.type);
  const [choice, setChoice] = useState<IntegrationType>('webhook');
  const typeName = (type: IntegrationType) => t(`integrations.types.${type}`);

  const header = integration
    ? t('integrations.form.editTitle', { name: integration.name })
    : picked
      ? t('integrations.form.createTitle', { type: typeName(picked) })
      : t('integrations.picker.title');

  return (
    <Modal visible onDismiss={onDismiss} header={header} closeAriaLabel={t('common.close')} size="medium">
      {picked ? (
        <DraftForm
          key={picked}
          brand={brand}
          type={picked}
          integration={integration}
          onBack={integration ? undefined : () => setPicked(undefined)}
          onDismiss={onDismiss}
          onSaved={onSaved}
        />
      ) : (
        <SpaceBetween size="l">
          <FormField label={t('integrations.picker.label')} stretch>
            <Tiles
              ariaLabel={t('integrations.picker.label')}
              value={choice}
              columns={2}
              onChange={({ detail }) => setChoice(detail.value as IntegrationType)}
              items={INTEGRATION_TYPES.map((type) => ({
                value: type,
                label: typeName(type),
                description: t(`integrations.typeDescriptions.${type}`),
                image: <Icon name={TYPE_ICON[type]} size="medium" />,
              }))}
            />
          </FormField>
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={onDismiss}>
                {t('integrations.picker.cancel')}
              </Button>
              <Button variant="primary" onClick={() => setPicked(choice)}>
                {t('integrations.picker.next')}
              </Button>
            </SpaceBetween>
          </Box>
        </SpaceBetween>
      )}
    </Modal>
  );
};

type DraftFormProps = Omit<IntegrationModalProps, 'integration'> & { type: IntegrationType; integration?: Integration; onBack?: () => void };

/**
 * The type's form: checked before sending with the server's own rules (the completeness rule on the first missing
 * field); a 400 naming a field shows on it, anything else above the buttons. An OAuth type goes on to the
 * provider's consent page.
 */
const DraftForm = ({ brand, type, integration, onBack, onDismiss, onSaved }: DraftFormProps) => {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<IntegrationDraft>(() => draftFor(type, integration));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [rotate, setRotate] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const hasSecret = (name: string) => !!integration?.secret_hint[name];
  const clientErrors = submitted ? validateDraft(draft, hasSecret) : {};
  const errorOf = (field: string) => serverErrors[field] ?? fieldErrorText(clientErrors[field]);
  // Editing an OAuth integration saves its settings; only a new one (or a reconnect) goes to the consent page.
  const consent = !integration && needsConsent(draft);
  const provider = CONSENT_PROVIDER[type];

  const onChange = (patch: Partial<IntegrationDraft>, ...touched: string[]) => {
    setDraft((current) => ({ ...current, ...patch }));
    if (touched.length > 0) {
      setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !touched.includes(field))));
    }
  };

  const submit = async () => {
    setSubmitted(true);
    setFormError(undefined);
    setServerErrors({});
    if (Object.keys(validateDraft(draft, hasSecret)).length > 0) return;
    setSaving(true);
    try {
      const saved = integration
        ? await updateIntegration(brand, integration.uid, updateBodyOf(draft, rotate))
        : await createIntegration(brand, createBodyOf(draft));
      if (saved.authorize_url) {
        setRedirecting(true);
        goToConsent(saved.authorize_url);
        return;
      }
      notify.positive(t(integration ? 'integrations.saved' : 'integrations.created', { name: saved.name }));
      onSaved(saved);
    } catch (caught) {
      if (!isApiError(caught)) throw caught;
      const field = draftFieldOf(caught.field);
      const message = translateError(caught.code, caught.message);
      if (field && draftFields(draft).includes(field)) setServerErrors({ [field]: message });
      else setFormError(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <SpaceBetween size="l">
        <IntegrationForm
          draft={draft}
          onChange={onChange}
          errorOf={errorOf}
          integration={integration}
          brand={brand}
          rotate={integration && type === 'webhook' ? { checked: rotate, onChange: setRotate } : undefined}
        />
        {consent && <Box color="text-body-secondary">{t('integrations.form.oauthHint', { provider })}</Box>}
        {redirecting && (
          <div role="status">
            <Box color="text-status-info">{t('integrations.redirecting', { provider })}</Box>
          </div>
        )}
        {formError && <FormAlert iconLabel={t('notifications.error')}>{formError}</FormAlert>}
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            {onBack ? (
              <Button formAction="none" variant="link" onClick={onBack}>
                {t('integrations.form.back')}
              </Button>
            ) : (
              <Button formAction="none" variant="link" onClick={onDismiss}>
                {t('integrations.form.cancel')}
              </Button>
            )}
            <Button variant="primary" formAction="submit" loading={saving} iconName={consent ? 'external' : undefined} iconAlign="right">
              {integration ? t('integrations.form.save') : consent ? t('integrations.form.connectOAuth', { provider }) : t('integrations.form.connect')}
            </Button>
          </SpaceBetween>
        </Box>
      </SpaceBetween>
    </form>
  );
};
