import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentKind } from '#shared/schemas/content';
import type { Project } from '#shared/schemas/project';
import { isApiError } from '../../../api/client';
import { FormAlert } from '../../../ui/form-alert';
import { confirmAction } from '../../notifications/confirm-dialog';
import { useProjectAdmin } from '../../projects/use-project-admin';
import { isDefaultable, useContentItemMutations, useContentItems } from '../content-service';
import { contentErrorText } from '../use-settings-save';
import { bodyOfDraft, draftOfItem, emptyDraft, type ItemDraft } from '../content-forms';
import { ContentItemModal } from './content-item-modal';
import { useWizardMode } from './step-frame';

/** One row as the table reads it: every kind has a uid and a name; the rest depends on the kind. */
type Row = { uid: string; name: string; description?: string; instructions?: string; url?: string | null; traits?: string[]; is_default?: boolean };

export type ContentListProps = { project: Project; workspaceId: string; kind: ContentKind };

/**
 * A kind's items (voices, assistants, audiences, influences) with add, edit, delete and make default. Every change's
 * refusal is shown: in the dialog for add and edit, above the table for delete and default (spec 8).
 * Assistants are changed only by a project admin or a workspace admin (spec 6): the others see them read-only.
 */
export const ContentList = ({ project, workspaceId, kind }: ContentListProps) => {
  const { t } = useTranslation();
  const items = useContentItems(project.uid, kind);
  const { create, update, remove, makeDefault } = useContentItemMutations(workspaceId, project.uid, kind);
  const admin = useProjectAdmin(project).answer === 'yes';
  const canChange = kind !== 'assistants' || admin;
  const [editing, setEditing] = useState<{ uid: string | null; draft: ItemDraft }>();
  const [modalError, setModalError] = useState<{ text: string; field: string | undefined }>();
  const [listError, setListError] = useState<string>();
  const rows = (items.data ?? []) as Row[];
  const defaultable = isDefaultable(kind);
  // In the wizard the step's own title is the h2.
  const wizard = useWizardMode();

  const save = async (draft: ItemDraft) => {
    setModalError(undefined);
    try {
      const body = bodyOfDraft(kind, draft) as never;
      if (editing?.uid) await update.mutateAsync({ uid: editing.uid, body });
      else await create.mutateAsync(body);
      setEditing(undefined);
    } catch (caught) {
      setModalError({ text: contentErrorText(caught), field: isApiError(caught) ? caught.field : undefined });
    }
  };
  const act = async (row: Row, action: string) => {
    setListError(undefined);
    try {
      if (action === 'edit') {
        setModalError(undefined);
        setEditing({ uid: row.uid, draft: draftOfItem(row) });
      } else if (action === 'default') {
        await makeDefault.mutateAsync(row.uid);
      } else if (action === 'delete') {
        if (await confirmAction({ title: t('content.lists.confirmDelete', { name: row.name }), message: t('content.lists.confirmDeleteBody') })) {
          await remove.mutateAsync(row.uid);
        }
      }
    } catch (caught) {
      setListError(contentErrorText(caught));
    }
  };
  const detailOf = (row: Row) =>
    kind === 'influences' ? (row.url ? <Link href={row.url} external>{row.url}</Link> : '—') : kind === 'assistants' ? row.instructions || '—' : row.description || '—';

  return (
    <SpaceBetween size="s">
      <Table<Row>
        variant="container"
        items={rows}
        loading={items.isPending}
        loadingText={t('content.lists.loading')}
        trackBy="uid"
        wrapLines
        ariaLabels={{ tableLabel: t(`content.lists.${kind}.title`) }}
        header={
          <Header
            variant={wizard ? 'h3' : 'h2'}
            counter={items.data ? `(${rows.length})` : undefined}
            description={kind === 'assistants' && !admin ? t('content.lists.assistants.adminOnly') : undefined}
            actions={
              canChange ? (
                <Button
                  formAction="none"
                  iconName="add-plus"
                  onClick={() => {
                    setModalError(undefined);
                    setEditing({ uid: null, draft: emptyDraft });
                  }}
                >
                  {t(`content.lists.${kind}.add`)}
                </Button>
              ) : undefined
            }
          >
            {t(`content.lists.${kind}.title`)}
          </Header>
        }
        empty={
          items.isError ? (
            <SpaceBetween size="xs" alignItems="center">
              <StatusIndicator type="error">{t('content.lists.loadFailed')}</StatusIndicator>
              <Button formAction="none" onClick={() => void items.refetch()}>{t('content.retry')}</Button>
            </SpaceBetween>
          ) : (
            <Box textAlign="center" color="inherit">{t(`content.lists.${kind}.empty`)}</Box>
          )
        }
        columnDefinitions={[
          {
            id: 'name',
            header: t('content.lists.name'),
            cell: (row) => (
              <SpaceBetween direction="horizontal" size="xs">
                <span>{row.name}</span>
                {row.is_default && <Badge color="green">{t('content.lists.default')}</Badge>}
              </SpaceBetween>
            ),
            isRowHeader: true,
          },
          {
            id: 'detail',
            header: kind === 'influences' ? t('content.lists.influences.url') : kind === 'assistants' ? t('content.lists.assistants.instructions') : t('content.lists.description'),
            cell: detailOf,
          },
          ...(kind === 'brand-voices' ? [{ id: 'traits', header: t('content.lists.brand-voices.traits'), cell: (row: Row) => row.traits?.join(', ') || '—' }] : []),
          ...(canChange
            ? [
                {
                  id: 'actions',
                  header: t('content.lists.actionsColumn'),
                  cell: (row: Row) => (
                    <ButtonDropdown
                      variant="icon"
                      ariaLabel={t('content.lists.actions', { name: row.name })}
                      expandToViewport
                      items={[
                        { id: 'edit', text: t('content.lists.edit') },
                        ...(defaultable ? [{ id: 'default', text: t('content.lists.makeDefault'), disabled: !!row.is_default }] : []),
                        { id: 'delete', text: t('content.lists.delete') },
                      ]}
                      onItemClick={({ detail }) => void act(row, detail.id)}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      {listError && <FormAlert iconLabel={t('content.errorIcon')}>{listError}</FormAlert>}
      {editing && (
        <ContentItemModal
          kind={kind}
          initial={editing.draft}
          editing={editing.uid !== null}
          saving={create.isPending || update.isPending}
          error={modalError?.text}
          errorField={modalError?.field}
          onSave={(draft) => void save(draft)}
          onDismiss={() => setEditing(undefined)}
        />
      )}
    </SpaceBetween>
  );
};
