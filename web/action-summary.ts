/**
 * One action as a line a person reads: a host command or an inspection as the command line it ran, an edit
 * as the files it touches. The replay frames and the arena's step tables show it next to the action type.
 */
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** "$ systemctl restart nginx", "edits /etc/nginx/nginx.conf", … or null when there is nothing more to say than the type. */
export function actionSummary(action: unknown): string | null {
  if (!isRecord(action)) return null;
  if ((action.action_type === "host" || action.action_type === "inspect") && typeof action.command === "string") return `$ ${action.command}`;
  if (action.action_type === "edit_file" && Array.isArray(action.edits)) {
    const files = [...new Set(action.edits.map((e: unknown) => (isRecord(e) && typeof e.file_path === "string" ? e.file_path : "?")))];
    return files.length === 0 ? null : `edits ${files.join(", ")}`;
  }
  if (typeof action.file_path === "string") {
    const line = typeof action.line_number === "number" ? `:${action.line_number}` : typeof action.start_line === "number" ? `:${action.start_line}-${String(action.end_line)}` : "";
    return `${action.file_path}${line}`;
  }
  if (action.action_type === "apply_patch" && typeof action.patch === "string") {
    const files = [...new Set([...action.patch.matchAll(/^\+\+\+ (?:b\/)?(\S+)/gm)].map((m) => m[1]!))].filter((f) => f !== "/dev/null");
    return files.length === 0 ? null : `patches ${files.join(", ")}`;
  }
  return null;
}
