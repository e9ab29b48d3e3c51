/**
 * What an app's command-line parser does with the arguments it is given, when the world lists the options it
 * accepts: -h/--help prints its usage and exits 0 at once (serving nothing), and any other argument that is
 * not one of its options (or an option's value) is refused with a usage error. The Dockerfile's container start
 * and the cluster's pods both follow their process into the app's own start with these facts.
 */
import type { App } from "../world.js";

/** The help options every parser answers (argparse, click, commander, yargs). */
const HELP = new Set(["-h", "--help"]);

/** The index of the first argument asking the app for its help, when its CLI takes options; else -1. */
export function helpAsked(app: App, args: readonly { value: string }[]): number {
  if (!app.accepted_args) return -1;
  return args.findIndex((a) => HELP.has(a.value));
}

/** The arguments an app's CLI refuses: anything but its options (and their values) and --help. */
export function rejectedArgs<A extends { value: string }>(args: readonly A[], accepted: readonly string[]): A[] {
  const rejected: A[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const option = a.value.split("=")[0]!;
    if (accepted.includes(option)) {
      if (!a.value.includes("=")) i += 1;
      continue;
    }
    if (HELP.has(a.value)) continue;
    rejected.push(a);
  }
  return rejected;
}
