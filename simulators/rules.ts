/**
 * Every rule of every simulator, for the rules table (docs/rules.md), the scenario checks (a detection must
 * name a rule that exists) and `breakfix rules`.
 */
import { DOCKER_RULES } from "./docker/rules/index.js";
import { HOST_RULES } from "./host/rules/index.js";
import { K8S_RULES } from "./k8s/index.js";
import { PIPELINE_RULES } from "./pipeline/index.js";
import type { RuleInfo } from "./rule.js";
import { WORKFLOW_RULES } from "./workflow/index.js";

export const ALL_RULES: readonly RuleInfo[] = [...WORKFLOW_RULES, ...DOCKER_RULES, ...K8S_RULES, ...PIPELINE_RULES, ...HOST_RULES];

/** The rules that run through the rule engine, with the shape and cases the shared rule tester runs. */
export const ENGINE_RULES = [...WORKFLOW_RULES, ...DOCKER_RULES, ...K8S_RULES, ...PIPELINE_RULES, ...HOST_RULES] as const;

export function ruleByCode(code: string): RuleInfo | undefined {
  return ALL_RULES.find((r) => r.code === code);
}

/** The Markdown table of every rule, in code order within each family. */
export function rulesTable(rules: readonly RuleInfo[] = ALL_RULES): string {
  const families: Array<[string, RegExp]> = [
    ["GitHub Actions workflows (GHA)", /^GHA/],
    ["Dockerfiles (DF)", /^DF/],
    ["Kubernetes manifests (K8S)", /^K8S/],
    ["Cross-file pipeline (PIPE)", /^PIPE/],
    ["Linux hosts (HOST)", /^HOST/],
  ];
  const out = ["# Rules", "", "Every check breakfix makes, generated from the rule modules (`npm run docs`).", ""];
  for (const [title, prefix] of families) {
    const members = rules.filter((r) => prefix.test(r.code)).sort((a, b) => a.code.localeCompare(b.code, "en", { numeric: true }));
    if (members.length === 0) continue;
    out.push(`## ${title}`, "", "| code | name | stage | severity | summary |", "|---|---|---|---|---|");
    for (const r of members) out.push(`| ${r.code} | ${r.name} | ${r.stage} | ${r.severity} | ${r.summary.replace(/\|/g, "\\|")} |`);
    out.push("");
  }
  return out.join("\n");
}
