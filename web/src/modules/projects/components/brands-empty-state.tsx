import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** The dashboard before the workspace has a brand (projects arrive with their issue). */
export const BrandsEmptyState = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Box textAlign="center" color="inherit" padding={{ vertical: 'xl' }}>
      <SpaceBetween size="m">
        <div>
          <Box variant="h2" tagOverride="h3" color="inherit">
            {t('dashboard.emptyTitle')}
          </Box>
          <Box variant="p" color="text-body-secondary">
            {t('dashboard.emptyBody')}
          </Box>
        </div>
        <Button variant="primary" iconName="add-plus" href="/project/add" onFollow={(event) => {
          event.preventDefault();
          navigate('/project/add');
        }}>
          {t('dashboard.createBrand')}
        </Button>
      </SpaceBetween>
    </Box>
  );
};
