/**
 * journalctl's vacuum options, the one way to shrink the journal that does not lose the current file:
 * archived journal files (system@…journal, user-…@…journal) are deleted oldest first until what is left fits.
 */
import { apparentSize } from "../fs.js";
import type { CommandHandler } from "./types.js";
import { done, refuse } from "./types.js";

const UNITS: Record<string, number> = { K: 1024, M: 1024 ** 2, G: 1024 ** 3 };

export const journalctlVacuum: CommandHandler = ({ draft, argv }) => {
  const arg = argv.slice(1).find((a) => a.startsWith("--vacuum-"));
  if (!arg) return refuse("'journalctl' without --vacuum-size/--vacuum-files only reads: use the inspect action for it");
  const [name, value] = arg.split("=") as [string, string | undefined];
  const fs = draft.fs();
  const journals = fs.filesUnder("var/log/journal").filter((k) => k.endsWith(".journal"));
  const archived = journals.filter((k) => k.includes("@")).sort();
  const active = journals.filter((k) => !k.includes("@"));
  const sizeOf = (k: string) => apparentSize(draft.files.get(k)!.content, draft.state.nodes[k]);
  let keep: number;
  if (name === "--vacuum-size") {
    const m = /^(\d+)([KMG])?$/i.exec(value ?? "");
    if (!m) return refuse(`Failed to parse size value: ${value ?? ""}`);
    keep = Number(m[1]) * (UNITS[(m[2] ?? "").toUpperCase()] ?? 1);
  } else if (name === "--vacuum-files") {
    if (!/^\d+$/.test(value ?? "")) return refuse(`Failed to parse number of files: ${value ?? ""}`);
    keep = -Number(value);
  } else return refuse(`journalctl: unrecognized option '${name}' (--vacuum-size=SIZE or --vacuum-files=N)`);
  let total = [...archived, ...active].reduce((s, k) => s + sizeOf(k), 0);
  const out: string[] = [];
  let freed = 0;
  const removable = [...archived];
  while (removable.length > 0 && (keep >= 0 ? total > keep : removable.length + active.length > -keep)) {
    const k = removable.shift()!;
    const size = sizeOf(k);
    out.push(`Deleted archived journal /${k} (${(size / 1024 ** 2).toFixed(1)}M).`);
    draft.remove(k);
    total -= size;
    freed += size;
  }
  out.push(`Vacuuming done, freed ${(freed / 1024 ** 2).toFixed(1)}M of archived journals from /var/log/journal.`);
  draft.tick(1);
  return done(out);
};
