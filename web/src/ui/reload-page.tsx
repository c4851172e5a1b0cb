import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { NarrowPage } from './narrow-page';

export type ReloadPageProps = { title: string; body: string; reloadLabel: string };

/** A whole-page dead end whose only way on is a reload (start failed, a page crashed): never a blank screen. */
export const ReloadPage = ({ title, body, reloadLabel }: ReloadPageProps) => (
  <main id="main-content">
    <NarrowPage title={title}>
      <SpaceBetween size="m">
        <Box variant="p">{body}</Box>
        <Button onClick={() => window.location.reload()}>{reloadLabel}</Button>
      </SpaceBetween>
    </NarrowPage>
  </main>
);
