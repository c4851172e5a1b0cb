/**
 * The error catalogue: every key a client can receive as `{ code, message }`, with its HTTP status and the
 * English text. The SPA's i18n resources are built from this object, so a message is written once, here.
 */
export const errorCatalogue = {
  // generic
  bad_request: { status: 400, message: 'The request is not valid.' },
  unauthorized: { status: 401, message: 'You are not authorized to access this resource.' },
  forbidden: { status: 403, message: 'You do not have access to this resource.' },
  not_found: { status: 404, message: 'We could not find what you were looking for.' },
  internal_error: { status: 500, message: 'Something went wrong on our end. Please try again later.' },
  /** Writes kept colliding with others' until the retries ran out (functions/lib/retry.ts). */
  service_busy: { status: 503, message: 'Many changes are being made right now. Please try again in a moment.' },
  /** The stage's VAPID keys are not in its secret yet (README runbook): the app simply offers no push. */
  push_not_configured: { status: 503, message: 'Push notifications are not set up on this server yet.' },
  /** A create retried with the same Idempotency-Key but another request (functions/lib/middleware/idempotency.ts). */
  idempotency_key_reused: { status: 422, message: 'This Idempotency-Key was already used for a different request.' },
  /** A create retried with the same Idempotency-Key while the first one is still running. */
  idempotency_in_progress: { status: 409, message: 'A request with this Idempotency-Key is still being processed. Please try again in a moment.' },

  // auth (client-side keys, mapped from Cognito errors)
  'auth/user-not-found': { status: 401, message: 'The email or password you entered is incorrect.' },
  'auth/wrong-password': { status: 401, message: 'The email or password you entered is incorrect.' },
  'auth/email-already-in-use': { status: 409, message: 'An account with this email already exists. Sign in instead.' },
  'auth/user-not-confirmed': { status: 403, message: 'Please confirm your email address before signing in.' },
  'auth/invalid-code': { status: 400, message: 'The code is incorrect or has expired. Request a new one and try again.' },
  'auth/invalid-password': {
    status: 400,
    message: 'Passwords need at least 8 characters, with upper and lower case letters, a number and a symbol.',
  },
  'auth/too-many-requests': { status: 429, message: 'Too many attempts. Please wait a moment and try again.' },

  // workspaces and team
  company_account_not_found: { status: 404, message: 'This workspace does not exist or you are not part of it.' },
  workspace_delete_own: { status: 403, message: 'You can only delete the workspaces you own.' },
  workspace_min_one: { status: 409, message: 'You must have at least 1 admin on this workspace.' },
  workspace_last_user: { status: 409, message: 'The last user of a workspace cannot be removed.' },
  workspace_no_delete: { status: 409, message: 'You cannot delete the only workspace you own.' },
  workspace_edit_user_failure: { status: 409, message: 'This user cannot be edited.' },
  workspace_no_subscription: { status: 402, message: 'This workspace has no subscription.' },
  workspace_inactive: {
    status: 402,
    message: 'This workspace is locked because its trial or subscription has ended. An admin can choose a plan to unlock it.',
  },
  team_full: { status: 402, message: 'Your team is full. Please upgrade your plan to add more members.' },
  seats_exceed_plan: {
    status: 400,
    message: 'You have reached the maximum available seats on your plan. Please select less users or upgrade your plan.',
  },
  email_not_verified: { status: 403, message: 'Email must be verified' },
  user_exists: { status: 409, message: 'This user already exists.' },
  user_not_in_project: { status: 403, message: 'This user is not a member of the project.' },

  // projects (brands)
  project_not_found: { status: 404, message: 'This brand does not exist in this workspace.' },
  project_slug_taken: { status: 409, message: 'A brand with this address already exists in this workspace.' },
  project_admin_required: { status: 403, message: 'Only a project admin can do this.' },

  // invites
  invite_not_found: { status: 404, message: 'This invite does not exist or was withdrawn.' },
  invite_expired: { status: 410, message: 'This invite has expired. Ask your workspace admin for a new one.' },
  invite_wrong_account: {
    status: 403,
    message: 'This invite was sent to another email address. Sign in with that address to join.',
  },
  user_already_invited: { status: 409, message: 'This person already has a pending invite to this workspace.' },
  user_already_in_workspace: { status: 409, message: 'This person is already a member of this workspace.' },

  // billing
  subscription_does_not_match: { status: 409, message: 'This subscription does not belong to this workspace.' },
  subscription_not_active: { status: 402, message: 'The subscription is not active.' },
  subscription_not_found: { status: 404, message: 'We could not find this subscription.' },
  webhook_signature_invalid: { status: 400, message: 'The webhook signature is not valid.' },

  // tasks and integrations
  task_not_found: { status: 404, message: 'This task does not exist or was deleted.' },
  task_transition_refused: { status: 409, message: 'A task cannot move to this status from its current one.' },
  task_changed: { status: 409, message: 'This task was changed by someone else meanwhile. Reload it and try again.' },
  task_not_in_review: { status: 409, message: 'This task is not waiting for review any more.' },
  review_link_not_found: { status: 404, message: 'This review link does not exist or was withdrawn.' },
  review_task_not_ready: { status: 409, message: 'Only tasks waiting for approval or in review can be shared for review together.' },
  assignee_not_in_project: { status: 400, message: 'The assignee must be a member of the workspace with access to this brand.' },
  comment_empty: { status: 400, message: 'A comment needs text, an attachment or an audio recording.' },
  comment_not_found: { status: 404, message: 'This comment does not exist or was deleted.' },
  comment_not_yours: { status: 403, message: 'You can only delete your own comments.' },
  mention_invalid: { status: 400, message: 'You can only mention members of the workspace who can open this task.' },
  mention_too_many: { status: 400, message: 'A comment can mention at most 20 people.' },
  attachment_too_large: { status: 400, message: 'Attachments can be at most 5 MB each.' },
  attachment_too_many: { status: 400, message: 'You can attach at most 10 files.' },
  attachment_invalid: { status: 400, message: 'This file was not uploaded, or it is not an allowed type.' },
  time_entry_not_found: { status: 404, message: 'This time entry does not exist or was deleted.' },
  time_entry_not_yours: { status: 403, message: 'You can only change your own time entries.' },
  time_entry_invalid: { status: 400, message: 'A time entry must end after it starts, and not in the future.' },
  time_entry_too_long: { status: 400, message: 'A time entry can last at most 24 hours.' },
  time_entry_too_early: { status: 400, message: 'A time entry cannot start more than a week before its task was created.' },
  timer_already_running: { status: 409, message: 'You already have a timer running on this task. Stop it first.' },
  notification_not_found: { status: 404, message: 'This notification does not exist.' },
  ticket_create_failed: { status: 500, message: 'Failed to create ticket. Please try again.' },
  jira_token_error: { status: 502, message: 'An error occurred while trying to connect to Jira.' },
  jira_error: { status: 502, message: 'An error occurred while trying to connect to Jira.' },
  cant_change_assignee_with_existing_calendar_event: {
    status: 409,
    message: 'The assignee cannot change while the task has a calendar event. Remove the event first.',
  },
  integration_incomplete: { status: 400, message: 'The entered data is incomplete. Please fill in all the required fields.' },
  jira_epic_missing: { status: 400, message: 'A Jira Epic is missing. Please add an epic to your issue.' },
  integration_not_found: { status: 404, message: 'This integration does not exist or was removed.' },
  integration_not_in_project: { status: 400, message: 'This integration does not belong to the task’s brand.' },
  integration_needs_reconnect: { status: 409, message: 'This integration lost its connection. Reconnect it and try again.' },
  integration_limit_reached: { status: 409, message: 'A brand can have at most 20 integrations.' },
  integration_oauth_invalid: { status: 400, message: 'This connection link is invalid or expired. Start connecting again.' },
  integration_oauth_declined: { status: 400, message: 'The connection was not allowed. Nothing was connected.' },
  jira_admin_required: { status: 400, message: 'Jira refused the connection. Connecting Jira may need Jira admin rights.' },
  integration_provider_refused: { status: 400, message: 'The service refused these settings. Check them and try again.' },
  integration_provider_error: { status: 502, message: 'The service did not answer as expected. Nothing was saved; try again in a moment.' },
  integration_not_oauth: { status: 409, message: 'This integration does not connect through the service’s sign-in.' },
  delivery_not_found: { status: 404, message: 'This delivery does not exist or its log has expired.' },
  delivery_in_progress: { status: 409, message: 'This delivery is being sent right now. Try again in a moment.' },
  export_too_large: { status: 400, message: 'This export has more than 10,000 tasks. Narrow the filters and export again.' },
  calendar_feed_not_found: { status: 404, message: 'This calendar feed does not exist or was revoked.' },
  saved_view_not_found: { status: 404, message: 'This saved view does not exist.' },
  saved_view_name_taken: { status: 409, message: 'You already have a saved view with this name.' },
  saved_view_limit: { status: 409, message: 'You can keep up to 50 saved views. Delete one to save another.' },
  content_item_not_found: { status: 404, message: 'This item does not exist in this brand or was deleted.' },
  content_limit_reached: { status: 409, message: 'A brand can keep up to 50 of each: brand voices, assistants, audiences and influences. Delete one to add another.' },
  calendar_update_failed: { status: 502, message: 'We could not update the calendar event.' },
  google_calendar_load_error: { status: 502, message: 'We could not load your Google Calendar.' },
  // Connected accounts (functions/core/connections)
  connection_not_found: { status: 404, message: 'This account is not connected to this brand.' },
  connection_not_social: { status: 400, message: 'Google Drive holds folders, not posts: content pillars and syncs are for Instagram and YouTube.' },
  connection_not_connected: { status: 409, message: 'This account is not connected yet. Finish connecting it first.' },
  connection_needs_reconnect: { status: 409, message: 'This account lost its connection. Reconnect it and try again.' },
  // Google Drive folders (functions/core/drive)
  drive_not_connected: { status: 409, message: 'Google Drive is not connected to this brand. Connect it on the brand’s Google Drive page first.' },
  drive_needs_reconnect: { status: 409, message: 'Google Drive lost its connection to this brand. Reconnect it on the brand’s Google Drive page and try again.' },
  drive_rate_limited: { status: 429, message: 'Google Drive is busy right now. Try again in a minute.' },
  drive_error: { status: 502, message: 'Google Drive did not answer as expected. Try again in a moment.' },

  // AI provider port (functions/lib/ai)
  ai_bad_output: { status: 502, message: 'The AI model did not give a usable answer, twice. Nothing was saved; try again.' },
  ai_timeout: { status: 504, message: 'The AI model took too long to answer. Nothing was saved; try again in a moment.' },
  ai_unavailable: { status: 502, message: 'The AI model could not be reached. Nothing was saved; try again in a moment.' },
  ai_refused: { status: 422, message: 'The AI model declined to answer this request. Change the input and try again.' },
  ai_rate_limited: { status: 429, message: 'Your workspace is generating too fast. Wait a minute and try again.' },
  ai_budget_exhausted: {
    status: 429,
    message: 'Your workspace has used its AI budget for this month. It renews on the 1st; upgrade your plan for more.',
  },
  ai_job_not_found: { status: 404, message: 'This generation does not exist or has expired.' },
  ai_prompt_not_found: { status: 404, message: 'This prompt template does not exist.' },

  // AI generation (functions/core/generation)
  brand_fit_check_required: {
    status: 409,
    message: 'This brand needs a brand-fit check before a post goes to approval. Run Check brand fit first.',
  },
  brand_fit_check_stale: {
    status: 409,
    message: 'This post changed since its last brand-fit check. Run Check brand fit again before sending it to approval.',
  },
  brand_fit_below_minimum: {
    status: 409,
    message: 'This post’s brand-fit score is below the brand’s minimum. Edit it and check brand fit again before sending it to approval.',
  },
  scene_extraction_failed: { status: 502, message: 'We could not extract scenes from this script. Nothing was saved; try again in a moment.' },
  script_extraction_failed: { status: 502, message: 'We could not write a script for this. Nothing was saved; try again in a moment.' },
  generation_failed: { status: 502, message: 'The AI model did not give a usable answer. Nothing was saved; try again in a moment.' },
  site_unreadable: { status: 400, message: 'We could not read this website. Check the address, or use posts from a social account instead.' },
  not_a_post: { status: 400, message: 'This only works on a Post task.' },
  // the public try page (functions/core/try): per source IP, and all visitors together per day
  try_rate_limited: { status: 429, message: 'You have tried this a few times in the last hour. Wait an hour, or sign up free to keep going.' },
  try_daily_limit: { status: 429, message: 'The free try has reached its limit for today. Sign up free to generate in your own workspace, or come back tomorrow.' },

  // social posts (functions/core/posts): a post URL the brand already holds names it (`existing_uid`)
  post_not_found: { status: 404, message: 'This post does not exist or was removed.' },
  post_exists: { status: 409, message: 'This post is already in the brand’s library.' },
  post_fetch_not_found: { status: 422, message: 'We could not find a post at this address.' },
  post_fetch_refused: { status: 422, message: 'This address cannot be fetched: it is not a public web address.' },
  post_fetch_timeout: { status: 422, message: 'The site took too long to answer. Try again later.' },
  post_fetch_not_a_post: { status: 422, message: 'This page is not a post: it has no oEmbed or OpenGraph post details.' },
  post_fetch_too_large: { status: 422, message: 'This page is too large to read.' },

  // screen recordings (functions/core/recordings)
  recording_not_found: { status: 404, message: 'This recording is not available. It may have been deleted or its link revoked.' },
  recording_invalid: { status: 400, message: 'This recording cannot be attached: it must be your own finished recording, not already on a task.' },
  recording_not_owner: { status: 403, message: 'Only the person who recorded it, or a workspace admin, can do this.' },
  recording_not_uploading: { status: 409, message: 'This recording has finished uploading already.' },
  recording_not_ready: { status: 409, message: 'This recording is still uploading. Try again in a moment.' },
  recording_upload_expired: { status: 410, message: 'This recording’s upload was not finished in time and has expired. Record again.' },
  recording_share_limit: { status: 409, message: 'This recording has as many share links as it may have. Revoke one to share it again.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

/** The body of every error response. `field` names the offending input on a 400; `existing_uid` the item a 409 duplicate found. */
export type ErrorBody = { code: ErrorCode; message: string; field?: string; existing_uid?: string };

export const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && Object.hasOwn(errorCatalogue, code);
