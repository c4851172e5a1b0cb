import Box from '@cloudscape-design/components/box';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { visuallyHiddenStyle } from './visually-hidden';

export type PageLoaderProps = {
  label: string;
  /** The whole page is loading: give the page its (visually hidden) h1 meanwhile. */
  heading?: boolean;
};

/** A centred loading state for a page or a section, announced to screen readers. */
export const PageLoader = ({ label, heading = false }: PageLoaderProps) => (
  <Box textAlign="center" padding={{ vertical: 'xxl' }}>
    {heading && <h1 style={visuallyHiddenStyle}>{label}</h1>}
    <div role="status">
      <StatusIndicator type="loading">{label}</StatusIndicator>
    </div>
  </Box>
);
