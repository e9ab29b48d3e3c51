/**
 * The bounds of what incremental simulation keeps, in a module of their own so that the contracts (and the
 * browser code that reads them) can name them without loading the simulators.
 */

/** Section outcomes kept, and the bytes they are charged at most (sections.ts). */
export const MAX_SECTIONS = 4096;
export const MAX_SECTION_BYTES = 128 * 1024 * 1024;

/** States whose assessment is kept, and the bytes those assessments are charged at most (kept.ts). */
export const MAX_KEPT_ASSESSMENTS = 8192;
export const MAX_KEPT_ASSESSMENT_BYTES = 64 * 1024 * 1024;

/** Host commands' outcomes kept, and the bytes they are charged at most (kept.ts). */
export const MAX_KEPT_COMMANDS = 4096;
export const MAX_KEPT_COMMAND_BYTES = 64 * 1024 * 1024;

/** States whose answer fragments (files and modes as JSON) are kept, and the bytes they are charged at most (server/pool/result-json.ts). */
export const MAX_KEPT_ANSWERS = 4096;
export const MAX_KEPT_ANSWER_BYTES = 64 * 1024 * 1024;
