/**
 * Credentials typed into a repository, as secret scanners find them: credential-shaped literals (a Slack or
 * Discord webhook URL, a GitHub, Docker Hub, Slack or AWS token, a private key), counted per kind.
 */
import type { Repository } from "../repository.js";
import { countPatterns, type NamedPattern } from "./pattern-counts.js";

export const CREDENTIAL_SHAPES: readonly NamedPattern[] = [
  { name: "a Slack webhook URL", pattern: /https:\/\/hooks\.slack\.com\/(services|workflows|triggers)\/[A-Za-z0-9/_-]+/g, needles: ["https://hooks.slack.com/"] },
  { name: "a Discord webhook URL", pattern: /https:\/\/(discord|discordapp)\.com\/api\/webhooks\/\d+\/[A-Za-z0-9_-]+/g, needles: [".com/api/webhooks/"] },
  { name: "a GitHub token", pattern: /\b(gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g },
  { name: "a Docker Hub access token", pattern: /\bdckr_pat_[A-Za-z0-9_-]{10,}/g, needles: ["dckr_pat_"] },
  { name: "a Slack token", pattern: /\bxox[abprs]-[A-Za-z0-9-]{10,}/g, needles: ["xox"] },
  { name: "an AWS access key", pattern: /\bAKIA[0-9A-Z]{16}\b/g, needles: ["akia"] },
  { name: "a private key", pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----/g, needles: ["private key-----"] },
];

/** Credential kind → how many literals of it the repository holds. */
export function countCredentials(repo: Repository): Map<string, number> {
  return countPatterns(repo, CREDENTIAL_SHAPES);
}
