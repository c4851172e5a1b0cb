/** Main-layout pages a locked workspace's members may still open (spec 4): all others go to /expired. */
export const LOCKDOWN_EXEMPT_PATHS: readonly string[] = ['/expired', '/billing', '/profile', '/my-invites'];
