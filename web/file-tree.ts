/**
 * The repository as a tree of folders and files. Each file is a button (reachable by Tab, opened with Enter
 * or Space); the open file carries aria-current, files with unsent changes say so in text, not only by a mark.
 */
import { h } from "./dom.js";

export interface TreeFile {
  path: string;
  /** Unsent changes in the editor. */
  modified: boolean;
  /** Created in the editor, not yet on the server. */
  added: boolean;
  executable: boolean;
}

interface Folder {
  folders: Map<string, Folder>;
  files: TreeFile[];
}

function folderOf(files: readonly TreeFile[]): Folder {
  const root: Folder = { folders: new Map(), files: [] };
  for (const file of files) {
    const parts = file.path.split("/");
    let folder = root;
    for (const part of parts.slice(0, -1)) {
      let next = folder.folders.get(part);
      if (next === undefined) {
        next = { folders: new Map(), files: [] };
        folder.folders.set(part, next);
      }
      folder = next;
    }
    folder.files.push(file);
  }
  return root;
}

/** The tree as nested lists; `open` is called with a file's path when it is chosen. */
export function renderTree(files: readonly TreeFile[], selected: string | null, open: (path: string) => void): HTMLUListElement {
  const render = (folder: Folder): HTMLUListElement => {
    const list = h("ul", { role: "list" });
    for (const [name, sub] of [...folder.folders].sort(([a], [b]) => a.localeCompare(b))) {
      list.append(h("li", { class: "tree-folder" }, h("span", { class: "tree-folder-name" }, `${name}/`), render(sub)));
    }
    for (const file of [...folder.files].sort((a, b) => a.path.localeCompare(b.path))) {
      const name = file.path.split("/").pop() ?? file.path;
      const notes = [file.added ? "new" : file.modified ? "modified" : "", file.executable ? "executable" : ""].filter(Boolean);
      const button = h(
        "button",
        {
          type: "button",
          class: `tree-file${file.modified || file.added ? " is-modified" : ""}`,
          "data-path": file.path,
          title: file.path,
          "aria-current": file.path === selected ? "true" : undefined,
          onclick: () => open(file.path),
        },
        h("span", { class: "tree-file-name" }, name),
        notes.length > 0 ? h("span", { class: "tree-note" }, ` (${notes.join(", ")})`) : null,
      );
      list.append(h("li", {}, button));
    }
    return list;
  };
  const tree = render(folderOf(files));
  tree.classList.add("tree");
  return tree;
}
