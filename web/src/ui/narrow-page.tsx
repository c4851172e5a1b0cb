import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import type { ReactNode } from 'react';

export type NarrowPageProps = {
  title: string;
  description?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
};

/** A single narrow card with the page's h1, for auth and invite pages. */
export const NarrowPage = ({ title, description, footer, children }: NarrowPageProps) => (
  <div style={{ maxWidth: 480, margin: '0 auto', padding: '32px 16px' }}>
    <Container header={<Header variant="h1" description={description}>{title}</Header>} footer={footer}>
      {children}
    </Container>
  </div>
);
