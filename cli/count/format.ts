/**
 * What `count` and `solve` print for one grid, in every output shape: the part of both
 * commands that runs on the main thread and in worker threads alike, so all print the same.
 *
 * Every shape but `svg` is the text written for the grid. An SVG sheet is one document,
 * drawn once every grid is in: for it, each grid gives one {@linkcode sheetRecord} line per
 * board, which the main thread turns back into boards ({@linkcode boardOfRecord}).
 *
 * @module
 */

import { formatLine } from "../../lib/grid/mod.ts";
import { type Board, gridText, readableText, sideBySide } from "../../lib/picture/mod.ts";
import { defaultVariant, type Variant } from "../../lib/solve/mod.ts";

/**
 * Output shapes: `text` (count's own: the count line, solutions in the one-line form),
 * `line` (the one-line form), `grid` (rows of symbols), `readable` (rows with rules between
 * the blocks), `json` (one object per grid) and `svg` (one sheet of boards).
 */
export type Format = "text" | "json" | "line" | "grid" | "readable" | "svg";

/** What `count` (or `solve`, a count to 2 that keeps its solutions) prints and how it counts. */
export interface CountSettings {
  /** Stop each count at this many solutions. */
  readonly limit: number;
  /** Forced rule set, or undefined for the default of each grid's size. */
  readonly variant: Variant | undefined;
  /** Output shape. */
  readonly format: Format;
  /** Print the solutions found. */
  readonly solutions: boolean;
  /** The symbols solutions are written with (`--symbols`), or undefined for the default. */
  readonly symbols?: string;
  /** Milliseconds each grid may take (`--time-limit`), 0 for no limit. */
  readonly timeLimit: number;
  /** Whether slow grids report their progress (standard error is a terminal). */
  readonly progress: boolean;
  /** The command printing: `count` (the default) or `solve` (a solution or why not). */
  readonly command?: "count" | "solve";
  /** Colour the `readable` shape, givens apart from filled cells (a terminal that wants it). */
  readonly color?: boolean;
  /** What `solve --format svg` draws: each puzzle's solution (default), or the puzzle alone. */
  readonly show?: "solution" | "puzzle";
}

/** Grids packed for a worker: cells of all grids back to back. */
export interface Batch {
  /** Sequence number, for putting results back in input order. */
  readonly id: number;
  /** Side length of each grid. */
  readonly sizes: Uint8Array;
  /** Input position (puzzle number) of each grid. */
  readonly indexes: Uint32Array;
  /** Line each grid starts on. */
  readonly lines: Uint32Array;
  /** All cells, grid after grid. */
  readonly cells: Uint8Array;
}

/** What counting one grid (or one part of it) found, ready to print with {@linkcode formatCount}. */
export interface GridCount {
  /** Solutions found, at most the limit. */
  count: number;
  /** Whether `count` is the exact total. */
  exact: boolean;
  /** Search nodes used. */
  nodes: number;
  /** Why the count is 0 without search. */
  conflict?: string;
  /** The solutions found (their cells, row-major), when they are printed. */
  solutions?: Uint8Array[];
  /** Searches the count was shared between (worker threads), when more than one. */
  parts?: number;
  /** Whether the time limit stopped the search (then `count` is a lower bound). */
  timedOut?: boolean;
}

/** What `solve` says of a grid: one solution, none, several, or not known in time. */
export type SolveStatus = "unique" | "none" | "several" | "unknown";

/** The status of a grid counted to at least 2. */
export function solveStatus(r: GridCount): SolveStatus {
  if (r.count >= 2) return "several";
  if (!r.exact) return "unknown";
  return r.count === 1 ? "unique" : "none";
}

/** Whether a grid is not known to have exactly one solution: what makes `solve` exit 1. */
export function isMiss(r: GridCount): boolean {
  return r.count !== 1 || !r.exact;
}

/** The line `solve` prints for a grid without a unique solution, in every text shape. */
const STATUS_LINE: Record<SolveStatus, string> = {
  unique: "",
  none: "no solution",
  several: "several solutions",
  unknown: "unknown: time limit",
};

/** The text mark of a count that is not exact: `?` when the time ran out, else `+`. */
function mark(r: GridCount): string {
  return r.exact ? "" : r.timedOut ? "?" : "+";
}

