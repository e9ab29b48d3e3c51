/**
 * Actions for the fuzzer and the episode properties: every action type with plausible and hostile fields,
 * edits built from the scenarios' own lines (so that some match and reach the simulators), and unified
 * diffs with right, wrong and absurd hunk headers.
 */
import fc from "fast-check";
import { ACTION_TYPES } from "../../contracts/actions.js";
import { hostileNumber, hostileString, hostileValue, looseRecord, NASTY_STRINGS, SCENARIO_LINES, SCENARIO_PATHS, usually } from "./values.js";

/** A path: a scenario's, a new one, or a hostile one. */
export const filePath: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...SCENARIO_PATHS), weight: 6 },
  { arbitrary: fc.constantFrom("__proto__", "toString", "constructor", "new.txt", "dir/__proto__", "k8s/extra.yaml", ".dockerignore"), weight: 2 },
  { arbitrary: hostileString, weight: 1 },
);

const lineNumber: fc.Arbitrary<number> = fc.oneof({ arbitrary: fc.integer({ min: 1, max: 40 }), weight: 4 }, { arbitrary: hostileNumber, weight: 1 });

/** Text for a file: a scenario line or two, with its newline, or anything. */
const text: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...SCENARIO_LINES).map((l) => `${l}\n`), weight: 3 },
  { arbitrary: fc.array(fc.constantFrom(...SCENARIO_LINES), { minLength: 1, maxLength: 3 }).map((ls) => ls.join("\n")), weight: 2 },
  { arbitrary: fc.constantFrom(...NASTY_STRINGS).map((s) => `${s}\n`), weight: 2 },
  { arbitrary: hostileString, weight: 2 },
);

/** A hunk header's start: small and right-ish, or absurd. */
const hunkStart: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 30 }).map(String), weight: 5 },
  { arbitrary: fc.constantFrom("9007199254740992", "10000000", "99999999999999999999999", "00001", "1e3"), weight: 2 },
);

const hunkLine: fc.Arbitrary<string> = fc.tuple(fc.constantFrom(" ", "-", "+", "\\ No newline at end of file", "x"), fc.constantFrom(...SCENARIO_LINES, ...NASTY_STRINGS)).map(
  ([op, line]) => (op.startsWith("\\") ? op : `${op}${line}`),
);

const hunk: fc.Arbitrary<string> = fc
  .tuple(hunkStart, fc.integer({ min: 0, max: 6 }), hunkStart, fc.integer({ min: 0, max: 6 }), fc.array(hunkLine, { minLength: 0, maxLength: 6 }))
  .map(([os, ol, ns, nl, lines]) => `@@ -${os},${ol} +${ns},${nl} @@\n${lines.join("\n")}\n`);

/** A unified diff: one or more files, git headers sometimes, hunks (rarely hundreds), or garbage. */
export const patchText: fc.Arbitrary<string> = fc.oneof(
  {
    arbitrary: fc
      .tuple(filePath, fc.constantFrom("", "new file mode 100755\n", "old mode 100644\nnew mode 100755\n", "deleted file mode 100644\n"), fc.array(hunk, { minLength: 1, maxLength: 4 }))
      .map(([p, git, hunks]) => `diff --git a/${p} b/${p}\n${git}--- a/${p}\n+++ b/${p}\n${hunks.join("")}`),
    weight: 60,
  },
  { arbitrary: fc.tuple(filePath, hunk, fc.integer({ min: 150, max: 400 })).map(([p, h, n]) => `--- a/${p}\n+++ b/${p}\n${h.repeat(n)}`), weight: 3 },
  { arbitrary: fc.tuple(filePath, text).map(([p, t]) => `--- /dev/null\n+++ b/${p}\n@@ -0,0 +1,1 @@\n+${t.split("\n")[0]}\n`), weight: 20 },
  { arbitrary: hostileString, weight: 20 },
);

/** A command an engineer would look with, sometimes one that writes or that no tool has, or a hostile string. */
const inspectCommand: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom("ls -la", "cat Dockerfile", "grep -rn FROM .", "kubectl get pods", "gh run view --log", "docker build .", "git diff", "find . -name '*.yaml' | head -3"), weight: 6 },
  { arbitrary: fc.constantFrom("rm -rf /", "echo x > Dockerfile", "kubectl delete pod web", "sed -i s/a/b/ Dockerfile", "make deploy"), weight: 2 },
  { arbitrary: fc.tuple(fc.constantFrom("grep ", "cat ", "ls ", "kubectl get "), text).map(([c, t]) => c + t), weight: 2 },
  { arbitrary: hostileString, weight: 2 },
);

/** A host command: a repair, a refused one, or a hostile string (on a repository every one is refused). */
const hostCommand: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom("systemctl restart nginx", "systemctl reload nginx", "chmod 755 /var/www/shop", "kill -9 1", "iptables -F", "rm -rf /var/log/*", "truncate -s 0 /var/log/syslog", "systemctl daemon-reload && systemctl restart shop"), weight: 6 },
  { arbitrary: fc.constantFrom("rm -rf /", "bash -c 'id'", "ls | grep x", "echo $HOME > /tmp/x", "sudo -u root true"), weight: 2 },
  { arbitrary: hostileString, weight: 2 },
);

const edit = fc.oneof(
  { arbitrary: fc.record({ file_path: usually(filePath), old_content: usually(text), new_content: usually(text) }), weight: 4 },
  { arbitrary: looseRecord({ file_path: usually(filePath), old_content: usually(text), new_content: usually(text) }), weight: 1 },
);

