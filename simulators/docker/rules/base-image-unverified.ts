/**
 * DF013: in lint, a FROM tag of an official image that the catalogue does not list and cannot read: a word no
 * tag of that image is known to use (`node:20-mycustom`). Docker Hub may still serve it, so it is a warning
 * that the tag was not verified, never an error. Unlisted tags that read like real ones (alpine:3.9) pass
 * silently; misspelt ones are DF003's.
 */
import { lookupImage } from "../../images/lookup.js";
import { at, dockerRule } from "../events.js";
import { baseReference } from "../stages.js";

export const baseImageUnverified = dockerRule({
  code: "DF013",
  name: "base-image-unverified",
  summary: "In lint, a FROM tag whose words no tag of that official image is known to use is reported as not verified",
  stage: "build",
  severity: "warning",
  phase: "parse",
  on: {
    dockerfile(e, ctx) {
      // A scenario's registry is complete: an unlisted tag there is DF003's, so this rule has nothing to report
      // (a verdict, not an unknown: a Dockerfile a fix moves or adds is judged like any other).
      if (ctx.worldKnown) return;
      for (const stage of e.parsed.stages) {
        const ref = baseReference(e.parsed, stage, e.globalArgs);
        if (ref.kind !== "image") continue;
        const lookup = lookupImage(ref.reference, ctx.world, { catalogue: "open" });
        if (lookup.status !== "unknown" || lookup.unlisted?.verdict !== "unrecognised") continue;
        const repository = `${lookup.ref.registry}/${lookup.ref.repository}`;
        ctx.report(at(stage.from), `${ref.reference}: tag not verified: "${lookup.unlisted.word}" is not a variant ${repository} is known to publish`);
      }
    },
  },
  cases: {
    valid: [
      { lint: true, files: { Dockerfile: "FROM alpine:3.9\n" }, name: "an old tag that reads like a real one" },
      { lint: true, files: { Dockerfile: "FROM registry.example.com/team/base:whatever\n" }, name: "a private image is not the catalogue's to judge" },
    ],
    invalid: [
      { lint: true, files: { Dockerfile: "FROM node:20-mycustom\n" }, line: 1, message: 'node:20-mycustom: tag not verified: "mycustom" is not a variant docker.io/library/node is known to publish' },
      { lint: true, files: { Dockerfile: "FROM golang:1.22 AS build\nFROM redis:7-fastest\n" }, line: 2, message: '"fastest"', name: "a later stage" },
    ],
  },
});
