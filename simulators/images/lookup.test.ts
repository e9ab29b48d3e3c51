import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { EMPTY_WORLD, parseWorld } from "../world.js";
import { imageExists, imageExposedPorts, lookupImage, suggestTags } from "./lookup.js";

const DIGEST = `sha256:${"0123456789abcdef".repeat(4)}`;

describe("lookupImage against the catalogue", () => {
  it("finds python:3.9-slim, a Debian slim image without curl", () => {
    const lookup = lookupImage("python:3.9-slim", EMPTY_WORLD);
    expect(lookup.status).toBe("found");
    if (lookup.status !== "found") return;
    expect(lookup.ref.canonical).toBe("docker.io/library/python:3.9-slim");
    expect(lookup.config.os).toBe("debian");
    expect(lookup.config.cmd).toEqual(["python3"]);
    expect(lookup.config.binaries).toEqual(expect.arrayContaining(["python", "python3", "pip", "pip3", "sh", "bash", "apt-get"]));
    expect(lookup.config.binaries).not.toContain("curl");
    expect(lookup.config.binaries).not.toContain("wget");
  });

  it("reports python:3.9-slimm as a missing tag, with the real tags to choose from", () => {
    const lookup = lookupImage("python:3.9-slimm", EMPTY_WORLD);
    expect(lookup.status).toBe("tag_not_found");
    if (lookup.status !== "tag_not_found") return;
    expect(lookup.knownTags).toContain("3.9-slim");
    expect(suggestTags("python:3.9-slimm", 1)).toEqual(["3.9-slim"]);
  });

  it("finds node:20-alpine on Alpine: sh and wget, no bash, runs node through docker-entrypoint.sh", () => {
    const lookup = lookupImage("node:20-alpine", EMPTY_WORLD);
    expect(lookup.status).toBe("found");
    if (lookup.status !== "found") return;
    expect(lookup.config.os).toBe("alpine");
    expect(lookup.config.binaries).toEqual(expect.arrayContaining(["node", "npm", "npx", "sh", "wget", "apk"]));
    expect(lookup.config.binaries).not.toContain("bash");
    expect(lookup.config.binaries).not.toContain("apt-get");
    expect(lookup.config.users).toContain("node");
    expect(lookup.config.entrypoint).toEqual(["docker-entrypoint.sh"]);
    expect(lookup.config.cmd).toEqual(["node"]);
  });

  it.each([
    "nginx:latest", "nginx", "nginx:stable-alpine", "nginx:alpine-slim", "nginx:1.27", "nginx:1.27.3-alpine",
    "node:lts", "node:lts-alpine", "node:iron", "node:jod-slim", "node:current", "node:22-bookworm-slim", "node:18.20.8",
    "python:3.12", "python:3.11.9-slim", "python:3.13-alpine3.21", "python:3.12-slim-bookworm", "python:2.7", "python:3.6-slim",
    "golang:1.22-alpine", "golang:1.23.4-bookworm", "rust:1.80-slim", "ruby:3.3-slim", "php:8.3-fpm", "php:8.2-apache",
    "eclipse-temurin:21-jre-alpine", "eclipse-temurin:17-jdk", "openjdk:17-jdk-slim", "maven:3.9-eclipse-temurin-21", "gradle:8.5-jdk17",
    "alpine:3.20", "ubuntu:22.04", "ubuntu:noble", "debian:bookworm-slim", "busybox:1.36", "redis:7-alpine", "postgres:16-alpine",
    "mysql:8.0", "mariadb:11", "mongo:7.0", "httpd:2.4", "traefik:v3.1", "caddy:2-alpine",
    "nginxinc/nginx-unprivileged:alpine", "docker.io/nginxinc/nginx-unprivileged:1.27-alpine",
    "gcr.io/distroless/static-debian12:nonroot", "gcr.io/distroless/nodejs20-debian12", "gcr.io/distroless/python3-debian12:debug",
  ])("finds %s", (ref) => {
    expect(lookupImage(ref, EMPTY_WORLD).status).toBe("found");
  });

  it.each(["nginx:latset", "node:20-alpinee", "python:3.9-slim-bookwrom", "alpine:3.99", "gcr.io/distroless/static-debian12:nonroott", "ubuntu:21.04x"])(
    "reports %s as a missing tag",
    (ref) => {
      expect(lookupImage(ref, EMPTY_WORLD).status).toBe("tag_not_found");
    },
  );

  it.each(["pyhton:3.9", "ngnix", "nod:20", "postgress:16"])("reports the misspelt official image %s as a missing repository", (ref) => {
    expect(lookupImage(ref, EMPTY_WORLD).status).toBe("repository_not_found");
  });

  it.each(["acme/api:1.2", "ghcr.io/acme/api:1.2", "registry.example.com/team/web", "myapp:1.0", "app:latest"])(
    "cannot judge the private image %s",
    (ref) => {
      expect(lookupImage(ref, EMPTY_WORLD).status).toBe("unknown");
      expect(imageExists(ref, EMPTY_WORLD)).toBeNull();
    },
  );

  it("treats the exact name scratch as the empty image, and scratch:latest as a pull that fails", () => {
    expect(lookupImage("scratch", EMPTY_WORLD)).toEqual({ status: "scratch" });
    expect(lookupImage(" scratch", EMPTY_WORLD).status).toBe("invalid");
    expect(lookupImage("scratch:latest", EMPTY_WORLD).status).toBe("repository_not_found");
  });

  it("finds no manifest for a digest the catalogue does not record, whatever tag is written beside it", () => {
    const lookup = lookupImage(`python@${DIGEST}`, EMPTY_WORLD);
    expect(lookup.status).toBe("tag_not_found");
    if (lookup.status === "tag_not_found") expect(lookup.ref.canonical).toBe(`docker.io/library/python@${DIGEST}`);
    // The digest decides, as it does for containerd: a real tag beside it does not make it exist.
    expect(lookupImage(`node:20-alpine@${DIGEST}`, EMPTY_WORLD).status).toBe("tag_not_found");
    expect(lookupImage(`nginx@sha256:${"0".repeat(64)}`, EMPTY_WORLD).status).toBe("tag_not_found");
    expect(imageExists(`python@${DIGEST}`, EMPTY_WORLD)).toBe(false);
    expect(suggestTags(`python@${DIGEST}`, 3)).toEqual([]);
  });

  it("cannot rule a real-looking digest out when the catalogue is open", () => {
    expect(lookupImage(`python@${DIGEST}`, EMPTY_WORLD, { catalogue: "open" }).status).toBe("unknown");
  });

  it("refuses malformed digests with go-digest's words", () => {
    expect(lookupImage("python@sha256:abc", EMPTY_WORLD)).toEqual({ status: "invalid", error: "invalid reference format" });
    expect(lookupImage(`python@sha256:${"0".repeat(63)}`, EMPTY_WORLD)).toEqual({ status: "invalid", error: "invalid checksum digest length" });
    expect(lookupImage(`python@md5:${"0".repeat(32)}`, EMPTY_WORLD)).toEqual({ status: "invalid", error: "unsupported digest algorithm" });
  });

  it("passes invalid references on with docker's words", () => {
    expect(lookupImage("Python:3.9", EMPTY_WORLD)).toEqual({
      status: "invalid",
      error: "invalid reference format: repository name (library/Python) must be lowercase",
    });
  });
});

