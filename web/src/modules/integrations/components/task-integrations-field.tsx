import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Icon from '@cloudscape-design/components/icon';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TYPE_ICON } from '../integration-types';
import { defaultSelection, epicRule, isSelectable, toggled } from '../internal/task-integration-choice';
import { saveTaskIntegrations, useSavedTaskIntegrations } from '../task-integration-defaults';
import { useIntegrations } from '../use-integrations';

export type TaskIntegrationsChange = { integrations?: string[]; jira_epic?: string; epicRequired?: boolean };

export type TaskIntegrationsFieldProps = {
  workspaceId: string | undefined;
  /** The brand the new task is in: its integrations are the toggles. */
  projectUid: string;
  selected: string[];
  epic: string;
  onChange: (change: TaskIntegrationsChange, ...touched: ('integrations' | 'jira_epic')[]) => void;
  integrationsError?: string;
  epicError?: string;
};

/**
 * The task form's "Send to": the brand's integrations as toggles, starting from the brand's saved choice (every
 * connected one when there is none) and saving each change back; the Jira epic while a Jira integration is on,
 * required when that integration asks for one.
 */
export const TaskIntegrationsField = ({ workspaceId, projectUid, selected, epic, onChange, integrationsError, epicError }: TaskIntegrationsFieldProps) => {
  const { t } = useTranslation();
  const headingId = useId();
  const { integrations, failed } = useIntegrations(workspaceId, projectUid || undefined);
  const saved = useSavedTaskIntegrations(projectUid);
  const startedFor = useRef<string>(undefined);

  // Each brand starts from its defaults once its integrations are known; a brand change starts again.
  useEffect(() => {
    if (!integrations || startedFor.current === projectUid) return;
    startedFor.current = projectUid;
    const selection = defaultSelection(integrations, saved);
    onChange({ integrations: selection, epicRequired: epicRule(integrations, selection).required });
  }, [integrations, projectUid, saved, onChange]);

  if (!projectUid) return null;
  if (failed) return <Box color="text-status-error">{t('integrations.taskForm.loadFailed')}</Box>;
  if (!integrations || integrations.length === 0) return null;

  const rule = epicRule(integrations, selected);
  const set = (uid: string, on: boolean) => {
    const next = toggled(integrations, selected, uid, on);
    const nextRule = epicRule(integrations, next);
    saveTaskIntegrations(projectUid, next);
    onChange({ integrations: next, epicRequired: nextRule.required, ...(nextRule.shown ? {} : { jira_epic: '' }) }, 'integrations', 'jira_epic');
  };

  return (
    <SpaceBetween size="m">
      <div role="group" aria-labelledby={headingId}>
        <SpaceBetween size="s">
          <Header variant="h3" description={t('integrations.taskForm.description')}>
            <span id={headingId}>{t('integrations.taskForm.title')}</span>
          </Header>
          <ColumnLayout columns={3}>
            {integrations.map((integration) => {
              const selectable = isSelectable(integration);
              return (
                // The kind (or why it is off) is part of the label: a Toggle's description is only aria-describedby,
                // which axe reads as a missing label whenever the modal has scrolled the toggle out of view.
                <Toggle
                  key={integration.uid}
                  checked={selectable && selected.includes(integration.uid)}
                  disabled={!selectable}
                  onChange={({ detail }) => set(integration.uid, detail.checked)}
                >
                  <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center', flexWrap: 'wrap' }}>
                    <Icon name={TYPE_ICON[integration.type]} />
                    <span>{integration.name}</span>
                    <Box variant="small" color={selectable ? 'text-body-secondary' : 'inherit'}>
                      {selectable
                        ? t(`integrations.types.${integration.type}`)
                        : t('integrations.taskForm.notConnected', { state: t(`integrations.states.${integration.state}`) })}
                    </Box>
                  </span>
                </Toggle>
              );
            })}
          </ColumnLayout>
          {integrationsError && <Box color="text-status-error">{integrationsError}</Box>}
        </SpaceBetween>
      </div>
      {rule.shown && (
        <FormField
          label={rule.required ? t('integrations.taskForm.epic') : t('integrations.taskForm.epicOptional')}
          description={rule.requiredBy ? t('integrations.taskForm.epicRequiredBy', { name: rule.requiredBy }) : undefined}
          constraintText={t('integrations.taskForm.epicHint')}
          errorText={epicError}
        >
          <Input
            value={epic}
            placeholder="MKT-12"
            ariaRequired={rule.required}
            invalid={!!epicError}
            autoComplete={false}
            spellcheck={false}
            onChange={({ detail }) => onChange({ jira_epic: detail.value }, 'jira_epic')}
          />
        </FormField>
      )}
    </SpaceBetween>
  );
};
