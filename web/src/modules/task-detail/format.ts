import { DATE_FORMAT } from '#shared/constants';
import { format, isValid, parseISO } from 'date-fns';

/** A moment as the app shows it: the app's date format and the local time, "03/05/2026 14:30". */
export const formatDateTime = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const date = parseISO(iso);
  return isValid(date) ? format(date, `${DATE_FORMAT} HH:mm`) : '';
};
