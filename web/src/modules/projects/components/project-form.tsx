import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import type { ErrorCode } from '#shared/errors';
import { PROJECT_PHASES, projectName, projectSlug, type ProjectPhase } from '#shared/schemas/project';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { translateError } from '../../../i18n';
import { SubmitForm } from '../../../ui/submit-form';
import { useSubmit } from '../../../ui/use-submit';
import { notify } from '../../notifications/notification-store';
import { createProject } from '../project-service';
import type { Project } from '../project-store';
import { slugify } from '#shared/slugify';

export type ProjectFormProps = {
  workspaceId: string;
  onSaved: (project: Project) => void;
  onCancel: () => void;
};

/** The address is taken: said on the address field, where the fix is. */
const SLUG_TAKEN: ErrorCode = 'project_slug_taken';
const DEFAULT_PHASE: ProjectPhase = 'active';

/** An http(s) address, or nothing: the Shopify site is optional. */
const isWebAddress = (value: string) => {
  if (value.trim() === '') return true;
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
};

/**
 * Manage Project (/project/add): name, address (filled in live from the name until edited by hand), Shopify site
 * and phase, validated with the API's own schemas before sending.
 */
export const ProjectForm = ({ workspaceId, onSaved, onCancel }: ProjectFormProps) => {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [shopifySite, setShopifySite] = useState('');
  const [phase, setPhase] = useState<ProjectPhase>(DEFAULT_PHASE);
  const [slugTaken, setSlugTaken] = useState<string>();

  const parsedName = projectName.safeParse(name);
  const parsedSlug = projectSlug.safeParse(slug);
  const siteValid = isWebAddress(shopifySite);

  const form = useSubmit({
    validate: () => parsedName.success && parsedSlug.success && siteValid,
    action: async () => {
      if (!parsedName.success || !parsedSlug.success) return; // validate stopped it already; narrows the types
      const site = shopifySite.trim();
      const created = await createProject(workspaceId, {
        name: parsedName.data,
        slug: parsedSlug.data,
        shopify_site: site === '' ? null : site,
        phase,
      });
      notify.positive(t('projects.manage.created', { name: created.name }));
      onSaved(created);
    },
    describeError: (caught) => {
      if (!isApiError(caught)) throw caught;
      const message = translateError(caught.code, caught.message);
      if (caught.code === SLUG_TAKEN) {
        setSlugTaken(message);
        return undefined;
      }
      return message;
    },
  });

  const nameError =
    !form.submitted || parsedName.success
      ? undefined
      : name.trim() === ''
        ? t('projects.manage.nameRequired')
        : t('projects.manage.nameTooLong');
  const slugError = slugTaken ?? (form.submitted && !parsedSlug.success ? t('projects.manage.slugInvalid') : undefined);
  const siteError = form.submitted && !siteValid ? t('projects.manage.shopifySiteInvalid') : undefined;

  const phaseOptions: SelectProps.Option[] = PROJECT_PHASES.map((value) => ({ value, label: t(`projects.phases.${value}`) }));

  return (
    <SubmitForm
      submitLabel={t('projects.manage.submit')}
      loading={form.loading}
      onSubmit={form.submit}
      error={form.error}
      errorIconLabel={t('notifications.error')}
      cancel={{ label: t('common.cancel'), onCancel }}
    >
      <ColumnLayout columns={2}>
        <FormField label={t('projects.manage.name')} constraintText={t('projects.manage.nameHint')} errorText={nameError}>
          <Input
            name="project-name"
            autoComplete="off"
            value={name}
            onChange={({ detail }) => {
              setName(detail.value);
              if (!slugEdited) {
                setSlug(slugify(detail.value));
                setSlugTaken(undefined);
              }
            }}
            invalid={!!nameError}
          />
        </FormField>
        <FormField
          label={t('projects.manage.slug')}
          constraintText={parsedSlug.success ? t('projects.manage.slugPreview', { slug: parsedSlug.data }) : t('projects.manage.slugHint')}
          errorText={slugError}
        >
          <Input
            name="project-slug"
            autoComplete="off"
            spellcheck={false}
            value={slug}
            onChange={({ detail }) => {
              setSlug(detail.value);
              // Emptied by hand: follow the name again.
              setSlugEdited(detail.value !== '');
              setSlugTaken(undefined);
            }}
            invalid={!!slugError}
          />
        </FormField>
      </ColumnLayout>
      <ColumnLayout columns={2}>
        <FormField label={t('projects.manage.shopifySite')} constraintText={t('projects.manage.shopifySiteHint')} errorText={siteError}>
          <Input
            type="url"
            inputMode="url"
            name="project-shopify-site"
            autoComplete="url"
            placeholder="https://my-brand.myshopify.com"
            value={shopifySite}
            onChange={({ detail }) => setShopifySite(detail.value)}
            invalid={!!siteError}
          />
        </FormField>
        <FormField label={t('projects.manage.phase')} constraintText={t('projects.manage.phaseHint')}>
          <Select
            options={phaseOptions}
            selectedOption={phaseOptions.find((option) => option.value === phase) ?? null}
            onChange={({ detail }) => setPhase((detail.selectedOption.value as ProjectPhase | undefined) ?? DEFAULT_PHASE)}
          />
        </FormField>
      </ColumnLayout>
    </SubmitForm>
  );
};
