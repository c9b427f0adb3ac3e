/**
 * The parser of one puzzle per line: S² symbols, `.` or `0` for empty, `1`-`9` then `A`..
 * (or the symbols of `--symbols`), fed line by line or, on the fast path, straight from
 * the bytes read.
 *
 * @module
 */

import {
  type GridParser,
  InputError,
  isSpace,
  MAX_LINE_SIZE,
  type ParseEvent,
  stripBom,
} from "./parse.ts";
import { SymbolTable, zeroBasedSymbols } from "./symbols.ts";
import { blockSideOf } from "./geometry.ts";
import { describeChar } from "../text/mod.ts";

/**
 * Values of the default symbols by character code (-1: not a symbol), bound in this module
 * for the byte path's inner loop.
 */
const DEFAULT_VALUES = SymbolTable.DEFAULT.values;

/**
 * Parser of one puzzle per line: S² symbols, `.`/`0` empty; `#` lines and blank lines skipped.
 *
 * `size`, when given, fixes S; otherwise each line's length decides it. `symbols`, when
 * given, are the symbols to read instead of the default ones (value v is the v-th, `.`
 * empty, `0` only a symbol if listed), and fix S at their number. With the default
 * symbols, a line of 16×16 or more that holds both `.` and `0` is refused: its `0`s may be
 * digits (a grid written `0`-`F`), which only `symbols` can say. Unless `latin`, a line of
 * a size without blocks (2×2, 3×3, 5×5, ..., 10×10) is refused too: a stray line of 100
 * characters is more likely a mistake than a 10×10 Latin square.
 */
export class LineFormatParser implements GridParser {
  #line = 0;
  #done = 0;
  #block = new Uint8Array(0);
  #used = 0;
  readonly #size: number;
  readonly #table: SymbolTable;
  /** The table's values by ASCII code, kept at hand for the byte path. */
  readonly #values: Int8Array;
  readonly #maxSize: number;
  readonly #latin: boolean;

  /**
   * `size` fixes S (0: from each line's length); `symbols` (at most 64, distinct printable
   * ASCII characters but `.` and `#`) replace the default symbols and fix S at their
   * number; `latin` (default true) reads sizes without blocks, as Latin squares. Throws a
   * RangeError when `symbols` will not do or disagree with `size`.
   */
  constructor(size = 0, symbols?: string, latin = true) {
    this.#latin = latin;
    this.#table = symbols === undefined ? SymbolTable.DEFAULT : SymbolTable.of(symbols);
    if (symbols !== undefined && size !== 0 && size !== symbols.length) {
      throw new RangeError(`size ${size} needs ${size} symbols, not ${symbols.length}`);
    }
    this.#size = symbols === undefined ? size : symbols.length;
    if (this.#size > this.#table.maxSize) {
      throw new RangeError(`size ${size} is more than one puzzle per line can hold`);
    }
    this.#values = this.#table.values;
    this.#maxSize = this.#table.maxSize;
  }

