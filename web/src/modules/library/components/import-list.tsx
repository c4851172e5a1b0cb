import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Import } from '#shared/schemas/imports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n';
import { downloadText } from '../../../ui/download';
import { fetchImportFailures, isImportRunning, useCancelImport, useImports, type BrandRef } from '../library-api';

/** Finished imports shown under the running ones: the latest few of the last day, until hidden. */
const RECENT_FINISHED = 3;
const RECENT_MS = 24 * 60 * 60 * 1000;
const isRecent = (item: Import) => Date.now() - Date.parse(item.finished_at ?? item.created_at) < RECENT_MS;

const ImportItem = ({ brand, item, onHide }: { brand: BrandRef; item: Import; onHide: () => void }) => {
  const { t } = useTranslation();
  const cancel = useCancelImport(brand);
  const [downloading, setDownloading] = useState(false);
  const running = isImportRunning(item);
  const counts = { processed: String(item.processed), total: String(item.total), imported: String(item.imported), duplicate: String(item.duplicate), failed: String(item.failed) };
  const percent = item.total > 0 ? Math.round((item.processed / item.total) * 100) : 0;

  const download = async () => {
    setDownloading(true);
    try {
      downloadText(await fetchImportFailures(brand, item.uid), `${item.filename.replace(/\.csv$/i, '')}-failures.csv`, 'text/csv');
    } finally {
      setDownloading(false);
    }
  };

  const result =
    item.status === 'completed'
      ? t('library.imports.completed', counts)
      : item.status === 'cancelled'
        ? t('library.imports.cancelled', counts)
        : item.status === 'failed'
          ? (item.error ?? t('library.imports.failed', counts))
          : undefined;

  return (
    <SpaceBetween size="xs">
      <ProgressBar
        label={t('library.imports.progressLabel', { filename: item.filename })}
        value={item.status === 'completed' ? 100 : percent}
        status={running ? 'in-progress' : item.status === 'completed' ? 'success' : 'error'}
        description={
          item.status === 'queued' && item.total === 0
            ? t('library.imports.queued', counts)
            : running
              ? t('library.imports.processing', counts)
              : undefined
        }
        resultText={result}
        additionalInfo={cancel.isError ? errorText(cancel.error) : undefined}
      />
      <SpaceBetween direction="horizontal" size="xs">
        {running && (
          <Button loading={cancel.isPending} onClick={() => cancel.mutate(item.uid)}>
            {t('library.imports.cancel')}
          </Button>
        )}
        {!running && item.failed > 0 && (
          <Button iconName="download" loading={downloading} onClick={() => void download()}>
            {t('library.imports.downloadFailures')}
          </Button>
        )}
        {!running && (
          <Button variant="link" onClick={onHide}>
            {t('library.imports.dismiss')}
          </Button>
        )}
      </SpaceBetween>
    </SpaceBetween>
  );
};

/**
 * The brand's running imports with their progress (read from the server, so a reload or another device shows the
 * same), and the latest finished ones with their counts and failures.
 */
export const ImportList = ({ brand }: { brand: BrandRef }) => {
  const { t } = useTranslation();
  const imports = useImports(brand);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const items = imports.data?.items ?? [];
  const running = items.filter(isImportRunning);
  const finished = items.filter((item) => !isImportRunning(item) && isRecent(item) && !hidden.has(item.uid)).slice(0, RECENT_FINISHED);
  const shown = [...running, ...finished];
  if (shown.length === 0) return null;
  return (
    <Container header={<Header variant="h2">{t('library.imports.header')}</Header>}>
      <SpaceBetween size="l">
        {shown.map((item) => (
          <ImportItem key={item.uid} brand={brand} item={item} onHide={() => setHidden((set) => new Set(set).add(item.uid))} />
        ))}
      </SpaceBetween>
    </Container>
  );
};
