import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { FormAlert } from './form-alert';

/** A form-level error needs a label for its icon; a form that never shows one passes neither. */
type SubmitFormErrorProps =
  | { error?: undefined; errorIconLabel?: undefined }
  | {
      /** Shown under the fields in a FormAlert while set. */
      error: string | undefined;
      errorIconLabel: string;
    };

export type SubmitFormProps = SubmitFormErrorProps & {
  submitLabel: string;
  loading: boolean;
  onSubmit: () => void | Promise<void>;
  /** Buttons left of the submit button; give them formAction="none" so they do not submit. */
  secondaryActions?: ReactNode;
  /** A link button left of the submit button that leaves without submitting. */
  cancel?: { label: string; onCancel: () => void };
  /** The fields, spaced apart: pass them side by side, not in a fragment (React 19 keeps a fragment as one item). */
  children: ReactNode;
};

/**
 * A real <form> (Enter submits, password managers see it) around Cloudscape's Form. noValidate: the fields show
 * our own messages, not the browser's bubbles.
 */
export const SubmitForm = ({
  submitLabel,
  loading,
  onSubmit,
  secondaryActions,
  cancel,
  error,
  errorIconLabel,
  children,
}: SubmitFormProps) => {
  const cancelButton = cancel && (
    <Button formAction="none" variant="link" onClick={cancel.onCancel}>
      {cancel.label}
    </Button>
  );
  const others = secondaryActions || cancelButton;
  const submitButton = (
    <Button variant="primary" formAction="submit" loading={loading}>
      {submitLabel}
    </Button>
  );
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <Form
        actions={
          others ? (
            <SpaceBetween direction="horizontal" size="xs">
              {secondaryActions}
              {cancelButton}
              {submitButton}
            </SpaceBetween>
          ) : (
            submitButton
          )
        }
      >
        <SpaceBetween size="l">
          {children}
          {error && errorIconLabel && <FormAlert iconLabel={errorIconLabel}>{error}</FormAlert>}
        </SpaceBetween>
      </Form>
    </form>
  );
};
