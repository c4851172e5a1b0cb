import Box from '@cloudscape-design/components/box';
import Icon from '@cloudscape-design/components/icon';

export type PlanFeaturesProps = { features: readonly string[]; label: string };

/** A plan's features (shared/plans), each with a check mark. */
export const PlanFeatures = ({ features, label }: PlanFeaturesProps) => (
  <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 }}>
    {features.map((feature) => (
      <li key={feature} style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
        <Icon name="check" variant="success" />
        <Box variant="span">{feature}</Box>
      </li>
    ))}
  </ul>
);
