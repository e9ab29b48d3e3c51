/** Shorthands for writing scenario fixes as actions, so scenario files read as what they do. */
import type { Action } from "../contracts/actions.js";

export const edit = (file_path: string, old_content: string, new_content: string): Action => ({
  action_type: "edit_file",
  edits: [{ file_path, old_content, new_content }],
});

export const edits = (...list: Array<[file_path: string, old_content: string, new_content: string]>): Action => ({
  action_type: "edit_file",
  edits: list.map(([file_path, old_content, new_content]) => ({ file_path, old_content, new_content })),
});

export const replaceLine = (file_path: string, line_number: number, new_content: string): Action => ({
  action_type: "replace_line",
  file_path,
  line_number,
  new_content,
});

export const addLine = (file_path: string, line_number: number, content: string): Action => ({ action_type: "add_line", file_path, line_number, content });

export const deleteLine = (file_path: string, line_number: number): Action => ({ action_type: "delete_line", file_path, line_number });

export const addBlock = (file_path: string, line_number: number, content: string): Action => ({ action_type: "add_block", file_path, line_number, content });

export const deleteBlock = (file_path: string, start_line: number, end_line: number): Action => ({
  action_type: "delete_block",
  file_path,
  start_line,
  end_line,
});

export const patch = (text: string): Action => ({ action_type: "apply_patch", patch: text });

export const hint: Action = { action_type: "request_hint" };
export const submit: Action = { action_type: "submit" };
