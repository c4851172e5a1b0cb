import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarFeed } from '#shared/schemas/exports';
import { api } from '../../api/client';
import { findProject, useProjectsStore } from '../projects/project-store';
import { notify } from '../notifications/notification-store';

const feedsKey = (workspaceId: string) => ['calendar-feeds', workspaceId] as const;

/**
 * Calendar feeds: create a secret address of my tasks or of a brand (shown once, to copy into Google Calendar or
 * Outlook), see the feeds I have, revoke one.
 */
export const CalendarFeedsModal = ({ workspaceId, projectUid, onClose }: { workspaceId: string; projectUid?: string; onClose: () => void }) => {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const projects = useProjectsStore((state) => state.projects).filter((p) => p.has_permission);
  const [scope, setScope] = useState<CalendarFeed['scope']>(projectUid ? 'project' : 'me');
  const [brand, setBrand] = useState<string | undefined>(projectUid);
  const [address, setAddress] = useState<string>();
  const feeds = useQuery({ queryKey: feedsKey(workspaceId), queryFn: ({ signal }) => api.call('listCalendarFeeds', { params: { workspaceId }, signal }) });
  const create = useMutation({
    mutationFn: () => api.call('createCalendarFeed', { params: { workspaceId }, body: scope === 'me' ? { scope } : { scope, project_uid: brand } }),
    onSuccess: (feed) => {
      setAddress(feed.url);
      void queryClient.invalidateQueries({ queryKey: feedsKey(workspaceId) });
    },
  });
  const revoke = useMutation({
    mutationFn: (feedUid: string) => api.call('deleteCalendarFeed', { params: { workspaceId, feedUid } }),
    onSuccess: () => {
      notify.positive(t('exports.feeds.revoked'));
      void queryClient.invalidateQueries({ queryKey: feedsKey(workspaceId) });
    },
  });
  const brandOptions = projects.map((p) => ({ value: p.uid, label: p.name }));
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  const feedLabel = (feed: CalendarFeed) =>
    feed.scope === 'me' ? t('exports.feeds.scopes.me') : (findProject(projects, feed.project_uid ?? '')?.name ?? t('exports.feeds.unknownBrand'));

  return (
    <Modal
      visible
      onDismiss={onClose}
      header={t('exports.feeds.title')}
      footer={
        <Box float="right">
          <Button onClick={onClose}>{t('exports.feeds.close')}</Button>
        </Box>
      }
    >
      <SpaceBetween size="l">
        <Box color="text-body-secondary">{t('exports.feeds.description')}</Box>
        {address ? (
          <Alert type="success" header={t('exports.feeds.createdTitle')}>
            <SpaceBetween size="s">
              <Box>{t('exports.feeds.createdHint')}</Box>
              <CopyToClipboard
                variant="inline"
                textToCopy={address}
                copyButtonText={t('exports.feeds.copy')}
                copySuccessText={t('exports.feeds.copied')}
                copyErrorText={t('exports.feeds.copyFailed')}
              />
            </SpaceBetween>
          </Alert>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              create.mutate();
            }}
          >
            <SpaceBetween size="m">
              <FormField label={t('exports.feeds.scope')}>
                <RadioGroup
                  value={scope}
                  onChange={({ detail }) => setScope(detail.value as CalendarFeed['scope'])}
                  items={[
                    { value: 'me', label: t('exports.feeds.scopes.me') },
                    { value: 'project', label: t('exports.feeds.scopes.project') },
                  ]}
                />
              </FormField>
              {scope === 'project' && (
                <FormField label={t('exports.feeds.brand')}>
                  <Select
                    selectedOption={brandOptions.find((o) => o.value === brand) ?? null}
                    onChange={({ detail }) => setBrand(detail.selectedOption.value)}
                    options={brandOptions}
                    placeholder={t('exports.feeds.brandPlaceholder')}
                  />
                </FormField>
              )}
              <Button variant="primary" formAction="submit" loading={create.isPending} disabled={scope === 'project' && !brand}>
                {t('exports.feeds.create')}
              </Button>
            </SpaceBetween>
          </form>
        )}
        <SpaceBetween size="xs">
          <Box variant="h3" tagOverride="h3">
            {t('exports.feeds.existing')}
          </Box>
          {feeds.data?.length === 0 && <Box color="text-body-secondary">{t('exports.feeds.none')}</Box>}
          {feeds.data?.map((feed) => (
            <SpaceBetween key={feed.uid} direction="horizontal" size="s" alignItems="center">
              <Box>
                <strong>{feedLabel(feed)}</strong> · {t('exports.feeds.created', { date: date(feed.created_at) })}
              </Box>
              <Button
                variant="inline-link"
                ariaLabel={`${t('exports.feeds.revoke')}: ${feedLabel(feed)}`}
                loading={revoke.isPending && revoke.variables === feed.uid}
                onClick={() => revoke.mutate(feed.uid)}
              >
                {t('exports.feeds.revoke')}
              </Button>
            </SpaceBetween>
          ))}
        </SpaceBetween>
      </SpaceBetween>
    </Modal>
  );
};
