import Alert from '@cloudscape-design/components/alert';
import type { ReactNode } from 'react';

export type FormAlertProps = { iconLabel: string; children: ReactNode };

/**
 * A form-level error (the server or the identity provider said no). Unlike Form's errorText, the message is in
 * the page once (no hidden copy), and role="alert" still has screen readers announce it when it appears.
 */
export const FormAlert = ({ iconLabel, children }: FormAlertProps) => (
  <div role="alert">
    <Alert type="error" statusIconAriaLabel={iconLabel}>
      {children}
    </Alert>
  </div>
);
