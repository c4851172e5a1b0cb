import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { useFollow } from '../../../ui/use-follow';

export type BrandsEmptyStateProps = {
  /** The reader may create brands (projects.manage); others are told who can. */
  canCreate: boolean;
};

/** The dashboard before the workspace has a brand. */
export const BrandsEmptyState = ({ canCreate }: BrandsEmptyStateProps) => {
  const { t } = useTranslation();
  const follow = useFollow();
  return (
    <Box textAlign="center" color="inherit" padding={{ vertical: 'xl' }}>
      <SpaceBetween size="m">
        <div>
          <Box variant="h2" tagOverride="h3" color="inherit">
            {t('dashboard.emptyTitle')}
          </Box>
          <Box variant="p" color="text-body-secondary">
            {canCreate ? t('dashboard.emptyBody') : t('dashboard.emptyAskAdmin')}
          </Box>
        </div>
        {canCreate && (
          <Button variant="primary" iconName="add-plus" href="/project/add" onFollow={follow}>
            {t('dashboard.createBrand')}
          </Button>
        )}
      </SpaceBetween>
    </Box>
  );
};
