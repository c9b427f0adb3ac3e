/**
 * Counting a batch of grids into output text: the one piece of `count` that runs both on
 * the main thread (`--jobs 1`) and in worker threads, so both print the same thing.
 *
 * @module
 */

import { countSolutions, type SearchControl, type Variant } from "../lib/solve/count.ts";
import { formatLine } from "../lib/grid/parse.ts";

/** What `count` prints and how it counts. */
export interface CountSettings {
  /** Stop each count at this many solutions. */
  readonly limit: number;
  /** Forced rule set, or undefined for the default of each grid's size. */
  readonly variant: Variant | undefined;
  /** Output form. */
  readonly format: "text" | "json";
  /** Print the solutions found. */
  readonly solutions: boolean;
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
  /** The solutions found, one line each, when they are printed. */
  solutions?: string[];
  /** Searches the count was shared between (worker threads), when more than one. */
  parts?: number;
}

/** The output lines of one grid: the `k`-th of `batch`, counted in `ms` milliseconds. */
export function formatCount(
  r: GridCount,
  batch: Batch,
  k: number,
  ms: number,
  settings: CountSettings,
): string {
  if (settings.format === "text") {
    let out = r.exact ? `${r.count}\n` : `${r.count}+\n`;
    for (const s of r.solutions ?? []) out += s + "\n";
    return out;
  }
  return JSON.stringify({
    puzzle: batch.indexes[k],
    line: batch.lines[k],
    size: batch.sizes[k],
    count: r.count,
    exact: r.exact,
    nodes: r.nodes,
    ms: Math.round(ms * 1000) / 1000,
    ...(r.conflict === undefined ? {} : { conflict: r.conflict }),
    ...(r.parts === undefined || r.parts < 2 ? {} : { parts: r.parts }),
    ...(settings.solutions ? { solutions: r.solutions ?? [] } : {}),
  }) + "\n";
}

/**
 * Count one grid, or with `allowed`/`allowedHigh` the part of its search they describe;
 * `control` lets the search give branches away or stop.
 */
export function countGrid(
  cells: Uint8Array,
  size: number,
  settings: CountSettings,
  allowed?: Uint32Array,
  allowedHigh?: Uint32Array,
  control?: SearchControl,
): GridCount {
  const solutions: string[] = [];
  const onSolution = settings.solutions
    ? (s: Uint8Array) => {
      solutions.push(formatLine(s, size));
    }
    : undefined;
  const r = countSolutions(cells, size, {
    limit: settings.limit,
    variant: settings.variant,
    onSolution,
    allowed,
    allowedHigh,
    control,
  });
  return { ...r, ...(settings.solutions ? { solutions } : {}) };
}

/** Count every grid of a batch and return the output text (complete lines). */
export function countBatch(batch: Batch, settings: CountSettings): string {
  let out = "";
  let offset = 0;
  for (let k = 0; k < batch.sizes.length; k++) {
    const size = batch.sizes[k];
    const cells = batch.cells.subarray(offset, offset + size * size);
    offset += size * size;
    const start = settings.format === "json" ? performance.now() : 0;
    const r = countGrid(cells, size, settings);
    out += formatCount(r, batch, k, performance.now() - start, settings);
  }
  return out;
}
