/** Finding a section of the README by its heading (the Connect view shows the quick starts). DOM-free. */

/** The README section whose heading is `heading` (up to the next heading of the same level or higher). */
export function readmeSection(readme: string, heading: string): string | null {
  const lines = readme.split("\n");
  const start = lines.findIndex((l) => /^#{1,6} /.test(l) && l.replace(/^#+ /, "").trim().toLowerCase() === heading.toLowerCase());
  if (start === -1) return null;
  const level = /^#+/.exec(lines[start]!)![0].length;
  let end = start + 1;
  let fenced = false;
  for (; end < lines.length; end++) {
    if (lines[end]!.startsWith("```")) fenced = !fenced;
    const match = /^(#+) /.exec(lines[end]!);
    if (!fenced && match && match[1]!.length <= level) break;
  }
  return lines.slice(start, end).join("\n");
}
