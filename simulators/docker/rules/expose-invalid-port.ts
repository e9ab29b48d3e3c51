/** DF005: EXPOSE of something that is not a port, a port range, or either with /tcp, /udp or /sctp. */
import { exposedSpecs } from "../expose.js";
import { buildLog } from "../log.js";
import { at, dockerRule } from "../events.js";

const PORT = /^(\d{1,5})(?:-(\d{1,5}))?(?:\/(tcp|udp|sctp))?$/i;

function valid(spec: string): boolean {
  const m = PORT.exec(spec);
  if (!m) return false;
  const low = Number(m[1]);
  const high = m[2] === undefined ? low : Number(m[2]);
  return low <= 65535 && high <= 65535 && low <= high;
}

export const exposeInvalidPort = dockerRule({
  code: "DF005",
  name: "expose-invalid-port",
  summary: "EXPOSE takes port numbers (0-65535) or ranges, optionally with /tcp, /udp or /sctp",
  stage: "build",
  severity: "error",
  phase: "parse",
  on: {
    dockerfile(e, ctx) {
      for (const { instruction, spec } of exposedSpecs(e)) {
        // An expansion to nothing is silently ignored by BuildKit; a host:container mapping is only a warning (DF012).
        if (spec === "" || /^\d+:\d+(\/\w+)?$/.test(spec) || valid(spec)) continue;
        const message = `invalid containerPort: ${spec.replace(/\/(tcp|udp|sctp)$/i, "")}`;
        ctx.report(at(instruction), message, { log: buildLog({ dockerfilePath: e.file, contextDir: e.contextDir, parsed: e.parsed, stepsBefore: [], at: { first: instruction.line, last: instruction.endLine }, error: message }) });
        return;
      }
    },
  },
  cases: {
    valid: [
      { files: { Dockerfile: "FROM nginx:1.27-alpine\nEXPOSE 80 443/tcp 8000-8010 53/udp\n" } },
      { files: { Dockerfile: "FROM nginx:1.27-alpine\nARG PORT=8080\nEXPOSE ${PORT}\n" }, name: "a port from an ARG" },
      { files: { Dockerfile: "FROM nginx:1.27-alpine\nENV PORT=8080\nEXPOSE $PORT\n" }, name: "a port from an ENV" },
      { files: { Dockerfile: "FROM nginx:1.27-alpine\nEXPOSE \"80\"\n" }, name: "quotes are stripped first" },
    ],
    invalid: [
      { files: { Dockerfile: "FROM nginx:1.27-alpine\nEXPOSE \"eighty\"\n" }, line: 2, message: "invalid containerPort: eighty" },
      { files: { Dockerfile: "FROM nginx:1.27-alpine\nEXPOSE 80 http\n" }, line: 2, message: "invalid containerPort: http" },
      { files: { Dockerfile: "FROM nginx:1.27-alpine\nEXPOSE 70000\n" }, line: 2, message: "invalid containerPort: 70000" },
    ],
  },
});
