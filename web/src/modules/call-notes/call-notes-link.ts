/** ?add=call-notes on a brand's tasks page opens "Add call notes" (the brand home links there). */
export const ADD_PARAM = 'add';
export const CALL_NOTES_VALUE = 'call-notes';
export const CALL_NOTES_PARAM = `${ADD_PARAM}=${CALL_NOTES_VALUE}`;
