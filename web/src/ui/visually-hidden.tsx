import type { CSSProperties, ReactNode } from 'react';

/** Hides content visually while keeping it for screen readers. */
export const visuallyHiddenStyle: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** Text for screen readers only. */
export const VisuallyHidden = ({ children }: { children: ReactNode }) => <span style={visuallyHiddenStyle}>{children}</span>;
