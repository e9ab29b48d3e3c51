/**
 * A small POSIX-shell reader for the command lines the simulators interpret: RUN instructions, shell-form CMD
 * and ENTRYPOINT, entrypoint scripts and workflow `run:` scripts. It splits a script into simple commands joined
 * by `&&`, `||`, `;`, `|` and newlines, with quoting, backslash continuations, comments and redirections handled
 * as sh does. It does not run anything and never throws: what it cannot read becomes a plain word.
 */

export type Connector = "&&" | "||" | ";" | "|" | "&";

/** One word as written: its pieces keep whether they were quoted, so expansion can honour quoting. */
export interface WordPart {
  text: string;
  quote: "none" | "single" | "double";
}
export type RawWord = WordPart[];

export interface Redirect {
  op: string;
  target: RawWord;
}

export interface RawCommand {
  words: RawWord[];
  redirects: Redirect[];
  /** How this command is joined to the next one; null for the last. */
  next: Connector | null;
  /** 1-based line of the script where the command starts. */
  line: number;
}

const OPERATORS = ["&&", "||", ";;", ";", "|", "&", "\n"] as const;
const REDIRECT = /^(\d*)(>>|>&|<&|>|<)/;

/** Splits a script into commands. Comments (`#` at a word's start) run to the end of the line. */
export function tokenize(script: string): RawCommand[] {
  const commands: RawCommand[] = [];
  let words: RawWord[] = [];
  let redirects: Redirect[] = [];
  let word: RawWord = [];
  let inWord = false;
  let pendingRedirect: string | null = null;
  let line = 1;
  let commandLine = 1;
  let i = 0;

  const pushText = (text: string, quote: WordPart["quote"]) => {
    const last = word[word.length - 1];
    if (last && last.quote === quote) last.text += text;
    else word.push({ text, quote });
    inWord = true;
  };
  const endWord = () => {
    if (!inWord) return;
    if (pendingRedirect !== null) redirects.push({ op: pendingRedirect, target: word });
    else {
      if (words.length === 0 && redirects.length === 0) commandLine = line;
      words.push(word);
    }
    pendingRedirect = null;
    word = [];
    inWord = false;
  };
  const endCommand = (next: Connector | null) => {
    endWord();
    if (words.length > 0 || redirects.length > 0) commands.push({ words, redirects, next, line: commandLine });
    else if (next !== null && next !== ";" && commands.length > 0) {
      // `a &&\n b`: the newline after an operator continues the list.
    }
    words = [];
    redirects = [];
  };

  while (i < script.length) {
    const c = script[i]!;
    if (c === "\\") {
      const n = script[i + 1];
      if (n === "\n") {
        line += 1;
        i += 2;
        continue;
      }
      if (n === undefined) {
        i += 1;
        continue;
      }
      pushText(n, "single");
      i += 2;
      continue;
    }
    if (c === "'") {
      const end = script.indexOf("'", i + 1);
      const text = end < 0 ? script.slice(i + 1) : script.slice(i + 1, end);
      line += text.split("\n").length - 1;
      pushText(text, "single");
      i = end < 0 ? script.length : end + 1;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      let text = "";
      while (j < script.length && script[j] !== '"') {
        if (script[j] === "\\" && j + 1 < script.length && '$`"\\\n'.includes(script[j + 1]!)) {
          if (script[j + 1] !== "\n") text += script[j + 1] === "$" ? "\\$" : script[j + 1];
          j += 2;
          continue;
        }
        if (script[j] === "\n") line += 1;
        text += script[j];
        j += 1;
      }
      pushText(text, "double");
      if (text === "") inWord = true;
      i = j + 1;
      continue;
    }
    if (c === "#" && !inWord) {
      while (i < script.length && script[i] !== "\n") i += 1;
      continue;
    }
    if (c === " " || c === "\t" || c === "\r") {
      endWord();
      i += 1;
      continue;
    }
    const op = OPERATORS.find((o) => script.startsWith(o, i));
    if (op) {
      if (op === "\n") {
        // A newline right after `&&`, `||` or `|` continues the list, as in sh.
        const last = commands[commands.length - 1];
        endWord();
        if (words.length === 0 && redirects.length === 0 && last && (last.next === "&&" || last.next === "||" || last.next === "|")) {
          // continuation
        } else endCommand(";");
        line += 1;
        i += 1;
        continue;
      }
      endCommand(op === ";;" ? ";" : op);
      i += op.length;
      continue;
    }
    if (!inWord) {
      const m = REDIRECT.exec(script.slice(i, i + 6));
      if (m) {
        endWord();
        pendingRedirect = m[0];
        i += m[0].length;
        continue;
      }
    }
    pushText(c, "none");
    i += 1;
  }
  endCommand(null);
  const lastCommand = commands[commands.length - 1];
  if (lastCommand && lastCommand.next === ";") lastCommand.next = null;
  return commands;
}
