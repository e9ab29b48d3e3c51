/**
 * Whether an image reference pins a version. `FROM python` builds today and another Python tomorrow (hadolint
 * DL3006/DL3007): no tag, `:latest`, or a tag without a version (`slim`, `lts-alpine`, `mainline`) floats. A
 * release codename (`debian:bookworm`) names a version; a moving one (`debian:stable`, `ubuntu:devel`) does not.
 * A digest always pins.
 */

/** Distributions whose codenames name releases. */
const CODENAMED = new Set(["debian", "ubuntu"]);
const MOVING = /^(latest|rolling|stable|testing|unstable|sid|devel|edge)$/;

function floats(name: string, tag: string): boolean {
  if (/\d/.test(tag) || /\d/.test(name)) return false;
  return !CODENAMED.has(name.toLowerCase()) || MOVING.test(tag.split("-")[0]!);
}

/** Whether `reference` (as FROM resolves it, variables substituted) pins a version. */
export function pinsVersion(reference: string): boolean {
  if (reference.includes("@")) return true;
  const lastPart = reference.slice(reference.lastIndexOf("/") + 1);
  const colon = lastPart.indexOf(":");
  if (colon < 0) return false;
  const tag = lastPart.slice(colon + 1);
  return tag !== "latest" && !floats(lastPart.slice(0, colon), tag);
}
