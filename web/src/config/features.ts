/** Build-time switches. The white-label variant that must not poll time entries builds with VITE_TIME_ENTRIES_POLLING=off. */
export const features = {
  timeEntriesPolling: import.meta.env.VITE_TIME_ENTRIES_POLLING !== 'off',
} as const;
