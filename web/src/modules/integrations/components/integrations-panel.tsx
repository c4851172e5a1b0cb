import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown, { type ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import Cards from '@cloudscape-design/components/cards';
import Header from '@cloudscape-design/components/header';
import Icon from '@cloudscape-design/components/icon';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import { usesOAuth, type Integration, type IntegrationState, type IntegrationTestResult, type IntegrationWithSecret } from '#shared/schemas/integrations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../notifications/confirm-dialog';
import { useAction } from '../../notifications/use-action';
import type { Project } from '../../projects/project-store';
import { TYPE_ICON } from '../integration-types';
import { deleteIntegration, goToConsent, reconnectIntegration, testIntegration } from '../integration-service';
import { summaryOf } from '../internal/integration-summary';
import { useIntegrations } from '../use-integrations';
import { useCan } from '../../workspaces/workspace-store';
import { IntegrationLogModal } from './integration-log-modal';
import { IntegrationModal } from './integration-modal';
import { SecretOnceModal } from './secret-once-modal';
import { TestResultModal } from './test-result-modal';

export type IntegrationsPanelProps = { workspaceId: string; project: Project; canManage: boolean };

const STATE_INDICATOR: Record<IntegrationState, StatusIndicatorProps.Type> = {
  connected: 'success',
  pending_oauth: 'pending',
  needs_reconnect: 'warning',
};

type Dialog =
  | { kind: 'connect' }
  | { kind: 'edit'; integration: Integration }
  | { kind: 'secret'; name: string; secret: string; rotated: boolean }
  | { kind: 'test'; name: string; result?: IntegrationTestResult }
  | { kind: 'log'; integration: Integration };

/**
 * A brand's integrations as cards (one column on a phone): kind, name, state, key settings and the hint of each
 * stored secret. Project admins connect, edit, test, reconnect and remove them; others see the list.
 */
export const IntegrationsPanel = ({ workspaceId, project, canManage }: IntegrationsPanelProps) => {
  const { t } = useTranslation();
  const brand = { workspaceId, projectId: project.uid };
  const { integrations, loading, failed, reload } = useIntegrations(workspaceId, project.uid);
  const [dialog, setDialog] = useState<Dialog>();
  const { busy, run } = useAction();
  const canRetry = useCan('tasks.write');

  if (failed) {
    return (
      <Alert type="error" statusIconAriaLabel={t('notifications.error')} action={<Button onClick={reload}>{t('integrations.retry')}</Button>}>
        {t('integrations.loadFailed')}
      </Alert>
    );
  }

  const saved = (result: IntegrationWithSecret, rotated: boolean) =>
    setDialog(result.secret ? { kind: 'secret', name: result.name, secret: result.secret, rotated } : undefined);

  const test = (integration: Integration) => {
    setDialog({ kind: 'test', name: integration.name });
    run(`test:${integration.uid}`, async () => {
      try {
        const result = await testIntegration(brand, integration.uid);
        setDialog((current) => (current?.kind === 'test' && current.name === integration.name ? { ...current, result } : current));
      } catch (error) {
        setDialog(undefined);
        throw error;
      }
    });
  };

  const remove = async (integration: Integration) => {
    if (!(await confirmAction())) return;
    run(`remove:${integration.uid}`, () => deleteIntegration(brand, integration.uid), t('integrations.removed', { name: integration.name }));
  };

  const reconnect = (integration: Integration) =>
    run(`reconnect:${integration.uid}`, async () => goToConsent((await reconnectIntegration(brand, integration.uid)).authorize_url));

  const onAction = (integration: Integration, id: string) => {
    if (id === 'edit') setDialog({ kind: 'edit', integration });
    else if (id === 'test') test(integration);
    else if (id === 'reconnect') reconnect(integration);
    else if (id === 'remove') void remove(integration);
  };

  const actionsOf = (integration: Integration): ButtonDropdownProps.Item[] => [
    // Only a consent can be given again; a token typed in is replaced with Edit.
    ...(integration.state !== 'connected' && usesOAuth(integration.type, integration.settings) ? [{ id: 'reconnect', text: t('integrations.actions.reconnect'), iconName: 'refresh' as const }] : []),
    {
      id: 'edit',
      text: integration.type === 'calendar' && !integration.settings.calendar_id ? t('integrations.actions.chooseCalendar') : t('integrations.actions.edit'),
      iconName: 'edit',
    },
    { id: 'test', text: t('integrations.actions.test'), iconName: 'send', disabled: integration.state !== 'connected' },
    { id: 'remove', text: t('integrations.actions.remove'), iconName: 'remove' },
  ];

  const items = [...(integrations ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const secretNames = (key: string) => {
    const known = `integrations.secretNames.${key}`;
    return t(known as never, { defaultValue: key.replace(/_/g, ' ') });
  };

  return (
    <>
      <Cards<Integration>
        variant="container"
        items={items}
        trackBy="uid"
        loading={loading}
        loadingText={t('integrations.loading')}
        ariaLabels={{ itemSelectionLabel: () => '', selectionGroupLabel: '', cardsLabel: t('integrations.tableLabel', { name: project.name }) }}
        cardsPerRow={[{ cards: 1 }, { minWidth: 720, cards: 2 }, { minWidth: 1100, cards: 3 }]}
        header={
          <Header
            variant="h2"
            counter={integrations ? `(${items.length})` : undefined}
            description={canManage ? undefined : t('integrations.membersNote')}
            actions={
              canManage && (
                <Button variant="primary" iconName="add-plus" onClick={() => setDialog({ kind: 'connect' })}>
                  {t('integrations.actions.connect')}
                </Button>
              )
            }
          >
            {t('integrations.tableTitle')}
          </Header>
        }
        empty={
          <Box textAlign="center" color="inherit" padding="l">
            <SpaceBetween size="xs">
              <b>{t('integrations.empty')}</b>
              {canManage && <Box variant="p" color="text-body-secondary">{t('integrations.emptyAdmin')}</Box>}
            </SpaceBetween>
          </Box>
        }
        cardDefinition={{
          header: (integration) => (
            <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
              <span style={{ overflowWrap: 'anywhere' }}>{integration.name}</span>
              {canManage && (
                <ButtonDropdown
                  variant="icon"
                  ariaLabel={t('integrations.actions.menu', { name: integration.name })}
                  items={actionsOf(integration)}
                  loading={!!busy?.endsWith(`:${integration.uid}`)}
                  onItemClick={({ detail }) => onAction(integration, detail.id)}
                  expandToViewport
                />
              )}
            </div>
          ),
          sections: [
            {
              id: 'type',
              header: t('integrations.columns.type'),
              content: (integration) => (
                <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                  <Icon name={TYPE_ICON[integration.type]} />
                  <span>{t(`integrations.types.${integration.type}`)}</span>
                </SpaceBetween>
              ),
            },
            {
              id: 'state',
              header: t('integrations.columns.state'),
              content: (integration) => <StatusIndicator type={STATE_INDICATOR[integration.state]}>{t(`integrations.states.${integration.state}`)}</StatusIndicator>,
            },
            {
              id: 'settings',
              header: t('integrations.columns.settings'),
              content: (integration) => (
                <div style={{ overflowWrap: 'anywhere' }}>
                  {summaryOf(integration).map((line) => (
                    <div key={line.key}>{t(`integrations.settings.${line.key}` as never, line.values)}</div>
                  ))}
                </div>
              ),
            },
            {
              id: 'secret',
              header: t('integrations.columns.secret'),
              content: (integration) => {
                const hints = Object.entries(integration.secret_hint);
                return hints.length === 0
                  ? t('integrations.noSecret')
                  : hints.map(([key, hint]) => <div key={key}>{t('integrations.secretHint', { name: secretNames(key), hint })}</div>);
              },
            },
            {
              id: 'log',
              content: (integration) => (
                <Button iconName="file" ariaLabel={t('integrations.log.openLabel', { name: integration.name })} onClick={() => setDialog({ kind: 'log', integration })}>
                  {t('integrations.log.open')}
                </Button>
              ),
            },
          ],
        }}
      />
      {dialog?.kind === 'connect' && <IntegrationModal brand={brand} onDismiss={() => setDialog(undefined)} onSaved={(result) => saved(result, false)} />}
      {dialog?.kind === 'edit' && (
        <IntegrationModal brand={brand} integration={dialog.integration} onDismiss={() => setDialog(undefined)} onSaved={(result) => saved(result, true)} />
      )}
      {dialog?.kind === 'secret' && <SecretOnceModal name={dialog.name} secret={dialog.secret} rotated={dialog.rotated} onDismiss={() => setDialog(undefined)} />}
      {dialog?.kind === 'log' && (
        <IntegrationLogModal
          brand={{ ...brand, slug: project.slug }}
          integration={dialog.integration}
          canRetry={canRetry}
          onDismiss={() => setDialog(undefined)}
        />
      )}
      {dialog?.kind === 'test' && <TestResultModal name={dialog.name} result={dialog.result} onDismiss={() => setDialog(undefined)} />}
    </>
  );
};
