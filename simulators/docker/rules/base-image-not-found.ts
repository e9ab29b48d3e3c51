/**
 * DF003: FROM names an image or tag the registry does not have (`python:3.9-slimm`), or a reference that does
 * not parse. BuildKit parses every stage's reference before it resolves any, so an invalid reference in a
 * later stage is what a build reports even when an earlier stage's image is missing too.
 */
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
      // A scenario's world says which tags exist; a user's files are judged against an open catalogue.
      const catalogue = ctx.worldKnown ? "closed" : "open";
      const bases = e.parsed.stages.flatMap((stage) => {
        const ref = baseReference(e.parsed, stage, e.globalArgs);
        return ref.kind === "image" ? [{ stage, reference: ref.reference, lookup: lookupImage(ref.reference, ctx.world, { catalogue }) }] : [];
      });
      const invalid = bases.find((b) => b.lookup.status === "invalid");
      const failing = invalid ?? bases.find((b) => b.lookup.status === "tag_not_found" || b.lookup.status === "repository_not_found");
      if (!failing) {
        // An image on a registry the scenario's world does not describe may or may not exist: not known, so a
        // build that relies on one is undecided here, never a success (lint takes it on trust).
        if (ctx.worldKnown && bases.some((b) => b.lookup.status === "unknown")) ctx.undecided();
        return;
      }
      const { stage, reference, lookup } = failing;
      if (lookup.status !== "invalid" && lookup.status !== "tag_not_found" && lookup.status !== "repository_not_found") return;
      const message = buildkitResolveError(lookup, reference);
      // An invalid reference fails while the Dockerfile is converted, before any metadata is loaded.
      const shown = lookup.status === "invalid"
        ? { at: { first: stage.from.line, last: stage.from.endLine } }
        : { failing: { label: `[internal] load metadata for ${lookup.ref.canonical}`, instruction: stage.from, output: [] } };
      ctx.report(at(stage.from), message, { log: buildLog({ dockerfilePath: e.file, contextDir: e.contextDir, parsed: e.parsed, stepsBefore: [], ...shown, error: message }) });
    },
  },
  cases: {
    valid: [
      { files: { Dockerfile: "FROM python:3.9-slim\n" } },
      { files: { Dockerfile: "FROM node:20-alpine AS build\nFROM build\n" }, name: "an earlier stage as base" },
      { files: { Dockerfile: "ARG PY=3.12\nFROM python:${PY}-slim\n" }, name: "ARG in FROM" },
      // In a scenario it is undecided (unknown-base.test.ts): whether it exists is not known there either.
      { lint: true, files: { Dockerfile: "FROM registry.internal.example:5000/team/base:7\n" }, name: "a private image cannot be judged" },
      { files: { Dockerfile: "FROM ghcr.io/acme/base:1.0\n" }, world: { registry: { "ghcr.io/acme/base": { "1.0": { entrypoint: ["serve"] } } } }, name: "an image of the world's registry" },
      {
        lint: true,
        name: "old tags Docker Hub still serves, in lint",
        files: { Dockerfile: "FROM alpine:3.9 AS a\nFROM php:7.2-fpm AS b\nFROM debian:jessie-slim AS c\nFROM ubuntu:xenial AS d\nFROM node:8-alpine AS e\nFROM python:2.7.16-slim-stretch AS f\nFROM postgres:9.6\n" },
      },
      { lint: true, name: "old JDK and Windows tags, in lint", files: { Dockerfile: "FROM openjdk:8u212-jre-alpine AS a\nFROM eclipse-temurin:11.0.22_7-jre-jammy AS b\nFROM golang:1.11-nanoserver-1809 AS c\nFROM redis:5.0-alpine3.9\n" } },
      { lint: true, name: "mono is an official image, no typo of mongo", files: { Dockerfile: "FROM mono:6.12\n" } },
      // kubernetes-sigs/kind images/local-path-helper/Dockerfile: BuildKit's lexer removes the quotes before the pull.
      { lint: true, name: "a quoted base name", files: { Dockerfile: 'ARG BASE="debian:trixie-slim"\nFROM ${BASE} AS build\nFROM "gcr.io/distroless/static-debian12"\n' } },
    ],
    invalid: [
      { files: { Dockerfile: "FROM python:3.9-slimm\nWORKDIR /app\n" }, line: 1, message: "docker.io/library/python:3.9-slimm: not found" },
      { files: { Dockerfile: "FROM node:20-alpine AS build\nFROM nginx:1.27-alpne\n" }, line: 2, message: "nginx:1.27-alpne" },
      { files: { Dockerfile: "FROM ghcr.io/acme/base:1.1\n" }, world: { registry: { "ghcr.io/acme/base": { "1.0": {} } } }, line: 1, name: "a tag the world's registry lacks" },
      { files: { Dockerfile: "FROM pyhton:3.12\n" }, line: 1, message: "pull access denied" },
      { files: { Dockerfile: "FROM alpine:3.9\n" }, line: 1, message: "docker.io/library/alpine:3.9: not found", name: "a tag the scenario's registry does not have" },
      { lint: true, files: { Dockerfile: "FROM python:3.9-slimm\n" }, line: 1, message: "docker.io/library/python:3.9-slimm: not found", name: "a misspelt variant, in lint" },
      { lint: true, files: { Dockerfile: "FROM nginx:1.27-alpne\n" }, line: 1, message: "nginx:1.27-alpne: failed to resolve source metadata", name: "another misspelt variant, in lint" },
      { lint: true, files: { Dockerfile: "FROM alpine:3.99\n" }, line: 1, message: "docker.io/library/alpine:3.99: not found", name: "a version beyond the newest release, in lint" },
      { lint: true, files: { Dockerfile: "FROM pyhton:3.12\n" }, line: 1, message: "pull access denied", name: "a misspelt official name, in lint" },
      {
        name: "an invalid reference in a later stage is reported before a missing image",
        files: { Dockerfile: "FROM pyhton:3.12 AS build\nRUN true\nFROM nginx:1.27-alpine:latest\n" },
        line: 3,
        message: 'failed to parse stage name "nginx:1.27-alpine:latest": invalid reference format',
      },
      {
        name: "quotes around the base name are the lexer's, not the reference's: what is inside them is still judged",
        files: { Dockerfile: 'FROM "nginx:1.27-alpine:latest"\n' },
        line: 1,
        message: 'failed to parse stage name "nginx:1.27-alpine:latest": invalid reference format',
      },
    ],
  },
});
