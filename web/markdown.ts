/**
 * Just enough Markdown for the README's quick starts: headings, paragraphs, fenced code blocks and inline
 * `code`. Everything goes in as text nodes, so README text cannot inject markup.
 */
import { h } from "./dom.js";

/** Elements for a Markdown text. */
export function renderMarkdown(text: string): HTMLElement[] {
  const out: HTMLElement[] = [];
  const lines = text.split("\n");
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) out.push(h("p", {}, ...inline(paragraph.join(" "))));
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = /^```(\w*)/.exec(line);
    if (fence) {
      flush();
      const code: string[] = [];
      for (i += 1; i < lines.length && !lines[i]!.startsWith("```"); i++) code.push(lines[i]!);
      out.push(h("pre", { class: "code", tabindex: 0, "data-language": fence[1] || "text" }, h("code", {}, code.join("\n"))));
      continue;
    }
    const heading = /^(#{1,6}) (.*)$/.exec(line);
    if (heading) {
      flush();
      // The page's own heading is the h1; README headings nest under it.
      const level = Math.max(2, Math.min(6, heading[1]!.length));
      out.push(h(`h${level}` as "h2", {}, ...inline(heading[2]!)));
      continue;
    }
    if (line.trim() === "") flush();
    else paragraph.push(line.trim());
  }
  flush();
  return out;
}

/** `code` spans as <code>, the rest as text. */
function inline(text: string): Array<HTMLElement | string> {
  return text.split(/(`[^`]+`)/).filter(Boolean).map((part) => (part.startsWith("`") && part.endsWith("`") ? h("code", {}, part.slice(1, -1)) : part));
}
