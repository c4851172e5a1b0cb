/** Where Enterprise enquiries go ('Get in touch'); set per build with VITE_SALES_EMAIL. */
export const contact = {
  salesEmail: import.meta.env.VITE_SALES_EMAIL || 'sales@brandslate.example',
} as const;
