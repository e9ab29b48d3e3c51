/**
 * A file's text as numbered lines, keeping whether it ended with a newline so that line edits change only the
 * lines they name.
 */
export interface Lines {
  lines: string[];
  trailingNewline: boolean;
}

export function toLines(content: string): Lines {
  if (content === "") return { lines: [], trailingNewline: true };
  const trailingNewline = content.endsWith("\n");
  const body = trailingNewline ? content.slice(0, -1) : content;
  return { lines: body.split("\n"), trailingNewline };
}

export function fromLines({ lines, trailingNewline }: Lines): string {
  if (lines.length === 0) return "";
  return lines.join("\n") + (trailingNewline ? "\n" : "");
}

/** Splits inserted text into lines; a trailing newline in it does not add an empty line. */
export function textToLines(text: string): string[] {
  const body = text.endsWith("\n") ? text.slice(0, -1) : text;
  return body.split("\n");
}

/**
 * 1-based line numbers of every occurrence of `needle` in `haystack` (occurrences may not overlap). Linear:
 * each newline is found once, however many occurrences there are.
 */
export function occurrenceLines(haystack: string, needle: string): number[] {
  const found: number[] = [];
  let line = 1;
  let nextNewline = haystack.indexOf("\n");
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(needle, from);
    if (at < 0) return found;
    while (nextNewline !== -1 && nextNewline < at) {
      line++;
      nextNewline = haystack.indexOf("\n", nextNewline + 1);
    }
    found.push(line);
    from = at + Math.max(needle.length, 1);
  }
}

/** How many lines `content` has, as toLines counts them, without splitting it. */
export function lineCount(content: string): number {
  if (content === "") return 0;
  let count = 1;
  for (let nl = content.indexOf("\n"); nl !== -1; nl = content.indexOf("\n", nl + 1)) count++;
  return content.endsWith("\n") ? count - 1 : count;
}
