import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQuery } from '@tanstack/react-query';
import { SOCIAL_CONNECTION_TYPES, type SocialConnectionType } from '#shared/schemas/connections';
import { MAX_VOICE_POSTS } from '#shared/schemas/generation';
import type { Post } from '#shared/schemas/posts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { formatDate } from '../../../ui/format-date';
import { connectionKeys, listConnections, type Brand } from '../connection-service';
import { connectionOf } from '../internal/connection-view';
import { sampleOf, voiceHandle } from '../internal/voice-samples';

/** How many of the account's newest posts are offered. */
const OFFERED = 30;

export type PickedPosts = { handle: string; posts: string[] };
export type SyncedPostsPickerProps = { workspaceId: string; projectId: string; onPick: (picked: PickedPosts) => void };

/** The account's newest synced posts that have a caption (a voice is read from words). */
const useSyncedPosts = (brand: Brand, type: SocialConnectionType | undefined) =>
  useQuery({
    queryKey: ['posts', brand.workspaceId, brand.projectId, 'synced', type ?? ''],
    queryFn: async ({ signal }) => {
      const page = await api.call('listPosts', { params: brand, query: { platform: type, limit: String(OFFERED) }, signal, notify: false });
      return page.items.filter((post) => post.source === 'sync' && sampleOf(post) !== '');
    },
    enabled: !!type,
  });

const PickerModal = ({ brand, type, username, onPick, onClose }: { brand: Brand; type: SocialConnectionType; username: string; onPick: (picked: PickedPosts) => void; onClose: () => void }) => {
  const { t } = useTranslation();
  const posts = useSyncedPosts(brand, type);
  const [selected, setSelected] = useState<Post[]>([]);
  const typeName = t(`connections.types.${type}`);
  const full = selected.length >= MAX_VOICE_POSTS;
  return (
    <Modal
      visible
      size="large"
      onDismiss={onClose}
      closeAriaLabel={t('connections.picker.cancel')}
      header={t('connections.picker.title', { username })}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>
              {t('connections.picker.cancel')}
            </Button>
            <Button
              variant="primary"
              disabled={selected.length === 0}
              onClick={() => onPick({ handle: voiceHandle(username), posts: selected.map(sampleOf) })}
            >
              {t('connections.picker.use', { count: selected.length })}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="s">
        <Box variant="p">{t('connections.picker.description', { max: MAX_VOICE_POSTS, type: typeName })}</Box>
        <Cards<Post>
          items={posts.data ?? []}
          loading={posts.isPending}
          loadingText={t('connections.picker.loading')}
          trackBy="uid"
          selectionType="multi"
          selectedItems={selected}
          isItemDisabled={(post) => full && !selected.includes(post)}
          onSelectionChange={({ detail }) => setSelected(detail.selectedItems.slice(0, MAX_VOICE_POSTS))}
          ariaLabels={{
            itemSelectionLabel: (_, post) => t('connections.picker.select', { caption: sampleOf(post).slice(0, 60) }),
            selectionGroupLabel: t('connections.picker.groupLabel', { username }),
            cardsLabel: t('connections.picker.groupLabel', { username }),
          }}
          cardsPerRow={[{ cards: 1 }, { minWidth: 600, cards: 2 }]}
          empty={
            <Box textAlign="center" color="inherit" padding="m">
              {posts.isError ? t('connections.picker.failed') : t('connections.picker.empty', { type: typeName })}
            </Box>
          }
          cardDefinition={{
            header: (post) => (post.published_at ? formatDate(post.published_at) : typeName),
            sections: [{ id: 'caption', content: (post) => <span style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{sampleOf(post).slice(0, 280)}</span> }],
          }}
        />
      </SpaceBetween>
    </Modal>
  );
};

/**
 * "Pick posts of @account" beside the brand voice's sample posts: when the brand has Instagram or YouTube
 * connected, up to four of the account's synced posts fill the handle and the samples. Nothing without an account.
 */
export const SyncedPostsPicker = ({ workspaceId, projectId, onPick }: SyncedPostsPickerProps) => {
  const { t } = useTranslation();
  const brand = { workspaceId, projectId };
  const list = useQuery({
    queryKey: connectionKeys.list(workspaceId, projectId),
    queryFn: ({ signal }) => listConnections(brand, signal),
  });
  const [open, setOpen] = useState<SocialConnectionType>();
  const accounts = SOCIAL_CONNECTION_TYPES.flatMap((type) => {
    const connection = connectionOf(list.data?.items, type);
    return connection?.account && connection.last_sync_at ? [{ type, username: connection.account.username }] : [];
  });
  if (accounts.length === 0) return null;
  const chosen = accounts.find((account) => account.type === open);
  return (
    <>
      <SpaceBetween direction="horizontal" size="xs">
        {accounts.map((account) => (
          <Button key={account.type} formAction="none" iconName="add-plus" onClick={() => setOpen(account.type)}>
            {t('connections.picker.open', { username: account.username, type: t(`connections.types.${account.type}`) })}
          </Button>
        ))}
      </SpaceBetween>
      {chosen && (
        <PickerModal
          brand={brand}
          type={chosen.type}
          username={chosen.username}
          onClose={() => setOpen(undefined)}
          onPick={(picked) => {
            setOpen(undefined);
            onPick(picked);
          }}
        />
      )}
    </>
  );
};
