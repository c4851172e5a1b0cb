/// <reference types="vite/client" />

// An interface, not a type: it must merge with Vite's own ImportMetaEnv.
interface ImportMetaEnv {
  /** 'off' disables the time-entry polling (one white-label variant ships without it). */
  readonly VITE_TIME_ENTRIES_POLLING?: string;
  /** The address of the Enterprise plan's 'Get in touch' link. */
  readonly VITE_SALES_EMAIL?: string;
}