  feed(raw: string, emit: (event: ParseEvent) => void): void {
    const lineNo = ++this.#line;
    let line = stripBom(raw, lineNo);
    let start = 0;
    while (start < line.length && isSpace(line.charCodeAt(start))) start++;
    let end = line.length;
    while (end > start && isSpace(line.charCodeAt(end - 1))) end--;
    if (start === end || line.charCodeAt(start) === 35) return;
    if (start > 0 || end < line.length) line = line.slice(start, end);
    const grid = this.#done + 1;
    const n = line.length;
    const size = this.#size || Math.round(Math.sqrt(n));
    if (size * size !== n || size > this.#maxSize) {
      throw new InputError(this.#badLength(n), lineNo, start + 1, grid);
    }
    if (!this.#latin && BLOCKLESS[size] === 1) {
      throw new InputError(
        `line has ${n} cells, a ${size}×${size} grid, and ${size}×${size} has no blocks: ` +
          `it can only be a Latin square; if it is one, pass --variant latin`,
        lineNo,
        start + 1,
        grid,
      );
    }
    const table = this.#table;
    const cells = this.#take(n);
    for (let k = 0; k < n; k++) {
      const v = table.value(line.charCodeAt(k));
      if (v < 0 || v > size) {
        this.#used -= n;
        throw new InputError(
          `${describeChar(line[k])} is not a symbol of a ${size}×${size} puzzle; ` +
            `use ${table.allowed(size)}`,
          lineNo,
          start + k + 1,
          grid,
        );
      }
      cells[k] = v;
    }
    const zero = this.#zeroAmongDots(line, size);
    if (zero >= 0) {
      this.#used -= n;
      throw new InputError(
        `the line holds both '.' and '0', and '0' is read as empty; if 0 is a digit ` +
          `here, pass --symbols ${zeroBasedSymbols(size)}`,
        lineNo,
        start + zero + 1,
        grid,
      );
    }
    this.#done++;
    emit({ kind: "grid", grid: { index: this.#done, size, cells, line: lineNo } });
  }

  /**
   * Where the first `0` is in a line of a 16×16 or larger grid that holds `.` too, when
   * `0` is read as empty; else -1.
   */
  #zeroAmongDots(line: string, size: number): number {
    if (size < 16 || !this.#table.zeroIsEmpty) return -1;
    const zero = line.indexOf("0");
    return zero >= 0 && line.includes(".") ? zero : -1;
  }

  /** What is wrong with a line of n cells: their number, and the numbers a puzzle needs. */
  #badLength(n: number): string {
    const max = this.#maxSize;
    const fixed = this.#size;
    if (fixed !== 0) {
      const given = this.#table.custom
        ? ` (${fixed} symbol${fixed === 1 ? "" : "s"} in --symbols)`
        : "";
      return `line has ${cellCount(n)}; a ${fixed}×${fixed} puzzle${given} needs ${fixed * fixed}`;
    }
    const below = Math.floor(Math.sqrt(n));
    const larger = `; one puzzle per line holds at most ${max}×${max} (${max * max} cells): ` +
      "write larger grids in the grid format, or with --symbols of their size";
    if (below * below === n) return `line has ${n} cells, a ${below}×${below} puzzle${larger}`;
    // (1 is a square: from here on n >= 2.)
    const sizes = [below, below + 1]
      .filter((s) => s >= 1 && s <= max)
      .sort((a, b) => Math.abs(a * a - n) - Math.abs(b * b - n));
    if (sizes.length === 0) return `line has ${n} cells${larger}`;
    return `line has ${n} cells; a puzzle needs a square number of cells: ` +
      sizes.map((s) => `${s * s} for ${s}×${s}`).join(", ");
  }

  /**
   * {@linkcode feed} for the line `bytes[start, end)` as read, before any decoding: takes a
   * plain ASCII grid line, blank line or comment line and returns true. Anything else (a
   * character beyond ASCII, a line that is not a grid) returns false having changed
   * nothing; the caller then decodes the line and hands it to `feed`, which reports it.
   * A file of many small puzzles then costs no string per line: 0.40 µs a line of 9×9
   * puzzles read and parsed from the bytes, against 0.53 µs as text.
   */
  feedBytes(
    bytes: Uint8Array,
    start: number,
    end: number,
    emit: (event: ParseEvent) => void,
  ): boolean {
    while (start < end && isSpace(bytes[start])) start++;
    while (end > start && isSpace(bytes[end - 1])) end--;
    if (start === end || bytes[start] === 35) {
      this.#line++;
      return true;
    }
    const n = end - start;
    const size = this.#size || Math.round(Math.sqrt(n));
    // A size without blocks that is refused: `feed` says so.
    if (!this.#latin && BLOCKLESS[size] === 1) return false;
    let cells: Uint8Array;
    if (this.#values === DEFAULT_VALUES) {
      // The default symbols, from the module's own table: as fast as before there were others.
      if (size * size !== n || size > MAX_LINE_SIZE) return false;
      cells = this.#take(n);
      for (let k = 0; k < n; k++) {
        const c = bytes[start + k];
        const v = c < 128 ? DEFAULT_VALUES[c] : -1;
        if (v < 0 || v > size) return this.#decline(n);
        cells[k] = v;
      }
      // Only large grids are looked at again, for a '0' among '.'s (`feed` reports it).
      if (size >= 16 && zeroAmongDots(bytes, start, end)) return this.#decline(n);
    } else {
      if (size * size !== n) return false;
      cells = this.#take(n);
      const values = this.#values;
      for (let k = 0; k < n; k++) {
        const c = bytes[start + k];
        const v = c < 128 ? values[c] : -1;
        if (v < 0) return this.#decline(n);
        cells[k] = v;
      }
    }
    const lineNo = ++this.#line;
    this.#done++;
    emit({ kind: "grid", grid: { index: this.#done, size, cells, line: lineNo } });
    return true;
  }

  /** Give back the cells taken for a line of n cells, and decline it. */
  #decline(n: number): false {
    this.#used -= n;
    return false;
  }

  finish(): void {}

  /**
   * A fresh array of n cells, cut from a larger block: a typed array of its own per grid
   * costs more than reading the line (on 9×9 puzzle files, half of the parse).
   */
  #take(n: number): Uint8Array {
    if (this.#used + n > this.#block.length) {
      this.#block = new Uint8Array(Math.max(BLOCK_BYTES, n));
      this.#used = 0;
    }
    const cells = this.#block.subarray(this.#used, this.#used + n);
    this.#used += n;
    return cells;
  }
}

/** `n cells`, or `1 cell`. */
function cellCount(n: number): string {
  return n === 1 ? "1 cell" : `${n} cells`;
}

/** Whether `bytes[start, end)` holds both `.` and `0`. */
function zeroAmongDots(bytes: Uint8Array, start: number, end: number): boolean {
  let dot = false;
  let zero = false;
  for (let k = start; k < end; k++) {
    const c = bytes[k];
    if (c === 46) dot = true;
    else if (c === 48) zero = true;
  }
  return dot && zero;
}

/** 1 for each size up to 64 without blocks (not a perfect square). */
const BLOCKLESS = Uint8Array.from({ length: 65 }, (_, s) => (blockSideOf(s) === 0 ? 1 : 0));

/** Bytes of the blocks that {@linkcode LineFormatParser} cuts its grids from. */
const BLOCK_BYTES = 1 << 16;
