import { useState } from 'react';
import type { UpdateContentSettingsBody } from '#shared/schemas/content';
import { errorText } from '../../i18n';
import { isApiError } from '../../api/client';
import { MISSING_CONTEXT, MissingContextError, useSaveContentSettings } from './content-service';

/**
 * What the user is told about a failed change of the strategy: the missing context, a refused input in the server's
 * own words (they name the field and the rule), anything else in the catalogue's.
 */
export const contentErrorText = (caught: unknown) =>
  caught instanceof MissingContextError ? MISSING_CONTEXT : isApiError(caught) && caught.code === 'bad_request' ? caught.message : errorText(caught);

/**
 * A settings page's save: sends its group, keeps the form-level error and the field the server named (a 400 names
 * it), and answers whether it saved, for the wizard to move on or stay.
 */
export const useSettingsSave = (workspaceId: string | undefined, projectId: string | undefined) => {
  const mutation = useSaveContentSettings(workspaceId, projectId);
  const [error, setError] = useState<{ text: string; field: string | undefined }>();
  const save = async (body: UpdateContentSettingsBody) => {
    setError(undefined);
    try {
      await mutation.mutateAsync(body);
      return true;
    } catch (caught) {
      setError({ text: contentErrorText(caught), field: isApiError(caught) ? caught.field : undefined });
      return false;
    }
  };
  return { save, saving: mutation.isPending, error: error?.text, errorField: error?.field };
};
