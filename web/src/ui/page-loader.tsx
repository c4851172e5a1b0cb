import Box from '@cloudscape-design/components/box';
import StatusIndicator from '@cloudscape-design/components/status-indicator';

export type PageLoaderProps = { label: string };

/** A centred loading state for a page or a section, announced to screen readers. */
export const PageLoader = ({ label }: PageLoaderProps) => (
  <Box textAlign="center" padding={{ vertical: 'xxl' }}>
    <div role="status">
      <StatusIndicator type="loading">{label}</StatusIndicator>
    </div>
  </Box>
);
