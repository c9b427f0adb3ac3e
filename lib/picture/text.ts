/**
 * Grids as text a person reads: `grid` (rows of symbols) and `readable` (rows with rules
 * between the blocks, as QQWing's `--readable` prints a 9×9 grid, for every size).
 *
 * ```
 *  5 7 1 | 3 9 2 | 8 4 6
 *  ...
 * -------|-------|-------
 * ```
 *
 * Symbols are the one-line form's (`1`–`9`, then `A`–`Z`) up to size 35 and decimal
 * numbers above, unless the caller gives its own; empty cells are `.`. On a terminal the
 * readable form may set givens apart from filled cells with ANSI colours; without colour,
 * a puzzle drawn beside its solution ({@linkcode sideBySide}) shows which cells were given.
 *
 * @module
 */

import { blockSideOf, MAX_LINE_SIZE, symbolOf, type Variant } from "../grid/mod.ts";

/** How {@linkcode readableText} draws a grid. */
export interface TextOptions {
  /** Rule set: block rules for `sudoku` (default) and `x` of square sizes, none for `latin`. */
  readonly variant?: Variant;
  /**
   * Symbols of values 1, 2, …: a string of one character each, or a list (whose items may
   * be longer, e.g. decimal numbers at every size); default as the one-line form.
   */
  readonly symbols?: string | readonly string[];
  /**
   * The cells given in the puzzle (nonzero), the other nonzero cells being filled in; with
   * `color`, givens are bold and filled cells cyan.
   */
  readonly givens?: Uint8Array;
  /** Colour with ANSI escapes (only for a terminal that asked for it). */
  readonly color?: boolean;
  /**
   * Cells to mark (nonzero or `true`), e.g. the cells of a duplicate. With marks, every
   * cell is two characters wider than its symbol and a marked one is bracketed (`[5]`), so
   * marks show without colour and columns stay aligned; with `color` marked cells are red.
   */
  readonly marks?: Uint8Array | readonly boolean[];
}

const BOLD = "\x1b[1m";
const CYAN = "\x1b[36m";
const RED = "\x1b[31m";
const RESET = "\x1b[0m";

/**
 * The text of each value 0..size, `empty` for 0: the given symbols, or the one-line form's
 * (`1`-`9`, `A`-`Z`) up to size 35 and decimal numbers above. Shared with the SVG boards.
 */
export function symbolTexts(
  size: number,
  symbols: string | readonly string[] | undefined,
  empty: string,
): string[] {
  const out = [empty];
  if (symbols !== undefined) {
    const list = Array.from(symbols);
    if (list.length < size) {
      throw new RangeError(`symbols has ${list.length} symbols, size ${size} needs ${size}`);
    }
    for (let v = 1; v <= size; v++) out.push(list[v - 1]);
    return out;
  }
  for (let v = 1; v <= size; v++) out.push(size <= MAX_LINE_SIZE ? symbolOf(v) : String(v));
  return out;
}

function checkCells(cells: Uint8Array, size: number): void {
  if (cells.length !== size * size) {
    throw new RangeError(`a ${size}×${size} grid has ${size * size} cells, not ${cells.length}`);
  }
}

/**
 * Rows of symbols, one line each, without a final newline: symbols run together up to size
 * 35 (`4.3.`), and are separated by spaces above, where they are numbers (`12 . 64`).
 */
export function gridText(cells: Uint8Array, size: number, symbols?: string): string {
  checkCells(cells, size);
  const texts = symbolTexts(size, symbols, ".");
  const sep = size <= MAX_LINE_SIZE || symbols !== undefined ? "" : " ";
  const rows: string[] = [];
  for (let r = 0; r < size; r++) {
    const row: string[] = new Array(size);
    for (let c = 0; c < size; c++) row[c] = texts[cells[r * size + c]];
    rows.push(row.join(sep));
  }
  return rows.join("\n");
}

/**
 * The grid with rules between its blocks (` 5 7 1 | 3 9 2 | 8 4 6`, then
 * `-------|-------|-------` after each band), without a final newline. Every symbol is
 * padded to the widest one, so columns line up at every size; a Latin square, or a size
 * that is not a square, has no rules.
 */
