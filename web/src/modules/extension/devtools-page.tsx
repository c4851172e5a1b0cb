import Box from '@cloudscape-design/components/box';
import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExtensionFrame } from './extension-frame';
import { problemsOverview } from './extension-tasks';
import { useHost, type PageProblem } from './host';
import { PageTaskForm } from './page-task-form';
import { useExtensionState } from './use-extension-state';

/** /bex/devtools: console errors and failed requests of the inspected page, attachable to a new task. */
export const DevtoolsPage = () => {
  const { t } = useTranslation();
  const host = useHost();
  const state = useExtensionState();
  const [pageUrl, setPageUrl] = useState('');
  const [problems, setProblems] = useState<PageProblem[]>([]);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const seen = useMemo(() => new Set<string>(), []);

  useEffect(() => {
    if (!host.devtools) return;
    void host.devtools.pageUrl().then(setPageUrl);
    return host.devtools.watch((list) => {
      setProblems(list);
      // New problems start attached; the user unticks what does not belong.
      setPicked((current) => new Set([...current, ...list.filter((p) => !seen.has(p.id)).map((p) => p.id)]));
      for (const p of list) seen.add(p.id);
    });
  }, [host, seen]);

  const attached = problems.filter((p) => picked.has(p.id));
  const overview = problemsOverview(t('extension.devtools.overviewHeader', { url: pageUrl }), attached);

  if (!host.devtools) {
    return (
      <ExtensionFrame title={t('extension.devtools.title')} state={state} needsSession={false}>
        <Box>{t('extension.devtools.notInDevtools')}</Box>
      </ExtensionFrame>
    );
  }
  return (
    <ExtensionFrame title={t('extension.devtools.title')} state={state}>
      <Container
        header={
          <Header variant="h2" description={t('extension.devtools.problemsDescription')} counter={`(${problems.length})`}>
            {t('extension.devtools.problems')}
          </Header>
        }
      >
        {problems.length === 0 ? (
          <Box color="text-status-inactive">{t('extension.devtools.none')}</Box>
        ) : (
          <SpaceBetween size="xs">
            {problems.map((problem) => (
              <Checkbox
                key={problem.id}
                checked={picked.has(problem.id)}
                onChange={({ detail }) =>
                  setPicked((current) => {
                    const next = new Set(current);
                    if (detail.checked) next.add(problem.id);
                    else next.delete(problem.id);
                    return next;
                  })
                }
                description={problem.kind === 'console' ? t('extension.devtools.console') : t('extension.devtools.network')}
              >
                <span style={{ wordBreak: 'break-all' }}>{problem.message}</span>
              </Checkbox>
            ))}
          </SpaceBetween>
        )}
      </Container>
      <Container header={<Header variant="h2">{t('extension.form.devtoolsTitle')}</Header>}>
        <PageTaskForm
          state={state}
          source="extension"
          page={{ url: pageUrl, title: pageUrl }}
          initialSummary={attached[0]?.message.slice(0, 200) ?? ''}
          initialOverview={overview}
        />
      </Container>
    </ExtensionFrame>
  );
};
