/** What a host inspection reads: the host's files, its state, and its filesystem view. */
import type { Repository } from "../../repository.js";
import type { CommandOutput } from "../../inspect/context.js";
import { HostFs } from "../fs.js";
import type { HostState } from "../state.js";
import { HostReader } from "./reader.js";

export class HostLook {
  readonly fs: HostFs;
  readonly reader: HostReader;

  constructor(readonly repo: Repository) {
    this.fs = HostFs.of(repo);
    this.reader = new HostReader(this.fs);
  }

  get state(): HostState {
    return this.fs.state;
  }

  get files(): Repository {
    return this.fs.files;
  }
}

export type HostCommand = (argv: readonly string[], stdin: string | null, look: HostLook) => CommandOutput;

export { ok, failed } from "../../inspect/context.js";
export type { CommandOutput };

/** `1.2G`, `512K`, `4.0K`: the sizes -h prints. */
export function human(bytes: number): string {
  if (bytes < 1024) return `${bytes}`;
  const units = ["K", "M", "G", "T"];
  let v = bytes;
  let u = -1;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return v < 10 ? `${(Math.ceil(v * 10) / 10).toFixed(1)}${units[u]}` : `${Math.ceil(v)}${units[u]}`;
}
