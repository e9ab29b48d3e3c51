/**
 * The judge a pool's episodes are assessed by: the grader's, unless a module is named whose `judge` export
 * replaces it. Only tests name one (a judge that can be made to hang, to exercise the deadline); the module
 * is loaded by URL, because a worker thread cannot be handed an object with functions.
 */
import type { Judge } from "../../environment/judge.js";
import { JUDGE } from "../../graders/judge.js";

export async function loadJudge(module: string | undefined): Promise<Judge> {
  if (module === undefined) return JUDGE;
  const loaded = (await import(module)) as { judge?: Judge };
  if (loaded.judge === undefined) throw new Error(`judge module ${module} has no 'judge' export`);
  return loaded.judge;
}
