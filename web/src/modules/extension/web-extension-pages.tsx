import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { BexRoutes } from './bex-routes';
import { HostContext } from './host';
import { createWebHost } from './web-host';

/** The /bex/* routes of the SPA: the extension's pages in a normal tab, on the app's own session. */
export const WebExtensionPages = () => {
  const navigate = useNavigate();
  const host = useMemo(() => createWebHost((path) => void navigate(path)), [navigate]);
  return (
    <HostContext.Provider value={host}>
      <BexRoutes />
    </HostContext.Provider>
  );
};
