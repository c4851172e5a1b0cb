import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { CONTENT_LIMITS } from '#shared/schemas/content';
import { MAX_VOICE_POSTS, type BrandVoiceDraft, type GenerationMeta } from '#shared/schemas/generation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { errorText } from '../../../i18n';
import { SyncedPostsPicker } from '../../connections/components/synced-posts-picker';
import { useContentItemMutations } from '../../content/content-service';
import { useGenerateBrandVoice } from '../generation-api';
import { brandVoiceFromDraft, draftShown } from '../generation-drafts';
import { FieldFeedback } from './field-feedback';
import { GenerationMetaLine } from './generation-meta';
import { PostListField } from './post-list-field';

export type BrandVoiceGeneratorProps = { workspaceId: string; projectId: string };

type Source = 'website' | 'social';

/** The error of one field of the request (a 400 naming it), else undefined. */
const fieldError = (error: unknown, field: string) => (isApiError(error) && error.field?.split('.')[0] === field ? errorText(error) : undefined);

/**
 * "Generate a brand voice" on the Brand Voice page: from the brand's website or from up to 4 of its posts. The
 * result is a draft the user edits and saves as a brand voice (the content routes' create), or discards.
 */
export const BrandVoiceGenerator = ({ workspaceId, projectId }: BrandVoiceGeneratorProps) => {
  const { t } = useTranslation();
  const [source, setSource] = useState<Source>('website');
  const [url, setUrl] = useState('');
  const [handle, setHandle] = useState('');
  const [posts, setPosts] = useState<string[]>(['']);
  const [draft, setDraft] = useState<BrandVoiceDraft | null>(null);
  const [meta, setMeta] = useState<GenerationMeta | null>(null);
  const [savedName, setSavedName] = useState<string | null>(null);
  const generate = useGenerateBrandVoice({ workspaceId, projectId });
  const { create } = useContentItemMutations(workspaceId, projectId, 'brand-voices');

  const run = () => {
    setSavedName(null);
    const body = source === 'website' ? { source, url: url.trim() } : { source, handle: handle.trim(), posts: posts.map((p) => p.trim()).filter(Boolean) };
    generate.mutate(body, {
      onSuccess: (result) => {
        setDraft(draftShown(result.draft));
        setMeta(result.meta);
      },
    });
  };
  const save = () => {
    if (!draft) return;
    create.mutate(brandVoiceFromDraft(draft), {
      onSuccess: (saved) => {
        setSavedName(saved.name);
        setDraft(null);
      },
    });
  };
  const generalError = generate.error && !fieldError(generate.error, 'url') && !fieldError(generate.error, 'posts') && !fieldError(generate.error, 'handle') ? errorText(generate.error) : undefined;

  return (
    <Container>
      <ExpandableSection headerText={t('generation.voice.title')} headerDescription={t('generation.voice.description', { max: MAX_VOICE_POSTS })} variant="default" defaultExpanded>
        <SpaceBetween size="m">
          <FormField label={t('generation.voice.source')}>
            <SegmentedControl
              selectedId={source}
              label={t('generation.voice.source')}
              options={[
                { id: 'website', text: t('generation.voice.website') },
                { id: 'social', text: t('generation.voice.social') },
              ]}
              onChange={({ detail }) => setSource(detail.selectedId as Source)}
            />
          </FormField>
          {source === 'website' ? (
            <FormField label={t('generation.voice.url')} description={t('generation.voice.urlHint')} errorText={fieldError(generate.error, 'url')}>
              <Input type="url" inputMode="url" value={url} onChange={({ detail }) => setUrl(detail.value)} />
            </FormField>
          ) : (
            <SpaceBetween size="s">
              <SyncedPostsPicker
                workspaceId={workspaceId}
                projectId={projectId}
                onPick={(picked) => {
                  setHandle(picked.handle);
                  setPosts(picked.posts);
                }}
              />
              <FormField label={t('generation.voice.handle')} errorText={fieldError(generate.error, 'handle')}>
                <Input value={handle} placeholder="@brand" onChange={({ detail }) => setHandle(detail.value)} />
              </FormField>
              <PostListField
                label={t('generation.voice.examples')}
                description={t('generation.voice.postsLimit', { max: MAX_VOICE_POSTS })}
                errorText={fieldError(generate.error, 'posts')}
                posts={posts}
                onChange={setPosts}
                itemLabel={(n) => t('generation.voice.post', { n })}
                removeLabel={(n) => t('generation.voice.removePost', { n })}
                addLabel={t('generation.voice.addPost')}
                keepOne
              />
            </SpaceBetween>
          )}
          <Box>
            <Button variant="primary" loading={generate.isPending} onClick={run}>
              {generate.isPending ? t('generation.voice.generating') : t('generation.voice.generate')}
            </Button>
          </Box>
          {generalError && <Alert type="error">{generalError}</Alert>}
          {savedName && <Alert type="success">{t('generation.voice.saved', { name: savedName })}</Alert>}
          {draft && meta && (
            <Container>
              <SpaceBetween size="s">
                <Box variant="h2">{t('generation.voice.draft')}</Box>
                <GenerationMetaLine meta={meta} />
                <FormField label={t('generation.voice.name')}>
                  <Input value={draft.name} onChange={({ detail }) => setDraft({ ...draft, name: detail.value.slice(0, CONTENT_LIMITS.itemName) })} />
                </FormField>
                <FormField label={t('generation.voice.voiceDescription')}>
                  <Textarea value={draft.description} rows={4} onChange={({ detail }) => setDraft({ ...draft, description: detail.value.slice(0, CONTENT_LIMITS.description) })} />
                </FormField>
                <FormField label={t('generation.voice.traits')}>
                  <Input value={draft.traits.join(', ')} onChange={({ detail }) => setDraft({ ...draft, traits: detail.value.split(',').map((s) => s.trimStart()) })} />
                </FormField>
                <PostListField
                  label={t('generation.voice.examples')}
                  description={t('generation.voice.postsLimit', { max: MAX_VOICE_POSTS })}
                  posts={draft.example_posts}
                  onChange={(example_posts) => setDraft({ ...draft, example_posts })}
                  itemLabel={(n) => t('generation.voice.draftPost', { n })}
                  removeLabel={(n) => t('generation.voice.removeDraftPost', { n })}
                  addLabel={t('generation.voice.addDraftPost')}
                  emptyText={t('generation.voice.noDraftPosts')}
                />
                {create.error && <Alert type="error">{errorText(create.error)}</Alert>}
                <SpaceBetween direction="horizontal" size="xs">
                  <Button variant="primary" loading={create.isPending} disabled={!draft.name.trim()} onClick={save}>
                    {t('generation.voice.save')}
                  </Button>
                  <Button onClick={() => setDraft(null)}>{t('generation.voice.discard')}</Button>
                </SpaceBetween>
                <FieldFeedback projectId={projectId} field="brand_voice" />
              </SpaceBetween>
            </Container>
          )}
        </SpaceBetween>
      </ExpandableSection>
    </Container>
  );
};
