/** Kubernetes manifests as the rules read them: each YAML document with its kind, name and first line. */
import type { RepairView } from "./view.js";

export interface ManifestDoc {
  file: string;
  kind: string;
  name: string;
  /** 1-based line of the document's first line in its file. */
  start: number;
  lines: string[];
}

/** Every document of every manifest file, in file order. */
export function manifestDocs(view: RepairView): ManifestDoc[] {
  const docs: ManifestDoc[] = [];
  for (const file of view.manifests) {
    const lines = view.lines(file);
    let start = 0;
    const flush = (end: number): void => {
      const body = lines.slice(start, end);
      const kind = body.map((l) => /^kind:\s*(\S+)/.exec(l)?.[1]).find((k) => k !== undefined);
      const meta = body.findIndex((l) => /^metadata:/.test(l));
      const name = meta < 0 ? undefined : body.slice(meta + 1).map((l) => /^\s{2}name:\s*["']?([^"'\s]+)/.exec(l)?.[1]).find((n) => n !== undefined);
      if (kind !== undefined) docs.push({ file, kind, name: name ?? "", start: start + 1, lines: body });
    };
    lines.forEach((line, i) => {
      if (/^---/.test(line)) {
        flush(i);
        start = i + 1;
      }
    });
    flush(lines.length);
  }
  return docs;
}

/** Lines of a document matching `re`, as 1-based file line numbers with their text. */
export function findLines(doc: ManifestDoc, re: RegExp): Array<{ line: number; text: string }> {
  return doc.lines.flatMap((text, i) => (re.test(text) ? [{ line: doc.start + i, text }] : []));
}

/** The container ports the workloads declare. */
export function containerPorts(view: RepairView): number[] {
  return manifestDocs(view).flatMap((d) => findLines(d, /containerPort:\s*\d+/).map((l) => Number(/containerPort:\s*(\d+)/.exec(l.text)?.[1])));
}
