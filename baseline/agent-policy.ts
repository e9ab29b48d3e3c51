/**
 * The LLM agent's policy: the prompt it is given and how its reply becomes an action. This is the one module
 * to replace to bring your own agent: keep the exported `policy` (an AgentPolicy) and the runner, logging and
 * grading stay as they are. `breakfix inference --policy ./my-policy.ts` loads another module that exports
 * `policy` without editing this one.
 */
import { ActionSchema, ACTION_TYPES, type Action } from "../contracts/actions.js";
import type { Observation } from "../contracts/observation.js";

/** One chat message, as OpenAI-compatible chat APIs take it. */
export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** A previous turn of this episode, for the policy to remind the model what it did. */
export interface PolicyTurn {
  /** The model's reply, verbatim. */
  reply: string;
  /** The action played, or null when the reply had none. */
  action: Action | null;
  /** Why the turn failed (no action in the reply, or the engine's last_action_error); null when it worked. */
  error: string | null;
  reward: number;
}

/** The reply as an action, or why it is not one. */
export type ParsedReply = { action: Action } | { action: null; error: string };

/** What the runner needs from a policy. */
export interface AgentPolicy {
  /** The whole conversation to send for the next turn. */
  messages(observation: Observation, history: readonly PolicyTurn[]): ChatMessage[];
  /** The action in the model's reply, or a clear reason why there is none. Must not throw. */
  parse(reply: string): ParsedReply;
}

/** Files larger than this are shown cut, with a note: lockfiles would otherwise fill the context. */
const MAX_FILE_CHARS = 6000;

const SYSTEM = `You are a senior DevOps engineer. A repository's pipeline (GitHub Actions workflow, docker build,
Kubernetes deploy) is failing. Read the error log and the files, find the root cause, and fix it with as few
edits as you can. The facts you need are in the files, the log, or what an inspection shows (what a pod uses,
which IngressClasses exist, where a build writes): look before you guess. Do not silence checks, delete what
fails, or add continue-on-error.

Answer each turn with exactly ONE action as a JSON object and nothing else. Action types:
- {"action_type":"edit_file","edits":[{"file_path":"Dockerfile","old_content":"exact text","new_content":"replacement"}]}
  old_content must occur exactly once in the file (whitespace counts); an empty old_content on a new path creates the file.
- {"action_type":"replace_line","file_path":"F","line_number":3,"new_content":"text of the line"}
- {"action_type":"add_line","file_path":"F","line_number":4,"content":"becomes line 4"}
- {"action_type":"delete_line","file_path":"F","line_number":4}
- {"action_type":"add_block","file_path":"F","line_number":4,"content":"line one\\nline two"}
- {"action_type":"delete_block","file_path":"F","start_line":4,"end_line":6}
- {"action_type":"apply_patch","patch":"unified diff"}
- {"action_type":"inspect","command":"kubectl top pod"}   (read-only: cat, grep, docker build --progress=plain, gh run view --log,
  kubectl get/describe/logs/top, curl; counts toward max_steps but not against efficiency)
- {"action_type":"request_hint"}   (costs score: use only when stuck)
- {"action_type":"submit"}         (ends the episode; the episode also ends by itself once everything is fixed)
Line numbers are 1-based and refer to the numbered listing you are shown.`;

function numbered(content: string): string {
  const text = content.length > MAX_FILE_CHARS ? `${content.slice(0, MAX_FILE_CHARS)}\n… (${content.length - MAX_FILE_CHARS} more characters not shown)` : content;
  return text
    .split("\n")
    .map((line, i) => `${String(i + 1).padStart(4)} | ${line}`)
    .join("\n");
}

