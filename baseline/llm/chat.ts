/**
 * Chat completions through the `openai` package, against any OpenAI-compatible API. The package retries
 * 429s, 5xxs and dropped connections with exponential backoff (honouring Retry-After); we bound the retries.
 */
import OpenAI from "openai";
import type { ChatMessage } from "../agent-policy.js";
import type { LlmConfig } from "./config.js";

/** Sends a conversation, returns the reply's text. */
export interface ChatClient {
  complete(messages: ChatMessage[]): Promise<string>;
}

export interface ChatOptions {
  /** Retries after the first attempt on 429/5xx/connection errors (default 4). */
  maxRetries?: number;
  /** Per-request timeout in milliseconds (default 120 s). */
  timeoutMs?: number;
}

/**
 * A ChatClient for the configured API and model, at temperature 0 so runs are as repeatable as the API allows.
 * @example const chat = openAIChat(llmConfigFrom(process.env));
 */
export function openAIChat(config: LlmConfig, options: ChatOptions = {}): ChatClient {
  const client = new OpenAI({ baseURL: config.baseURL, apiKey: config.apiKey, maxRetries: options.maxRetries ?? 4, timeout: options.timeoutMs ?? 120_000 });
  return {
    async complete(messages) {
      const completion = await client.chat.completions.create({ model: config.model, messages, temperature: 0 });
      return completion.choices[0]?.message?.content ?? "";
    },
  };
}
