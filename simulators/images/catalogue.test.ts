import { describe, expect, it } from "vitest";
import { ImageConfigSchema } from "../world.js";
import { CATALOGUE, catalogueConfig, catalogueEntry } from "./catalogue.js";

const hub = (name: string, tag: string) => catalogueConfig("docker.io", name.includes("/") ? name : `library/${name}`, tag);

describe("the catalogue's integrity", () => {
  it("names each repository once, each tag once, and every config is a valid ImageConfig", () => {
    const names = CATALOGUE.map((image) => `${image.registry}/${image.repository}`);
    expect(new Set(names).size).toBe(names.length);
    for (const image of CATALOGUE) {
      const tags = image.families.flatMap((family) => [...family.tags]);
      const duplicates = tags.filter((tag, i) => tags.indexOf(tag) !== i);
      expect(duplicates, `${image.repository}`).toEqual([]);
      for (const family of image.families) expect(() => ImageConfigSchema.parse(family.config)).not.toThrow();
    }
  });

  it("has a latest tag for every repository (distroless included: all its variants publish one)", () => {
    for (const image of CATALOGUE) expect(catalogueEntry(image.registry, image.repository)?.tags.has("latest"), image.repository).toBe(true);
  });

  it("only has tags docker accepts", () => {
    for (const image of CATALOGUE) for (const family of image.families) for (const tag of family.tags) expect(tag).toMatch(/^\w[\w.-]{0,127}$/);
  });
});

describe("what the images contain", () => {
  it.each([
    // image, tag, has, lacks
    ["python", "3.12", ["python3", "pip", "bash", "curl", "wget", "apt-get", "git"], ["apk"]],
    ["python", "3.12-slim", ["python3", "pip3", "bash", "apt-get", "sh", "chown"], ["curl", "wget", "apk"]],
    ["python", "3.12-alpine", ["python3", "pip", "sh", "wget", "apk"], ["bash", "curl", "apt-get"]],
    ["python", "2.7", ["python", "python2", "pip"], ["python3", "pip3"]],
    ["node", "22", ["node", "npm", "npx", "yarn", "corepack", "bash", "curl"], ["apk"]],
    ["node", "22-slim", ["node", "npm", "bash"], ["curl", "wget"]],
    ["alpine", "3.20", ["sh", "wget", "apk", "id"], ["bash", "curl"]],
    ["ubuntu", "24.04", ["bash", "apt-get"], ["curl", "wget"]],
    ["debian", "bookworm-slim", ["bash", "apt-get"], ["curl", "wget"]],
    ["busybox", "latest", ["sh", "wget"], ["bash", "apk", "apt-get"]],
    ["nginx", "latest", ["nginx", "sh", "bash", "curl"], ["apk"]],
    ["nginx", "alpine", ["nginx", "sh", "curl", "wget"], ["bash"]],
    ["nginx", "alpine-slim", ["nginx", "sh", "wget"], ["bash", "curl"]],
  ])("%s:%s", (image, tag, has, lacks) => {
    const config = hub(image, tag);
    expect(config).toBeDefined();
    expect(config?.binaries).toEqual(expect.arrayContaining(has));
    for (const missing of lacks) expect(config?.binaries, missing).not.toContain(missing);
  });

  it("gives the entrypoints, commands and users the images really have", () => {
    expect(hub("python", "3.11-slim")).toMatchObject({ cmd: ["python3"] });
    expect(hub("node", "20-alpine")).toMatchObject({ entrypoint: ["docker-entrypoint.sh"], cmd: ["node"] });
    expect(hub("nginx", "stable")).toMatchObject({ cmd: ["nginx", "-g", "daemon off;"], entrypoint: ["/docker-entrypoint.sh"] });
    expect(hub("nginx", "stable")?.user).toBeUndefined();
    expect(hub("nginxinc/nginx-unprivileged", "stable")).toMatchObject({ user: "101", users: expect.arrayContaining(["nginx"]) });
    expect(hub("postgres", "16")).toMatchObject({ cmd: ["postgres"], users: expect.arrayContaining(["postgres"]) });
    expect(hub("ubuntu", "24.04")?.users).toContain("ubuntu");
    expect(hub("ubuntu", "22.04")?.users).not.toContain("ubuntu");
  });

  it("gives distroless no shell except on its debug tags, and runs nonroot tags as 65532", () => {
    const config = (tag: string) => catalogueConfig("gcr.io", "distroless/static-debian12", tag);
    expect(config("latest")).toMatchObject({ os: "distroless", binaries: [] });
    expect(config("nonroot")).toMatchObject({ user: "65532", binaries: [] });
    expect(config("debug")?.binaries).toContain("sh");
    expect(catalogueConfig("gcr.io", "distroless/nodejs20-debian12", "latest")).toMatchObject({ entrypoint: ["/nodejs/bin/node"] });
    expect(catalogueConfig("gcr.io", "distroless/nodejs20-debian12", "latest")?.binaries).not.toContain("sh");
  });

  it("builds for amd64 and arm64, except mysql's Debian tags, which are amd64 only", () => {
    for (const image of CATALOGUE) {
      for (const family of image.families) {
        const expected = family.tags.includes("8.0-debian") ? ["linux/amd64"] : ["linux/amd64", "linux/arm64"];
        expect(family.config.platforms, image.repository).toEqual(expect.arrayContaining(expected));
      }
    }
  });
});
