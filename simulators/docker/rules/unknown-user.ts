/** DF010: USER names an account that does not exist in the image; the next RUN or the container start fails. */
import { dockerRule } from "../events.js";

export function unknownUserMessage(user: string): string {
  return `unable to find user ${user}: no matching entries in passwd file`;
}

export const unknownUser = dockerRule({
  code: "DF010",
  name: "unknown-user",
  summary: "USER must name an account the image has (or a numeric uid)",
  stage: "build",
  severity: "error",
  phase: "build",
  needs: ["context"],
  on: {
    "user-check"(e, ctx) {
      if (e.exists) return;
      const message = unknownUserMessage(e.user.split(":")[0]!);
      ctx.report(e.location, message, { output: e.at === "start" ? [`docker: Error response from daemon: ${message}.`] : [] });
    },
  },
  cases: {
    valid: [
      { files: { Dockerfile: "FROM node:20-slim\nUSER node\nRUN id\n" } },
      { files: { Dockerfile: "FROM python:3.12-slim\nRUN useradd -m appuser\nUSER appuser\nRUN id\n" }, name: "a user created by RUN" },
      { files: { Dockerfile: "FROM python:3.12-slim\nUSER 10001\nRUN id\n" }, name: "a numeric uid" },
    ],
    invalid: [{ files: { Dockerfile: "FROM python:3.12-slim\nUSER appuser\nRUN id\n" }, line: 3, message: "unable to find user appuser" }],
  },
});
