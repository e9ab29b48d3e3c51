/**
 * BuildKit's plain progress output (`docker build --progress=plain`, and what a CI log shows): every step
 * numbered `#N`, a RUN step's own output under it line by line, `#N DONE` when it ends. Made from the
 * terminal-style log the simulator prints and the output of each RUN step that succeeded, in build order.
 */

/** Seconds a step took, fixed: the simulation has no clock. */
const ELAPSED = "0.412";

/** The plain log of a build whose terminal-style log is `tty`; `runOutputs` are the successful RUN steps' outputs, in order. */
export function plainProgress(tty: string, runOutputs: readonly (readonly string[])[]): string {
  const out: string[] = [];
  const failure = /^ERROR: failed to build: failed to solve: (.*)$/m.exec(tty)?.[1]?.replace(/^failed to compute cache key: /, "") ?? "failed";
  let step = 0;
  let runs = 0;
  let open = false;
  const close = () => {
    if (open) out.push(`#${step} DONE 0.5s`, "");
    open = false;
  };
  for (const line of tty.split("\n")) {
    const sub = /^ => => (.*)$/.exec(line);
    if (sub) {
      out.push(`#${step} ${sub[1]} done`);
      continue;
    }
    const error = /^ => ERROR (.*)$/.exec(line);
    if (error) {
      close();
      step += 1;
      out.push(`#${step} ${error[1]}`, `#${step} ERROR: ${failure}`);
      continue;
    }
    const done = /^ => (.*)$/.exec(line);
    if (done) {
      close();
      step += 1;
      open = true;
      out.push(`#${step} ${done[1]}`);
      if (done[1]!.startsWith("[internal] load build definition")) out.push(`#${step} transferring dockerfile: done`);
      if (/\] RUN /.test(done[1]!)) for (const text of runOutputs[runs++] ?? []) out.push(`#${step} ${ELAPSED} ${text}`.trimEnd());
      continue;
    }
    close();
    out.push(line);
  }
  close();
  return out.join("\n").replace(/\n{3,}/g, "\n\n");
}
