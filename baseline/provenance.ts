/**
 * Where an evaluation's results came from: breakfix's version and commit, when it ran, on which Node, which
 * agent (model and API for an LLM), which scenarios and seeds. Results files carry it so that a table can be
 * reproduced. It is a record of the run only: nothing here ever enters grading or an observation.
 */

export interface Provenance {
  breakfix_version: string;
  /** The commit breakfix ran from; absent when it does not run from a git checkout. */
  git_commit?: string;
  /** When the evaluation ran, ISO 8601 in UTC. */
  date: string;
  node_version: string;
  agent: string;
  /** For an LLM agent: the model asked and the OpenAI-compatible API it was asked through. */
  model?: string;
  base_url?: string;
  selection: {
    task_id: string | null;
    scenario_id: string | null;
    /** The scenarios played, in order. */
    scenarios: string[];
  };
  /** The seeds that chose the scenarios; null when each selected scenario was played once, chosen by id. */
  seeds: number[] | null;
}

/** What the selection came to, in words: `every scenario (50)`, `task k8s_networking (5)`, `scenario oom_killed`. */
export function selectionText(p: Provenance): string {
  const n = p.selection.scenarios.length;
  if (p.selection.scenario_id !== null) return `scenario ${p.selection.scenario_id}`;
  if (p.selection.task_id !== null) return `task ${p.selection.task_id} (${n} scenarios)`;
  return `every scenario (${n})`;
}

/** The provenance as a Markdown table, to follow a results table. */
export function provenanceMarkdown(p: Provenance): string {
  const rows: Array<[string, string]> = [
    ["breakfix", p.breakfix_version],
    ...(p.git_commit === undefined ? [] : [["git commit", p.git_commit] as [string, string]]),
    ["date", p.date],
    ["Node.js", p.node_version],
    ["agent", p.agent],
    ...(p.model === undefined ? [] : [["model", p.model] as [string, string]]),
    ...(p.base_url === undefined ? [] : [["base URL", p.base_url] as [string, string]]),
    ["scenarios", selectionText(p)],
    ["seeds", p.seeds === null ? "none: each scenario once, chosen by id" : p.seeds.join(", ")],
  ];
  return ["Provenance:", "", "| | |", "|---|---|", ...rows.map(([k, v]) => `| ${k} | ${v.replaceAll("|", "\\|")} |`), ""].join("\n");
}

/** The provenance on one line, for a terminal table. */
export function provenanceLine(p: Provenance): string {
  const commit = p.git_commit === undefined ? "" : ` (commit ${p.git_commit.slice(0, 12)})`;
  const model = p.model === undefined ? "" : ` ${p.model} via ${p.base_url ?? "?"}`;
  return `breakfix ${p.breakfix_version}${commit}, Node.js ${p.node_version}, ${p.date}: ${p.agent}${model} on ${selectionText(p)}`;
}
