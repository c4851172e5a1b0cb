import { disabledReason, type DisabledReason, type ExtensionSettings } from '#shared/extension';
import { useCallback, useEffect, useState } from 'react';
import { useHost, type TabInfo } from './host';

export type ExtensionState = {
  ready: boolean;
  signedIn: boolean;
  email: string | null;
  settings: ExtensionSettings | null;
  tab: TabInfo | null;
  versions: { current: number; required: number | null };
  outdated: boolean;
  /** Why the extension is off for the current tab, or null. */
  disabled: DisabledReason | null;
  saveSettings: (settings: ExtensionSettings) => Promise<void>;
};

/** What every extension page starts from: the session, the settings, the tab, and whether the extension is off. */
export const useExtensionState = (): ExtensionState => {
  const host = useHost();
  const [state, setState] = useState<Omit<ExtensionState, 'saveSettings' | 'disabled' | 'outdated'>>({
    ready: false,
    signedIn: false,
    email: null,
    settings: null,
    tab: null,
    versions: { current: 0, required: null },
  });

  const load = useCallback(async () => {
    const [signedIn, email, settings, tab, versions] = await Promise.all([
      host.signedIn(),
      host.email(),
      host.readSettings(),
      host.currentTab(),
      host.versions(),
    ]);
    setState({ ready: true, signedIn, email, settings, tab, versions });
  }, [host]);

  useEffect(() => {
    void load();
    return host.onSessionChange(() => void load());
  }, [host, load]);

  const saveSettings = useCallback(
    async (settings: ExtensionSettings) => {
      await host.writeSettings(settings);
      setState((current) => ({ ...current, settings }));
    },
    [host],
  );

  const { versions } = state;
  return {
    ...state,
    outdated: versions.required !== null && versions.current < versions.required,
    disabled: state.settings ? disabledReason(state.settings, state.tab?.url, Date.now()) : null,
    saveSettings,
  };
};
