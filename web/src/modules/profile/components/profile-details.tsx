import Alert from '@cloudscape-design/components/alert';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { updateProfileBody } from '#shared/schemas/workspace';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n';
import { fieldError, fieldErrorText, LONG_SAMPLE, maxOf } from '../../../ui/field-rule';
import { RouterLink } from '../../../ui/router-link';
import { SubmitForm } from '../../../ui/submit-form';
import { useSubmit } from '../../../ui/use-submit';
import { notify } from '../../notifications/notification-store';
import { saveDisplayName, type Profile } from '../profile-service';

export type ProfileDetailsProps = { profile: Profile; onSaved: (profile: Profile) => void };

/** The email says whether it is verified; unverified, it must be (spec 5) and the way to do it is offered. */
export const EmailVerification = ({ profile }: Pick<ProfileDetailsProps, 'profile'>) => {
  const { t } = useTranslation();
  return profile.email_verified ? (
    <StatusIndicator type="success">{t('profile.verified')}</StatusIndicator>
  ) : (
    <StatusIndicator type="warning">{t('profile.notVerified')}</StatusIndicator>
  );
};

const nameRule = updateProfileBody.shape.name;

const NameForm = ({ profile, onSaved }: ProfileDetailsProps) => {
  const { t } = useTranslation();
  const [name, setName] = useState(profile.name ?? '');
  const parsed = nameRule.safeParse(name);
  const form = useSubmit({
    validate: () => parsed.success,
    action: async () => {
      if (!parsed.success) return;
      const saved = await saveDisplayName(parsed.data);
      notify.positive(t('profile.saved'));
      onSaved(saved);
    },
    describeError: errorText,
  });
  const nameError = form.submitted ? fieldErrorText(fieldError(nameRule, name, { required: 'profile.nameRequired' })) : undefined;
  return (
    <SubmitForm submitLabel={t('profile.save')} loading={form.loading} onSubmit={form.submit} error={form.error} errorIconLabel={t('notifications.error')}>
      <FormField label={t('profile.displayName')} constraintText={t('profile.displayNameHint', { max: String(maxOf(nameRule, LONG_SAMPLE)) })} errorText={nameError}>
        <Input name="display-name" autoComplete="name" value={name} onChange={({ detail }) => setName(detail.value)} invalid={!!nameError} />
      </FormField>
    </SubmitForm>
  );
};

/** The signed-in user's own profile: email and its verification, and the display name they can change. */
export const ProfileDetails = ({ profile, onSaved }: ProfileDetailsProps) => {
  const { t } = useTranslation();
  return (
    <SpaceBetween size="l">
      {!profile.email_verified && (
        <Alert
          type="warning"
          statusIconAriaLabel={t('notifications.warning')}
          header={t('errors.email_not_verified')}
          action={<RouterLink to={`/confirm-email?email=${encodeURIComponent(profile.email)}`}>{t('profile.verifyNow')}</RouterLink>}
        >
          {t('profile.verifyBody')}
        </Alert>
      )}
      <Container header={<Header variant="h2">{t('profile.accountTitle')}</Header>}>
        <KeyValuePairs
          columns={2}
          items={[
            { label: t('common.email'), value: profile.email },
            { label: t('profile.emailStatus'), value: <EmailVerification profile={profile} /> },
          ]}
        />
      </Container>
      <Container header={<Header variant="h2" description={t('profile.nameDescription')}>{t('profile.nameTitle')}</Header>}>
        <NameForm profile={profile} onSaved={onSaved} />
      </Container>
    </SpaceBetween>
  );
};
