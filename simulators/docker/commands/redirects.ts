/**
 * Output redirections of a RUN step's commands (`> file`, `>> file`, `&> file`): sh creates the target before
 * the command runs, so a later COPY --from or check finds it; and refuses, as dash says, where the model knows
 * it cannot (a directory it knows is not there, one the user may not write). Input redirections and fd
 * duplications (`2>&1`) create nothing.
 */
import path from "node:path";
import type { Image } from "../image.js";
import { canWrite, knownAbsent, mkdirs } from "../image.js";
import type { CommandResult } from "./command.js";
import { failure, userName } from "./command.js";

const CREATING = new Set([">", ">>", ">|", "&>", "&>>"]);

/** A redirection of a command, its target already expanded (null when its text is not known). */
export interface OutputRedirect {
  op: string;
  target: string | null;
}

/**
 * Applies a command's output redirections; a failure when sh cannot create a target (the command then does
 * not run). `text` is what the command writes, when the model knows it (echo), else undefined.
 */
export function applyRedirects(redirects: readonly OutputRedirect[], cwd: string, image: Image, text: string | undefined): CommandResult | null {
  const writes = redirects.filter((r) => CREATING.has(r.op));
  for (const [index, r] of writes.entries()) {
    if (r.target === null || r.target === "" || r.target.startsWith("/dev/") || r.target.startsWith("/proc/")) continue;
    const file = path.posix.resolve(cwd, r.target);
    const entry = image.fs.get(file);
    if (entry?.type === "dir") return failure(2, `/bin/sh: 1: cannot create ${r.target}: Is a directory`);
    const dir = path.posix.dirname(file);
    const parent = image.fs.get(dir);
    if (parent === undefined && knownAbsent(image, dir)) return failure(2, `/bin/sh: 1: cannot create ${r.target}: Directory nonexistent`);
    if (parent !== undefined && (parent.type !== "dir" || (!entry && !canWrite(image, image.user, dir)))) {
      return failure(2, `/bin/sh: 1: cannot create ${r.target}: ${parent.type === "dir" ? "Permission denied" : "Directory nonexistent"}`);
    }
    // The last redirection of stdout gets the output; earlier ones are created empty.
    const written = index === writes.length - 1 ? text : "";
    const appending = r.op.endsWith(">>");
    const content = written === undefined ? undefined : appending && entry ? (entry.content === undefined ? undefined : entry.content + written) : written;
    // Directories above an unknown parent are the base image's, not the build's: their absence stays unknown.
    if (parent === undefined) mkdirs(image, dir, "root", 0o755, false);
    image.fs.set(file, {
      type: "file",
      owner: entry?.owner ?? userName(image.user),
      mode: entry?.mode ?? 0o644,
      ...(content === undefined ? {} : { content }),
      ...(entry?.source ? { source: entry.source } : {}),
      byBuild: true,
    });
  }
  return null;
}
