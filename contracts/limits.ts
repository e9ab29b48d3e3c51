/**
 * The cost model: every bound on what a client can make the server hold or compute, named once here and
 * imported where it is enforced. Each is either a bound a real tool also has or one no real repository
 * reaches, so no honest episode meets it; exceeding one is a 4xx or a failed action that says which bound
 * and by how much, answered at once, never a stall. README.md's "Limits" section lists them (a test checks
 * that it lists every one with its value).
 *
 * The simulated tools' own limits (GitHub's 512,000-byte workflow file, the API server's 3 MiB request,
 * YAML alias expansion, Docker's 64 KiB .dockerignore line) live with their simulators: they are what the tools answer,
 * not what the server protects itself with.
 */

// --- Requests, on every transport -----------------------------------------------------------------------

/** Largest request body, and WebSocket frame, in bytes (env MAX_BODY_BYTES overrides). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * Deepest nesting of arrays and objects in a JSON body, WebSocket frame or MCP request. No request needs
 * more than a few levels; thousands of nested brackets in a few kilobytes would otherwise overflow the stack
 * when an error quotes them or a state holding them is serialised.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Members of one JSON object, and elements of one JSON array, in a body, WebSocket frame or MCP request. The
 * widest honest request is /grader's or /arena's MAX_GRADED_ACTIONS actions, an edit_file's
 * MAX_EDITS_PER_ACTION edits, or a map of MAX_FILES_PER_REPOSITORY files; sixty thousand keys in one object
 * (650 KB) otherwise cost the strict schema check and its error list most of a second of the main thread.
 */
export const MAX_JSON_OBJECT_KEYS = 1_000;
export const MAX_JSON_ARRAY_ITEMS = 10_000;

/**
 * Bytes of request bodies still arriving, all requests together. DEFAULT_MAX_BODY_BYTES bounds one body, not
 * how many arrive at once: a thousand connections each sending a body one byte short of it and never the last
 * byte held a gigabyte for the five minutes of Node's request timeout. Sixty-four bodies of the largest size
 * at once, where an agent's requests are a few kilobytes.
 */
export const MAX_ARRIVING_BODY_BYTES = 64 * 1024 * 1024;

/**
 * Of MAX_ARRIVING_BODY_BYTES, what the bodies arriving from one peer address may hold: a client that trickles
 * unfinished bodies from one address cannot fill the whole account and turn away everyone else's requests (a
 * quarter, sixteen bodies of the largest size, where an agent's requests are a few kilobytes).
 */
export const MAX_ARRIVING_BODY_BYTES_PER_PEER = MAX_ARRIVING_BODY_BYTES / 4;

/** Characters of a string field in an action (file contents, a patch). */
export const MAX_TEXT_CHARS = 1_000_000;

/** Characters of a file path in an action. */
export const MAX_PATH_CHARS = 1024;

/** Largest line number an action may name; the repository's own line bound refuses most far sooner. */
export const MAX_LINE_NUMBER = 1_000_000;

/** Edits in one edit_file action. */
export const MAX_EDITS_PER_ACTION = 50;

/** Actions /grader, /arena and grade_trajectory replay: far beyond any scenario's max_steps. */
export const MAX_GRADED_ACTIONS = 500;

// --- Sessions ------------------------------------------------------------------------------------------

/**
 * Idle seconds after which an MCP session (openenv/session/create) in which no episode was ever started
 * expires (SESSION_TTL_S when that is shorter). Opening one costs its client nothing and holds no connection;
 * a session that never starts an episode holds a place of MAX_SESSIONS for nothing, and such sessions are also
 * the first to give their places up when every place is taken, so they can never lock episodes out. A /ws
 * socket's own session lasts as long as the socket does.
 */
export const UNSTARTED_SESSION_TTL_S = 60;

// --- Episode records ------------------------------------------------------------------------------------

/**
 * Bytes (as JSON) of the actions one episode records. The server keeps every action an episode accepted, whole,
 * for as long as it keeps the episode (a live episode is rebuilt from them, a finished one replayed through its
 * record), so a client sending a 500 KB edit at every step would otherwise make each episode cost megabytes.
 * Four times MAX_REPOSITORY_BYTES: rewriting every file of the largest repository four times over.
 */
export const MAX_RECORD_BYTES = 8 * 1024 * 1024;

/**
 * Bytes of all the episode records a process keeps: HTTP episodes in play and finished, the private sessions'
 * episodes, and finished episodes archived for replay (env MAX_KEPT_RECORD_BYTES overrides). Past it, archived
 * and then finished episodes are dropped, oldest first; when episodes in play alone fill it, a step or a reset
 * that needs more is refused with a 503.
 */
