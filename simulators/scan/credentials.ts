/**
 * Credentials typed into a repository, as secret scanners find them: credential-shaped literals (a Slack or
 * Discord webhook URL, a GitHub, Docker Hub, Slack or AWS token, a private key), counted per kind.
 */
import type { Repository } from "../repository.js";

const CREDENTIAL_SHAPES: ReadonlyArray<{ name: string; pattern: RegExp }> = [
  { name: "a Slack webhook URL", pattern: /https:\/\/hooks\.slack\.com\/(services|workflows|triggers)\/[A-Za-z0-9/_-]+/g },
  { name: "a Discord webhook URL", pattern: /https:\/\/(discord|discordapp)\.com\/api\/webhooks\/\d+\/[A-Za-z0-9_-]+/g },
  { name: "a GitHub token", pattern: /\b(gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g },
  { name: "a Docker Hub access token", pattern: /\bdckr_pat_[A-Za-z0-9_-]{10,}/g },
  { name: "a Slack token", pattern: /\bxox[abprs]-[A-Za-z0-9-]{10,}/g },
  { name: "an AWS access key", pattern: /\bAKIA[0-9A-Z]{16}\b/g },
  { name: "a private key", pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----/g },
];

/** Credential kind → how many literals of it the repository holds. */
export function countCredentials(repo: Repository): Map<string, number> {
  const out = new Map<string, number>();
  for (const { name, pattern } of CREDENTIAL_SHAPES) {
    let n = 0;
    for (const file of repo.values()) n += file.content.match(pattern)?.length ?? 0;
    out.set(name, n);
  }
  return out;
}
