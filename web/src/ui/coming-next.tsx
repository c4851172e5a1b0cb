import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';

export type ComingNextProps = {
  title: string;
  body: string;
  action?: ReactNode;
};

/** An honest page for a route whose feature is not built yet: it says what will be here, and nothing more. */
export const ComingNext = ({ title, body, action }: ComingNextProps) => (
  <ContentLayout header={<Header variant="h1">{title}</Header>}>
    <Container>
      <SpaceBetween size="m">
        <Box variant="p">{body}</Box>
        {action}
      </SpaceBetween>
    </Container>
  </ContentLayout>
);