describe("lookupImage with the catalogue open (lint of a user's files)", () => {
  const open = { catalogue: "open" } as const;

  it.each([
    "alpine:3.9", "php:7.2-fpm", "debian:jessie-slim", "ubuntu:xenial", "node:8-alpine", "python:2.7.16-slim-stretch", "postgres:9.6",
    "redis:5.0-alpine3.9", "golang:1.12-alpine3.9", "nginx:1.15-alpine", "openjdk:8u212-jre-alpine", "eclipse-temurin:8u402-b06-jdk-focal",
    "ubuntu:jammy-20240111", "alpine:20240329", "python:3.7-windowsservercore-ltsc2016", "traefik:v1.7-alpine", "python:3.15-rc-slim",
  ])("calls %s unknown, not missing (Docker Hub keeps old tags)", (ref) => {
    const lookup = lookupImage(ref, EMPTY_WORLD, open);
    expect(lookup).toMatchObject({ status: "unknown", unlisted: { verdict: "plausible" } });
    expect(lookupImage(ref, EMPTY_WORLD).status).toBe("tag_not_found"); // a scenario's catalogue stays closed
  });

  it.each([
    ["python:3.9-slimm", { verdict: "misspelt", word: "slimm", meant: "slim" }],
    ["nginx:1.27-alpne", { verdict: "misspelt", word: "alpne", meant: "alpine" }],
    ["nginx:latset", { verdict: "misspelt", word: "latset", meant: "latest" }],
    ["python:3.9-slim-bookwrom", { verdict: "misspelt", word: "bookwrom", meant: "bookworm" }],
    ["alpine:3.99", { verdict: "beyond-newest", version: "3.99" }],
    ["python:4.0", { verdict: "beyond-newest", version: "4.0" }],
  ])("still calls %s missing: it can be shown not to exist", (ref, unlisted) => {
    expect(lookupImage(ref, EMPTY_WORLD, open)).toMatchObject({ status: "tag_not_found", unlisted });
  });

  it("never calls missing a tag the official images have published since 2014 (a sample of them)", () => {
    const sample = fs.readFileSync(new URL("./fixtures/historic-tags.txt", import.meta.url), "utf8").split("\n").filter((l) => l !== "" && !l.startsWith("#"));
    expect(sample.length).toBeGreaterThan(1000);
    const refused = sample.map((line) => line.replace(" ", ":")).filter((ref) => !["found", "unknown"].includes(lookupImage(ref, EMPTY_WORLD, open).status));
    expect(refused).toEqual([]);
    const unread = sample.map((line) => line.replace(" ", ":")).filter((ref) => {
      const lookup = lookupImage(ref, EMPTY_WORLD, open);
      return lookup.status === "unknown" && lookup.unlisted?.verdict !== "plausible";
    });
    expect(unread).toEqual([]);
  });

  it("cannot read a tag whose word no tag of the image uses, and says which word", () => {
    expect(lookupImage("node:20-mycustom", EMPTY_WORLD, open)).toMatchObject({ status: "unknown", unlisted: { verdict: "unrecognised", word: "mycustom" } });
  });

  it("keeps listed tags, misspelt names, invalid references and the world's registry as they are", () => {
    expect(lookupImage("python:3.12-slim", EMPTY_WORLD, open).status).toBe("found");
    expect(lookupImage("pyhton:3.12", EMPTY_WORLD, open).status).toBe("repository_not_found");
    expect(lookupImage("Python:3.9", EMPTY_WORLD, open).status).toBe("invalid");
    const world = parseWorld({ registry: { "docker.io/library/python": { "3.12-acme": { os: "debian" } } } });
    expect(lookupImage("python:3.11", world, open).status).toBe("tag_not_found");
  });

  it("never takes another official image for a misspelling (mono is not mongo, jruby not ruby)", () => {
    expect(lookupImage("mono:6.12", EMPTY_WORLD).status).toBe("unknown");
    expect(lookupImage("jruby:9", EMPTY_WORLD).status).toBe("unknown");
  });
});

