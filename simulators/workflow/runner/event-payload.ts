/**
 * The `github.event` payload of the event a simulated run answers, as far as it can be known. The payloads of
 * push, pull_request, release and workflow_dispatch have a documented set of top-level fields: a field outside
 * it is not in the payload (`github.event.release.tag_name` on a push is empty), while a field inside it that
 * the world does not fix (a commit message, a release's tag, a pull request's number) is unknown. Objects whose
 * fields are not all listed here (a repository, a release) are open: a field they do not list is unknown too.
 */

/** Marks an object whose unlisted fields are unknown rather than absent. */
export const OPEN = Symbol("open");

/** A payload field whose value the simulation cannot know. */
export const UNKNOWN_FIELD = Symbol("unknown field");

export type PayloadValue = string | number | boolean | null | typeof UNKNOWN_FIELD | PayloadObject;
export interface PayloadObject {
  [field: string]: PayloadValue;
  [OPEN]?: true;
}

const open = (fields: Record<string, PayloadValue>): PayloadObject => ({ ...fields, [OPEN]: true });

/** Fields every webhook payload of these events may carry, none of which the world fixes. */
const COMMON = ["organization", "enterprise", "installation"] as const;

/** The top-level fields of each event's payload that the world does not fix, by event (GitHub's webhook docs). */
const OTHER_FIELDS: Readonly<Record<string, readonly string[]>> = {
  push: ["before", "created", "deleted", "forced", "compare", "commits"],
  pull_request: ["action", "number", "assignee", "label", "changes", "requested_reviewer", "requested_team", "milestone", "before", "after", "reason"],
  release: ["action", "changes"],
  workflow_dispatch: ["workflow"],
};

export interface PayloadFacts {
  /** The github context's values: sha, ref, repository, actor. */
  github: Readonly<Record<string, string>>;
  defaultBranch: string;
  /** workflow_dispatch inputs the workflow declares: their default as the string the payload carries, or null. */
  inputs: ReadonlyMap<string, string | null>;
}

/**
 * The payload of `event`: closed at the top for the events listed above (a field they do not have is null),
 * open (every field unknown) for any other event.
 */
export function eventPayload(event: string, facts: PayloadFacts): PayloadObject {
  const { github } = facts;
  const [owner, name] = (github.repository ?? "/").split("/");
  const repository = open({ name: name ?? "", full_name: github.repository ?? "", owner: open({ login: owner ?? "" }), default_branch: facts.defaultBranch, html_url: `https://github.com/${github.repository ?? ""}` });
  const sender = open({ login: github.actor ?? "" });
  const others = OTHER_FIELDS[event];
  if (others === undefined) return open({ repository, sender });
  const payload: PayloadObject = { repository, sender };
  for (const field of [...COMMON, ...others]) payload[field] = UNKNOWN_FIELD;
  switch (event) {
    case "push":
      Object.assign(payload, { ref: github.ref ?? UNKNOWN_FIELD, after: github.sha ?? UNKNOWN_FIELD, base_ref: null, head_commit: open({ id: github.sha ?? UNKNOWN_FIELD }), pusher: open({ name: github.actor ?? "" }) });
      break;
    case "pull_request":
      payload.pull_request = open({});
      break;
    case "release":
      payload.release = open({});
      break;
    case "workflow_dispatch": {
      const inputs: PayloadObject = {};
      for (const [input, value] of facts.inputs) inputs[input] = value ?? UNKNOWN_FIELD;
      Object.assign(payload, { ref: github.ref ?? UNKNOWN_FIELD, inputs });
      break;
    }
  }
  return payload;
}
