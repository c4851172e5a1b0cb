import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TokenGroup from '@cloudscape-design/components/token-group';
import { CONTENT_PILLAR_LIMITS, type Connection } from '#shared/schemas/connections';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n';
import { FormAlert } from '../../../ui/form-alert';
import { PHONE_QUERY, useMediaQuery } from '../../../ui/use-media-query';
import { notify } from '../../notifications/notification-store';
import { updatePillars, type Brand } from '../connection-service';
import { webAddress } from '../internal/connection-view';

const MAX_PILLAR = CONTENT_PILLAR_LIMITS.pillar;
const MAX_PILLARS = CONTENT_PILLAR_LIMITS.pillars;

export type InstagramAccountProps = { brand: Brand; connection: Connection; canManage: boolean };

const PillarsEditor = ({ brand, initial, onDone }: { brand: Brand; initial: string[]; onDone: () => void }) => {
  const { t } = useTranslation();
  const [pillars, setPillars] = useState(initial);
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const value = draft.trim();
  const tooLong = value.length > MAX_PILLAR;
  const duplicate = value !== '' && pillars.some((known) => known.toLowerCase() === value.toLowerCase());
  const full = pillars.length >= MAX_PILLARS;
  const draftError = tooLong
    ? t('connections.account.pillarTooLong', { max: String(MAX_PILLAR) })
    : duplicate
      ? t('connections.account.pillarDuplicate')
      : undefined;

  const add = () => {
    if (!value || draftError || full) return;
    setPillars((current) => [...current, value]);
    setDraft('');
  };
  const save = async () => {
    // A pillar typed but not added yet is meant to be kept.
    const next = value && !draftError && !full ? [...pillars, value] : pillars;
    if (value && (draftError || full)) return;
    setSaving(true);
    setFailure(undefined);
    try {
      await updatePillars(brand, 'instagram', next);
      notify.positive(t('connections.account.saved'));
      onDone();
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <SpaceBetween size="s">
        <FormField
          label={t('connections.account.pillars')}
          description={t('connections.account.pillarsHint')}
          errorText={draftError}
          constraintText={full ? t('connections.account.pillarsTooMany', { max: String(MAX_PILLARS) }) : undefined}
        >
          <SpaceBetween size="xs">
            <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
              <div style={{ flex: '1 1 12rem', minWidth: 0 }}>
                <Input
                  value={draft}
                  placeholder={t('connections.account.pillarPlaceholder')}
                  ariaLabel={t('connections.account.pillarInput')}
                  invalid={!!draftError}
                  onChange={({ detail }) => setDraft(detail.value)}
                  onKeyDown={(event) => {
                    // Enter adds the pillar rather than saving the list.
                    if (event.detail.key === 'Enter') {
                      event.preventDefault();
                      add();
                    }
                  }}
                />
              </div>
              <Button formAction="none" onClick={add} disabled={!value || !!draftError || full}>
                {t('connections.account.add')}
              </Button>
            </div>
            {pillars.length > 0 ? (
              <TokenGroup
                items={pillars.map((label) => ({ label, dismissLabel: t('connections.account.removePillar', { pillar: label }) }))}
                onDismiss={({ detail }) => setPillars((current) => current.filter((_, i) => i !== detail.itemIndex))}
              />
            ) : (
              <Box color="text-body-secondary">{t('connections.account.pillarsEmpty')}</Box>
            )}
          </SpaceBetween>
        </FormField>
        {failure && <FormAlert iconLabel={t('notifications.error')}>{failure}</FormAlert>}
        <SpaceBetween direction="horizontal" size="xs">
          <Button formAction="none" variant="link" onClick={onDone} disabled={saving}>
            {t('connections.account.cancel')}
          </Button>
          <Button variant="primary" formAction="submit" loading={saving}>
            {t('connections.account.save')}
          </Button>
        </SpaceBetween>
      </SpaceBetween>
    </form>
  );
};

/**
 * The Instagram account record (spec 3): username, Instagram id, followers, website, biography and content pillars.
 * The pillars are the team's to edit (or were derived from the captions when an AI provider is configured).
 */
export const InstagramAccount = ({ brand, connection, canManage }: InstagramAccountProps) => {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const phone = useMediaQuery(PHONE_QUERY);
  const account = connection.account;
  if (!account) return null;
  const website = webAddress(account.website);
  const none = <Box color="text-body-secondary">{t('connections.account.none')}</Box>;

  return (
    <Container
      header={
        <Header
          variant="h2"
          description={t('connections.account.description')}
          actions={
            canManage && !editing ? (
              <Button onClick={() => setEditing(true)} iconName="edit">
                {t('connections.account.edit')}
              </Button>
            ) : undefined
          }
        >
          {t('connections.account.title')}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <KeyValuePairs
          columns={phone ? 1 : 3}
          items={[
            { label: t('connections.account.username'), value: `@${account.username}` },
            { label: t('connections.account.id'), value: <span style={{ overflowWrap: 'anywhere' }}>{account.external_id}</span> },
            { label: t('connections.account.followers'), value: account.followers.toLocaleString('en-US') },
            {
              label: t('connections.account.website'),
              value: website ? (
                <span style={{ overflowWrap: 'anywhere' }}>
                  <Link href={website} external>
                    {account.website?.replace(/^https?:\/\//, '')}
                  </Link>
                </span>
              ) : account.website ? (
                <span style={{ overflowWrap: 'anywhere' }}>{account.website}</span>
              ) : (
                none
              ),
            },
            {
              label: t('connections.account.biography'),
              value: account.biography ? <span style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{account.biography}</span> : none,
            },
          ]}
        />
        {editing ? (
          <PillarsEditor brand={brand} initial={connection.content_pillars} onDone={() => setEditing(false)} />
        ) : (
          <KeyValuePairs
            items={[
              {
                label: t('connections.account.pillars'),
                value:
                  connection.content_pillars.length > 0 ? (
                    <ul style={{ display: 'flex', flexWrap: 'wrap', gap: 8, listStyle: 'none', margin: 0, padding: 0 }}>
                      {connection.content_pillars.map((pillar) => (
                        <li key={pillar}>
                          <Badge>{pillar}</Badge>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    t('connections.account.pillarsEmpty')
                  ),
              },
            ]}
          />
        )}
      </SpaceBetween>
    </Container>
  );
};
