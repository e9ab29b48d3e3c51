/**
 * build-arg-undeclared: a stage checks a build argument the workflow passes (`RUN test -n "$VITE_API_BASE"`)
 * but no longer declares it, so the value never reaches the stage (BuildKit warns that the build-arg was not
 * consumed) and the check fails the build. Only a stage whose RUN guards the argument like this qualifies (an
 * unguarded empty value would build a broken bundle no model can see). Train deletes the `ARG`; test moves it
 * below the RUN that reads it, which train never shows.
 */
import { defineInjector } from "../injector.js";
import { changeTo, restoringInjection, viewsOf } from "./dockerfile-places.js";

export const buildArgUndeclared = defineInjector({
  kind: "build-arg-undeclared",
  layer: "dockerfile",
  summary: "A stage reads a build arg it does not declare: the value is empty and the guarding RUN fails",
  inject(ctx) {
    const { rng, split } = ctx;
    const candidates = viewsOf(ctx.files).flatMap((view) =>
      view.parsed.stages.flatMap((stage) =>
        stage.instructions.flatMap((arg) => {
          const name = arg.keyword === "ARG" && arg.line === arg.endLine ? /^([A-Za-z_][A-Za-z0-9_]*)$/.exec(arg.args.trim())?.[1] : undefined;
          if (!name) return [];
          const guard = stage.instructions.find((i) => i.keyword === "RUN" && i.line > arg.line && new RegExp(`(test|\\[)\\s+-n\\s+"\\$\\{?${name}\\}?"`).test(i.args));
          return guard ? [{ view, arg, guard, name }] : [];
        }),
      ),
    );
    for (const { view, arg, guard, name } of rng.shuffle(candidates)) {
      const lines = [...view.lines];
      const [line] = lines.splice(arg.line - 1, 1);
      if (split === "test") lines.splice(guard.endLine - 1, 0, line!);
      const after = lines.join("\n");
      const change = changeTo(ctx, view.file, after);
      if (!change) continue;
      return restoringInjection({
        kind: "build-arg-undeclared",
        change,
        after,
        issue: {
          description: `${view.file}: the stage no longer declares ${name} before \`RUN ${guard.args.trim()}\`, so the build argument the workflow passes never reaches it and the check fails.`,
          hint: "The workflow passes the build argument, yet the stage sees it empty. What must a stage say before its instructions can read a build argument?",
          stage: "build",
          detection: [{ code: "DF009", file: view.file }],
        },
      });
    }
    return null;
  },
});
