/**
 * The bounds on what an episode's repository may grow to (contracts/limits.ts): files, bytes and lines per
 * file, bytes in all. An action whose result would exceed one fails, saying which bound and by how much, so
 * no client can make every later step simulate (and every answer carry) an arbitrarily large repository.
 */
import { MAX_FILE_BYTES, MAX_FILES_PER_REPOSITORY, MAX_LINES_PER_FILE, MAX_REPOSITORY_BYTES } from "../contracts/limits.js";
import type { Repository } from "../simulators/repository.js";
import { lineCount } from "./lines.js";

const bytesOf = (text: string): number => Buffer.byteLength(text, "utf8");

/**
 * Why `after` (the repository an action would leave, from `before`) exceeds a bound, or null. Only files the
 * action replaced or added are measured one by one; the total is measured exactly only when the characters
 * alone cannot decide it (UTF-8 takes 1 to 3 bytes per UTF-16 character).
 * @example limitExceeded(repo, next) // "Dockerfile would have 600000 bytes; a file may have at most 524288"
 */
export function limitExceeded(before: Repository, after: Repository): string | null {
  if (after.size > MAX_FILES_PER_REPOSITORY && after.size > before.size) {
    return `the repository would have ${after.size} files; it may have at most ${MAX_FILES_PER_REPOSITORY}`;
  }
  let chars = 0;
  for (const [path, file] of after) {
    chars += file.content.length;
    if (before.get(path) === file) continue;
    if (file.content.length > MAX_FILE_BYTES || (file.content.length * 3 > MAX_FILE_BYTES && bytesOf(file.content) > MAX_FILE_BYTES)) {
      return `${path} would have ${bytesOf(file.content)} bytes; a file may have at most ${MAX_FILE_BYTES}`;
    }
    const lines = lineCount(file.content);
    if (lines > MAX_LINES_PER_FILE) return `${path} would have ${lines} lines; a file may have at most ${MAX_LINES_PER_FILE}`;
  }
  if (chars * 3 <= MAX_REPOSITORY_BYTES) return null;
  let bytes = 0;
  for (const file of after.values()) bytes += bytesOf(file.content);
  if (bytes <= MAX_REPOSITORY_BYTES) return null;
  return `the repository would hold ${bytes} bytes in all; it may hold at most ${MAX_REPOSITORY_BYTES}`;
}
