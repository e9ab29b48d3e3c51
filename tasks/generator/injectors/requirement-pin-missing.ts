/**
 * requirement-pin-missing: a requirements file pins a release the package never published (`ERROR: Could not
 * find a version that satisfies the requirement flask==3.0.9 (from versions: …)`), and the image's
 * `pip install -r` fails. Only packages whose releases the PyPI model lists are changed, and the new version
 * is checked to be absent (pip's error lists the real ones). Train bumps the patch past the last release of
 * its line (3.0.3 → 3.0.9); test writes a minor that was never released (3.0.3 → 3.10.3), which train never
 * shows.
 */
import { installability } from "../../../simulators/images/pypi.js";
import { defineInjector } from "../injector.js";
import type { Rng } from "../rng.js";
import { changeTo, pinsOf, pipInstalls, restoringInjection, viewsOf } from "./dockerfile-places.js";

function wrongVersions(version: string, rng: Rng, split: string): string[] {
  const parts = version.split(".").map(Number);
  if (parts.length < 2 || parts.some(Number.isNaN)) return [];
  const [major, minor, patch = 0] = parts as [number, number, number?];
  if (split === "test") return rng.shuffle([`${major}.${minor + 10}.${patch}`, `${major}.${minor + 7}.${patch}`]);
  return rng.shuffle([`${major}.${minor}.${patch + rng.between(6, 9)}`, `${major}.${minor}.${patch + 20}`]);
}

export const requirementPinMissing = defineInjector({
  kind: "requirement-pin-missing",
  layer: "dockerfile",
  summary: "A requirements pin to a release that does not exist: pip's `No matching distribution found`",
  fits: (base) => base.stack.build.includes("pip"),
  inject(ctx) {
    const { rng, split, files } = ctx;
    const installs = viewsOf(files).flatMap((view) => pipInstalls(view, files).map((p) => ({ ...p, view })));
    const requirementFiles = [...new Map(installs.map((p) => [p.file, p])).values()];
    const candidates = requirementFiles.flatMap((install) =>
      pinsOf(files.get(install.file)!.content)
        .filter((pin) => installability(pin.name, pin.version, "3.12").kind !== "unknown")
        .map((pin) => ({ install, pin })),
    );
    for (const { install, pin } of rng.shuffle(candidates)) {
      for (const wrong of wrongVersions(pin.version, rng, split)) {
        if (installability(pin.name, wrong, "3.14").kind !== "no-such-version") continue;
        const content = files.get(install.file)!.content;
        const broken = pin.line.replace(pin.version, wrong);
        const after = content.replace(pin.line, broken);
        const change = changeTo(ctx, install.file, after);
        if (!change) continue;
        return restoringInjection({
          kind: "requirement-pin-missing",
          change,
          after,
          issue: {
            description: `${install.file}: ${broken.trim()} pins a release ${pin.name} never published (${pin.version} is the one the app was built with), so ${install.view.file}'s pip install fails.`,
            hint: "pip cannot find the release the requirements pin. Compare the pinned version with the releases pip lists for that package.",
            stage: "build",
            detection: [{ code: "DF009", file: install.view.file }],
          },
        });
      }
    }
    return null;
  },
});
