/**
 * How every browser run here launches Debian's Chromium (never a downloaded browser): the e2e config and the
 * kanban bench both use this. Only 127.0.0.1 resolves, so nothing reaches the internet.
 */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-features=AutofillServerCommunication',
    '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
  ],
};
