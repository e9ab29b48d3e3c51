/**
 * Build step (`npm run prepare`): writes every base repository under tasks/bases/ into dist/tasks/bases.json,
 * which an installed package reads them from (tasks/load.ts). The directories themselves are not shipped: npm
 * leaves some of their files out of a tarball (a base's `.npmrc`), and a scenario without them is another one.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BASES_BUNDLE, readBaseDirectory } from "../tasks/load.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const basesDir = path.join(root, "tasks", "bases");
const out = path.join(root, "dist", "tasks", BASES_BUNDLE);

const bases: Record<string, Record<string, string>> = {};
for (const entry of fs.readdirSync(basesDir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
  if (entry.isDirectory()) bases[entry.name] = readBaseDirectory(path.join(basesDir, entry.name));
}
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify(bases)}\n`);
const files = Object.values(bases).reduce((n, b) => n + Object.keys(b).length, 0);
process.stderr.write(`wrote ${path.relative(root, out)}: ${Object.keys(bases).length} base repositories, ${files} files\n`);