/** A grid's cells: the `k`-th of `batch`, found at cell `offset`. */
function puzzleOf(batch: Batch, k: number, offset: number): Uint8Array {
  const size = batch.sizes[k];
  return batch.cells.subarray(offset, offset + size * size);
}

/**
 * The output of one grid: the `k`-th of `batch`, whose cells start at `offset` of the
 * batch's cells, counted in `ms` milliseconds. The solutions of one grid may make more text
 * than a string holds (2^29 - 24 characters): pieces of about {@linkcode PIECE} characters
 * go to `piece` as they are made, and the rest is returned (usually the whole text).
 */
export function formatCount(
  r: GridCount,
  batch: Batch,
  k: number,
  offset: number,
  ms: number,
  settings: CountSettings,
  piece: (text: string) => void,
): string {
  return settings.command === "solve"
    ? solveText(r, batch, k, offset, ms, settings)
    : countText(r, batch, k, offset, ms, settings, piece);
}

/** Characters of a piece of a grid's output, at most (plus one solution's). */
export const PIECE = 1 << 24;

/** Text handed on in pieces of at most about {@linkcode PIECE} characters each. */
class Pieces {
  #parts: string[] = [];
  #size = 0;

  constructor(readonly piece: (text: string) => void) {}

  add(text: string): void {
    this.#parts.push(text);
    this.#size += text.length;
    if (this.#size >= PIECE) this.piece(this.end());
  }

  /** What is left: the text added since the last piece. */
  end(): string {
    const text = this.#parts.join("");
    this.#parts = [];
    this.#size = 0;
    return text;
  }
}

/**
 * One solution in the `grid` or `readable` shape, without a final newline: readable draws
 * the puzzle beside it, so that the givens show without colour too.
 */
function block(
  cells: Uint8Array,
  puzzle: Uint8Array,
  size: number,
  settings: CountSettings,
): string {
  if (settings.format === "grid") return gridText(cells, size, settings.symbols);
  const options = {
    variant: settings.variant ?? defaultVariant(size),
    symbols: settings.symbols,
    color: settings.color === true,
  };
  return sideBySide([
    readableText(puzzle, size, options),
    readableText(cells, size, { ...options, givens: puzzle }),
  ]);
}

/** What `count` prints for a grid: its count line, then the solutions found in the shape asked. */
function countText(
  r: GridCount,
  batch: Batch,
  k: number,
  offset: number,
  ms: number,
  settings: CountSettings,
  piece: (text: string) => void,
): string {
  const size = batch.sizes[k];
  const solutions = r.solutions ?? [];
  const { format, symbols } = settings;
  const out = new Pieces(piece);
  if (format === "json") {
    const head = JSON.stringify({
      puzzle: batch.indexes[k],
      line: batch.lines[k],
      size,
      count: r.count,
      exact: r.exact,
      nodes: r.nodes,
      ms: Math.round(ms * 1000) / 1000,
      ...(r.conflict === undefined ? {} : { conflict: r.conflict }),
      ...(r.parts === undefined || r.parts < 2 ? {} : { parts: r.parts }),
      ...(settings.timeLimit > 0 ? { timed_out: r.timedOut === true } : {}),
    });
    if (!settings.solutions) return head + "\n";
    // The solutions last, written one by one: the same text as one JSON.stringify.
    out.add(head.slice(0, -1) + ',"solutions":[');
    for (const [j, s] of solutions.entries()) {
      out.add((j > 0 ? "," : "") + JSON.stringify(formatLine(s, size, symbols)));
    }
    out.add("]}\n");
    return out.end();
  }
  const counted = `${r.count}${mark(r)}`;
  if (format === "svg") {
    const puzzle = puzzleOf(batch, k, offset);
    const head = `Puzzle ${batch.indexes[k]} (line ${batch.lines[k]})`;
    if (solutions.length === 0) {
      const why = r.timedOut ? "no solution found in the time limit" : "no solution";
      return sheetRecord(puzzle, puzzle, size, settings, `${head}: ${why}${conflictOf(r)}`);
    }
    for (const [j, s] of solutions.entries()) {
      out.add(sheetRecord(s, puzzle, size, settings, `${head}: solution ${j + 1} of ${counted}`));
    }
    return out.end();
  }
  if (format === "text" || format === "line" || !settings.solutions) {
    out.add(counted + "\n");
    for (const s of solutions) out.add(formatLine(s, size, symbols) + "\n");
    return out.end();
  }
  // Grid and readable: the count line and each solution, a blank line between any two.
  const puzzle = puzzleOf(batch, k, offset);
  out.add((batch.indexes[k] > 1 ? "\n" : "") + counted + "\n");
  for (const s of solutions) out.add("\n" + block(s, puzzle, size, settings) + "\n");
  return out.end();
}

/** ` (why)` for a grid whose givens break the rules, else nothing. */
function conflictOf(r: GridCount): string {
  return r.conflict === undefined ? "" : ` (${r.conflict})`;
}

/** What `solve` prints for a grid: its solution, or a line saying why there is none. */
function solveText(
  r: GridCount,
  batch: Batch,
  k: number,
  offset: number,
  ms: number,
  settings: CountSettings,
): string {
  const size = batch.sizes[k];
  const status = solveStatus(r);
  const solutions = r.solutions ?? [];
  const { format, symbols } = settings;
  switch (format) {
    case "json": {
      const lines = solutions.slice(0, 2).map((s) => formatLine(s, size, symbols));
      return JSON.stringify({
        puzzle: batch.indexes[k],
        line: batch.lines[k],
        size,
        status,
        ...(status === "unique" ? { solution: lines[0] } : {}),
        ...(status === "several" || status === "unknown" ? { solutions: lines } : {}),
        ...(r.conflict === undefined ? {} : { conflict: r.conflict }),
        nodes: r.nodes,
        ms: Math.round(ms * 1000) / 1000,
      }) + "\n";
    }
    case "svg": {
      const puzzle = puzzleOf(batch, k, offset);
      const head = `Puzzle ${batch.indexes[k]} (line ${batch.lines[k]})`;
      const why = status === "unique"
        ? ""
        : status === "none"
        ? `: no solution${conflictOf(r)}`
        : status === "several"
        ? ": several solutions"
        : ": unknown, the time limit ran out";
      if (settings.show === "puzzle") {
        return sheetRecord(puzzle, puzzle, size, settings, head + why);
      }
      if (status === "unique") return sheetRecord(solutions[0], puzzle, size, settings, head);
      return sheetRecord(puzzle, puzzle, size, settings, `${head}${why}, the puzzle shown`);
    }
    case "grid":
    case "readable": {
      const text = status === "unique"
        ? block(solutions[0], puzzleOf(batch, k, offset), size, settings)
        : STATUS_LINE[status];
      return (batch.indexes[k] > 1 ? "\n" : "") + text + "\n";
    }
    default:
      return (status === "unique" ? formatLine(solutions[0], size, symbols) : STATUS_LINE[status]) +
        "\n";
  }
}

/** Cell values are written as characters from `0` (48) up: `0`..`p` for 0..64. */
const CELL_BASE = 48;

function encodeCells(cells: Uint8Array): string {
  // Chunks: one call per cell would build as many strings, one call per grid may overflow
  // the argument limit for 64×64.
  let out = "";
  for (let i = 0; i < cells.length; i += 1024) {
    const part = cells.subarray(i, i + 1024);
    out += String.fromCharCode(...part.map((v) => v + CELL_BASE));
  }
  return out;
}

function decodeCells(text: string): Uint8Array {
  const cells = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) cells[i] = text.charCodeAt(i) - CELL_BASE;
  return cells;
}

/**
 * One board of an SVG sheet as one line of text: size, rule set, the cells drawn, the
 * puzzle's (its givens), and the caption last (which holds no tab nor line break).
 */
export function sheetRecord(
  cells: Uint8Array,
  puzzle: Uint8Array,
  size: number,
  settings: CountSettings,
  caption: string,
): string {
  const variant = settings.variant ?? defaultVariant(size);
  return `${size}\t${variant}\t${encodeCells(cells)}\t${encodeCells(puzzle)}\t${caption}\n`;
}

/** The board of a {@linkcode sheetRecord} line (without its newline), drawn with `symbols`. */
export function boardOfRecord(record: string, symbols: string | undefined): Board {
  const [size, variant, cells, givens, ...caption] = record.split("\t");
  return {
    size: Number(size),
    variant: variant as Variant,
    cells: decodeCells(cells),
    givens: decodeCells(givens),
    title: caption.join("\t"),
    ...(symbols === undefined ? {} : { symbols }),
  };
}
