import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import Container from '@cloudscape-design/components/container';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { disable, DISABLE_OPTIONS, siteOf, type DisableOption } from '#shared/extension';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DisabledNotice, ExtensionFrame } from './extension-frame';
import { ScreenshotUnavailable, useHost } from './host';
import { PageTaskForm, type ScreenshotState } from './page-task-form';
import { useExtensionState, type ExtensionState } from './use-extension-state';

/** The tab's own address with the pages' query (?tab=…, ?url=…) kept, so children act on the same tab. */
const withSearch = (path: string) => `${path}${window.location.search}`;

const TurnOffMenu = ({ state }: { state: ExtensionState }) => {
  const { t } = useTranslation();
  const site = siteOf(state.tab?.url);
  const items = DISABLE_OPTIONS.filter((option) => option !== 'site' || site).map((option) => ({
    id: option,
    text: t(`extension.disabled.options.${option}`),
  }));
  return (
    <ButtonDropdown
      items={items}
      onItemClick={({ detail }) => state.settings && void state.saveSettings(disable(state.settings, detail.id as DisableOption, Date.now(), state.tab?.url))}
    >
      {t('extension.popup.turnOff')}
    </ButtonDropdown>
  );
};

/** /bex/popup: the current tab and what to do with it. */
export const PopupPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const host = useHost();
  const state = useExtensionState();
  return (
    <ExtensionFrame title={t('extension.popup.title')} state={state} actions={state.signedIn && !state.disabled ? <TurnOffMenu state={state} /> : undefined}>
      {state.disabled ? (
        <DisabledNotice reason={state.disabled} state={state} />
      ) : (
        <Container>
          <SpaceBetween size="m">
            {state.tab ? (
              <div>
                <Box variant="awsui-key-label">{t('extension.popup.currentPage')}</Box>
                <Box fontWeight="bold">{state.tab.title}</Box>
                <Box color="text-body-secondary" fontSize="body-s">
                  <span style={{ wordBreak: 'break-all' }}>{state.tab.url}</span>
                </Box>
              </div>
            ) : (
              <Box>{t('extension.popup.noPage')}</Box>
            )}
            <SpaceBetween size="xs" direction="horizontal">
              <Button variant="primary" disabled={!state.tab} onClick={() => navigate(withSearch('/bex/popup/new-ticket'))}>
                {t('extension.popup.newTask')}
              </Button>
              <Button disabled={!state.tab} onClick={() => host.openRecorder()}>
                {t('extension.popup.record')}
              </Button>
            </SpaceBetween>
          </SpaceBetween>
        </Container>
      )}
      {host.kind === 'extension' && (
        <Button variant="link" onClick={() => navigate('/bex/options')}>
          {t('extension.popup.options')}
        </Button>
      )}
    </ExtensionFrame>
  );
};

/** /bex/popup/new-ticket: the new-task form for the current tab, with its address, title and a screenshot. */
export const NewTicketPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const host = useHost();
  const state = useExtensionState();
  const [screenshot, setScreenshot] = useState<ScreenshotState>({ status: 'none' });
  const tab = state.tab;

  useEffect(() => {
    if (!tab || !state.signedIn || state.disabled) return;
    let live = true;
    setScreenshot({ status: 'loading' });
    host
      .captureScreenshot(tab)
      .then((blob) => live && setScreenshot({ status: 'ready', blob }))
      .catch((error: unknown) => {
        if (!live) return;
        const reason =
          error instanceof ScreenshotUnavailable && error.needsToolbar ? t('extension.form.screenshotNeedsToolbar') : error instanceof Error ? error.message : String(error);
        setScreenshot({ status: 'unavailable', reason });
      });
    return () => {
      live = false;
    };
    // The tab is read once per page; its identity is what matters.
  }, [host, tab?.url, tab?.tabId, state.signedIn, Boolean(state.disabled)]);

  return (
    <ExtensionFrame title={t('extension.form.newTicketTitle')} state={state}>
      {state.disabled ? (
        <DisabledNotice reason={state.disabled} state={state} />
      ) : !tab ? (
        <Box>{t('extension.popup.noPage')}</Box>
      ) : (
        <PageTaskForm
          state={state}
          source="extension"
          page={tab}
          initialSummary={tab.title.slice(0, 200)}
          initialOverview={tab.url}
          screenshot={screenshot}
          onBack={() => navigate(withSearch('/bex/popup'))}
        />
      )}
    </ExtensionFrame>
  );
};
