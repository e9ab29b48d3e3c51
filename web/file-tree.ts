/**
 * The repository as a tree of folders and files. Each file is a button (reachable by Tab, opened with Enter
 * or Space); the open file carries aria-current, files with unsent changes say so in text, not only by a mark.
 * A host's tree starts at `/` and its folders fold (a host holds dozens of files under etc/, var/, opt/, ...):
 * a chain of folders with one subfolder each shows as one (postgresql/14/main/), and the folders the caller
 * keeps open, and those above the open file, are open.
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

/** Folding folders: which are open (by their path, e.g. "etc/nginx"), and where a toggle is reported. */
export interface Folding {
  open: ReadonlySet<string>;
  toggle(folder: string, open: boolean): void;
}

/** A folder's own subfolder chain merged while it holds no file and exactly one subfolder. */
function merged(name: string, folder: Folder): [string, Folder] {
  let label = name;
  let current = folder;
  while (current.files.length === 0 && current.folders.size === 1) {
    const [next, sub] = [...current.folders][0]!;
    label = `${label}/${next}`;
    current = sub;
  }
  return [label, current];
}

/**
 * The tree as nested lists; `open` is called with a file's path when it is chosen. With `folding`, folders
 * are disclosure widgets (summary reachable by Tab, toggled by Enter or Space).
 */
export function renderTree(files: readonly TreeFile[], selected: string | null, open: (path: string) => void, folding?: Folding): HTMLElement {
  const render = (folder: Folder, prefix: string): HTMLUListElement => {
    const list = h("ul", { role: "list" });
    for (const [name, sub] of [...folder.folders].sort(([a], [b]) => a.localeCompare(b))) {
      if (folding === undefined) {
        list.append(h("li", { class: "tree-folder" }, h("span", { class: "tree-folder-name" }, `${name}/`), render(sub, `${prefix}${name}/`)));
        continue;
      }
      const [label, inner] = merged(name, sub);
      const path = `${prefix}${label}`;
      const isOpen = folding.open.has(path) || (selected !== null && selected.startsWith(`${path}/`));
      const details = h("details", { open: isOpen }, h("summary", { class: "tree-folder-name" }, `${label}/`), render(inner, `${path}/`));
      details.addEventListener("toggle", () => folding.toggle(path, details.open));
      list.append(h("li", { class: "tree-folder" }, details));
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
  const tree = render(folderOf(files), "");
  tree.classList.add("tree");
  if (folding === undefined) return tree;
  return h("div", {}, h("p", { class: "tree-root" }, "/ (the host's text files)"), tree);
}
