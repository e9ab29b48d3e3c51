/**
 * Kubernetes resource quantities (`128Mi`, `0.5`, `100m`, `1e3`) as numbers, the way apimachinery's
 * resource.Quantity reads them: binary suffixes are powers of 1024, decimal ones of 1000, `m` is a thousandth.
 */
const SUFFIX: Record<string, number> = {
  "": 1, m: 1e-3, u: 1e-6, n: 1e-9, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18,
  Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, Pi: 2 ** 50, Ei: 2 ** 60,
};

/**
 * The value of a quantity (bytes for memory, cores for CPU), or undefined when it does not parse.
 * @example parseQuantity("128Mi") // 134217728
 * @example parseQuantity("100m") // 0.1
 */
export function parseQuantity(q: unknown): number | undefined {
  if (typeof q === "number") return Number.isFinite(q) ? q : undefined;
  if (typeof q !== "string") return undefined;
  const m = /^([+-]?[0-9.]+)(?:([eE][-+]?[0-9]+)|([a-zA-Z]*))$/.exec(q.trim());
  if (!m || !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(m[1] ?? "")) return undefined;
  const base = Number(m[1]);
  if (m[2]) return base * 10 ** Number(m[2].slice(1));
  const factor = SUFFIX[m[3] ?? ""];
  return factor === undefined ? undefined : base * factor;
}

/**
 * Why apimachinery's ParseQuantity refuses a quantity, read as it reads one: a sign, digits, a fraction,
 * then suffix characters (`eEinumkKMGTP`) and an optional signed exponent. Anything else after the number
 * is the wrong format (`256MB`, `128 Mi`, `1h`); suffix characters that make no suffix are a bad suffix
 * (`64mi`, `32MMi`, `192i`). Undefined when it parses.
 */
export function quantityProblem(q: string): "format" | "suffix" | undefined {
  const text = q.trim();
  if (text === "") return "format";
  const m = /^[+-]?[0-9]*(?:\.[0-9]*)?([eEinumkKMGTP]*)([-+]?[0-9]*)(.*)$/.exec(text)!;
  if (m[3] !== "") return "format";
  return parseQuantity(text) === undefined ? "suffix" : undefined;
}

export const MIB = 2 ** 20;

/** Bytes as kubectl would show them in MiB, for messages: `64Mi`. */
export function formatMiB(bytes: number): string {
  return `${Math.round((bytes / MIB) * 100) / 100}Mi`;
}
