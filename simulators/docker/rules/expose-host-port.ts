/** DF012: `EXPOSE 80:80` builds, but the host side is ignored: EXPOSE only documents container ports. */
import type { DockerRule } from "../rule.js";
import { splitWords, substitute } from "../substitute.js";
import { stageVariables } from "../variables.js";

export const exposeHostPort: DockerRule = {
  code: "DF012",
  name: "expose-host-port",
  summary: "EXPOSE must not name a host port or address (BuildKit's ExposeInvalidFormat); publish ports at run time",
  stage: "build",
  severity: "warning",
  check(ctx) {
    for (const stage of ctx.parsed.stages) {
      for (const i of stage.instructions) {
        if (i.keyword !== "EXPOSE") continue;
        const vars = stageVariables(ctx.parsed, stage, i, ctx.globalArgs);
        for (const word of splitWords(i.args)) {
          if (/:/.test(substitute(word, vars))) {
            ctx.report(i, `EXPOSE instruction should not define an IP address or host-side port (line ${i.line})`);
            break;
          }
        }
      }
    }
  },
  cases: {
    valid: [{ files: { Dockerfile: "FROM nginx:1.27-alpine\nEXPOSE 80/tcp\n" } }],
    invalid: [{ files: { Dockerfile: "FROM nginx:1.27-alpine\nEXPOSE 80:80\n" }, line: 2, message: "host-side port" }],
  },
};
