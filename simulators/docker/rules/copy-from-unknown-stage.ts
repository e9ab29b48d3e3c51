/**
 * DF006: `COPY --from=` naming neither a stage nor an image that exists. BuildKit reads an unknown name as an
 * image reference, so a misspelt stage (`--from=biulder`) fails as a pull of docker.io/library/biulder.
 */
import { withinEdits } from "../../images/edit-distance.js";
import { lookupImage } from "../../images/lookup.js";
import { buildkitResolveError } from "../../images/messages.js";
import { parseImageReference } from "../../images/reference.js";
import { buildLog } from "../log.js";
import { at, dockerRule } from "../events.js";
import { fromFlagTarget } from "../stages.js";
import { substitute } from "../substitute.js";

export const copyFromUnknownStage = dockerRule({
  code: "DF006",
  name: "copy-from-unknown-stage",
  summary: "COPY --from must name a build stage, a stage index before this one, or an image that exists",
  stage: "build",
  severity: "error",
  phase: "parse",
  on: {
    dockerfile(e, ctx) {
      const names = e.parsed.stages.map((s) => s.name).filter((n): n is string => n !== null);
      for (const stage of e.parsed.stages) {
        for (const i of stage.instructions) {
          const raw = i.flags.get("from");
          if ((i.keyword !== "COPY" && i.keyword !== "ADD") || !raw) continue;
          const value = substitute(raw, e.globalArgs);
          if (/^\d+$/.test(value) && Number(value) >= stage.index) {
            const message = `dockerfile parse error on line ${i.line}: invalid from flag value ${value}: refers to current or future build stage`;
            ctx.report(at(i), message, { log: buildLog({ dockerfilePath: e.file, contextDir: e.contextDir, parsed: e.parsed, stepsBefore: [], at: { first: i.line, last: i.endLine }, error: message }) });
            return;
          }
          const target = fromFlagTarget(e.parsed, stage, value);
          if (target.kind === "stage") continue;
          const lookup = lookupImage(target.reference, ctx.world, { catalogue: ctx.worldKnown ? "closed" : "open" });
          const typo = names.some((n) => withinEdits(n, value.toLowerCase(), 2)) && (lookup.status === "unknown" || lookup.status === "repository_not_found");
          if (!typo && lookup.status !== "tag_not_found" && lookup.status !== "repository_not_found" && lookup.status !== "invalid") continue;
          const parsedRef = parseImageReference(target.reference);
          const canonical = "error" in parsedRef ? target.reference : parsedRef.canonical;
          const message =
            lookup.status === "tag_not_found" || lookup.status === "invalid"
              ? buildkitResolveError(lookup, target.reference)
              : `${target.reference}: failed to resolve source metadata for ${canonical}: pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed`;
          ctx.report(at(i), message, { log: buildLog({
            dockerfilePath: e.file,
            contextDir: e.contextDir,
            parsed: e.parsed,
            stepsBefore: [],
            failing: { label: `[internal] load metadata for ${canonical}`, instruction: i, output: [] },
            error: message,
          }) });
          return;
        }
      }
    },
  },
  cases: {
    valid: [
      { files: { Dockerfile: "FROM golang:1.22 AS builder\nRUN go build -o /out/app .\nFROM alpine:3.20\nCOPY --from=builder /out/app /app\n" } },
      { files: { Dockerfile: "FROM golang:1.22\nRUN go build -o /out/app .\nFROM alpine:3.20\nCOPY --from=0 /out/app /app\n" }, name: "a stage index" },
      { files: { Dockerfile: "FROM alpine:3.20\nCOPY --from=nginx:1.27-alpine /etc/nginx/nginx.conf /etc/nginx.conf\n" }, name: "an image" },
      { lint: true, files: { Dockerfile: "FROM alpine:3.20\nCOPY --from=nginx:1.15-alpine /etc/nginx/nginx.conf /etc/nginx.conf\n" }, name: "an old tag of an image, in lint" },
    ],
    invalid: [
      { files: { Dockerfile: "FROM golang:1.22 AS builder\nRUN go build -o /out/app .\nFROM alpine:3.20\nCOPY --from=buidler /out/app /app\n" }, line: 4, message: "docker.io/library/buidler:latest: pull access denied" },
      { files: { Dockerfile: "FROM alpine:3.20\nCOPY --from=1 /x /x\n" }, line: 2, message: "invalid from flag value 1" },
      { files: { Dockerfile: "FROM alpine:3.20\nCOPY --from=nginx:1.27-alpne /etc/nginx/nginx.conf /etc/nginx.conf\n" }, line: 2, name: "an image tag that does not exist" },
    ],
  },
});
