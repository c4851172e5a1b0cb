import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { enable, siteOf, type DisabledReason } from '#shared/extension';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../ui/use-page-title';
import { useHost } from './host';
import type { ExtensionState } from './use-extension-state';

/** The extension's address for "must be updated": the app shows the install steps (spec 2, start parameters). */
export const OUTDATED_PATH = '/dashboard?extension_outdated=true';

export const SignedOutPanel = () => {
  const { t } = useTranslation();
  const host = useHost();
  return (
    <Container header={<Header variant="h2">{t('extension.signedOut.title')}</Header>}>
      <SpaceBetween size="m">
        <Box>{t('extension.signedOut.body')}</Box>
        <Button variant="primary" onClick={() => host.openApp('/signin?origin=bex')}>
          {t('extension.signedOut.action')}
        </Button>
      </SpaceBetween>
    </Container>
  );
};

export const DisabledNotice = ({ reason, state }: { reason: DisabledReason; state: ExtensionState }) => {
  const { t } = useTranslation();
  const message =
    reason.option === 'forever'
      ? t('extension.disabled.forever')
      : reason.option === 'minutes'
        ? t('extension.disabled.minutes', { time: new Date(reason.until ?? 0).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) })
        : t('extension.disabled.site', { site: reason.site ?? '' });
  const turnOn = () => {
    if (!state.settings) return;
    const site = reason.option === 'site' ? (reason.site ?? siteOf(state.tab?.url) ?? undefined) : undefined;
    void state.saveSettings(enable(state.settings, site));
  };
  return (
    <Alert type="info" action={<Button onClick={turnOn}>{t('extension.disabled.turnOn')}</Button>}>
      {message}
    </Alert>
  );
};

/**
 * Every extension page: its heading, then what stops it (loading, signed out, an outdated extension) or its content.
 * `needsSession: false` for pages that work signed out (options shows the sign-in state itself).
 */
export const ExtensionFrame = ({
  title,
  state,
  children,
  needsSession = true,
  actions,
}: {
  title: string;
  state: ExtensionState;
  children: ReactNode;
  needsSession?: boolean;
  actions?: ReactNode;
}) => {
  const { t } = useTranslation();
  const host = useHost();
  usePageTitle(title);
  return (
    // A popup is narrow anyway; in a tab (options, the app's /bex routes) the form keeps a readable width.
    <div style={{ maxWidth: 760 }}>
    <SpaceBetween size="m">
      <Header variant="h1" actions={actions}>
        {title}
      </Header>
      {state.outdated && (
        <Alert
          type="warning"
          header={t('extension.outdated.title')}
          action={<Button onClick={() => host.openApp(OUTDATED_PATH)}>{t('extension.outdated.action')}</Button>}
        >
          {t('extension.outdated.body', { required: String(state.versions.required), current: String(state.versions.current) })}
        </Alert>
      )}
      {!state.ready ? (
        <Box textAlign="center">
          <Spinner size="large" /> <Box variant="span">{t('extension.loading')}</Box>
        </Box>
      ) : needsSession && !state.signedIn ? (
        <SignedOutPanel />
      ) : (
        children
      )}
    </SpaceBetween>
    </div>
  );
};
