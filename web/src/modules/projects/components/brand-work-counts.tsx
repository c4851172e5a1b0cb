import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import { useTranslation } from 'react-i18next';
import type { DashboardBrand, DashboardSectionId } from '#shared/schemas/dashboard';
import { RouterLink } from '../../../ui/router-link';
import type { Project } from '../project-store';

export type BrandWorkCountsProps = {
  project: Pick<Project, 'uid' | 'name'>;
  /** The brand's counts; absent: nothing to count in it. */
  counts: DashboardBrand | undefined;
  /** The filtered task list of one count. */
  hrefOf: (section: DashboardSectionId, projectUid: string) => string;
};

const ROWS = [
  ['overdue', 'overdue'],
  ['due_this_week', 'dueThisWeek'],
  ['awaiting_client', 'awaitingClient'],
  ['changes_requested', 'changesRequested'],
] as const;

/** A brand card's "what needs the team" counts, each a link into the brand's tasks filtered the same way. */
export const BrandWorkCounts = ({ project, counts, hrefOf }: BrandWorkCountsProps) => {
  const { t } = useTranslation();
  return (
    <ColumnLayout columns={2} variant="text-grid" minColumnWidth={110}>
      {ROWS.map(([section, label]) => {
        const count = counts?.[section] ?? 0;
        const text = t(`work.brand.${label}`);
        return (
          <div key={section}>
            <Box variant="awsui-key-label">{text}</Box>
            <RouterLink
              to={hrefOf(section, project.uid)}
              ariaLabel={t('work.brand.countLabel', { label: text, name: project.name, count })}
              fontSize="heading-m"
            >
              {String(count)}
            </RouterLink>
          </div>
        );
      })}
    </ColumnLayout>
  );
};
