/** DF012: `EXPOSE 80:80` builds, but the host side is ignored: EXPOSE only documents container ports. */
import { exposedSpecs } from "../expose.js";
import { at, dockerRule } from "../events.js";

export const exposeHostPort = dockerRule({
  code: "DF012",
  name: "expose-host-port",
  summary: "EXPOSE must not name a host port or address (BuildKit's ExposeInvalidFormat); publish ports at run time",
  stage: "build",
  severity: "warning",
  phase: "parse",
  on: {
    dockerfile(e, ctx) {
      const reported = new Set<number>();
      for (const { instruction, spec } of exposedSpecs(e)) {
        if (!spec.includes(":") || reported.has(instruction.line)) continue;
        reported.add(instruction.line);
        ctx.report(at(instruction), `EXPOSE instruction should not define an IP address or host-side port (line ${instruction.line})`);
      }
    },
  },
  cases: {
    valid: [{ files: { Dockerfile: "FROM nginx:1.27-alpine\nEXPOSE 80/tcp\n" } }],
    invalid: [{ files: { Dockerfile: "FROM nginx:1.27-alpine\nEXPOSE 80:80\n" }, line: 2, message: "host-side port" }],
  },
});
