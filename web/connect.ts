/** The Connect view: the README's quick starts (Python over OpenEnv, MCP), read from /metadata. */
import { api } from "./api.js";
import { byId, fill, h } from "./dom.js";
import { renderMarkdown } from "./markdown.js";
import { readmeSection } from "./readme.js";

export const QUICK_START_HEADING = "Quick starts";

export async function renderQuickStarts(): Promise<void> {
  const target = byId("quick-starts");
  try {
    const readme = (await api.metadata()).readme_content ?? "";
    const section = readmeSection(readme, QUICK_START_HEADING);
    if (section === null) {
      fill(target, h("p", {}, "The README has no quick start section; ", h("a", { href: "metadata" }, "/metadata"), " carries the whole README."));
      return;
    }
    fill(target, ...renderMarkdown(section));
  } catch (error) {
    fill(target, h("p", { class: "action-error" }, error instanceof Error ? error.message : String(error)));
  }
}
