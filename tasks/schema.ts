/**
 * The scenario format. A scenario is data: a clean base repository, the faults that break it, the world it
 * runs in, the issues an agent must fix (each with a hidden description, a hint and the simulator checks that
 * detect it), and three sets of test data: the reference fix, alternative fixes and wrong fixes.
 */
import { z } from "zod";
import { IntentCheckNameSchema } from "../contracts/intent-checks.js";
import { ActionSchema } from "../contracts/actions.js";
import { DifficultySchema } from "../contracts/observation.js";
import { StageSchema } from "../simulators/diagnostic.js";
import { RULE_CODES } from "../simulators/rule-codes.js";
import { WorldSchema } from "../simulators/world.js";
import { HostFaultSchema } from "../simulators/host/faults.js";

export const FileSpecSchema = z.union([
  z.string(),
  z.object({ content: z.string(), mode: z.number().int().optional() }).strict(),
]);
export type FileSpec = z.infer<typeof FileSpecSchema>;

/** A clean, working repository several scenarios can break in different ways. */
export const BaseSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    description: z.string(),
    files: z.record(z.string(), FileSpecSchema),
    world: WorldSchema,
  })
  .strict();
export type Base = z.infer<typeof BaseSchema>;

/**
 * One fault injected into a base, kept separate from it so that generated scenarios can combine bases and
 * faults under a seed: an exact text replacement, a whole new content, a mode change, or a removal.
 */
export const FaultSchema = z.union([
  z.object({ file: z.string(), replace: z.string().min(1), with: z.string() }).strict(),
  z.object({ file: z.string(), content: z.string() }).strict(),
  z.object({ file: z.string(), mode: z.number().int() }).strict(),
  z.object({ file: z.string(), remove: z.literal(true) }).strict(),
  z.object({ host: HostFaultSchema }).strict().describe("what happened to a simulated host beyond its files (a crash, a command run, a runaway process)"),
]);
export type Fault = z.infer<typeof FaultSchema>;

/** Where an issue shows: a simulator rule code firing on a file. */
/** A code some rule reports under: a detection or a wrong fix's reason naming no rule is refused at load. */
const RuleCodeSchema = z.enum(RULE_CODES);

export const DetectionSchema = z.object({ code: RuleCodeSchema, file: z.string() }).strict();

export const IssueSchema = z
  .object({
    id: z.string(),
    description: z.string().describe("hidden: what is wrong and why"),
    hint: z.string().describe("shown on request_hint"),
    stage: StageSchema,
    detection: z.array(DetectionSchema).min(1),
  })
  .strict();
export type Issue = z.infer<typeof IssueSchema>;

const Actions = z.array(ActionSchema).min(1);

export const FixSchema = z.object({ description: z.string(), actions: Actions }).strict();
/**
 * Why a wrong fix fails, which its gate asserts: a rule that still fires (a code of the simulators'), or an
 * intent check it violates. A wrong fix that fails for some other, accidental reason is caught.
 */
export const WrongReasonSchema = z.union([
  z.object({ fires: RuleCodeSchema }).strict(),
  z.object({ violation: IntentCheckNameSchema }).strict(),
]);
export type WrongReason = z.infer<typeof WrongReasonSchema>;

export const WrongFixSchema = z
  .object({
    description: z.string(),
    because: WrongReasonSchema,
    actions: Actions,
    /** Issues this wrong fix must leave unfixed; all of them when absent. */
    leaves_unfixed: z.array(z.string()).optional(),
  })
  .strict();
export type Fix = z.infer<typeof FixSchema>;
export type WrongFix = z.infer<typeof WrongFixSchema>;

/**
 * Where an agent finds what the reference fix writes beyond the files and the logs, which the solvability test
 * checks: inspections whose output shows a fact (the command, and a text its output holds on some state the
 * reference fix passes through), and the values the fix picks freely, which an alternative fix must show to be
 * replaceable (a database path, a memory limit above what the app uses).
 */
export const EvidenceSchema = z
  .object({
    inspect: z.array(z.object({ command: z.string().min(1), shows: z.string().min(1) }).strict()).default([]),
    choices: z.array(z.string().min(1)).default([]),
  })
  .strict();
export type Evidence = z.infer<typeof EvidenceSchema>;

/** A scenario as written: a base id plus faults. */
export const ScenarioSourceSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9_]+$/),
    task_id: z.string(),
    title: z.string(),
    difficulty: DifficultySchema,
    description: z.string().describe("hidden: the fault, and where the seed's version was adapted to what real tools do"),
    base: z.string(),
    faults: z.array(FaultSchema).min(1),
    world: z.record(z.string(), z.unknown()).optional().describe("overrides merged into the base's world"),
    issues: z.array(IssueSchema).min(1),
    solution: Actions,
    alternatives: z.array(FixSchema).min(2),
    wrong: z.array(WrongFixSchema).min(2),
    optimal_steps: z.number().int().min(1),
    max_steps: z.number().int().min(2).default(10),
    evidence: EvidenceSchema.optional().describe("hidden: how the facts of the reference fix are found (the solvability test checks it)"),
  })
  .strict()
  .refine((s) => s.optimal_steps < s.max_steps, { message: "optimal_steps must be below max_steps", path: ["optimal_steps"] });
export type ScenarioSource = z.input<typeof ScenarioSourceSchema>;

/** A scenario ready to play: its files and world resolved. */
export interface Scenario extends Omit<z.infer<typeof ScenarioSourceSchema>, "world"> {
  files: Record<string, { content: string; mode: number }>;
  baseFiles: Record<string, { content: string; mode: number }>;
  world: z.infer<typeof WorldSchema>;
}

export const TaskSchema = z
  .object({
    task_id: z.string().regex(/^[a-z0-9_]+$/),
    title: z.string(),
    difficulty: DifficultySchema,
    description: z.string(),
    instructions: z.string().describe("what the agent is told at reset"),
    scenarios: z.array(z.string()).min(1),
  })
  .strict();
export type Task = z.infer<typeof TaskSchema>;

/** A task as written: its definition and its scenarios, in one module per task directory. */
export interface TaskModule {
  task: Task;
  scenarios: ScenarioSource[];
}
