/** The LLM runner's settings from the environment, checked up front so a missing one is a clear error. */

export interface LlmConfig {
  baseURL: string;
  model: string;
  apiKey: string;
}

/** A setting is missing or malformed: the CLI prints the message and exits 2. */
export class LlmConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LlmConfigError";
  }
}

const HF_ROUTER = "https://router.huggingface.co/v1";
const OPENAI = "https://api.openai.com/v1";

/**
 * Reads API_BASE_URL, MODEL_NAME and HF_TOKEN or OPENAI_API_KEY. API_BASE_URL defaults to the Hugging Face
 * router when only HF_TOKEN is set, else to OpenAI.
 * @throws LlmConfigError naming every missing variable
 */
export function llmConfigFrom(env: NodeJS.ProcessEnv): LlmConfig {
  const apiKey = env["HF_TOKEN"] || env["OPENAI_API_KEY"] || "";
  const model = env["MODEL_NAME"] || "";
  const missing = [...(apiKey === "" ? ["HF_TOKEN or OPENAI_API_KEY (the API key)"] : []), ...(model === "" ? ["MODEL_NAME (the model to ask)"] : [])];
  if (missing.length > 0) {
    throw new LlmConfigError(`missing ${missing.join(" and ")}; e.g. export API_BASE_URL=${HF_ROUTER} MODEL_NAME=meta-llama/Llama-3.1-70B-Instruct HF_TOKEN=hf_...`);
  }
  const baseURL = env["API_BASE_URL"] || (env["HF_TOKEN"] && !env["OPENAI_API_KEY"] ? HF_ROUTER : OPENAI);
  try {
    new URL(baseURL);
  } catch {
    throw new LlmConfigError(`API_BASE_URL is not a URL: '${baseURL}'`);
  }
  return { baseURL, model, apiKey };
}
