/** The options of `docker build` / `docker buildx build`, shared by the command runner and the runner-OS checks. */

/** Options that take a value. */
export const BUILD_VALUE_OPTIONS = new Set([
  "-t", "--tag", "-f", "--file", "--platform", "-o", "--output", "--cache-to", "--cache-from", "--build-arg", "--target",
  "--progress", "--label", "--secret", "--ssh", "--builder", "--provenance", "--sbom", "--iidfile", "--metadata-file", "--network",
  "--add-host", "--shm-size", "--ulimit", "--build-context", "--annotation", "--attest", "--allow", "--call",
]);

/** Options that take none. */
export const BUILD_FLAGS = new Set(["--push", "--load", "--no-cache", "--pull", "-q", "--quiet", "--rm", "--force-rm"]);
