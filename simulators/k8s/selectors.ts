/**
 * Label selectors as the API server and the controllers evaluate them: `matchLabels` and `matchExpressions`
 * (In, NotIn, Exists, DoesNotExist), all of which must hold.
 */
import { arrayAt, isObject, labelsAt } from "./object.js";

/** Whether a LabelSelector (matchLabels and matchExpressions) selects `labels`. */
export function labelSelectorMatches(selector: Record<string, unknown>, labels: Record<string, string>): boolean {
  const matchLabels = labelsAt(selector, ["matchLabels"]);
  if (!Object.entries(matchLabels).every(([k, v]) => labels[k] === v)) return false;
  return arrayAt(selector, ["matchExpressions"]).every((e) => {
    if (!isObject(e) || typeof e["key"] !== "string") return true;
    const value = labels[e["key"]];
    const values = Array.isArray(e["values"]) ? e["values"] : [];
    switch (e["operator"]) {
      case "In": return value !== undefined && values.includes(value);
      case "NotIn": return value === undefined || !values.includes(value);
      case "Exists": return value !== undefined;
      case "DoesNotExist": return value === undefined;
      default: return true;
    }
  });
}

/** A selector with neither labels nor expressions, which the API server refuses on a controller. */
export function isEmptySelector(selector: Record<string, unknown>): boolean {
  return Object.keys(selector).length === 0 || (Object.keys(labelsAt(selector, ["matchLabels"])).length === 0 && arrayAt(selector, ["matchExpressions"]).length === 0);
}
