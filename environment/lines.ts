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

/** 1-based line numbers of every occurrence of `needle` in `haystack` (occurrences may not overlap). */
export function occurrenceLines(haystack: string, needle: string): number[] {
  const found: number[] = [];
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(needle, from);
    if (at < 0) return found;
    found.push(haystack.slice(0, at).split("\n").length);
    from = at + Math.max(needle.length, 1);
  }
}
