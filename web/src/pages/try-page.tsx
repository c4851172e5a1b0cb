import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { tryBody, type TryResult } from '#shared/schemas/try';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '../api/client';
import { errorText } from '../i18n';
import { selectIsAuthenticated, useAuthStore } from '../modules/auth/auth-store';
import { TryResultView } from '../modules/try/components/try-result-view';
import { useTryBrand } from '../modules/try/try-api';
import { loadTryResult, saveTryResult } from '../modules/try/try-storage';
import { usePageTitle } from '../ui/use-page-title';

/** /try (public): a visitor's website → a sample brand voice and three post ideas, without an account. */
export const TryPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isAuthenticated = useAuthStore(selectIsAuthenticated);
  const [url, setUrl] = useState('');
  const [submitted, setSubmitted] = useState(false);
  // Coming back to /try in the same tab shows the last result again (it lives only in this tab).
  const [result, setResult] = useState<TryResult | null>(() => loadTryResult());
  const run = useTryBrand();
  usePageTitle(t('try.title'));

  // "crumbandco.com" is what people paste: an address without a scheme is taken as https.
  const trimmed = url.trim();
  const parsed = tryBody.safeParse({ url: trimmed && !/^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? `https://${trimmed}` : trimmed });
  const localError = submitted && !parsed.success ? (trimmed ? t('try.urlInvalid') : t('try.urlRequired')) : undefined;
  const serverFieldError = isApiError(run.error) && run.error.field === 'url' ? errorText(run.error) : undefined;
  const generalError = run.error && !serverFieldError ? errorText(run.error) : undefined;

  const submit = () => {
    setSubmitted(true);
    if (!parsed.success) return;
    run.mutate(parsed.data, {
      onSuccess: (answer) => {
        saveTryResult(answer);
        setResult(answer);
      },
    });
  };

  return (
    <div style={{ maxWidth: 960, margin: '0 auto' }}>
      <SpaceBetween size="l">
        <Header variant="h1" description={t('try.description')}>
          {t('try.title')}
        </Header>
        {isAuthenticated && (
          <Alert type="info" action={<Button onClick={() => navigate('/dashboard')}>{t('nav.dashboard')}</Button>}>
            {t('try.signedInHint')}
          </Alert>
        )}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Container>
            <Form
              actions={
                <Button variant="primary" formAction="submit" loading={run.isPending}>
                  {run.isPending ? t('try.working') : t('try.submit')}
                </Button>
              }
              errorText={generalError}
              errorIconAriaLabel={t('notifications.error')}
            >
              <SpaceBetween size="s">
                <FormField label={t('try.url')} description={t('try.urlHint')} errorText={localError ?? serverFieldError}>
                  <Input
                    type="url"
                    inputMode="url"
                    name="website"
                    autoComplete="url"
                    placeholder="https://yourbrand.com"
                    value={url}
                    invalid={!!(localError ?? serverFieldError)}
                    onChange={({ detail }) => setUrl(detail.value)}
                  />
                </FormField>
                <Box variant="small" color="text-body-secondary">
                  {t('try.privacy')}
                </Box>
              </SpaceBetween>
            </Form>
          </Container>
        </form>
        {result && !run.isPending && (
          <>
            <TryResultView result={result} />
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="primary" onClick={() => navigate('/try/next-steps')}>
                {t('try.next')}
              </Button>
              <Button
                variant="link"
                onClick={() => {
                  setResult(null);
                  setUrl('');
                  setSubmitted(false);
                }}
              >
                {t('try.again')}
              </Button>
            </SpaceBetween>
          </>
        )}
      </SpaceBetween>
    </div>
  );
};