function describe(observation: Observation, history: readonly PolicyTurn[]): string {
  const parts = [
    `Task: ${observation.instructions}`,
    `Step ${observation.step_count} of ${observation.max_steps}; issues fixed ${observation.issues_fixed} of ${observation.issues_total}.`,
    `Repository secrets that exist: ${observation.available_secrets.length === 0 ? "(none)" : observation.available_secrets.join(", ")}`,
  ];
  if (observation.last_action_error !== null) parts.push(`Your last action FAILED and changed nothing: ${observation.last_action_error}`);
  const last = history.at(-1);
  if (last !== undefined && last.action === null && last.error !== null) parts.push(`Your last reply had no usable action: ${last.error}`);
  if (observation.hint !== null) parts.push(`Hint: ${observation.hint}`);
  if (observation.inspect_output !== null) parts.push(`Your last inspection printed:\n${observation.inspect_output}`);
  if (history.length > 0) {
    parts.push(`Your actions so far:\n${history.map((t, i) => `  ${i + 1}. ${t.action === null ? "(no action)" : JSON.stringify(t.action)}${t.error === null ? "" : `  -> failed: ${t.error}`}`).join("\n")}`);
  }
  parts.push(`Error log (first failing stage):\n${observation.error_message ?? "(none: the pipeline passes; submit)"}`);
  for (const [path, content] of Object.entries(observation.files)) {
    const mode = observation.file_modes[path] === "100755" ? " (executable)" : "";
    parts.push(`--- ${path}${mode}\n${numbered(content)}`);
  }
  parts.push("Reply with one JSON action.");
  return parts.join("\n\n");
}

/** The JSON texts a reply may hold: fenced code blocks first, then every balanced {...} span. */
export function jsonCandidates(reply: string): string[] {
  const found: string[] = [];
  for (const m of reply.matchAll(/```(?:json)?\s*\n?([\s\S]*?)```/g)) if (m[1] !== undefined) found.push(m[1].trim());
  for (let start = reply.indexOf("{"); start >= 0; start = reply.indexOf("{", start + 1)) {
    let depth = 0;
    let inString = false;
    for (let i = start; i < reply.length; i++) {
      const ch = reply[i];
      if (inString) {
        if (ch === "\\") i++;
        else if (ch === '"') inString = false;
      } else if (ch === '"') inString = true;
      else if (ch === "{") depth++;
      else if (ch === "}" && --depth === 0) {
        found.push(reply.slice(start, i + 1));
        break;
      }
    }
  }
  return found;
}

/**
 * Finds the action in a reply: a bare JSON object, one in a code fence, or one inside prose; `{"action": {...}}`
 * is unwrapped. Never throws.
 * @example parseReply('Fix: {"action_type":"submit"}') // { action: { action_type: "submit" } }
 */
export function parseReply(reply: string): ParsedReply {
  const candidates = jsonCandidates(reply);
  if (candidates.length === 0 && reply.includes("{")) {
    // An object that never closes: a reply cut off, or a model that lost count of its braces.
    let reason = "unbalanced braces";
    try {
      JSON.parse(reply.slice(reply.indexOf("{")));
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
    }
    return { action: null, error: `the reply's JSON does not parse (${reason}); answer with one complete JSON action` };
  }
  if (candidates.length === 0) {
    return { action: null, error: `the reply has no JSON object (prose only: ${JSON.stringify(reply.slice(0, 120))}); answer with one JSON action` };
  }
  let firstProblem: string | null = null;
  for (const text of candidates) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      firstProblem ??= `the reply's JSON does not parse (${error instanceof Error ? error.message : String(error)})`;
      continue;
    }
    if (typeof value === "object" && value !== null && "action" in value && typeof value.action === "object") value = value.action;
    const result = ActionSchema.safeParse(value);
    if (result.success) return { action: result.data };
    firstProblem ??= `the JSON is not a valid action: ${result.error.issues.map((i) => `${i.path.join(".") || "action"}: ${i.message}`).join("; ")} (action_type is one of ${ACTION_TYPES.join(", ")})`;
  }
  return { action: null, error: firstProblem ?? "the reply has no action" };
}

/** The default policy: the system prompt above, the observation as text, replies parsed by parseReply. */
export const policy: AgentPolicy = {
  messages: (observation, history) => [
    { role: "system", content: SYSTEM },
    { role: "user", content: describe(observation, history) },
  ],
  parse: parseReply,
};