export function readableText(cells: Uint8Array, size: number, options: TextOptions = {}): string {
  checkCells(cells, size);
  const texts = symbolTexts(size, options.symbols, ".");
  let width = 1;
  for (const t of texts) width = Math.max(width, t.length);
  const variant = options.variant ?? "sudoku";
  const side = blockSideOf(size);
  const block = variant !== "latin" && side * side === size && size > 1 ? side : size;
  const givens = options.givens;
  const color = options.color === true;
  const marks = options.marks;
  if (marks !== undefined) return markedText(cells, size, texts, width, block, options, marks);
  const rows: string[] = [];
  const rule = Array.from(
    { length: size / block },
    () => "-".repeat(block * (width + 1) + 1),
  ).join("|");
  for (let r = 0; r < size; r++) {
    if (r > 0 && r % block === 0) rows.push(rule);
    let line = "";
    for (let c = 0; c < size; c++) {
      if (c > 0 && c % block === 0) line += " |";
      const v = cells[r * size + c];
      const t = texts[v].padStart(width);
      if (!color || v === 0) line += " " + t;
      else if (givens === undefined || givens[r * size + c] !== 0) line += " " + BOLD + t + RESET;
      else line += " " + CYAN + t + RESET;
    }
    rows.push(line);
  }
  return rows.join("\n");
}

/**
 * {@linkcode readableText} with marked cells: each cell `width + 2` characters, ` 5 ` or
 * `[5]` (the brackets hug the symbol, which stays right-aligned), blocks split by `|` alone,
 * lines without trailing spaces.
 */
function markedText(
  cells: Uint8Array,
  size: number,
  texts: readonly string[],
  width: number,
  block: number,
  options: TextOptions,
  marks: Uint8Array | readonly boolean[],
): string {
  if (marks.length !== cells.length) {
    throw new RangeError(`marks has ${marks.length} cells, the grid ${cells.length}`);
  }
  const givens = options.givens;
  const color = options.color === true;
  const rule = Array.from({ length: size / block }, () => "-".repeat(block * (width + 2)))
    .join("|");
  const rows: string[] = [];
  for (let r = 0; r < size; r++) {
    if (r > 0 && r % block === 0) rows.push(rule);
    let line = "";
    for (let c = 0; c < size; c++) {
      if (c > 0 && c % block === 0) line += "|";
      const i = r * size + c;
      const v = cells[i];
      const marked = Boolean(marks[i]);
      const t = marked ? `[${texts[v]}]` : ` ${texts[v]} `;
      const pad = " ".repeat(width + 2 - t.length);
      if (!color || (v === 0 && !marked)) line += pad + t;
      else if (marked) line += pad + RED + t + RESET;
      else if (givens === undefined || givens[i] !== 0) {
        line += pad + " " + BOLD + texts[v] + RESET + " ";
      } else line += pad + " " + CYAN + texts[v] + RESET + " ";
    }
    rows.push(line.trimEnd());
  }
  return rows.join("\n");
}

/** ANSI colour escapes, which take no room on a terminal. */
// deno-lint-ignore no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;

/** The columns a line takes on a terminal: its characters, colour escapes left out. */
function visibleWidth(line: string): number {
  let n = 0;
  for (const _ of line.replace(ANSI, "")) n++;
  return n;
}

/**
 * Blocks of lines side by side, `gap` spaces apart, each padded to its widest line (colour
 * escapes take no room), without trailing spaces or a final newline; a shorter block leaves
 * its column blank below it.
 */
export function sideBySide(blocks: readonly string[], gap = 4): string {
  const columns = blocks.map((b) => b.split("\n"));
  const widths = columns.map((lines) => {
    let w = 0;
    for (const line of lines) w = Math.max(w, visibleWidth(line));
    return w;
  });
  let rows = 0;
  for (const lines of columns) rows = Math.max(rows, lines.length);
  const out: string[] = [];
  for (let r = 0; r < rows; r++) {
    let line = "";
    columns.forEach((lines, k) => {
      const text = lines[r] ?? "";
      line += k === columns.length - 1
        ? text
        : text + " ".repeat(widths[k] - visibleWidth(text) + gap);
    });
    out.push(line.trimEnd());
  }
  return out.join("\n");
}
