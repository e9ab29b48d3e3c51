/**
 * The file editor: one CodeMirror 6 view, one editor state per file (so switching files keeps each file's
 * unsent changes and undo history), the language chosen by the file's name. Tab is left to the browser so
 * keyboard users can move on from the editor; indenting is Ctrl-] / Ctrl-[ as in CodeMirror's default keys.
 */
import { json } from "@codemirror/lang-json";
import { yaml } from "@codemirror/lang-yaml";
import { StreamLanguage } from "@codemirror/language";
import { dockerFile } from "@codemirror/legacy-modes/mode/dockerfile";
import { shell } from "@codemirror/legacy-modes/mode/shell";
import { Compartment, EditorState, type Extension } from "@codemirror/state";
import { basicSetup, EditorView } from "codemirror";

/** Dockerfile and shell through CodeMirror's legacy modes, YAML and JSON through their Lezer grammars. */
export function languageFor(path: string, content: string): { name: string; extension: Extension } {
  const base = path.split("/").pop() ?? path;
  if (/^(Dockerfile|Containerfile)(\..+)?$/i.test(base) || /\.dockerfile$/i.test(base)) return { name: "Dockerfile", extension: StreamLanguage.define(dockerFile) };
  if (/\.ya?ml$/i.test(base)) return { name: "YAML", extension: yaml() };
  if (/\.json$/i.test(base)) return { name: "JSON", extension: json() };
  if (/\.(sh|bash)$/i.test(base) || /^#!.*\b(ba|da|z)?sh\b/.test(content)) return { name: "shell", extension: StreamLanguage.define(shell) };
  return { name: "plain text", extension: [] };
}

const theme = EditorView.theme({
  "&": { height: "100%", fontSize: "13.5px" },
  ".cm-scroller": { fontFamily: "var(--mono)", lineHeight: "1.5" },
});

export class FileEditor {
  private readonly view: EditorView;
  private readonly states = new Map<string, EditorState>();
  private readonly editable = new Compartment();
  private current: string | null = null;
  private readOnly = false;

  /** `onChange` hears the path of the file whose text the user changed. */
  constructor(parent: HTMLElement, private readonly onChange: (path: string) => void) {
    this.view = new EditorView({ parent, state: EditorState.create({ doc: "", extensions: [theme, EditorState.readOnly.of(true)] }) });
  }

  /** Shows a file: its kept state when it has one, else a new state with `content`. */
  show(path: string, content: string): string {
    if (this.current !== null) this.states.set(this.current, this.view.state);
    const state = this.states.get(path) ?? this.createState(path, content);
    this.states.set(path, state);
    this.view.setState(state);
    this.current = path;
    this.applyReadOnly();
    return languageFor(path, content).name;
  }

  /** The editor's text of a file it holds, or undefined. */
  content(path: string): string | undefined {
    if (path === this.current) return this.view.state.doc.toString();
    return this.states.get(path)?.doc.toString();
  }

  /** The paths the editor holds a state for. */
  paths(): string[] {
    return [...this.states.keys()];
  }

  /** Forgets a file's changes; the next show starts from the server's text. */
  drop(path: string): void {
    this.states.delete(path);
    if (path === this.current) {
      this.current = null;
      this.view.setState(EditorState.create({ doc: "", extensions: [theme, EditorState.readOnly.of(true)] }));
    }
  }

  /** Forgets every file (a new episode). */
  clear(): void {
    for (const path of this.paths()) this.drop(path);
  }

  setReadOnly(readOnly: boolean): void {
    this.readOnly = readOnly;
    this.applyReadOnly();
  }

  focus(): void {
    this.view.focus();
  }

  private applyReadOnly(): void {
    if (this.current === null) return;
    this.view.dispatch({ effects: this.editable.reconfigure(this.readOnlyExtension()) });
  }

  private readOnlyExtension(): Extension {
    return [EditorState.readOnly.of(this.readOnly), EditorView.editable.of(!this.readOnly)];
  }

  private createState(path: string, content: string): EditorState {
    return EditorState.create({
      doc: content,
      extensions: [
        basicSetup,
        theme,
        // Long RUN lines and log-like YAML read better wrapped than scrolled sideways, on a phone above all.
        EditorView.lineWrapping,
        languageFor(path, content).extension,
        this.editable.of(this.readOnlyExtension()),
        EditorView.contentAttributes.of({ "aria-label": `Contents of ${path}` }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) this.onChange(path);
        }),
      ],
    });
  }
}
