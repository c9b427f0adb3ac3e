/**
 * Parsers for the three input forms, fed line by line so that inputs of any length stream
 * through in constant memory, and tracking line and column for error messages:
 *
 * - the grid format of `classify`: a grid count G, then per grid a size S and S rows of S
 *   integers (0 = empty); rows of S <= 9 may also be one run of S digits (`250030901`);
 * - the 81-token format of `verdict`: 9×9 grids as tokens, read until the end, no count;
 *   single digits, or runs of 9 or 81 digits with `.` for empty;
 * - one puzzle per line: S² symbols, `.` or `0` empty, `1`-`9` then `A`.. for larger sizes,
 *   or symbols of the caller's choice (`count --symbols`), `.` empty.
 *
 * Every error says what was read, where, and what the form needs instead.
 *
 * @module
 */

import { MAX_SIZE } from "./geometry.ts";
import { SymbolTable } from "./symbols.ts";
import { describeChar, quoteInput } from "../text/mod.ts";

/** A grid read from input. */
export interface ParsedGrid {
  /** 1-based position of the grid in its input. */
  readonly index: number;
  /** Side length. */
  readonly size: number;
  /** Row-major cells, 0 for empty. */
  readonly cells: Uint8Array;
  /** Line on which the grid starts. */
  readonly line: number;
}

/** Bad input, located by grid (when one is being read), line and column (1-based). */
export class InputError extends Error {
  /** The grid being read, if any. */
  readonly grid: number | undefined;
  /** 1-based line. */
  readonly line: number;
  /** 1-based column. */
  readonly column: number;
  /** What is wrong, without the location. */
  readonly detail: string;

  /** Build the error; its message is `grid G, line L, column C: detail`. */
  constructor(detail: string, line: number, column: number, grid?: number) {
    const where = `${grid === undefined ? "" : `grid ${grid}, `}line ${line}, column ${column}`;
    super(`${where}: ${detail}`);
    this.name = "InputError";
    this.grid = grid;
    this.line = line;
    this.column = column;
    this.detail = detail;
  }
}

/** The input forms. */
export type InputForm = "grid" | "tokens" | "line";

/** What a parser emits: the grid count of the grid format, or a finished grid. */
export type ParseEvent =
  | { readonly kind: "count"; readonly count: number }
  | { readonly kind: "grid"; readonly grid: ParsedGrid };

/** A line-fed parser of one input form. */
export interface GridParser {
  /** Feed the next line (without its line ending); `emit` receives what it completes. */
  feed(line: string, emit: (event: ParseEvent) => void): void;
  /** Signal the end of input; throws {@linkcode InputError} when a grid is incomplete. */
  finish(): void;
}

/**
 * Longest input line accepted, in characters. The longest line a grid form needs is a
 * 64×64 grid written on one line in the grid format, about 12,300 characters ("64 " for
 * each of its 4,096 values); the bound leaves room for generous spacing and refuses
 * endless or binary input after reading at most this much of a line.
 */
export const MAX_LINE_LENGTH = 1 << 16;

/** Largest size of the one-line form with its default symbols (one character per cell). */
export const MAX_LINE_SIZE: number = SymbolTable.DEFAULT.maxSize;

/** Value of each ASCII character with the default symbols, -1 where it is no symbol. */

/** The one-line-form character of value v (0 prints as `.`), for sizes up to 35. */
export function symbolOf(v: number): string {
  return SymbolTable.DEFAULT.symbol(v);
}

/** Value of a one-line-form character, or -1. Accepts `0` and `.` for empty and lower case. */
export function valueOfSymbol(ch: number): number {
  // One lookup, not a chain of ranges: a 9×9 puzzle file is 81 of these a line.
  return SymbolTable.DEFAULT.value(ch);
}

/**
 * Format a grid in the one-line form: with the default symbols for sizes up to 35, or as
 * space-separated numbers above; with `symbols` (value v is the v-th, as `count --symbols`
 * gives them), with those, `.` for empty.
 */
export function formatLine(cells: Uint8Array, size: number, symbols?: string): string {
  const chars = symbols ?? SymbolTable.DEFAULT.chars;
  if (size > chars.length) return Array.from(cells).join(" ");
  // Value v is the v-th character of ".symbols". One string from the codes: a string built
  // a character at a time stays a chain of pieces (about 2.6 KB a 9×9 grid), which a
  // million solutions held for printing turned into gigabytes.
  const written = "." + chars;
  const codes = new Array<number>(cells.length);
  for (let i = 0; i < cells.length; i++) codes[i] = written.charCodeAt(cells[i]);
  return String.fromCharCode.apply(null, codes);
}

