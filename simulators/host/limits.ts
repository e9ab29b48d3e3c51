/** The bounds of the simulated host's own reading, re-exported by contracts/limits.ts with every other bound. */

/**
 * Files one reading of a daemon's configuration (nginx's, sshd's) reads through its include directives, the
 * same file counted each time it is included. Neither daemon sets a bound, but includes fan out: a file of a
 * thousand `include b.conf;` lines, where b.conf has as many, is a million reads in 26 KB. An honest host
 * includes a few files per site, and the repository holds 200 files at most.
 */
export const MAX_INCLUDED_FILES = 4096;

/**
 * Bytes one reading of a daemon's configuration reads through its include directives, all files together, the
 * same file counted each time it is included: what one file may hold, where a real host's configuration is a
 * few kilobytes. Every step reads nginx's configuration several times, a few microseconds a directive: a 512 KB
 * file included 19 times was 360,000 directives and 6 s a step, and 1 MiB of included `types` entries still
 * 2 s; at this bound includes at most double what the main file alone costs.
 */
export const MAX_INCLUDED_BYTES = 512 * 1024;

/**
 * Entries the simulated journal keeps; past it the oldest go first, as journald vacuums its oldest files when
 * it reaches SystemMaxUse. A failing unit that Restart= retries writes about ten lines a try, and one
 * `systemctl restart` may name it a thousand times: without a bound the journal, kept in the host's state and
 * carried into every later step, grew by megabytes a step (1.2 GB by the ninth). A host's incident and an
 * episode's repair write a few hundred.
 */
export const MAX_JOURNAL_ENTRIES = 10_000;
