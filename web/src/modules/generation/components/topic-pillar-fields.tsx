import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import { MAX_TOPIC } from '#shared/schemas/generation';
import { useTranslation } from 'react-i18next';
import { useContentSettings } from '../../content/content-service';

export type TopicPillarFieldsProps = {
  workspaceId: string;
  projectId: string;
  topic: string;
  pillar: string | null;
  onTopic: (topic: string) => void;
  onPillar: (pillar: string | null) => void;
  /** Shown in the empty topic box (a Post task's summary, used when the topic is left empty). */
  placeholder?: string;
  description?: string;
  errorText?: string;
};

/** What a generation is about: a topic and, optionally, one of the brand's content pillars. */
export const TopicPillarFields = (props: TopicPillarFieldsProps) => {
  const { workspaceId, projectId, topic, pillar, onTopic, onPillar, placeholder, description, errorText } = props;
  const { t } = useTranslation();
  const settings = useContentSettings(workspaceId, projectId);
  const pillars = settings.data?.content_pillars ?? [];
  const options = [{ value: '', label: t('generation.pillarNone') }, ...pillars.map((p) => ({ value: p.name, label: p.name }))];
  return (
    <ColumnLayout columns={2}>
      <FormField label={t('generation.topic')} description={description} errorText={errorText}>
        <Input value={topic} placeholder={placeholder} onChange={({ detail }) => onTopic(detail.value.slice(0, MAX_TOPIC))} />
      </FormField>
      <FormField label={t('generation.pillar')}>
        <Select
          selectedOption={options.find((o) => o.value === (pillar ?? '')) ?? options[0]}
          options={options}
          onChange={({ detail }) => onPillar(detail.selectedOption.value || null)}
        />
      </FormField>
    </ColumnLayout>
  );
};
