import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AiMessageBody, PromptRun, PromptTemplate } from '#shared/schemas/ai';
import { errorText } from '../../../i18n';
import { PageLoader } from '../../../ui/page-loader';
import { useProjectsStore } from '../../projects/project-store';
import { AiSourceBadge } from '../ai-source-badge';
import { usePromptTemplates, useRenderPrompt, useRunPrompt } from '../ai-api';

export type PromptPlaygroundProps = { workspaceId: string };

const defaults = (template: PromptTemplate | undefined) => Object.fromEntries((template?.variables ?? []).map((variable) => [variable.name, variable.example]));

/** Pick a template and a brand, fill its variables, render, edit the messages, run: what was sent and what came back. */
export const PromptPlayground = ({ workspaceId }: PromptPlaygroundProps) => {
  const { t } = useTranslation();
  const templates = usePromptTemplates(workspaceId);
  const projects = useProjectsStore((state) => (state.workspaceId === workspaceId ? state.projects : []));
  const [promptId, setPromptId] = useState<string>();
  const [projectId, setProjectId] = useState<string>();
  const [variables, setVariables] = useState<Record<string, string>>({});
  const [messages, setMessages] = useState<AiMessageBody[]>();
  const [run, setRun] = useState<PromptRun>();
  const render = useRenderPrompt(workspaceId);
  const runPrompt = useRunPrompt(workspaceId);

  if (templates.isPending) return <PageLoader label={t('ai.playground.title')} />;
  if (templates.isError) return <Alert type="error">{errorText(templates.error)}</Alert>;
  const list = templates.data.prompts;
  if (!list.length) return <Box>{t('ai.playground.noTemplates')}</Box>;
  const template = list.find((candidate) => candidate.id === promptId);

  const choose = (id: string) => {
    setPromptId(id);
    setVariables(defaults(list.find((candidate) => candidate.id === id)));
    setMessages(undefined);
    setRun(undefined);
    render.reset();
    runPrompt.reset();
  };
  const input = () => ({ promptId: template!.id, projectId, variables });
  const doRender = () => render.mutate(input(), { onSuccess: (rendered) => setMessages(rendered.messages) });
  const doRun = () => runPrompt.mutate({ ...input(), messages }, { onSuccess: setRun });
  const error = render.error ?? runPrompt.error;
  const brandMissing = !!template?.uses_brand && !projectId;

  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">{t('ai.playground.template')}</Header>}>
        <SpaceBetween size="m">
          <FormField label={t('ai.playground.template')} description={template?.description}>
            <Select
              selectedOption={template ? { value: template.id, label: template.title } : null}
              options={list.map((candidate) => ({ value: candidate.id, label: candidate.title, description: candidate.description }))}
              placeholder={t('ai.playground.templatePlaceholder')}
              onChange={({ detail }) => choose(detail.selectedOption.value!)}
            />
          </FormField>
          {template?.uses_brand && (
            <FormField label={t('ai.playground.brand')} description={t('ai.playground.brandHint')}>
              <Select
                selectedOption={projectId ? { value: projectId, label: projects.find((project) => project.uid === projectId)?.name ?? projectId } : null}
                options={projects.map((project) => ({ value: project.uid, label: project.name }))}
                placeholder={t('ai.playground.brandPlaceholder')}
                onChange={({ detail }) => setProjectId(detail.selectedOption.value)}
              />
            </FormField>
          )}
          {template?.variables.map((variable) => (
            <FormField key={variable.name} label={variable.label}>
              {variable.multiline ? (
                <Textarea value={variables[variable.name] ?? ''} rows={3} onChange={({ detail }) => setVariables({ ...variables, [variable.name]: detail.value })} />
              ) : (
                <Input value={variables[variable.name] ?? ''} onChange={({ detail }) => setVariables({ ...variables, [variable.name]: detail.value })} />
              )}
            </FormField>
          ))}
          {template && (
            <Button onClick={doRender} loading={render.isPending} disabled={brandMissing}>
              {render.isPending ? t('ai.playground.rendering') : t('ai.playground.render')}
            </Button>
          )}
        </SpaceBetween>
      </Container>

      {error && (
        <Alert type="error" statusIconAriaLabel={t('notifications.error')}>
          {errorText(error)}
        </Alert>
      )}

      {messages && (
        <Container
          header={
            <Header
              variant="h2"
              description={t('ai.playground.promptHint')}
              actions={
                <Button variant="primary" onClick={doRun} loading={runPrompt.isPending}>
                  {runPrompt.isPending ? t('ai.playground.running') : t('ai.playground.run')}
                </Button>
              }
            >
              {t('ai.playground.prompt')}
            </Header>
          }
        >
          <SpaceBetween size="m">
            {messages.map((message, index) => (
              <FormField key={index} label={t(`ai.playground.role.${message.role}`)}>
                <Textarea
                  value={message.content}
                  rows={Math.min(12, Math.max(3, message.content.split('\n').length + 1))}
                  onChange={({ detail }) => setMessages(messages.map((other, at) => (at === index ? { ...other, content: detail.value } : other)))}
                />
              </FormField>
            ))}
          </SpaceBetween>
        </Container>
      )}

      {run && (
        <Container header={<Header variant="h2" actions={<AiSourceBadge model={run.model} localTestModel={run.local_test_model} />}>{t('ai.playground.result')}</Header>}>
          <SpaceBetween size="m">
            <KeyValuePairs
              columns={4}
              items={[
                { label: t('ai.playground.tokensIn'), value: String(run.tokens_in) },
                { label: t('ai.playground.tokensOut'), value: String(run.tokens_out) },
                { label: t('ai.playground.latency'), value: t('ai.playground.latencyValue', { value: String(run.latency_ms) }) },
                { label: t('ai.playground.provider'), value: `${run.provider} · ${run.model}` },
              ]}
            />
            {run.schema_check && (
              <StatusIndicator type={run.schema_check.valid ? 'success' : 'warning'}>
                {run.schema_check.valid ? t('ai.playground.schemaValid') : t('ai.playground.schemaInvalid', { problem: run.schema_check.problem ?? '' })}
              </StatusIndicator>
            )}
            <FormField label={t('ai.playground.raw')}>
              <Box variant="code">
                <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="playground-raw">
                  {run.raw}
                </pre>
              </Box>
            </FormField>
          </SpaceBetween>
        </Container>
      )}
    </SpaceBetween>
  );
};