/** Fields of each action type, each usually plausible; the record may also carry unknown keys. */
const fieldsOf: Record<string, Record<string, fc.Arbitrary<unknown>>> = {
  edit_file: { edits: usually(fc.array(edit, { minLength: 1, maxLength: 3 })) },
  replace_line: { file_path: usually(filePath), line_number: usually(lineNumber), new_content: usually(text) },
  add_line: { file_path: usually(filePath), line_number: usually(lineNumber), content: usually(text) },
  delete_line: { file_path: usually(filePath), line_number: usually(lineNumber) },
  add_block: { file_path: usually(filePath), line_number: usually(lineNumber), content: usually(text) },
  delete_block: { file_path: usually(filePath), start_line: usually(lineNumber), end_line: usually(lineNumber) },
  apply_patch: { patch: usually(patchText) },
  inspect: { command: usually(inspectCommand) },
  host: { command: usually(hostCommand) },
  request_hint: {},
  submit: {},
};

/** An action of a known type with plausible or hostile fields, or one of an unknown or hostile type. */
export const anyAction: fc.Arbitrary<unknown> = fc.oneof(
  ...ACTION_TYPES.map((type) => ({
    arbitrary: fc.record(fieldsOf[type]!).map((fields) => ({ action_type: type, ...fields })),
    weight: type === "submit" ? 1 : 4,
  })),
  ...ACTION_TYPES.map((type) => ({ arbitrary: looseRecord(fieldsOf[type]!).map((fields) => ({ action_type: type, ...fields })), weight: 1 })),
  { arbitrary: looseRecord({ action_type: hostileValue, file_path: filePath }), weight: 2 },
  { arbitrary: hostileValue, weight: 1 },
);

/**
 * Well-formed actions only (each passes the action schema), for the episode properties: edits built from
 * the scenarios' lines, line actions within a few lines of the top, patches, hints; submit rarely.
 */
export const wellFormedAction: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  {
    arbitrary: fc
      .array(fc.record({ file_path: fc.constantFrom(...SCENARIO_PATHS, "new.txt", "__proto__"), old_content: fc.oneof(text.filter((t) => t.length <= 1000), fc.constant("")), new_content: text.filter((t) => t.length <= 1000) }), { minLength: 1, maxLength: 2 })
      .map((edits) => ({ action_type: "edit_file", edits })),
    weight: 50,
  },
  {
    arbitrary: fc.record({ action_type: fc.constantFrom("replace_line", "add_line", "add_block"), file_path: fc.constantFrom(...SCENARIO_PATHS), line_number: fc.integer({ min: 1, max: 30 }), content: text.filter((t) => t.length <= 1000) }).map(
      ({ content, ...rest }) => (rest.action_type === "replace_line" ? { ...rest, new_content: content } : { ...rest, content }),
    ),
    weight: 30,
  },
  { arbitrary: fc.record({ action_type: fc.constant("delete_line"), file_path: fc.constantFrom(...SCENARIO_PATHS), line_number: fc.integer({ min: 1, max: 30 }) }), weight: 20 },
  {
    arbitrary: fc.record({ action_type: fc.constant("delete_block"), file_path: fc.constantFrom(...SCENARIO_PATHS), start_line: fc.integer({ min: 1, max: 20 }), end_line: fc.integer({ min: 1, max: 30 }) }),
    weight: 10,
  },
  { arbitrary: patchText.filter((p) => p.length >= 1 && p.length <= 20_000).map((patch) => ({ action_type: "apply_patch", patch })), weight: 20 },
  { arbitrary: fc.constant({ action_type: "request_hint" }), weight: 10 },
  { arbitrary: fc.constant({ action_type: "submit" }), weight: 3 },
);

/**
 * Well-formed actions aimed at one repository: its own paths, lines that exist (so edits usually match),
 * line numbers within its files, one-line patches at the right place; mixed with the generic ones above.
 */
export function actionFor(files: Record<string, string>): fc.Arbitrary<Record<string, unknown>> {
  const paths = Object.keys(files);
  const located = paths.flatMap((p) =>
    files[p]!.split("\n")
      .map((line, i) => ({ path: p, line, number: i + 1 }))
      .filter((l) => l.line.trim() !== ""),
  );
  if (located.length === 0) return wellFormedAction;
  const spot = fc.constantFrom(...located);
  const replacement = fc.oneof(text.filter((t) => t.length <= 1000), spot.map((s) => s.line.replace(/\d/g, "9")));
  return fc.oneof(
    { arbitrary: fc.tuple(spot, replacement).map(([s, r]) => ({ action_type: "edit_file", edits: [{ file_path: s.path, old_content: s.line, new_content: r }] })), weight: 4 },
    { arbitrary: fc.tuple(spot, replacement).map(([s, r]) => ({ action_type: "replace_line", file_path: s.path, line_number: s.number, new_content: r.split("\n")[0] })), weight: 2 },
    { arbitrary: fc.tuple(spot, replacement).map(([s, r]) => ({ action_type: "add_line", file_path: s.path, line_number: s.number, content: r })), weight: 1 },
    { arbitrary: spot.map((s) => ({ action_type: "delete_line", file_path: s.path, line_number: s.number })), weight: 1 },
    {
      arbitrary: fc.tuple(spot, replacement).map(([s, r]) => ({
        action_type: "apply_patch",
        patch: `--- a/${s.path}\n+++ b/${s.path}\n@@ -${s.number},1 +${s.number},1 @@\n-${s.line}\n+${r.split("\n")[0]}\n`,
      })),
      weight: 1,
    },
    { arbitrary: wellFormedAction, weight: 3 },
  );
}
