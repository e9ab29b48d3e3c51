/**
 * expose-not-a-port: EXPOSE given a word where a port number goes (BuildKit: `invalid containerPort: http`).
 * Train writes the port's name (`EXPOSE http`, `web`, `app`, `service`); test puts the protocol on the wrong
 * side of the number or names an application protocol (`tcp/8000`, `8000/http`), which train never shows.
 */
import { defineInjector } from "../injector.js";
import { changeTo, restoringInjection, viewsOf, withLines } from "./dockerfile-places.js";

const TRAIN_WORDS = ["http", "web", "app", "service"];

export const exposeNotAPort = defineInjector({
  kind: "expose-not-a-port",
  layer: "dockerfile",
  summary: "EXPOSE given a word instead of a port number: BuildKit's `invalid containerPort`",
  inject(ctx) {
    const { rng, split } = ctx;
    const candidates = viewsOf(ctx.files).flatMap((view) =>
      view.parsed.instructions.flatMap((i) => {
        const m = /^(\d{1,5})(\/tcp)?$/.exec(i.args.trim());
        return i.keyword === "EXPOSE" && i.line === i.endLine && m ? [{ view, line: i.line, port: m[1]! }] : [];
      }),
    );
    for (const { view, line, port } of rng.shuffle(candidates)) {
      const written = view.lines[line - 1]!;
      const word = split === "test" ? rng.pick([`tcp/${port}`, `${port}/http`]) : rng.pick(TRAIN_WORDS);
      const broken = written.replace(/^(\s*\S+\s+).*$/, `$1${word}`);
      const after = withLines(view.content, line, [broken]);
      const change = changeTo(ctx, view.file, after);
      if (!change) continue;
      return restoringInjection({
        kind: "expose-not-a-port",
        change,
        after,
        issue: {
          description: `${view.file}: \`${broken.trim()}\` is not a port; the app listens on ${port}.`,
          hint: "EXPOSE takes port numbers, optionally with /tcp or /udp after them. Which port does the app listen on?",
          stage: "build",
          detection: [{ code: "DF005", file: view.file }],
        },
      });
    }
    return null;
  },
});
