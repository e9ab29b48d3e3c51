/** DF003: FROM names an image or tag the registry does not have (`python:3.9-slimm`). */
import { lookupImage } from "../../images/lookup.js";
import { buildkitResolveError } from "../../images/messages.js";
import { buildLog } from "../log.js";
import { at, dockerRule } from "../events.js";
import { baseReference } from "../stages.js";

export const baseImageNotFound = dockerRule({
  code: "DF003",
  name: "base-image-not-found",
  summary: "A FROM image must exist: a tag the registry has, or an earlier stage's name",
  stage: "build",
  severity: "error",
  phase: "parse",
  on: {
    dockerfile(e, ctx) {
      for (const stage of e.parsed.stages) {
        const ref = baseReference(e.parsed, stage, e.globalArgs);
        if (ref.kind !== "image") continue;
        const lookup = lookupImage(ref.reference, ctx.world);
        if (lookup.status !== "tag_not_found" && lookup.status !== "repository_not_found" && lookup.status !== "invalid") continue;
        const message = buildkitResolveError(lookup, ref.reference);
        const canonical = lookup.status === "invalid" ? ref.reference : lookup.ref.canonical;
        ctx.report(
          at(stage.from),
          message,
          { log: buildLog({
            dockerfilePath: e.file,
            contextDir: e.contextDir,
            parsed: e.parsed,
            stepsBefore: [],
            failing: { label: `[internal] load metadata for ${canonical}`, instruction: stage.from, output: [] },
            error: message,
          }) },
        );
        return; // metadata resolution fails the build at the first missing image
      }
    },
  },
  cases: {
    valid: [
      { files: { Dockerfile: "FROM python:3.9-slim\n" } },
      { files: { Dockerfile: "FROM node:20-alpine AS build\nFROM build\n" }, name: "an earlier stage as base" },
      { files: { Dockerfile: "ARG PY=3.12\nFROM python:${PY}-slim\n" }, name: "ARG in FROM" },
      { files: { Dockerfile: "FROM registry.internal.example:5000/team/base:7\n" }, name: "a private image cannot be judged" },
      { files: { Dockerfile: "FROM ghcr.io/acme/base:1.0\n" }, world: { registry: { "ghcr.io/acme/base": { "1.0": { entrypoint: ["serve"] } } } }, name: "an image of the world's registry" },
    ],
    invalid: [
      { files: { Dockerfile: "FROM python:3.9-slimm\nWORKDIR /app\n" }, line: 1, message: "docker.io/library/python:3.9-slimm: not found" },
      { files: { Dockerfile: "FROM node:20-alpine AS build\nFROM nginx:1.27-alpne\n" }, line: 2, message: "nginx:1.27-alpne" },
      { files: { Dockerfile: "FROM ghcr.io/acme/base:1.1\n" }, world: { registry: { "ghcr.io/acme/base": { "1.0": {} } } }, line: 1, name: "a tag the world's registry lacks" },
      { files: { Dockerfile: "FROM pyhton:3.12\n" }, line: 1, message: "pull access denied" },
    ],
  },
});