export const DEFAULT_MAX_KEPT_RECORD_BYTES = 256 * 1024 * 1024;
/**
 * Longest one pooled task may run in all, in ms: a grading of MAX_GRADED_ACTIONS actions at 60 ms each (the
 * scenarios' steps take a few). STEP_TIMEOUT_MS bounds each step and restarts at every action replayed; this
 * does not, so a replay of many slow steps is stopped (a 503) rather than holding a worker for minutes.
 */
export const MAX_REPLAY_MS = MAX_GRADED_ACTIONS * 60;

// --- The repository an episode holds --------------------------------------------------------------------

/** Files in one repository; the scenarios have a dozen at most. */
export const MAX_FILES_PER_REPOSITORY = 200;

/**
 * Bytes (UTF-8) of one file. Just above GitHub's 512,000-byte limit for a workflow file; no Dockerfile or
 * manifest a person maintains comes near it.
 */
export const MAX_FILE_BYTES = 512 * 1024;

/** Lines of one file. */
export const MAX_LINES_PER_FILE = 20_000;

/** Bytes (UTF-8) of all the files of one repository together. */
export const MAX_REPOSITORY_BYTES = 2 * 1024 * 1024;

// --- apply_patch ----------------------------------------------------------------------------------------

/** Hunks in one apply_patch action, over all its files. */
export const MAX_PATCH_HUNKS = 200;

/**
 * Hunk lines compared with the file while finding where a patch's hunks apply when their line numbers are
 * off (the offset search `patch` and `git apply` do too), over the whole action. A patch that needs more is
 * refused; one whose line numbers are right needs one comparison per hunk line.
 */
export const MAX_PATCH_SEARCH_STEPS = 2_000_000;

// --- inspect ---------------------------------------------------------------------------------------------

// The inspect action's bounds live with its interpreter (the simulators sit below the contracts).
import { MAX_GREP_PATTERN_CHARS, MAX_INSPECT_COMMAND_CHARS, MAX_INSPECT_OUTPUT_CHARS, MAX_INSPECT_PIPE_CHARS, MAX_INSPECT_PIPELINE_COMMANDS, MAX_MODELLED_PODS } from "../simulators/inspect/limits.js";

export { MAX_GREP_PATTERN_CHARS, MAX_INSPECT_COMMAND_CHARS, MAX_INSPECT_OUTPUT_CHARS, MAX_INSPECT_PIPE_CHARS, MAX_INSPECT_PIPELINE_COMMANDS, MAX_MODELLED_PODS };
// --- The simulated host's configurations ----------------------------------------------------------------

// What one reading of nginx's or sshd's configuration reads through its includes lives with the host simulator.
import { MAX_INCLUDED_BYTES, MAX_INCLUDED_FILES, MAX_JOURNAL_ENTRIES } from "../simulators/host/limits.js";

export { MAX_INCLUDED_BYTES, MAX_INCLUDED_FILES, MAX_JOURNAL_ENTRIES };
// --- Glob patterns --------------------------------------------------------------------------------------

// The glob budget lives with the matcher (the simulators sit below the contracts).
import { MAX_GLOB_STEPS } from "../simulators/glob.js";

export { MAX_GLOB_STEPS };

// --- Values built by substitution ------------------------------------------------------------------------

// A shell variable's, a Dockerfile ARG's or ENV's, a workflow value's length lives with the simulators that build them.
import { MAX_VALUE_CHARS } from "../simulators/value-limits.js";

export { MAX_VALUE_CHARS };

// --- Near-miss suggestions ------------------------------------------------------------------------------

// How long a name "did you mean" compares lives with the edit distance.
import { MAX_SUGGESTED_NAME_CHARS } from "../simulators/images/edit-distance.js";

export { MAX_SUGGESTED_NAME_CHARS };

// --- Workflow matrices ----------------------------------------------------------------------------------

// The walk that counts a matrix's legs lives with the matrix (GitHub's own 256 legs does too), and so do the
// jobs and steps the simulator runs across a repository's workflows.
import { MAX_MATRIX_EXPANSION_STEPS, MAX_WORKFLOW_JOBS, MAX_WORKFLOW_STEPS } from "../simulators/workflow/limits.js";

export { MAX_MATRIX_EXPANSION_STEPS, MAX_WORKFLOW_JOBS, MAX_WORKFLOW_STEPS };

