import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { familiarName, parseImageReference } from "./reference.js";

const HEX = "a".repeat(64);

describe("parseImageReference", () => {
  it.each([
    ["python", "docker.io", "library/python", "latest", null, "docker.io/library/python:latest"],
    ["python:3.9-slimm", "docker.io", "library/python", "3.9-slimm", null, "docker.io/library/python:3.9-slimm"],
    ["bitnami/redis", "docker.io", "bitnami/redis", "latest", null, "docker.io/bitnami/redis:latest"],
    ["docker.io/python:3.12", "docker.io", "library/python", "3.12", null, "docker.io/library/python:3.12"],
    ["index.docker.io/library/nginx:1.27", "docker.io", "library/nginx", "1.27", null, "docker.io/library/nginx:1.27"],
    ["ghcr.io/acme/api:1.2", "ghcr.io", "acme/api", "1.2", null, "ghcr.io/acme/api:1.2"],
    ["localhost:5000/x", "localhost:5000", "x", "latest", null, "localhost:5000/x:latest"],
    ["localhost/x:dev", "localhost", "x", "dev", null, "localhost/x:dev"],
    ["registry.example.com:443/team/app/web:v1.0_rc-2", "registry.example.com:443", "team/app/web", "v1.0_rc-2", null, "registry.example.com:443/team/app/web:v1.0_rc-2"],
    [`nginx@sha256:${HEX}`, "docker.io", "library/nginx", null, `sha256:${HEX}`, `docker.io/library/nginx@sha256:${HEX}`],
    [`nginx:1.27@sha256:${HEX}`, "docker.io", "library/nginx", "1.27", `sha256:${HEX}`, `docker.io/library/nginx:1.27@sha256:${HEX}`],
    ["gcr.io/distroless/static-debian12:nonroot", "gcr.io", "distroless/static-debian12", "nonroot", null, "gcr.io/distroless/static-debian12:nonroot"],
    ["my_app__x-y.z:Tag_1", "docker.io", "library/my_app__x-y.z", "Tag_1", null, "docker.io/library/my_app__x-y.z:Tag_1"],
    // An uppercase first element cannot be a namespace, so docker reads it as a registry host.
    ["Registry/app", "Registry", "app", "latest", null, "Registry/app:latest"],
  ])("%s", (input, registry, repository, tag, digest, canonical) => {
    expect(parseImageReference(input)).toEqual({ registry, repository, tag, digest, canonical });
  });

  it.each([
    ["", "invalid reference format"],
    ["Python:3.9", "invalid reference format: repository name (library/Python) must be lowercase"],
    ["acme/Api", "invalid reference format: repository name (acme/Api) must be lowercase"],
    ["python:", "invalid reference format"],
    ["python:3.9:slim", "invalid reference format"],
    ["python 3.9", "invalid reference format"],
    ["python:-slim", "invalid reference format"],
    ["ghcr.io/", "invalid reference format"],
    ["ghcr.io//x", "invalid reference format"],
    ["/python", "invalid reference format"],
    ["py--thon_", "invalid reference format"],
    ["python:" + "a".repeat(129), "invalid reference format"],
    ["a:b/c", "invalid reference format"],
    ["nginx@sha256:abc", "invalid reference format"],
    [`nginx@sha256:${"a".repeat(40)}`, "invalid checksum digest length"],
    [`nginx@sha256:${"A".repeat(64)}`, "invalid checksum digest format"],
    [`nginx@md5:${"a".repeat(32)}`, "unsupported digest algorithm"],
    ["ghcr.io/${{ github.repository }}:latest", "invalid reference format"],
    [HEX, `invalid repository name (${HEX}), cannot specify 64-byte hexadecimal strings`],
    [`${"a".repeat(250)}/b`, "repository name must not be more than 255 characters"],
  ])("rejects %j", (input, error) => {
    expect(parseImageReference(input)).toEqual({ error });
  });

  it("never throws, and either errors or returns a canonical form that parses to itself", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[a-zA-Z0-9._:@/-]{0,40}$/)), (input) => {
        const parsed = parseImageReference(input);
        if ("error" in parsed) return typeof parsed.error === "string" && parsed.error.length > 0;
        return (parseImageReference(parsed.canonical) as { canonical: string }).canonical === parsed.canonical;
      }),
      { numRuns: 2000 },
    );
  });
});

describe("familiarName", () => {
  it.each([
    ["docker.io/library/python:3.9", "python:3.9"],
    ["python", "python:latest"],
    ["docker.io/bitnami/redis:7.2", "bitnami/redis:7.2"],
    ["ghcr.io/acme/api:1.2", "ghcr.io/acme/api:1.2"],
    [`nginx@sha256:${HEX}`, `nginx@sha256:${HEX}`],
    ["not a reference", "not a reference"],
  ])("%s → %s", (input, familiar) => {
    expect(familiarName(input)).toBe(familiar);
  });

  it("accepts a parsed reference", () => {
    const parsed = parseImageReference("docker.io/library/nginx:1.27");
    if ("error" in parsed) throw new Error(parsed.error);
    expect(familiarName(parsed)).toBe("nginx:1.27");
  });
});