/** Whether a character code is white space between tokens (space, tab, CR, VT, FF). */
export function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 13 || code === 11 || code === 12;
}

/** Split a line into white-space separated tokens with their 1-based columns. */
function tokens(line: string, each: (text: string, column: number) => void): void {
  const n = line.length;
  let i = 0;
  while (i < n) {
    while (i < n && isSpace(line.charCodeAt(i))) i++;
    if (i >= n) break;
    const start = i;
    while (i < n && !isSpace(line.charCodeAt(i))) i++;
    each(line.slice(start, i), start + 1);
  }
}

/** A line without the byte-order mark that may open the first line of an input. */
export function stripBom(line: string, lineNo: number): string {
  return lineNo === 1 && line.charCodeAt(0) === 0xfeff ? line.slice(1) : line;
}

/** A whole number as the grid and token forms write one. */
export const INTEGER = /^[+-]?[0-9]+$/;

/** What the grid format is, for a first token that is no grid count. */
export const GRID_FORMAT_HINT =
  "the grid format starts with the number of grids, then gives each grid's size and rows";

/** Parser of the grid format (`classify`): G, then S and S rows of S integers per grid. */
export class GridFormatParser implements GridParser {
  #line = 0;
  #lastColumn = 1;
  #count = -1;
  #done = 0;
  #size = 0;
  #cells: Uint8Array = new Uint8Array(0);
  #filled = 0;
  #startLine = 0;
  readonly #maxSize: number;
  readonly #inputBytes: number | undefined;
  readonly #formHint: string;

  /**
   * `maxSize` caps S (default {@linkcode MAX_SIZE}); `inputBytes`, the input's size when
   * it is known, caps the grid count G at what that many bytes can hold. `formHint` is
   * what a first token that is no grid count is told about the form (by default, what
   * the grid format is), for a command to name the commands that read other forms.
   */
  constructor(maxSize = MAX_SIZE, inputBytes?: number, formHint: string = GRID_FORMAT_HINT) {
    this.#maxSize = maxSize;
    this.#inputBytes = inputBytes;
    this.#formHint = formHint;
  }

