import { useTranslation } from 'react-i18next';
import type { en } from '../i18n/en';
import { ComingNext } from '../ui/coming-next';
import { RouterLink } from '../ui/router-link';
import { usePageTitle } from '../ui/use-page-title';

export type ComingNextFeature = keyof (typeof en)['comingNext'] & string;

export type ComingNextPageProps = {
  feature: Exclude<ComingNextFeature, 'backToDashboard'>;
  /** Offer the way back to the dashboard (signed-in areas). */
  backLink?: boolean;
};

/** A route whose feature is not built yet: says what will be there. */
export const ComingNextPage = ({ feature, backLink = true }: ComingNextPageProps) => {
  const { t } = useTranslation();
  const title = t(`comingNext.${feature}.title`);
  usePageTitle(title);
  return (
    <ComingNext
      title={title}
      body={t(`comingNext.${feature}.body`)}
      action={backLink ? <RouterLink to="/dashboard">{t('comingNext.backToDashboard')}</RouterLink> : undefined}
    />
  );
};
