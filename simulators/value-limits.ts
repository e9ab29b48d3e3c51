/**
 * How long a value the simulators build by substitution may grow: a shell variable (`a=$a$a$a$a`, forty
 * times, is 4^40 characters), a Dockerfile ARG or ENV (`ENV A=$A$A`), a workflow's `env:` value or expression
 * result. Real shells and BuildKit have no bound but memory; a value past this one is answered as the tool
 * answers running out (bash's `xrealloc: cannot allocate N bytes`, dash's `Out of space`) or, where the tool
 * has no message, by saying the value grew past this bound. Re-exported from contracts/limits.ts.
 */

/** Characters one value may reach: no repository's variable comes near a mebibyte. */
export const MAX_VALUE_CHARS = 1024 * 1024;

/** A value would have grown to `chars` characters, past MAX_VALUE_CHARS. */
export class ValueTooLarge extends Error {
  constructor(readonly chars: number) {
    super(`a value of ${chars} characters, past ${MAX_VALUE_CHARS} (MAX_VALUE_CHARS)`);
  }
}

/**
 * Throws ValueTooLarge when a value of `chars` characters would be past the bound; call it before building
 * the value, so the string is never made.
 * @example checkValueLength(a.length + b.length) // then a + b
 */
export function checkValueLength(chars: number): void {
  if (chars > MAX_VALUE_CHARS) throw new ValueTooLarge(chars);
}
