import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Project } from '#shared/schemas/project';
import type { TryResult } from '#shared/schemas/try';
import { slugify } from '#shared/slugify';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n';
import { contentItemCalls, contentKeys } from '../../content/content-service';
import { brandVoiceFromDraft } from '../../generation/generation-drafts';
import { notify } from '../../notifications/notification-store';
import { createProject } from '../../projects/project-service';
import { clearTryResult } from '../../try/try-storage';

/**
 * The brand a visitor tried before signing up, offered as the workspace's first brand: created with its name, and
 * the generated voice (its source the website) as its first brand voice, through the content store's routes. A
 * brand made but a voice refused is not made again on retry: only the voice is sent then.
 */
export const TryBrandCard = ({ workspaceId, result, onDone }: { workspaceId: string; result: TryResult; onDone: (project?: Project) => void }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [made, setMade] = useState<Project | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const brand = result.brand_name;

  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      const project = made ?? (await createProject(workspaceId, { name: brand, slug: slugify(brand) || 'brand', shopify_site: null, phase: 'active' }));
      setMade(project);
      const voice = brandVoiceFromDraft({ ...result.voice, source: { kind: 'website', url: result.url } });
      await contentItemCalls(workspaceId, project.uid, 'brand-voices').create(voice);
      void queryClient.invalidateQueries({ queryKey: contentKeys.items(project.uid, 'brand-voices') });
      clearTryResult();
      notify.positive(t('onboarding.tryBrandCreated', { brand: project.name }));
      onDone(project);
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container header={<Header variant="h2">{t('onboarding.tryBrandTitle', { brand })}</Header>}>
      <SpaceBetween size="m">
        <Box variant="p">{t('onboarding.tryBrandDescription', { url: result.url, voice: result.voice.name })}</Box>
        {error && (
          <Alert type="error" statusIconAriaLabel={t('notifications.error')}>
            {error}
          </Alert>
        )}
        <SpaceBetween direction="horizontal" size="xs">
          <Button variant="primary" loading={busy} onClick={() => void create()}>
            {t('onboarding.createTryBrand', { brand })}
          </Button>
          <Button
            variant="link"
            disabled={busy}
            onClick={() => {
              clearTryResult();
              onDone(made ?? undefined);
            }}
          >
            {t('onboarding.forget')}
          </Button>
        </SpaceBetween>
      </SpaceBetween>
    </Container>
  );
};
