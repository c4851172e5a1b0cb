import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { disable, DISABLE_OPTIONS, enable, siteOf, type DisableOption } from '#shared/extension';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DisabledNotice, ExtensionFrame, SignedOutPanel } from './extension-frame';
import { useBrandChoice } from './use-brand-choice';
import { useExtensionState, type ExtensionState } from './use-extension-state';

const DefaultBrand = ({ state }: { state: ExtensionState }) => {
  const { t } = useTranslation();
  const brands = useBrandChoice(state.settings, state.signedIn);
  const [saved, setSaved] = useState(false);
  const workspaceOptions = brands.workspaces.map((w) => ({ value: w.uid, label: w.name }));
  const projectOptions = brands.projects.map((p) => ({ value: p.uid, label: p.name }));
  const save = async () => {
    if (!state.settings) return;
    await state.saveSettings({ ...state.settings, defaultWorkspaceUid: brands.workspaceId, defaultProjectUid: brands.projectUid });
    setSaved(true);
  };
  return (
    <Container header={<Header variant="h2" description={t('extension.options.defaultBrandDescription')}>{t('extension.options.defaultBrand')}</Header>}>
      <SpaceBetween size="m">
        {workspaceOptions.length > 1 && (
          <FormField label={t('extension.form.workspace')}>
            <Select
              selectedOption={workspaceOptions.find((o) => o.value === brands.workspaceId) ?? null}
              options={workspaceOptions}
              onChange={({ detail }) => {
                setSaved(false);
                if (detail.selectedOption.value) brands.setWorkspaceId(detail.selectedOption.value);
              }}
            />
          </FormField>
        )}
        <FormField label={t('extension.form.brand')}>
          <Select
            selectedOption={projectOptions.find((o) => o.value === brands.projectUid) ?? null}
            options={projectOptions}
            placeholder={t('extension.form.brandPlaceholder')}
            statusType={brands.loading ? 'loading' : 'finished'}
            loadingText={t('extension.loading')}
            empty={t('extension.form.noBrands')}
            onChange={({ detail }) => {
              setSaved(false);
              if (detail.selectedOption.value) brands.setProjectUid(detail.selectedOption.value);
            }}
          />
        </FormField>
        <SpaceBetween size="s" direction="horizontal" alignItems="center">
          <Button onClick={() => void save()} disabled={!brands.projectUid}>
            {t('extension.options.save')}
          </Button>
          {saved && <StatusIndicator type="success">{t('extension.options.saved')}</StatusIndicator>}
        </SpaceBetween>
      </SpaceBetween>
    </Container>
  );
};

const TurnOff = ({ state }: { state: ExtensionState }) => {
  const { t } = useTranslation();
  const [option, setOption] = useState<DisableOption>('minutes');
  const [website, setWebsite] = useState('');
  const [websiteError, setWebsiteError] = useState<string | undefined>();
  const settings = state.settings;
  useEffect(() => setWebsite(siteOf(state.tab?.url) ?? ''), [state.tab?.url]);
  if (!settings) return null;

  // A site rule for the tab's page, or for what was typed (a bare host gets a scheme to be read as an address).
  const turnOff = () => {
    if (option !== 'site') return void state.saveSettings(disable(settings, option, Date.now()));
    const typed = website.trim();
    const site = siteOf(/^https?:\/\//i.test(typed) ? typed : `https://${typed}`);
    if (!typed || !site || !site.includes('.')) return setWebsiteError(t('extension.options.websiteInvalid'));
    setWebsiteError(undefined);
    void state.saveSettings(disable(settings, 'site', Date.now(), `https://${site}`));
  };
  const everywhere = settings.disabledForever || (settings.disabledUntil ?? 0) > Date.now();

  return (
    <Container header={<Header variant="h2">{t('extension.options.turnOffTitle')}</Header>}>
      <SpaceBetween size="l">
        <FormField label={t('extension.options.state')}>
          {everywhere && state.disabled && state.disabled.option !== 'site' ? (
            <DisabledNotice reason={state.disabled} state={state} />
          ) : (
            <StatusIndicator type="success">{t('extension.options.on')}</StatusIndicator>
          )}
        </FormField>
        <FormField label={t('extension.options.turnOffFor')}>
          <RadioGroup
            value={option}
            onChange={({ detail }) => setOption(detail.value as DisableOption)}
            items={DISABLE_OPTIONS.map((value) => ({ value, label: t(`extension.disabled.options.${value}`) }))}
          />
        </FormField>
        {option === 'site' && (
          <FormField label={t('extension.options.website')} description={t('extension.options.websiteHint')} errorText={websiteError}>
            <Input value={website} onChange={({ detail }) => setWebsite(detail.value)} placeholder="example.com" />
          </FormField>
        )}
        <Button onClick={turnOff}>{t('extension.options.turnOffButton')}</Button>
        <FormField label={t('extension.options.offSites')}>
          {settings.disabledSites.length === 0 ? (
            <Box color="text-status-inactive">{t('extension.options.noOffSites')}</Box>
          ) : (
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {settings.disabledSites.map((site) => (
                <li key={site}>
                  <SpaceBetween size="xs" direction="horizontal" alignItems="center">
                    <span>{site}</span>
                    <Button variant="inline-link" ariaLabel={`${t('extension.disabled.turnOn')} ${site}`} onClick={() => void state.saveSettings(enable(settings, site))}>
                      {t('extension.disabled.turnOn')}
                    </Button>
                  </SpaceBetween>
                </li>
              ))}
            </ul>
          )}
        </FormField>
      </SpaceBetween>
    </Container>
  );
};

/** /bex/options: sign-in state, default brand, and turning the extension off (spec 9). */
export const OptionsPage = () => {
  const { t } = useTranslation();
  const state = useExtensionState();
  return (
    <ExtensionFrame title={t('extension.options.title')} state={state} needsSession={false}>
      {state.signedIn ? (
        <Container header={<Header variant="h2">{t('extension.options.account')}</Header>}>
          <SpaceBetween size="xs">
            <StatusIndicator type="success">
              {state.email ? t('extension.options.signedInAs', { email: state.email }) : t('extension.options.signedInAsUnknown')}
            </StatusIndicator>
            <Box color="text-body-secondary">{t('extension.options.signOutHint')}</Box>
          </SpaceBetween>
        </Container>
      ) : (
        <SignedOutPanel />
      )}
      {state.signedIn && <DefaultBrand state={state} />}
      <TurnOff state={state} />
      <Box color="text-body-secondary" fontSize="body-s">
        {t('extension.options.version', { version: String(state.versions.current) })}
      </Box>
    </ExtensionFrame>
  );
};
