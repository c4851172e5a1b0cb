import Button from '@cloudscape-design/components/button';
import { useTranslation } from 'react-i18next';
import { useRecordAction } from '../use-record-action';

export type RecordButtonProps = { projectUid?: string };

/** "Record" on a brand's pages: the recording becomes a task of that brand. */
export const RecordButton = ({ projectUid }: RecordButtonProps) => {
  const { t } = useTranslation();
  const record = useRecordAction(projectUid);
  return (
    <Button iconName="video-on" onClick={record}>
      {t('recording.recordScreen')}
    </Button>
  );
};
