/**
 * The agent's actions, one zod schema per action type: the validator, the TypeScript type, /schema and the
 * MCP tool input schemas all come from here. Unknown keys are rejected, as OpenEnv's pydantic models do,
 * except an optional `metadata` object that OpenEnv clients may attach.
 */
import { z } from "zod";
import { MAX_EDITS_PER_ACTION, MAX_INSPECT_COMMAND_CHARS, MAX_LINE_NUMBER, MAX_PATH_CHARS, MAX_TEXT_CHARS } from "./limits.js";

/** Lines are counted from 1; the cap keeps absurd numbers out without limiting any real file. */
const LineNumber = z.number().int().min(1).max(MAX_LINE_NUMBER).describe("1-based line number");
const FilePath = z.string().min(1).max(MAX_PATH_CHARS).describe("path relative to the repository root, e.g. Dockerfile or k8s/deployment.yaml");
const Text = z.string().max(MAX_TEXT_CHARS);
const Metadata = z.record(z.string(), z.unknown()).optional().describe("ignored; accepted for OpenEnv clients");

export const EditSchema = z
  .object({
    file_path: FilePath,
    old_content: Text.describe("exact text to replace; must occur exactly once. Empty on a missing file creates it"),
    new_content: Text.describe("replacement text"),
  })
  .strict();

export const EditFileAction = z
  .object({
    action_type: z.literal("edit_file"),
    edits: z.array(EditSchema).min(1).max(MAX_EDITS_PER_ACTION).describe("applied in order, all or nothing"),
    metadata: Metadata,
  })
  .strict()
  .describe("Replace exact text in one or more files");

export const ReplaceLineAction = z
  .object({
    action_type: z.literal("replace_line"),
    file_path: FilePath,
    line_number: LineNumber,
    new_content: Text.describe("the new text of that line (no trailing newline)"),
    metadata: Metadata,
  })
  .strict()
  .describe("Replace one line");

export const AddLineAction = z
  .object({
    action_type: z.literal("add_line"),
    file_path: FilePath,
    line_number: LineNumber.describe("the line number the new line will have; last line + 1 appends"),
    content: Text,
    metadata: Metadata,
  })
  .strict()
  .describe("Insert one line");

export const DeleteLineAction = z
  .object({
    action_type: z.literal("delete_line"),
    file_path: FilePath,
    line_number: LineNumber,
    metadata: Metadata,
  })
  .strict()
  .describe("Delete one line");

export const AddBlockAction = z
  .object({
    action_type: z.literal("add_block"),
    file_path: FilePath,
    line_number: LineNumber.describe("the line number the block's first line will have; last line + 1 appends"),
    content: Text.describe("one or more lines, separated by newlines"),
    metadata: Metadata,
  })
  .strict()
  .describe("Insert several lines");

export const DeleteBlockAction = z
  .object({
    action_type: z.literal("delete_block"),
    file_path: FilePath,
    start_line: LineNumber,
    end_line: LineNumber.describe("inclusive"),
    metadata: Metadata,
  })
  .strict()
  .describe("Delete a range of lines, inclusive");

export const ApplyPatchAction = z
  .object({
    action_type: z.literal("apply_patch"),
    patch: Text.min(1).describe("a unified diff (git or plain), one or more files; git `old mode`/`new mode` lines change a file's mode"),
    metadata: Metadata,
  })
  .strict()
  .describe("Apply a unified diff");

export const InspectAction = z
  .object({
    action_type: z.literal("inspect"),
    command: z
      .string()
      .min(1)
      .max(MAX_INSPECT_COMMAND_CHARS)
      .describe(
        "a read-only command, answered from the simulation of the current files: cat, grep -rn, ls, find, git diff, " +
          "docker build ., gh run view --log, kubectl get pods, kubectl describe pod NAME, ... (pipes to grep, head, tail, wc work)",
      ),
    metadata: Metadata,
  })
  .strict()
  .describe("Look at the repository, the build, the CI run or the cluster without changing anything (a step, but not counted by efficiency)");

export const HostAction = z
  .object({
    action_type: z.literal("host"),
    command: z
      .string()
      .min(1)
      .max(MAX_INSPECT_COMMAND_CHARS)
      .describe(
        "a command that changes the simulated host (host scenarios only): systemctl restart|reload|start|stop|enable UNIT, " +
          "systemctl daemon-reload, chmod/chown [-R] ... PATH, rm/truncate -s 0 FILE, kill [-9] PID, pkill NAME, iptables -D/-I/-A ..., " +
          "iptables-restore < /etc/iptables/rules.v4, netfilter-persistent save, journalctl --vacuum-size=SIZE; `&&` and `;` chain commands",
      ),
    metadata: Metadata,
  })
  .strict()
  .describe("Run a command that changes the simulated Linux host (a repair step: restart a service, fix a mode, kill a process, change the firewall)");

export const RequestHintAction = z
  .object({ action_type: z.literal("request_hint"), metadata: Metadata })
  .strict()
  .describe("Reveal the hint of the first unfixed issue (costs 0.04 of the score)");

export const SubmitAction = z
  .object({ action_type: z.literal("submit"), metadata: Metadata })
  .strict()
  .describe("End the episode and grade it");

export const ActionSchema = z.discriminatedUnion("action_type", [
  EditFileAction,
  ReplaceLineAction,
  AddLineAction,
  DeleteLineAction,
  AddBlockAction,
  DeleteBlockAction,
  ApplyPatchAction,
  InspectAction,
  HostAction,
  RequestHintAction,
  SubmitAction,
]);

export type Action = z.infer<typeof ActionSchema>;
export type ActionType = Action["action_type"];
export const ACTION_TYPES: readonly ActionType[] = ActionSchema.options.map((o) => o.shape.action_type.value);

/** Actions that change the repository (the edits, and on a host its commands); the others neither touch it nor can fail. */
export type EditAction = Exclude<Action, { action_type: "request_hint" | "submit" | "inspect" }>;

/** Whether an action changes the repository or host (every action but inspections, hints and submit). */
export function isEditAction(action: Action): action is EditAction {
  return action.action_type !== "request_hint" && action.action_type !== "submit" && action.action_type !== "inspect";
}
