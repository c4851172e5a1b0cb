import { DATE_FORMAT } from '#shared/constants';
import { format, isValid, parseISO } from 'date-fns';

/** An ISO date as the app shows dates (DATE_FORMAT, MM/dd/yyyy); '' for a missing or broken value. */
export const formatDate = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const date = parseISO(iso);
  return isValid(date) ? format(date, DATE_FORMAT) : '';
};
