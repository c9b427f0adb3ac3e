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
  type ParseEvent,
  TokenFormatParser,
} from "./parse.ts";
import { LineFormatParser } from "./line_form.ts";

/**
 * Guess the input form from its first meaningful lines (blank and `#` lines skipped):
 * a lone integer followed by a lone integer is the grid format; a line of one token of 16
 * characters or more is one puzzle per line (the token form has no such token but a run
 * of 81, itself a puzzle line, and a line of the wrong length is then told as such);
 * anything else is the token form. With `symbols` of a size other than 9, the token form
 * (9×9 only) is never meant: a first line of one short token is one puzzle of a small size.
 */
export function detectForm(lines: readonly string[], symbols?: string): InputForm {
  const meaningful = lines
    .map((l, i) => (i === 0 && l.charCodeAt(0) === 0xfeff ? l.slice(1) : l).trim())
    .filter((l) => l !== "" && !l.startsWith("#"));
  if (meaningful.length === 0) return "line";
  const first = meaningful[0].split(/\s+/);
  if (first.length === 1 && INTEGER.test(first[0])) {
    const second = meaningful[1]?.split(/\s+/);
    const short = first[0].length <= 4;
    // A count of 10,000 grids or more (up to 9 digits, shorter than a one-line puzzle): a
    // lone size of at most MAX_SIZE after it, which a run of 9 digits of the token form
    // never has.
    const lone = second?.length === 1 && INTEGER.test(second[0]);
    const long = first[0].length <= 9 && lone && Number(second![0]) <= MAX_SIZE;
    if (second === undefined ? short : (short && lone) || long) return "grid";
  }
  if (first.length === 1 && (first[0].length >= 16 || (symbols ?? "123456789").length !== 9)) {
    return "line";
  }
  return "tokens";
}

/**
 * A parser for an input form; `inputBytes`, the input's size when known, bounds the grid
 * count the grid format may announce; `symbols`, when given, are those of one puzzle per
 * line, and `latin` whether a line may be of a size without blocks (see
 * {@linkcode LineFormatParser}).
 */
export function parserFor(
  form: InputForm,
  inputBytes?: number,
  symbols?: string,
  latin = true,
): GridParser {
  switch (form) {
    case "grid":
      return new GridFormatParser(MAX_SIZE, inputBytes);
    case "tokens":
      return new TokenFormatParser();
    case "line":
      return new LineFormatParser(0, symbols, latin);
  }
}

/** Lines of blank or comment lines kept for form detection before deciding without them. */
const MAX_HEAD = 1000;

/**
 * Tells an input's form from its first lines, as they come: it keeps them until two
 * meaningful ones are in (or {@linkcode MAX_HEAD} lines, so that endless blank or comment
 * lines cannot pile up), then makes the parser of that form ({@linkcode parserFor}) and
 * feeds it the lines kept. The caller feeds the parser itself from then on.
 */
export class FormDetector {
  readonly #head: string[] = [];
  #meaningful = 0;

  /**
   * `inputBytes`, `symbols` and `latin` as for {@linkcode parserFor} (`symbols` also for
   * the form).
   */
  constructor(
    readonly inputBytes?: number,
    readonly symbols?: string,
    readonly latin = true,
  ) {}

  /** Keep one more line; the parser once the form is known, else undefined. */
  push(line: string, emit: (event: ParseEvent) => void): GridParser | undefined {
    this.#head.push(line);
    const t = line.trim();
    if (t !== "" && !t.startsWith("#")) this.#meaningful++;
    return this.#meaningful < 2 && this.#head.length < MAX_HEAD ? undefined : this.decide(emit);
  }

  /**
   * Input is about to wait: the parser if the lines so far settle the form (the next line
   * could not change it, as it could after a lone small integer), else undefined.
   */
  settle(emit: (event: ParseEvent) => void): GridParser | undefined {
    const form = detectForm(this.#head, this.symbols);
    if (form !== detectForm([...this.#head, "0 0"], this.symbols)) return undefined;
    return this.decide(emit);
  }

  /** The parser of the form the lines so far show (at the end of input, whatever they are). */
  decide(emit: (event: ParseEvent) => void): GridParser {
    const form = detectForm(this.#head, this.symbols);
    const p = parserFor(form, this.inputBytes, this.symbols, this.latin);
    for (const h of this.#head) p.feed(h, emit);
    this.#head.length = 0;
    return p;
  }
}
