/** Where first-time users land after their first workspace, and where the dashboard's card leads. */
export const ONBOARDING_PATH = '/onboarding';
