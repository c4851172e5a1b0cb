import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import { useTranslation } from 'react-i18next';
import type { Project } from '../project-store';
import { BrandCountLink, WORK_COLUMNS, type BrandWork } from './project-table-config';

export type BrandWorkCountsProps = { project: Project; work: BrandWork };

/** A brand card's "what needs the team" counts, each a link into the brand's tasks filtered the same way. */
export const BrandWorkCounts = ({ project, work }: BrandWorkCountsProps) => {
  const { t } = useTranslation();
  return (
    <ColumnLayout columns={2} variant="text-grid" minColumnWidth={110}>
      {WORK_COLUMNS.map(([section, label]) => (
        <div key={section}>
          <Box variant="awsui-key-label">{t(`work.brand.${label}`)}</Box>
          <Box fontSize="heading-m">
            <BrandCountLink project={project} section={section} label={t(`work.brand.${label}`)} work={work} />
          </Box>
        </div>
      ))}
    </ColumnLayout>
  );
};