// --- What error messages quote --------------------------------------------------------------------------

/** Characters of an untrusted value an error message quotes; the rest is elided. */
export const MAX_QUOTED_CHARS = 120;

/** Validation errors one answer lists (one per unknown key, say); the rest are counted. */
export const MAX_VALIDATION_DETAILS = 50;

/** Line numbers an "old_content matches N times" message lists. */
export const MAX_LISTED_MATCHES = 10;

/**
 * How much of a bad value a validation error echoes in its `input` (pydantic echoes the value whole):
 * characters of a string, entries of an array or object, levels of nesting.
 */
export const MAX_ECHOED_CHARS = 200;
export const MAX_ECHOED_ENTRIES = 20;
export const MAX_ECHOED_DEPTH = 6;

// --- Caches ---------------------------------------------------------------------------------------------

// The parse cache's bound lives with the cache (the simulators sit below the contracts).
import { MAX_PARSE_CACHE_BYTES, PARSE_EXPANSION } from "../simulators/parse-cache.js";

export { MAX_PARSE_CACHE_BYTES, PARSE_EXPANSION };

// So do the bounds of what incremental simulation keeps: section outcomes, assessments, host commands' outcomes
// and answers' files as JSON.
import {
  MAX_KEPT_ANSWER_BYTES,
  MAX_KEPT_ANSWERS,
  MAX_KEPT_ASSESSMENT_BYTES,
  MAX_KEPT_ASSESSMENTS,
  MAX_KEPT_COMMAND_BYTES,
  MAX_KEPT_COMMANDS,
  MAX_SECTION_BYTES,
  MAX_SECTIONS,
} from "../simulators/incremental/bounds.js";

export { MAX_KEPT_ANSWER_BYTES, MAX_KEPT_ANSWERS, MAX_KEPT_ASSESSMENT_BYTES, MAX_KEPT_ASSESSMENTS, MAX_KEPT_COMMAND_BYTES, MAX_KEPT_COMMANDS, MAX_SECTION_BYTES, MAX_SECTIONS };

/** Every bound above by name, for the README's table and the test that keeps the two in step. */
export const LIMITS = {
  DEFAULT_MAX_BODY_BYTES,
  MAX_JSON_DEPTH,
  MAX_JSON_OBJECT_KEYS,
  MAX_JSON_ARRAY_ITEMS,
  MAX_TEXT_CHARS,
  MAX_PATH_CHARS,
  MAX_LINE_NUMBER,
  MAX_EDITS_PER_ACTION,
  MAX_GRADED_ACTIONS,
  UNSTARTED_SESSION_TTL_S,
  MAX_RECORD_BYTES,
  DEFAULT_MAX_KEPT_RECORD_BYTES,
  MAX_REPLAY_MS,
  MAX_FILES_PER_REPOSITORY,
  MAX_FILE_BYTES,
  MAX_LINES_PER_FILE,
  MAX_REPOSITORY_BYTES,
  MAX_PATCH_HUNKS,
  MAX_PATCH_SEARCH_STEPS,
  MAX_INSPECT_COMMAND_CHARS,
  MAX_INSPECT_PIPELINE_COMMANDS,
  MAX_INSPECT_OUTPUT_CHARS,
  MAX_INSPECT_PIPE_CHARS,
  MAX_GREP_PATTERN_CHARS,
  MAX_MODELLED_PODS,
  MAX_INCLUDED_FILES,
  MAX_INCLUDED_BYTES,
  MAX_JOURNAL_ENTRIES,
  MAX_GLOB_STEPS,
  MAX_MATRIX_EXPANSION_STEPS,
  MAX_WORKFLOW_JOBS,
  MAX_WORKFLOW_STEPS,
  MAX_VALUE_CHARS,
  MAX_SUGGESTED_NAME_CHARS,
  MAX_QUOTED_CHARS,
  MAX_VALIDATION_DETAILS,
  MAX_LISTED_MATCHES,
  MAX_ECHOED_CHARS,
  MAX_ECHOED_ENTRIES,
  MAX_ECHOED_DEPTH,
  MAX_PARSE_CACHE_BYTES,
  MAX_SECTIONS,
  MAX_SECTION_BYTES,
  MAX_KEPT_ASSESSMENTS,
  MAX_KEPT_ASSESSMENT_BYTES,
  MAX_KEPT_COMMANDS,
  MAX_KEPT_COMMAND_BYTES,
  MAX_KEPT_ANSWERS,
  MAX_KEPT_ANSWER_BYTES,
} as const;