describe("lookupImage against the world's registry", () => {
  const world = parseWorld({
    registry: {
      "ghcr.io/acme/api": { "1.2": { os: "alpine", user: "app" }, latest: { os: "alpine" } },
      "acme/worker": { "2.0": { os: "debian" } },
      "docker.io/library/python": { "3.12-acme": { os: "debian" } },
    },
  });

  it("finds listed tags and rejects unlisted ones", () => {
    const found = lookupImage("ghcr.io/acme/api:1.2", world);
    expect(found).toMatchObject({ status: "found", config: { os: "alpine", user: "app" } });
    expect(lookupImage("ghcr.io/acme/api:1.3", world)).toMatchObject({ status: "tag_not_found", knownTags: ["1.2", "latest"] });
    expect(suggestTags("ghcr.io/acme/api:1.3", 1, world)).toEqual(["1.2"]);
  });

  it("normalises familiar keys and references alike", () => {
    expect(lookupImage("docker.io/acme/worker:2.0", world).status).toBe("found");
    expect(lookupImage("index.docker.io/acme/worker:2.1", world).status).toBe("tag_not_found");
    expect(imageExists("acme/worker:2.1", world)).toBe(false);
  });

  it("overrides the catalogue for the repositories it lists", () => {
    expect(lookupImage("python:3.12-acme", world).status).toBe("found");
    expect(lookupImage("python:3.12", world).status).toBe("tag_not_found");
    expect(lookupImage("node:20", world).status).toBe("found");
  });

  it("finds a digest the world's registry records, and no other", () => {
    const recorded = parseWorld({ registry: { "ghcr.io/acme/api": { "1.2": { os: "alpine" }, [DIGEST]: { os: "debian" } } } });
    expect(lookupImage(`ghcr.io/acme/api@${DIGEST}`, recorded)).toMatchObject({ status: "found", config: { os: "debian" } });
    const other = lookupImage(`ghcr.io/acme/api@sha256:${"f".repeat(64)}`, recorded);
    expect(other).toMatchObject({ status: "tag_not_found", knownTags: ["1.2"] });
    // A digest is no tag: written as one it does not parse, so it cannot be looked up by that key either.
    expect(lookupImage(`ghcr.io/acme/api:${DIGEST}`, recorded).status).toBe("invalid");
    expect(lookupImage(`ghcr.io/acme/api@${DIGEST}`, world).status).toBe("tag_not_found");
  });

  it("answers imageExists", () => {
    expect(imageExists("ghcr.io/acme/api:1.2", world)).toBe(true);
    expect(imageExists("nginx:latset", world)).toBe(false);
    expect(imageExists("scratch", world)).toBe(true);
    expect(imageExists("Nginx", world)).toBeNull();
  });
});

describe("imageExposedPorts", () => {
  it("knows the ports official servers listen on", () => {
    expect(imageExposedPorts("nginx:1.27-alpine")).toEqual([80]);
    expect(imageExposedPorts("nginxinc/nginx-unprivileged:alpine")).toEqual([8080]);
    expect(imageExposedPorts("python:3.12")).toBeNull();
    expect(imageExposedPorts("ghcr.io/acme/api:1")).toBeNull();
  });
});
