import { describe, expect, it } from "vitest";
import { EMPTY_WORLD } from "../world.js";
import { lookupImage } from "./lookup.js";
import { buildkitResolveError, dockerPullError, kubeletPullError } from "./messages.js";

const look = (ref: string) => lookupImage(ref, EMPTY_WORLD);
const ZEROS = `sha256:${"0".repeat(64)}`;

describe("buildkitResolveError", () => {
  it("says a missing tag is not found, as BuildKit's metadata resolution does", () => {
    expect(buildkitResolveError(look("python:3.9-slimm"))).toBe(
      "python:3.9-slimm: failed to resolve source metadata for docker.io/library/python:3.9-slimm: docker.io/library/python:3.9-slimm: not found",
    );
  });

  it("says a missing repository is refused, naming the FROM argument as written", () => {
    expect(buildkitResolveError(look("pyhton"), "pyhton")).toBe(
      "pyhton: failed to resolve source metadata for docker.io/library/pyhton:latest: pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed",
    );
  });

  it("reports an unparsable FROM as BuildKit's stage-name error", () => {
    expect(buildkitResolveError(look("Python:3.9"), "Python:3.9")).toBe(
      'failed to parse stage name "Python:3.9": invalid reference format: repository name (library/Python) must be lowercase',
    );
  });

  it("has nothing to say about found, unknown or scratch images", () => {
    for (const ref of ["python:3.9-slim", "ghcr.io/acme/api:1", "scratch"]) expect(buildkitResolveError(look(ref))).toBeNull();
  });
});

describe("kubeletPullError", () => {
  it("gives the ErrImagePull event of a missing tag", () => {
    expect(kubeletPullError(look("nginx:latset"))).toBe(
      'Failed to pull image "nginx:latset": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:latset": failed to resolve reference "docker.io/library/nginx:latset": docker.io/library/nginx:latset: not found',
    );
  });

  it("quotes the image as written and can drop the rpc wrapper newer kubelets omit", () => {
    expect(kubeletPullError(look("ngnix"), { image: "ngnix", rpcPrefix: false })).toBe(
      'Failed to pull image "ngnix": failed to pull and unpack image "docker.io/library/ngnix:latest": failed to resolve reference "docker.io/library/ngnix:latest": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed',
    );
    expect(kubeletPullError(look("ngnix"))).toContain("rpc error: code = Unknown desc = failed to pull and unpack image");
  });

  it("gives the InspectFailed event of an invalid name when the image is given", () => {
    expect(kubeletPullError(look("Nginx:1.27"), { image: "Nginx:1.27" })).toBe(
      'Failed to apply default image tag "Nginx:1.27": couldn\'t parse image name "Nginx:1.27": invalid reference format: repository name (library/Nginx) must be lowercase',
    );
  });

  it("fails a pod whose image is scratch, which has nothing to pull", () => {
    expect(kubeletPullError(look("scratch"), { image: "scratch" })).toContain('failed to resolve reference "docker.io/library/scratch:latest": pull access denied');
  });

  it("gives the ErrImagePull event of a digest the registry has no manifest for", () => {
    expect(kubeletPullError(look(`nginx@${ZEROS}`))).toBe(
      `Failed to pull image "nginx@${ZEROS}": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx@${ZEROS}": failed to resolve reference "docker.io/library/nginx@${ZEROS}": docker.io/library/nginx@${ZEROS}: not found`,
    );
  });

  it("says nothing for found or unknown images", () => {
    expect(kubeletPullError(look("nginx:1.27"))).toBeNull();
    expect(kubeletPullError(look("ghcr.io/acme/api:1"))).toBeNull();
  });
});

describe("dockerPullError", () => {
  it("gives the classic daemon messages", () => {
    expect(dockerPullError(look("python:3.9-slimm"))).toBe(
      "Error response from daemon: manifest for python:3.9-slimm not found: manifest unknown: manifest unknown",
    );
    expect(dockerPullError(look(`nginx@${ZEROS}`))).toBe(`Error response from daemon: manifest for nginx@${ZEROS} not found: manifest unknown: manifest unknown`);
    expect(dockerPullError(look("pyhton:3.9"))).toBe(
      "Error response from daemon: pull access denied for pyhton, repository does not exist or may require 'docker login': denied: requested access to the resource is denied",
    );
  });
});
