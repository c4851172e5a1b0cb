import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import TokenGroup from '@cloudscape-design/components/token-group';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTENT_LIMITS, type ContentKind } from '#shared/schemas/content';
import type { ItemDraft } from '../content-forms';
import { FormAlert } from '../../../ui/form-alert';

export type ContentItemModalProps = {
  kind: ContentKind;
  /** The item's draft: empty to add one. */
  initial: ItemDraft;
  editing: boolean;
  saving: boolean;
  /** The server's refusal of the last save, shown in the dialog; on its field when it names one the dialog has. */
  error: string | undefined;
  errorField?: string;
  onSave: (draft: ItemDraft) => void;
  onDismiss: () => void;
};

/** Adds or edits one item of a kind (voice, assistant, audience, influence); what the server refuses stays in the dialog. */
export const ContentItemModal = ({ kind, initial, editing, saving, error, errorField, onSave, onDismiss }: ContentItemModalProps) => {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [trait, setTrait] = useState('');
  const [tried, setTried] = useState(false);
  const set = (patch: Partial<ItemDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const nameError = !tried ? undefined : !draft.name.trim() ? t('validation.required') : draft.name.trim().length > CONTENT_LIMITS.itemName ? t('validation.tooLong', { max: String(CONTENT_LIMITS.itemName) }) : undefined;
  const addTrait = () => {
    const value = trait.trim();
    if (value && !draft.traits.includes(value) && draft.traits.length < CONTENT_LIMITS.traits) set({ traits: [...draft.traits, value] });
    setTrait('');
  };
  const submit = () => {
    setTried(true);
    if (!draft.name.trim() || draft.name.trim().length > CONTENT_LIMITS.itemName) return;
    onSave(draft);
  };
  const title = t(`content.lists.${kind}.${editing ? 'editTitle' : 'addTitle'}`);
  // A refused address is said on the field, in words for people; anything else above the buttons.
  const urlError = error && errorField === 'url' ? t('content.lists.influences.urlInvalid') : undefined;

  return (
    <Modal
      visible
      header={title}
      closeAriaLabel={t('common.close')}
      onDismiss={onDismiss}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              {t('content.lists.cancel')}
            </Button>
            <Button variant="primary" loading={saving} onClick={submit}>
              {t('content.lists.save')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form
        onSubmit={(event) => {
          // The dialog sits inside the page's form in React's tree: its submit must not save the page too.
          event.preventDefault();
          event.stopPropagation();
          submit();
        }}
      >
        <SpaceBetween size="m">
          <FormField label={t('content.lists.name')} errorText={nameError}>
            <Input value={draft.name} onChange={({ detail }) => set({ name: detail.value })} />
          </FormField>
          {(kind === 'brand-voices' || kind === 'audiences') && (
            <FormField label={t('content.lists.description')}>
              <Textarea value={draft.description} onChange={({ detail }) => set({ description: detail.value })} rows={3} />
            </FormField>
          )}
          {kind === 'assistants' && (
            <FormField label={t('content.lists.assistants.instructions')}>
              <Textarea value={draft.instructions} onChange={({ detail }) => set({ instructions: detail.value })} rows={5} />
            </FormField>
          )}
          {kind === 'influences' && (
            <FormField label={t('content.lists.influences.url')} description={t('content.lists.influences.urlHint')} errorText={urlError}>
              <Input type="url" inputMode="url" value={draft.url} onChange={({ detail }) => set({ url: detail.value })} />
            </FormField>
          )}
          {kind === 'brand-voices' && (
            <>
              <FormField label={t('content.lists.brand-voices.traits')} description={t('content.lists.brand-voices.traitsHint')}>
                <SpaceBetween size="xs">
                  <Input
                    value={trait}
                    ariaLabel={t('content.lists.brand-voices.traits')}
                    onChange={({ detail }) => setTrait(detail.value)}
                    onKeyDown={(event) => {
                      if (event.detail.key === 'Enter') {
                        event.preventDefault();
                        addTrait();
                      }
                    }}
                    onBlur={addTrait}
                  />
                  <TokenGroup
                    items={draft.traits.map((label) => ({ label, dismissLabel: `${t('content.lists.brand-voices.removeExample')} ${label}` }))}
                    onDismiss={({ detail }) => set({ traits: draft.traits.filter((_, i) => i !== detail.itemIndex) })}
                  />
                </SpaceBetween>
              </FormField>
              <FormField label={t('content.lists.brand-voices.examples')} description={t('content.lists.brand-voices.examplesHint')} stretch>
                <SpaceBetween size="xs">
                  {draft.example_posts.map((post, index) => (
                    <SpaceBetween key={index} size="xxs">
                      <Textarea
                        value={post}
                        ariaLabel={t('content.lists.brand-voices.example', { number: String(index + 1) })}
                        onChange={({ detail }) => set({ example_posts: draft.example_posts.map((p, i) => (i === index ? detail.value : p)) })}
                        rows={2}
                      />
                      <Button variant="inline-link" formAction="none" onClick={() => set({ example_posts: draft.example_posts.filter((_, i) => i !== index) })}>
                        {t('content.lists.brand-voices.removeExample')}
                      </Button>
                    </SpaceBetween>
                  ))}
                  {draft.example_posts.length < CONTENT_LIMITS.examplePosts && (
                    <Button formAction="none" iconName="add-plus" onClick={() => set({ example_posts: [...draft.example_posts, ''] })}>
                      {t('content.lists.brand-voices.addExample')}
                    </Button>
                  )}
                </SpaceBetween>
              </FormField>
            </>
          )}
          {error && !urlError && <FormAlert iconLabel={t('content.errorIcon')}>{error}</FormAlert>}
        </SpaceBetween>
      </form>
    </Modal>
  );
};
