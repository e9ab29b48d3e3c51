/** The repository family: the file tools and git over the episode's current files. */
import type { CommandFamily } from "./context.js";
import { failed, ok } from "./context.js";
import { cat, find, ls, RepoReader, tree } from "./files.js";
import { git, GIT_SUPPORTED } from "./git.js";
import { grep } from "./grep.js";
import { headTail, joinLines, linesOf, sortUniq, wc } from "./text.js";

/** The programs that read a pipe: what may follow `|`. */
export const FILTERS = ["grep", "egrep", "fgrep", "head", "tail", "wc", "sort", "uniq", "cat", "sed"] as const;

export function isFilter(program: string): boolean {
  return (FILTERS as readonly string[]).includes(program);
}

/** `sed -n 'A,Bp' [FILE]` and `sed -n 'Np'`: printing a range of lines, the one sed people use to look. */
function sedPrint(argv: readonly string[], stdin: string | null, reader: RepoReader) {
  const args = argv.slice(1);
  if (args[0] !== "-n" || args[1] === undefined || args.length > 3) {
    return failed("sed: only `sed -n 'A,Bp' [FILE]` (print lines A to B) is supported here\n", 1);
  }
  const m = /^(\d+)(?:,(\d+|\$))?p$/.exec(args[1]);
  if (!m) return failed(`sed: -e expression #1: only 'A,Bp' and 'Np' are supported here, not '${args[1]}'\n`, 1);
  let text = stdin ?? "";
  if (args[2] !== undefined) {
    const read = reader.read("sed", args[2]);
    if ("error" in read) return failed(read.error.replace(/^sed: (.*): (.*)$/m, "sed: can't read $1: $2"), 2);
    text = read.content;
  }
  const lines = linesOf(text);
  const from = Number(m[1]);
  const to = m[2] === undefined ? from : m[2] === "$" ? lines.length : Number(m[2]);
  return ok(joinLines(lines.slice(Math.max(0, from - 1), Math.max(0, to))));
}

export const REPOSITORY_FAMILY: CommandFamily = {
  family: "repository",
  supported: [
    "ls [-laR] [PATH]",
    "cat [-n] FILE",
    "head/tail [-n N] [FILE]",
    "grep [-rniwvlcxEF] [-A/-B/-C N] [--include GLOB] PATTERN [PATH...]",
    "find [PATH] [-type f|d] [-name GLOB] [-path GLOB] [-maxdepth N]",
    "wc [-lwc] [FILE]",
    "tree [-a] [PATH]",
    "sed -n 'A,Bp' [FILE]",
    "sort, uniq, pwd",
    ...GIT_SUPPORTED,
  ],
  programs: ["ls", "cat", "head", "tail", "grep", "egrep", "fgrep", "find", "wc", "tree", "git", "sort", "uniq", "pwd", "sed"],
  run(argv, stdin, ctx) {
    const reader = new RepoReader(ctx.repo);
    switch (argv[0]) {
      case "ls":
        return ls(argv, reader);
      case "cat":
        return cat(argv, stdin, reader);
      case "head":
      case "tail":
        return headTail(argv, stdin, reader);
      case "grep":
      case "egrep":
      case "fgrep":
        return grep(argv, stdin, reader);
      case "find":
        return find(argv, reader);
      case "wc":
        return wc(argv, stdin, reader);
      case "tree":
        return tree(argv, reader);
      case "sort":
      case "uniq":
        return sortUniq(argv, stdin, reader);
      case "sed":
        return sedPrint(argv, stdin, reader);
      case "pwd":
        return ok(`/home/runner/work/${ctx.world.repository.name}/${ctx.world.repository.name}\n`);
      default:
        return git(argv, ctx);
    }
  },
};
