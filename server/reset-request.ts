/**
 * A reset's arguments, validated the same way on every transport (POST /reset, a /ws reset frame, the
 * start_scenario tool). Unknown fields are refused rather than ignored: OpenEnv's clients send exactly the
 * keyword arguments their caller gave (`env.reset(task="...")` becomes `{"task": "..."}`), so an unknown
 * field is the caller's slip, and ignoring it would start a random scenario without a word. The refusal
 * names the field, the fields a reset accepts, and the one that was probably meant.
 */
import { RESET_FIELDS, ResetRequestSchema, type ResetRequest } from "../contracts/observation.js";
import { ValidationError, type ValidationDetail } from "./errors.js";
import { toValidationDetails } from "./validation.js";

/**
 * Validates `raw` as a reset request; errors sit at `loc` + the field (`["body", "task"]` over HTTP).
 * @throws ValidationError naming every bad field.
 * @example parseResetRequest({ scenario_id: "typo_filename" }, ["body"])
 */
export function parseResetRequest(raw: unknown, loc: Array<string | number>): ResetRequest {
  const result = ResetRequestSchema.safeParse(raw);
  if (result.success) return result.data;
  throw new ValidationError(toValidationDetails(result.error.issues, raw, loc).map((detail) => withAcceptedFields(detail, loc.length)));
}

/** pydantic's extra_forbidden detail, with the accepted fields (and the likely one) added to its message. */
export function withAcceptedFields(detail: ValidationDetail, depth: number): ValidationDetail {
  if (detail.type !== "extra_forbidden" || detail.loc.length !== depth + 1) return detail;
  const field = String(detail.loc[depth]);
  const meant = likelyField(field);
  const hint = meant === undefined ? "" : ` (did you mean ${meant}?)`;
  return { ...detail, msg: `${detail.msg}: reset accepts ${RESET_FIELDS.join(", ")}${hint}`, ctx: { accepted: [...RESET_FIELDS] } };
}

/** One line for a transport that shows a single message (OpenEnv's WebSocket client raises with it alone). */
export function resetErrorMessage(error: ValidationError): string {
  return `Invalid reset data: ${error.details.map((d) => `${d.loc.length > 0 ? d.loc.join(".") : "data"}: ${d.msg}`).join("; ")}`;
}

/** The accepted field an unknown one most likely meant: `task` → task_id, `scenarioId` → scenario_id. */
function likelyField(field: string): string | undefined {
  const name = field.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase().replace(/[-\s]/g, "_");
  return RESET_FIELDS.find((accepted) => accepted === name || accepted === `${name}_id` || (name.length >= 4 && accepted.startsWith(name)));
}
