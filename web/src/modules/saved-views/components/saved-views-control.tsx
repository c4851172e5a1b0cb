import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import Checkbox from '@cloudscape-design/components/checkbox';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_VIEW_NAME, type SavedView, type TaskViewFilter, type TaskViewMode } from '#shared/schemas/saved-views';
import { isApiError } from '../../../api/client';
import { translateError } from '../../../i18n';
import { notify } from '../../notifications/notification-store';
import { useSavedViewMutations, useSavedViews } from '../saved-view-service';

export type SavedViewsProps = {
  workspaceId: string;
  /** The list's filter now, in the saved-view words. */
  filter: TaskViewFilter;
  viewMode: TaskViewMode;
  /** The saved view the list was opened from (the address's `view`). */
  selectedUid: string | null;
  onApply: (view: SavedView) => void;
  onClear: () => void;
  /** Some filter is set (Clear filters is offered). */
  filtered: boolean;
};

const sameFilter = (a: TaskViewFilter, b: TaskViewFilter) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
const sorted = (filter: TaskViewFilter) =>
  Object.fromEntries(
    Object.entries(filter)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, value]) => [key, Array.isArray(value) ? [...value].sort() : value]),
  );

/** The saved views of the person: a select to open one (beside the filter), the Cloudscape "saved filter sets" pattern. */
export const SavedViewSelect = ({ workspaceId, filter, selectedUid, onApply }: Pick<SavedViewsProps, 'workspaceId' | 'filter' | 'selectedUid' | 'onApply'>) => {
  const { t } = useTranslation();
  const views = useSavedViews(workspaceId);
  const list = views.data ?? [];
  const selected = list.find((view) => view.uid === selectedUid);
  const changed = !!selected && !sameFilter(selected.filter, filter);
  const options: SelectProps.Option[] = list.map((view) => ({ value: view.uid, label: view.name }));
  return (
    <Select
      selectedOption={selected ? { value: selected.uid, label: changed ? t('savedViews.changed', { name: selected.name }) : selected.name } : null}
      options={options}
      placeholder={t('savedViews.placeholder')}
      ariaLabel={t('savedViews.label')}
      statusType={views.isLoading ? 'loading' : views.isError ? 'error' : 'finished'}
      loadingText={t('savedViews.loading')}
      errorText={t('savedViews.loadFailed')}
      empty={t('savedViews.empty')}
      onChange={({ detail }) => {
        const view = list.find((candidate) => candidate.uid === detail.selectedOption.value);
        if (view) onApply(view);
      }}
    />
  );
};

type Dialog = { kind: 'save' } | { kind: 'delete'; view: SavedView } | null;

/**
 * What replaces the filter's "Clear filters" button: Clear filters itself, and save the filter as a new view,
 * update the open view with it, or delete the open view.
 */
export const SavedViewActions = ({ workspaceId, filter, viewMode, selectedUid, onApply, onClear, filtered }: SavedViewsProps) => {
  const { t } = useTranslation();
  const views = useSavedViews(workspaceId);
  const { create, update, remove } = useSavedViewMutations(workspaceId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const selected = views.data?.find((view) => view.uid === selectedUid);
  const changed = !!selected && (!sameFilter(selected.filter, filter) || (selected.view_mode !== null && selected.view_mode !== viewMode));

  return (
    <>
      <ButtonDropdown
        mainAction={{ text: t('taskFilter.clear'), onClick: onClear, disabled: !filtered }}
        ariaLabel={t('savedViews.actions')}
        items={[
          { id: 'save', text: t('savedViews.saveNew') },
          { id: 'update', text: selected ? t('savedViews.update', { name: selected.name }) : t('savedViews.updateNone'), disabled: !changed },
          { id: 'delete', text: selected ? t('savedViews.delete', { name: selected.name }) : t('savedViews.deleteNone'), disabled: !selected },
        ]}
        onItemClick={({ detail }) => {
          if (detail.id === 'save') setDialog({ kind: 'save' });
          if (detail.id === 'delete' && selected) setDialog({ kind: 'delete', view: selected });
          if (detail.id === 'update' && selected) {
            update.mutate(
              { viewUid: selected.uid, body: { filter, view_mode: viewMode } },
              { onSuccess: (view) => notify.positive(t('savedViews.updated', { name: view.name })) },
            );
          }
        }}
      />
      {dialog?.kind === 'save' && (
        <SaveViewModal
          viewMode={viewMode}
          busy={create.isPending}
          onDismiss={() => setDialog(null)}
          onSave={(name, keepMode) =>
            create.mutateAsync({ name, filter, view_mode: keepMode ? viewMode : null }).then((view) => {
              setDialog(null);
              notify.positive(t('savedViews.saved', { name: view.name }));
              onApply(view);
            })
          }
        />
      )}
      {dialog?.kind === 'delete' && (
        <Modal
          visible
          onDismiss={() => setDialog(null)}
          header={t('savedViews.deleteTitle')}
          footer={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" onClick={() => setDialog(null)}>
                  {t('savedViews.cancel')}
                </Button>
                <Button
                  variant="primary"
                  loading={remove.isPending}
                  onClick={() =>
                    remove.mutate(dialog.view.uid, {
                      onSuccess: () => {
                        setDialog(null);
                        notify.positive(t('savedViews.deleted', { name: dialog.view.name }));
                      },
                    })
                  }
                >
                  {t('savedViews.deleteConfirm')}
                </Button>
              </SpaceBetween>
            </Box>
          }
        >
          {t('savedViews.deleteBody', { name: dialog.view.name })}
        </Modal>
      )}
    </>
  );
};

type SaveViewModalProps = {
  viewMode: TaskViewMode;
  busy: boolean;
  onDismiss: () => void;
  /** Resolves once saved; a refusal naming the name is shown beside it. */
  onSave: (name: string, keepMode: boolean) => Promise<void>;
};

const SaveViewModal = ({ viewMode, busy, onDismiss, onSave }: SaveViewModalProps) => {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [keepMode, setKeepMode] = useState(true);
  const [error, setError] = useState<string>();
  const submit = () => {
    if (name.trim() === '') return setError(t('savedViews.nameRequired'));
    setError(undefined);
    onSave(name.trim(), keepMode).catch((caught: unknown) => {
      setError(isApiError(caught) && caught.code ? translateError(caught.code, caught.message) : t('savedViews.saveFailed'));
    });
  };
  return (
    <Modal visible onDismiss={onDismiss} header={t('savedViews.saveTitle')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Form
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button formAction="none" variant="link" onClick={onDismiss}>
                {t('savedViews.cancel')}
              </Button>
              <Button variant="primary" loading={busy}>
                {t('savedViews.save')}
              </Button>
            </SpaceBetween>
          }
        >
          <SpaceBetween size="m">
            <FormField label={t('savedViews.name')} description={t('savedViews.nameHint')} errorText={error}>
              <Input
                value={name}
                onChange={({ detail }) => setName(detail.value.slice(0, MAX_VIEW_NAME))}
                placeholder={t('savedViews.namePlaceholder')}
                autoFocus
              />
            </FormField>
            <Checkbox checked={keepMode} onChange={({ detail }) => setKeepMode(detail.checked)}>
              {t('savedViews.keepMode', { mode: t(`tasks.views.${viewMode}`) })}
            </Checkbox>
          </SpaceBetween>
        </Form>
      </form>
    </Modal>
  );
};
