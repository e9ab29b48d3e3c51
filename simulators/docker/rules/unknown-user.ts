/** DF010: USER names an account that does not exist in the image; the next RUN or the container start fails. */
import type { DockerRule } from "../rule.js";

export function unknownUserMessage(user: string): string {
  return `unable to find user ${user}: no matching entries in passwd file`;
}

export const unknownUser: DockerRule = {
  code: "DF010",
  name: "unknown-user",
  summary: "USER must name an account the image has (or a numeric uid)",
  stage: "build",
  severity: "error",
  cases: {
    valid: [
      { files: { Dockerfile: "FROM node:20-slim\nUSER node\nRUN id\n" } },
      { files: { Dockerfile: "FROM python:3.12-slim\nRUN useradd -m appuser\nUSER appuser\nRUN id\n" }, name: "a user created by RUN" },
      { files: { Dockerfile: "FROM python:3.12-slim\nUSER 10001\nRUN id\n" }, name: "a numeric uid" },
    ],
    invalid: [{ files: { Dockerfile: "FROM python:3.12-slim\nUSER appuser\nRUN id\n" }, line: 3, message: "unable to find user appuser" }],
  },
};
