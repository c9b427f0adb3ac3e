/**
 * The three input forms: which one an input is written in, and a parser for each.
 *
 * @module
 */

import { MAX_SIZE } from "./geometry.ts";
import {
  GridFormatParser,
  type GridParser,
  type InputForm,
  INTEGER,
  TokenFormatParser,
} from "./parse.ts";
import { LineFormatParser } from "./line_form.ts";

/**
 * Guess the input form from its first meaningful lines (blank and `#` lines skipped):
 * a lone integer followed by a lone integer is the grid format; a line of one token of 16
 * characters or more is one puzzle per line (the token form has no such token but a run
 * of 81, itself a puzzle line, and a line of the wrong length is then told as such);
 * anything else is the token form.
 */
export function detectForm(lines: readonly string[]): InputForm {
  const meaningful = lines
    .map((l, i) => (i === 0 && l.charCodeAt(0) === 0xfeff ? l.slice(1) : l).trim())
    .filter((l) => l !== "" && !l.startsWith("#"));
  if (meaningful.length === 0) return "line";
  const first = meaningful[0].split(/\s+/);
  if (first.length === 1 && INTEGER.test(first[0]) && first[0].length <= 4) {
    const second = meaningful[1]?.split(/\s+/);
    if (second === undefined || (second.length === 1 && INTEGER.test(second[0]))) return "grid";
  }
  if (first.length === 1 && first[0].length >= 16) return "line";
  return "tokens";
}

/**
 * A parser for an input form; `inputBytes`, the input's size when known, bounds the grid
 * count the grid format may announce; `symbols`, when given, are those of one puzzle per
 * line (see {@linkcode LineFormatParser}).
 */
export function parserFor(form: InputForm, inputBytes?: number, symbols?: string): GridParser {
  switch (form) {
    case "grid":
      return new GridFormatParser(MAX_SIZE, inputBytes);
    case "tokens":
      return new TokenFormatParser();
    case "line":
      return new LineFormatParser(0, symbols);
  }
}
