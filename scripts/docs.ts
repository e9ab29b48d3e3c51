/** Writes docs/rules.md from the rule modules. `npm run docs`; a test fails when the file is stale. */
import fs from "node:fs";
import { rulesTable } from "../simulators/rules.js";

fs.writeFileSync(new URL("../docs/rules.md", import.meta.url), rulesTable());
console.log("wrote docs/rules.md");
