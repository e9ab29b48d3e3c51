/**
 * A host fault injector: one kind of real incident on a Linux server, typed and self-contained. Given a host
 * (a clean host base, possibly with other faults already on it) and a seeded generator, it returns the faults
 * that change the host's state (edits of its files and what happened to it: a command run, a crash, a
 * runaway process, a file that grew, an attacker), the issue they create (hint, the host checks that detect
 * it, the stage it is met at) and its repair as actions an agent could send (edits and `host` commands: the
 * oracle); or it declines when the host has no place for it. The faults are the curated scenarios' own
 * fault form, applied by the same loader, so a generated host incident is built exactly as a curated one.
 */
import type { Action } from "../../../contracts/actions.js";
import type { Stage } from "../../../simulators/diagnostic.js";
import type { HostFiles } from "../../../simulators/host/boot.js";
import type { RuleCode } from "../../../simulators/rule-codes.js";
import type { z } from "zod";
import type { FaultSchema } from "../../schema.js";
import type { Rng } from "../rng.js";
import type { GeneratedSplit } from "../task.js";
import type { HostGeneratorBase } from "./bases.js";

/** A fault as a scenario source writes it (defaults, such as a crash's signal, left out). */
export type HostFaultStep = z.input<typeof FaultSchema>;

export interface HostInjectionContext {
  base: HostGeneratorBase;
  /** The host as it stands: the base, with the faults injected before this one. */
  files: Readonly<HostFiles>;
  rng: Rng;
  /** Injectors draw their parameters from ranges that differ between train (and validation) and test. */
  split: GeneratedSplit;
}

export interface HostInjection {
  kind: string;
  /** Applied in order to the host as it stands. */
  faults: HostFaultStep[];
  issue: {
    /** Hidden: what is wrong and why, in an engineer's words. */
    description: string;
    /** Shown on request_hint. */
    hint: string;
    stage: Stage;
    /** The host checks that fire while this fault is on the host alone. */
    detection: { code: RuleCode; file: string }[];
  };
  /** The repair, as actions on the host after every fault is injected. */
  repair: Action[];
  /**
   * What the fault and its repair act on (a file, a service, a filesystem): two faults of one scenario never
   * share one, so each repair applies and restores what only it broke.
   */
  claims: string[];
}

export interface HostInjector {
  /** Stable kind, kebab-case; part of generated host scenarios' history, never reused. */
  readonly kind: string;
  /** One line: the real fault class and where a real tool reports it. */
  readonly summary: string;
  /** Whether the host base can hold it at all (a cheap filter before inject). */
  readonly fits?: (base: HostGeneratorBase) => boolean;
  inject(ctx: HostInjectionContext): HostInjection | null;
}

/** Declares a host injector: the identity function, for the type and a uniform look of injector files. */
export function defineHostInjector(injector: HostInjector): HostInjector {
  return injector;
}

/** A parameter drawn from the split's range: `train` for train and validation, `test` for test. */
export function bySplit<T>(ctx: HostInjectionContext, ranges: { train: readonly T[]; test: readonly T[] }): T {
  return ctx.rng.pick(ctx.split === "test" ? ranges.test : ranges.train);
}

/** A `host` action. */
export const run = (command: string): Action => ({ action_type: "host", command });

/** An edit of one occurrence of `from` in `file`. */
export const edit = (file: string, from: string, to: string): Action => ({ action_type: "edit_file", edits: [{ file_path: file, old_content: from, new_content: to }] });

/** Whether `text` occurs in `file` on the host exactly once (an edit's and its repair's condition). */
export function occursOnce(files: Readonly<HostFiles>, file: string, text: string): boolean {
  const content = files[file]?.content;
  return content !== undefined && content.split(text).length === 2;
}

export { SITE, SHOP_UNIT, SHOP_ENV, PG_CONF, PG_UNIT, NGINX_UNIT, SSH_UNIT, SSHD_CONFIG, RULES, FSTAB, RESOLV, BACKUP_CRON } from "../../host_incidents/actions.js";
export type { HostFiles };
