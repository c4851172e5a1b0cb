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
import { fieldError, fieldErrorText, LONG_SAMPLE, maxOf } from '../../../ui/field-rule';
import { useSubmit } from '../../../ui/use-submit';
import { notify } from '../../notifications/notification-store';
import { draftOf, projectChanges, projectFieldOf, type ProjectField } from '../project-edit';
import { createProject, updateProject, uploadProjectCover } from '../project-service';
import type { Project } from '../project-store';
import { slugify } from '#shared/slugify';
import { CoverPicker, coverProblem } from './cover-picker';

export type ProjectFormProps = {
  workspaceId: string;
  /** The brand to edit (only what changed is sent); without it the form creates one. */
  project?: Project;
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
 * Manage Project (/project/add, or ?project=<slug> to edit): name, address (filled in live from the name of a new
 * brand until edited by hand), Shopify site, phase and cover, validated with the API's own schemas before sending.
 * The server's 400 and 409 answers are said on the field they name.
 */
export const ProjectForm = ({ workspaceId, project, onSaved, onCancel }: ProjectFormProps) => {
  const { t } = useTranslation();
  const initial = project ? draftOf(project) : { name: '', slug: '', shopifySite: '', phase: DEFAULT_PHASE };
  const [name, setName] = useState(initial.name);
  const [slug, setSlug] = useState(initial.slug);
  // An existing brand's address never follows its name by itself: its links would change unasked.
  const [slugEdited, setSlugEdited] = useState(!!project);
  const [shopifySite, setShopifySite] = useState(initial.shopifySite);
  const [phase, setPhase] = useState<ProjectPhase>(initial.phase);
  const [serverErrors, setServerErrors] = useState<Partial<Record<ProjectField | 'cover', string>>>({});
  const [cover, setCover] = useState<File | null>(null);

  const parsedName = projectName.safeParse(name);
  const parsedSlug = projectSlug.safeParse(slug);
  // A stored address the server took (older data may lack the scheme) never blocks an edit that leaves it alone.
  const siteValid = isWebAddress(shopifySite) || (!!project && shopifySite.trim() === (project.shopify_site ?? ''));
  const clearServerError = (field: ProjectField | 'cover') => setServerErrors(({ [field]: _cleared, ...rest }) => rest);

  const create = async () => {
    if (!parsedName.success || !parsedSlug.success) return; // validate stopped it already; narrows the types
    const site = shopifySite.trim();
    const created = await createProject(workspaceId, {
      name: parsedName.data,
      slug: parsedSlug.data,
      shopify_site: site === '' ? null : site,
      phase,
    });
    notify.positive(t('projects.manage.created', { name: created.name }));
    // The brand exists either way; a cover that did not make it can be tried again later.
    const saved = cover ? await uploadProjectCover(workspaceId, created.uid, cover).catch(() => {
      notify.negative(t('projectCover.uploadFailed', { name: created.name }));
      return created;
    }) : created;
    onSaved(saved);
  };

  const edit = async (current: Project) => {
    const changes = projectChanges(current, { name, slug, shopifySite, phase });
    const changed = Object.keys(changes).length > 0;
    let saved = changed ? await updateProject(workspaceId, current.uid, changes) : current;
    if (cover) {
      try {
        saved = await uploadProjectCover(workspaceId, current.uid, cover);
      } catch (caught) {
        // The fields are saved (the store has them, so a retry sends only the image); the image can be tried again here.
        if (changed) notify.positive(t('projects.manage.saved', { name: saved.name }));
        setServerErrors({
          cover: isApiError(caught) && caught.code ? translateError(caught.code, caught.message) : t('projects.manage.coverFailed'),
        });
        return;
      }
    }
    if (changed || cover) notify.positive(t('projects.manage.saved', { name: saved.name }));
    onSaved(saved);
  };

  const form = useSubmit({
    validate: () => parsedName.success && parsedSlug.success && siteValid && !coverProblem(cover),
    action: () => {
      setServerErrors({});
      return project ? edit(project) : create();
    },
    describeError: (caught) => {
      if (!isApiError(caught)) throw caught;
      const message = translateError(caught.code, caught.message);
      const field = caught.code === SLUG_TAKEN ? 'slug' : projectFieldOf(caught.field);
      if (field) {
        setServerErrors({ [field]: message });
        return undefined;
      }
      return message;
    },
  });

  const nameError =
    serverErrors.name ??
    (form.submitted ? fieldErrorText(fieldError(projectName, name, { required: 'projects.manage.nameRequired' })) : undefined);
  const slugError = serverErrors.slug ?? (form.submitted && !parsedSlug.success ? t('projects.manage.slugInvalid') : undefined);
  const siteError = serverErrors.shopify_site ?? (form.submitted && !siteValid ? t('projects.manage.shopifySiteInvalid') : undefined);
  const slugMoves = !!project && parsedSlug.success && parsedSlug.data !== project.slug;

  const phaseOptions: SelectProps.Option[] = PROJECT_PHASES.map((value) => ({ value, label: t(`projects.phases.${value}`) }));

  return (
    <SubmitForm
      submitLabel={project ? t('projects.manage.save') : t('projects.manage.submit')}
      loading={form.loading}
      onSubmit={form.submit}
      error={form.error}
      errorIconLabel={t('notifications.error')}
      cancel={{ label: t('common.cancel'), onCancel }}
    >
      <ColumnLayout columns={2}>
        <FormField label={t('projects.manage.name')} constraintText={t('projects.manage.nameHint', { max: String(maxOf(projectName, LONG_SAMPLE)) })} errorText={nameError}>
          <Input
            name="project-name"
            autoComplete="off"
            value={name}
            onChange={({ detail }) => {
              setName(detail.value);
              clearServerError('name');
              if (!slugEdited) {
                setSlug(slugify(detail.value));
                clearServerError('slug');
              }
            }}
            invalid={!!nameError}
          />
        </FormField>
        <FormField
          label={t('projects.manage.slug')}
          constraintText={
            slugMoves
              ? t('projects.manage.slugMoves', { slug: parsedSlug.data })
              : parsedSlug.success
                ? t('projects.manage.slugPreview', { slug: parsedSlug.data })
                : t('projects.manage.slugHint')
          }
          errorText={slugError}
        >
          <Input
            name="project-slug"
            autoComplete="off"
            spellcheck={false}
            value={slug}
            onChange={({ detail }) => {
              setSlug(detail.value);
              // A new brand's address emptied by hand follows the name again.
              if (!project) setSlugEdited(detail.value !== '');
              clearServerError('slug');
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
            onChange={({ detail }) => {
              setShopifySite(detail.value);
              clearServerError('shopify_site');
            }}
            invalid={!!siteError}
          />
        </FormField>
        <FormField label={t('projects.manage.phase')} constraintText={t('projects.manage.phaseHint')} errorText={serverErrors.phase}>
          <Select
            options={phaseOptions}
            selectedOption={phaseOptions.find((option) => option.value === phase) ?? null}
            onChange={({ detail }) => {
              setPhase((detail.selectedOption.value as ProjectPhase | undefined) ?? DEFAULT_PHASE);
              clearServerError('phase');
            }}
            invalid={!!serverErrors.phase}
          />
        </FormField>
      </ColumnLayout>
      <CoverPicker
        value={cover}
        onChange={(file) => {
          setCover(file);
          clearServerError('cover');
        }}
        current={project}
        error={serverErrors.cover}
      />
    </SubmitForm>
  );
};