  feed(raw: string, emit: (event: ParseEvent) => void): void {
    const lineNo = ++this.#line;
    const line = stripBom(raw, lineNo);
    this.#lastColumn = line.length + 1;
    tokens(line, (text, column) => this.#token(text, lineNo, column, emit));
  }

  #token(text: string, line: number, column: number, emit: (e: ParseEvent) => void): void {
    const grid = this.#done + 1;
    if (this.#count < 0) {
      if (!INTEGER.test(text)) {
        throw new InputError(
          `grid count ${describe(text)} is not an integer: ${this.#formHint}`,
          line,
          column,
        );
      }
      const g = Number(text);
      if (g < 1) {
        throw new InputError(`grid count ${shownNumber(text)} is less than 1`, line, column);
      }
      if (!Number.isSafeInteger(g)) {
        throw new InputError(
          `grid count ${shownNumber(text)} is more than any input can hold`,
          line,
          column,
        );
      }
      // Each grid takes at least 4 bytes: its size and one value, each with a separator.
      const most = this.#inputBytes === undefined ? g : Math.floor(this.#inputBytes / 4);
      if (g > most) {
        throw new InputError(
          `grid count ${g} is more than this input of ${this.#inputBytes} bytes can hold ` +
            `(at most ${most}, at 4 bytes a grid)`,
          line,
          column,
        );
      }
      this.#count = g;
      emit({ kind: "count", count: g });
      return;
    }
    if (this.#done >= this.#count) {
      throw new InputError(
        `unexpected ${describe(text)} after grid ${this.#count}, the last one announced`,
        line,
        column,
      );
    }
    if (this.#size === 0) {
      if (!INTEGER.test(text)) {
        throw new InputError(`size ${describe(text)} is not an integer`, line, column, grid);
      }
      const s = Number(text);
      if (s < 1 || s > this.#maxSize) {
        throw new InputError(
          `size ${shownNumber(text)} is outside 1..${this.#maxSize}`,
          line,
          column,
          grid,
        );
      }
      this.#size = s;
      this.#cells = new Uint8Array(s * s);
      this.#filled = 0;
      this.#startLine = line;
      return;
    }
    const s = this.#size;
    if (
      s > 1 && s <= 9 && text.length === s && this.#filled % s === 0 && /^[0-9]+$/.test(text)
    ) {
      for (let k = 0; k < s; k++) {
        const v = text.charCodeAt(k) - 48;
        if (v > s) {
          throw new InputError(`value ${v} is outside 0..${s}`, line, column + k, grid);
        }
        this.#cells[this.#filled++] = v;
      }
    } else {
      if (!INTEGER.test(text)) {
        throw new InputError(`value ${describe(text)} is not an integer`, line, column, grid);
      }
      const v = Number(text);
      if (v < 0 || v > s) {
        throw new InputError(`value ${shownNumber(text)} is outside 0..${s}`, line, column, grid);
      }
      this.#cells[this.#filled++] = v;
    }
    if (this.#filled === s * s) {
      this.#done++;
      this.#size = 0;
      emit({
        kind: "grid",
        grid: { index: this.#done, size: s, cells: this.#cells, line: this.#startLine },
      });
    }
  }

  finish(): void {
    const line = Math.max(this.#line, 1);
    if (this.#count < 0) {
      throw new InputError("input ends before the grid count", line, this.#lastColumn);
    }
    if (this.#done < this.#count) {
      const grid = this.#done + 1;
      const what = this.#size === 0
        ? `before its size (${this.#count} grids were announced)`
        : `after ${this.#filled} of its ${this.#size * this.#size} values`;
      throw new InputError(
        `input ends ${what}`,
        line,
        this.#lastColumn,
        grid,
      );
    }
  }
}

/** A token quoted for a message (tokens are short; a long one is cut at 20 characters). */
function describe(text: string): string {
  return quoteInput(text, 20);
}

/** An integer token as a message shows it: as written when short, else quoted and cut. */
function shownNumber(text: string): string {
  return text.length <= 12 ? text : describe(text);
}

/**
 * What is wrong with a token of the 81-token format that is neither one value nor a run of
 * 9 or 81: a number of two digits is a value out of range; anything else is a run of the
 * wrong length, told with its length and the lengths a 9×9 grid is written in.
 */
function badRun(text: string): string {
  if (text.length === 2 && /^[1-9][0-9]$/.test(text)) return `value ${text} is outside 0..9`;
  const what = /^[0-9.]+$/.test(text) ? "cells" : "characters";
  // The length in characters as the reader counts them, not in UTF-16 units.
  const length = [...text].length;
  return `${describe(text)} has ${length} ${what}; a 9×9 grid needs 81: single digits, ` +
    `runs of 9 (a row) or one run of 81, with '.' or '0' for empty`;
}

/** Parser of the 81-token format (`verdict`): 9×9 grids read until the end of input. */
export class TokenFormatParser implements GridParser {
  #line = 0;
  #lastColumn = 1;
  #done = 0;
  #cells = new Uint8Array(81);
  #filled = 0;
  #startLine = 0;

  feed(raw: string, emit: (event: ParseEvent) => void): void {
    const lineNo = ++this.#line;
    const line = stripBom(raw, lineNo);
    this.#lastColumn = line.length + 1;
    if (line.charCodeAt(0) === 35) return; // '#' comment line
    tokens(line, (text, column) => {
      if (text.length > 1 && text.length !== 9 && text.length !== 81) {
        throw new InputError(badRun(text), lineNo, column, this.#done + 1);
      }
      for (let k = 0; k < text.length; k++) {
        const ch = text.charCodeAt(k);
        let v: number;
        if (ch >= 48 && ch <= 57) v = ch - 48;
        else if (ch === 46) v = 0;
        else {
          throw new InputError(
            `${describeChar(text[k])} is not a digit`,
            lineNo,
            column + k,
            this.#done + 1,
          );
        }
        if (this.#filled === 0) this.#startLine = lineNo;
        this.#cells[this.#filled++] = v;
        if (this.#filled === 81) {
          this.#done++;
          this.#filled = 0;
          emit({
            kind: "grid",
            grid: { index: this.#done, size: 9, cells: this.#cells, line: this.#startLine },
          });
          this.#cells = new Uint8Array(81);
        }
      }
    });
  }

  finish(): void {
    if (this.#filled > 0) {
      throw new InputError(
        `input ends after ${this.#filled} of 81 values`,
        this.#line,
        this.#lastColumn,
        this.#done + 1,
      );
    }
  }
}
