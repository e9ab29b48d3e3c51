import { edit, replaceLine } from "../fix.js";
import { shopEnv } from "../../simulators/host/reference-files.js";
import type { ScenarioSource } from "../schema.js";
import { lineOf, run, SHOP_ENV, SHOP_UNIT, SITE } from "./actions.js";

const RIGHT = "@db-primary.internal:5432/";
const TYPO = "@db-primray.internal:5432/";

export const logAnalysis: ScenarioSource = {
  id: "log_analysis",
  task_id: "host_incidents",
  title: "The API has answered 502 since the 09:12 release: find the first error in the logs",
  difficulty: "easy",
  description:
    "ChaosLab's log analysis, made a repair: breakfix grades the host's state, not an answer typed back, so the first error in the logs " +
    "leads to the fix. The 09:12 release rewrote /etc/shop/shop.env with the database host misspelt (db-primray.internal); the app's " +
    "restart failed on its migrations (\"could not translate host name ... Name or service not known\"), and nginx answers 502.",
  base: "api-01",
  faults: [
    { file: SHOP_ENV, replace: RIGHT, with: TYPO },
    { host: { journal: [{ ident: "deploy", message: "release 2026.03.14-2: wrote /etc/shop/shop.env" }] } },
    { host: { run: "systemctl restart shop" } },
  ],
  issues: [
    {
      id: "database-host-typo",
      description: "DATABASE_URL names db-primray.internal, which does not resolve; the app cannot start.",
      hint: "`journalctl -u shop -n 20`: the first traceback says which host name does not resolve. Compare it with the database's name.",
      stage: "runtime",
      detection: [
        { code: "HOST010", file: SHOP_UNIT },
        { code: "HOST030", file: SITE },
      ],
    },
  ],
  solution: [edit(SHOP_ENV, TYPO, RIGHT), run("systemctl restart shop")],
  alternatives: [
    { description: "the line rewritten whole, and a stop and start", actions: [replaceLine(SHOP_ENV, lineOf(shopEnv(true), "DATABASE_URL"), `DATABASE_URL=postgresql://shop:Vq4mT9xs2Lp${RIGHT}shop`), run("systemctl stop shop && systemctl start shop")] },
    { description: "the host name alone, started with the SysV wrapper", actions: [edit(SHOP_ENV, "db-primray", "db-primary"), run("service shop start")] },
  ],
  wrong: [
    { description: "restart the app as it is", because: { fires: "HOST010" }, actions: [run("systemctl restart shop")] },
    { description: "fix the file but never restart the app (it reads the file at start)", because: { fires: "HOST010" }, actions: [edit(SHOP_ENV, TYPO, RIGHT)] },
    { description: "point it at localhost: this host has no database", because: { fires: "HOST010" }, actions: [edit(SHOP_ENV, TYPO, "@127.0.0.1:5432/"), run("systemctl restart shop")] },
  ],
  // The resolver knows the database's real name; the misspelt one it does not.
  evidence: { inspect: [{ command: "dig db-primary.internal", shows: "db-primary.internal" }] },
  optimal_steps: 2,
  max_steps: 10,
};
