/**
 * Input text quoted in messages: escaped so that it can never drive a terminal, and cut
 * so that one bad line cannot flood one. Every error message of the toolkit quotes input
 * through these.
 *
 * @module
 */

/** Longest piece of input quoted in an error message, in characters. */
export const MAX_QUOTE = 200;

/** Whether a code point is shown escaped: controls, format characters, separators other than space, unassigned and private-use code points, lone surrogates. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]|(?![ ])\p{Zs}/u;

function escapeCode(code: number): string {
  if (code === 9) return "\\t";
  if (code === 10) return "\\n";
  if (code === 13) return "\\r";
  if (code < 0x100) return `\\x${code.toString(16).padStart(2, "0")}`;
  return `\\u{${code.toString(16)}}`;
}

/**
 * Input text made safe to print in a message: every control or otherwise invisible
 * character escaped (`\x1b`, `\r`, `\u{200b}`), and cut with `…` once the result reaches
 * `max` characters (a cut never splits an escape).
 */
export function escapeText(text: string, max: number = MAX_QUOTE): string {
  let out = "";
  for (const ch of text) {
    if (out.length >= max) return out + "…";
    out += HIDDEN.test(ch) ? escapeCode(ch.codePointAt(0)!) : ch;
  }
  return out;
}

/** A piece of input quoted for a message: `'text'`, escaped and cut as by {@linkcode escapeText}. */
export function quoteInput(text: string, max: number = MAX_QUOTE): string {
  return `'${escapeText(text, max)}'`;
}

/** One input character for a message: `'x'`, or `character U+001B` when it is invisible. */
export function describeChar(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  return HIDDEN.test(ch)
    ? `character U+${code.toString(16).toUpperCase().padStart(4, "0")}`
    : `'${ch}'`;
}
