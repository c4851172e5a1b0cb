import { BedrockRuntimeClient, ConverseCommand, type ContentBlock, type Message } from '@aws-sdk/client-bedrock-runtime';
import type { AiSettings } from './config';
import { AiCallError, callTimeoutMs, type AiMessage, type AiProvider, type AiRequest, type AiResult } from './port';

/**
 * Amazon Bedrock through the Converse API (one request shape for every model family). Structured output is a
 * forced tool call: the schema is the tool's input schema and the tool's input is the answer, which models on
 * Bedrock follow far better than an instruction in the prompt. IAM gives the function bedrock:InvokeModel on the
 * stage's model only (infra).
 */
export const createBedrockProvider = (settings: AiSettings, client = new BedrockRuntimeClient({ region: settings.region, maxAttempts: 1 })): AiProvider => ({
  provider: 'bedrock',
  model: settings.model,
  localTestModel: false,
  async complete(request: AiRequest): Promise<AiResult> {
    const started = performance.now();
    const { system, messages } = toConverseMessages(request.messages);
    const toolName = request.schema ? toolNameOf(request.schema.name) : undefined;
    try {
      const answer = await client.send(
        new ConverseCommand({
          modelId: settings.model,
          system: system.length ? system.map((text) => ({ text })) : undefined,
          messages,
          inferenceConfig: { maxTokens: request.maxTokens, temperature: request.temperature },
          toolConfig:
            request.schema && toolName
              ? {
                  tools: [{ toolSpec: { name: toolName, description: 'Give the answer as this tool input.', inputSchema: { json: request.schema.schema as never } } }],
                  toolChoice: { tool: { name: toolName } },
                }
              : undefined,
        }),
        { abortSignal: AbortSignal.timeout(callTimeoutMs(request, settings.timeoutMs)) },
      );
      if (answer.stopReason === 'guardrail_intervened' || answer.stopReason === 'content_filtered') {
        throw new AiCallError('refused', `Bedrock refused to answer (${answer.stopReason})`);
      }
      return {
        text: answerText(answer.output?.message?.content ?? [], toolName),
        tokensIn: answer.usage?.inputTokens ?? 0,
        tokensOut: answer.usage?.outputTokens ?? 0,
        latencyMs: Math.round(performance.now() - started),
        model: settings.model,
        provider: 'bedrock',
        localTestModel: false,
      };
    } catch (error) {
      if (error instanceof AiCallError) throw error;
      const name = (error as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError' || name === 'ModelTimeoutException') {
        throw new AiCallError('timeout', 'Bedrock did not answer in time', { cause: error });
      }
      if (name === 'ValidationException') throw new AiCallError('refused', 'Bedrock refused the request', { cause: error });
      throw new AiCallError('unavailable', `Bedrock failed: ${name ?? String(error)}`, { cause: error });
    }
  },
});

/** Tool names allow [a-zA-Z0-9_-], up to 64 characters. */
const toolNameOf = (name: string) => name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64) || 'answer';

/** Converse takes system prompts apart and messages alternating from a user turn: adjacent turns of one role merge. */
export const toConverseMessages = (input: readonly AiMessage[]): { system: string[]; messages: Message[] } => {
  const system: string[] = [];
  const messages: Message[] = [];
  for (const message of input) {
    if (message.role === 'system') {
      system.push(message.content);
      continue;
    }
    const last = messages.at(-1);
    if (last?.role === message.role) last.content = [...(last.content ?? []), { text: message.content }];
    else messages.push({ role: message.role, content: [{ text: message.content }] });
  }
  if (messages[0]?.role !== 'user') messages.unshift({ role: 'user', content: [{ text: 'Answer.' }] });
  return { system, messages };
};

/** The forced tool's input as JSON text when a schema was asked for, else the text blocks. */
const answerText = (content: ContentBlock[], toolName: string | undefined) => {
  if (toolName) {
    const tool = content.find((block) => block.toolUse?.name === toolName)?.toolUse;
    if (tool) return JSON.stringify(tool.input ?? null);
  }
  return content.map((block) => block.text ?? '').join('');
};
