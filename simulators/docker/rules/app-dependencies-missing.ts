/**
 * DF107: the app's dependencies must be installed in the image it runs from: the requirements pip installed,
 * or a node_modules npm populated at or above the app's directory. Only an exact model can say one is absent.
 */
import path from "node:path";
import { requirementNames } from "../commands/packages.js";
import type { AppStartEvent } from "../events.js";
import { dockerRule } from "../events.js";
import { PROCESS_OUTPUT } from "../process-output.js";
import { headline } from "../start-outcome.js";

function missingDependency(e: AppStartEvent): string[] | null {
  const root = e.app.root === "." ? "" : e.app.root + "/";
  const { image } = e;
  if (e.language === "python") {
    const requirements = e.repo.get(root + "requirements.txt")?.content;
    if (!requirements) return null;
    const absent = requirementNames(requirements).find((n) => !image.installed.pipPackages.has(n));
    if (!absent || !image.exact) return null;
    return PROCESS_OUTPUT.python.moduleMissing(absent.replace(/-/g, "_"), e.imagePath);
  }
  const pkg = e.repo.get(root + "package.json")?.content;
  if (!pkg) return null;
  let deps: string[] = [];
  try {
    deps = Object.keys((JSON.parse(pkg) as { dependencies?: Record<string, string> }).dependencies ?? {});
  } catch {
    return null;
  }
  if (deps.length === 0 || !image.exact) return null;
  for (let dir = path.posix.dirname(e.imagePath); ; dir = path.posix.dirname(dir)) {
    if (image.installed.nodeModules.has(dir)) return null;
    if (dir === "/") break;
  }
  return PROCESS_OUTPUT.node.moduleMissing(deps[0]!, e.imagePath);
}

export const appDependenciesMissing = dockerRule({
  code: "DF107",
  name: "app-dependencies-missing",
  summary: "The app's dependencies must be installed in the image it runs from",
  stage: "runtime",
  severity: "error",
  phase: "deps",
  needs: ["world", "context"],
  on: {
    "app-start"(e, ctx) {
      const lines = missingDependency(e);
      if (lines) ctx.report({ line: e.line }, headline(lines), { output: lines });
    },
  },
  cases: {
    valid: [
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY requirements.txt .\nRUN pip install -r requirements.txt\nCOPY app.py .\nCMD [\"python\", \"app.py\"]\n", "requirements.txt": "flask==3.0.3\n", "app.py": "" }, world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000 }] } },
    ],
    invalid: [
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY app.py .\nCMD [\"python\", \"app.py\"]\n", "requirements.txt": "flask==3.0.3\n", "app.py": "" }, world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000 }] }, line: 4, message: "No module named 'flask'" },
    ],
  },
});
