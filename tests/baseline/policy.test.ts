/** The default policy's reply parsing: every shape a model answers in, and a clear reason when there is no action. */
import { describe, expect, it } from "vitest";
import { parseReply } from "../../baseline/agent-policy.js";

const SUBMIT = { action_type: "submit" };
const EDIT = { action_type: "replace_line", file_path: "Dockerfile", line_number: 2, new_content: "RUN x {y}" };

describe("parseReply", () => {
  it.each([
    ["bare JSON", JSON.stringify(EDIT), EDIT],
    ["a json code fence", `Sure.\n\`\`\`json\n${JSON.stringify(EDIT, null, 2)}\n\`\`\`\nDone.`, EDIT],
    ["JSON inside prose", `I will submit now: ${JSON.stringify(SUBMIT)} and stop.`, SUBMIT],
    ["an {action: ...} wrapper", JSON.stringify({ action: EDIT }), EDIT],
    ["a first object that is not an action, then one that is", `{"thought": "line 2"} ${JSON.stringify(SUBMIT)}`, SUBMIT],
  ])("finds the action in %s", (_name, reply, action) => {
    expect(parseReply(reply)).toEqual({ action });
  });

  it.each([
    ["prose", "The Dockerfile is wrong.", /no JSON object \(prose only/],
    ["an empty reply", "", /no JSON object/],
    ["truncated JSON", '{"action_type": "submit"', /JSON does not parse/],
    ["an unknown action type", '{"action_type": "fix_everything"}', /not a valid action/],
    ["a missing field", '{"action_type": "delete_line", "file_path": "Dockerfile"}', /line_number/],
    ["an extra key", '{"action_type": "submit", "why": "done"}', /not a valid action/],
  ])("explains %s", (_name, reply, reason) => {
    const parsed = parseReply(reply);
    expect(parsed.action).toBeNull();
    expect((parsed as { error: string }).error).toMatch(reason);
  });
});
