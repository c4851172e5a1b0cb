import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import FileInput from '@cloudscape-design/components/file-input';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { MAX_IMPORT_BYTES, ROW_REFUSALS, type ImportRow } from '#shared/csv-import';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n';
import { checkCsvFile, type FileCheck } from '../csv-check';
import { useStartImport, type BrandRef } from '../library-api';

/** Rows shown of each kind; the counts say how many there are in all. */
const PREVIEW_ROWS = 10;

type Refused = Extract<ImportRow, { ok: false }>;
type Valid = Extract<ImportRow, { ok: true }>;

const PreviewTable = <R extends ImportRow>({ title, rows, total, columns }: { title: string; rows: R[]; total: number; columns: { id: string; header: string; cell: (row: R) => string | number }[] }) => {
  const { t } = useTranslation();
  return (
    <Table<R>
      variant="embedded"
      header={<Header variant="h3" counter={`(${total})`}>{title}</Header>}
      ariaLabels={{ tableLabel: title }}
      items={rows}
      trackBy={(row) => String(row.row)}
      columnDefinitions={columns.map((column) => ({ ...column, isRowHeader: column.id === 'row' }))}
      wrapLines
      footer={total > rows.length ? <Box color="text-body-secondary">{t('library.import.previewMore', { count: total - rows.length })}</Box> : undefined}
    />
  );
};

/**
 * "Import posts from CSV": the file is checked here first by the shared rules (nothing is uploaded for a file with
 * no URL), the valid and refused rows are previewed, then the file goes to storage and the import job starts.
 */
export const ImportModal = ({ brand, visible, onClose }: { brand: BrandRef; visible: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const [file, setFile] = useState<File>();
  const [check, setCheck] = useState<FileCheck>();
  const [checking, setChecking] = useState(false);
  const [createTasks, setCreateTasks] = useState(false);
  const start = useStartImport(brand);
  // The file a check answers for: a file chosen meanwhile makes an older answer moot.
  const latest = useRef<File | undefined>(undefined);

  const reset = () => {
    setFile(undefined);
    setCheck(undefined);
    setChecking(false);
    setCreateTasks(false);
    start.reset();
  };
  const close = () => {
    reset();
    onClose();
  };
  const choose = (chosen: File | undefined) => {
    start.reset();
    setFile(chosen);
    setCheck(undefined);
    latest.current = chosen;
    if (!chosen) return;
    setChecking(true);
    void checkCsvFile(chosen).then((verdict) => {
      if (latest.current !== chosen) return;
      setCheck(verdict);
      setChecking(false);
    });
  };

  const rows = check?.ok ? check.rows : [];
  const valid = rows.filter((row): row is Valid => row.ok);
  const refused = rows.filter((row): row is Refused => !row.ok);
  const problem = check && !check.ok ? ('tooLarge' in check ? t('library.import.tooLarge', { max: String(MAX_IMPORT_BYTES / 1024 / 1024) }) : check.message) : undefined;

  return (
    <Modal
      visible={visible}
      onDismiss={close}
      size="large"
      header={t('library.import.title')}
      closeAriaLabel={t('common.close')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={close}>
              {t('library.import.cancel')}
            </Button>
            <Button
              variant="primary"
              disabled={!file || !check?.ok}
              loading={start.isPending}
              onClick={() => file && start.mutate({ file, createTasks }, { onSuccess: close })}
            >
              {t('library.import.start', { count: valid.length })}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="l">
        <Box variant="p">{t('library.import.intro')}</Box>
        <FormField label={t('library.import.fileLabel')} errorText={problem}>
          <FileInput
            value={file ? [file] : []}
            accept=".csv,text/csv,text/plain"
            ariaLabel={t('library.import.choose')}
            invalid={!!problem}
            onChange={({ detail }) => choose(detail.value[0])}
          >
            {t('library.import.choose')}
          </FileInput>
          {file && <Box margin={{ top: 'xs' }}>{file.name}</Box>}
        </FormField>
        {checking && <StatusIndicator type="loading">{t('library.import.checking')}</StatusIndicator>}
        {check?.ok && (
          <SpaceBetween size="m">
            <Box variant="p" fontWeight="bold">
              {t('library.import.summary', { valid: String(valid.length), refused: String(refused.length) })}
            </Box>
            <PreviewTable
              title={t('library.import.validHeader')}
              rows={valid.slice(0, PREVIEW_ROWS)}
              total={valid.length}
              columns={[
                { id: 'row', header: t('library.import.row'), cell: (row) => row.row },
                { id: 'url', header: t('library.import.url'), cell: (row) => row.url },
              ]}
            />
            {refused.length > 0 && (
              <PreviewTable
                title={t('library.import.refusedHeader')}
                rows={refused.slice(0, PREVIEW_ROWS)}
                total={refused.length}
                columns={[
                  { id: 'row', header: t('library.import.row'), cell: (row) => row.row },
                  { id: 'url', header: t('library.import.url'), cell: (row) => row.value },
                  { id: 'reason', header: t('library.import.reason'), cell: (row) => ROW_REFUSALS[row.reason] },
                ]}
              />
            )}
            <Checkbox checked={createTasks} onChange={({ detail }) => setCreateTasks(detail.checked)}>
              {t('library.import.createTasks')}
            </Checkbox>
          </SpaceBetween>
        )}
        {start.isError && (
          <Alert type="error" header={t('library.import.failedToStart')}>
            {errorText(start.error)}
          </Alert>
        )}
      </SpaceBetween>
    </Modal>
  );
};
