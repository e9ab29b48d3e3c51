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
import type { Image } from "../image.js";
import type { App } from "../../world.js";

/**
 * The first of the app's dependencies its entry at `imagePath` cannot import in `image`: a requirement pip did not
 * install, or a package.json dependency with no node_modules npm populated at or above the entry's directory.
 * Null when every one is there, or when the image is not known exactly (only an exact model can say one is absent).
 * The cluster's pods judge the pushed image with it too (the registry records it), so a pod's start agrees with
 * `docker run`'s.
 */
export function missingModule(repo: ReadonlyMap<string, { content: string }>, app: App, image: Image, imagePath: string): string | null {
  const root = app.root === "." ? "" : app.root + "/";
  if (app.language === "python") {
    const requirements = repo.get(root + "requirements.txt")?.content;
    if (!requirements) return null;
    const absent = requirementNames(requirements).find((n) => !image.installed.pipPackages.has(n));
    if (!absent || !image.exact) return null;
    return absent.replace(/-/g, "_");
  }
  if (app.language !== "node") return null;
  const pkg = repo.get(root + "package.json")?.content;
  if (!pkg) return null;
  let deps: string[] = [];
  try {
    deps = Object.keys((JSON.parse(pkg) as { dependencies?: Record<string, string> }).dependencies ?? {});
  } catch {
    return null;
  }
  if (deps.length === 0 || !image.exact) return null;
  for (let dir = path.posix.dirname(imagePath); ; dir = path.posix.dirname(dir)) {
    // Installed here, or a node_modules copied in (`COPY --from=deps /app/node_modules ./node_modules`).
    if (image.installed.nodeModules.has(dir) || image.fs.get(path.posix.join(dir, "node_modules"))?.type === "dir") return null;
    if (dir === "/") break;
  }
  return deps[0]!;
}

function missingDependency(e: AppStartEvent): string[] | null {
  if (e.language !== "python" && e.language !== "node") return null;
  const absent = missingModule(e.repo, { ...e.app, language: e.language }, e.image, e.imagePath);
  return absent === null ? null : PROCESS_OUTPUT[e.language].moduleMissing(absent, e.imagePath);
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
