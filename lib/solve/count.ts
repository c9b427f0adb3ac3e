/**
 * One entry point for counting the completions of any grid: picks the fastest engine for
 * the size and rule set, and caches engines so that repeated calls allocate nothing.
 *
 * @module
 */

import type { Engine, SearchControl, SolutionCallback, Variant } from "./engine.ts";
import { Engine9 } from "./engine9.ts";
import { GeneralEngine } from "./engine_general.ts";
import { findConflict } from "../grid/mod.ts";

export type { SearchControl, SolutionCallback, Variant } from "./engine.ts";

/** Options of {@linkcode countSolutions}. */
export interface CountOptions {
  /** Stop once this many solutions are found (default 2). */
  limit?: number;
  /** Rule set (default `sudoku` for perfect-square sizes, else `latin`). */
  variant?: Variant;
  /** Called with each solution in a reused buffer; return `false` to stop. */
  onSolution?: SolutionCallback;
  /** Per-cell allowed digits, bit d-1 for digit d (digits 1..32). */
  allowed?: Uint32Array;
  /** Per-cell allowed digits 33..64, bit d-33 for digit d. */
  allowedHigh?: Uint32Array;
  /**
   * Polled during long searches to give branches away (counting one grid in parallel) or
   * to stop; a stop leaves the result inexact.
   */
  control?: SearchControl;
  /** The nogoods a branch given away came with (see `SearchControl.give`). */
  nogoods?: Int32Array;
}

/** What {@linkcode countSolutions} found. */
export interface CountResult {
  /** Solutions found, at most the limit. */
  count: number;
  /** Whether `count` is the exact total (the limit did not cut the search short). */
  exact: boolean;
  /** Search nodes used. */
  nodes: number;
  /** Why the count is 0 without search, when the givens already break the rules. */
  conflict?: string;
}

/** The default rule set for a size: sudoku where blocks exist, Latin square otherwise. */
export function defaultVariant(size: number): Variant {
  const b = Math.round(Math.sqrt(size));
  return b * b === size ? "sudoku" : "latin";
}

const engines = new Map<string, Engine>();
// Streams of puzzles are almost always of one size and variant: remember the last engine
// so that the common case builds no key string per puzzle.
let lastSize = 0;
let lastVariant: Variant | undefined;
let lastEngine: Engine | undefined;

/** The cached engine for a size and rule set; throws a RangeError for unsupported ones. */
export function engineFor(size: number, variant: Variant): Engine {
  if (size === lastSize && variant === lastVariant && lastEngine !== undefined) return lastEngine;
  const key = `${size}/${variant}`;
  let engine = engines.get(key);
  if (engine === undefined) {
    engine = size === 9 && variant === "sudoku" ? new Engine9() : new GeneralEngine(size, variant);
    engines.set(key, engine);
  }
  lastSize = size;
  lastVariant = variant;
  lastEngine = engine;
  return engine;
}

/**
 * Count the completions of `grid` (row-major, 0 for empty) up to a limit.
 *
 * Givens that already repeat in a unit give a count of 0 with the `conflict` described
 * (looked for only once an engine has counted 0, which it does at once on such givens).
 */
export function countSolutions(
  grid: Uint8Array,
  size: number,
  options: CountOptions = {},
): CountResult {
  const variant = options.variant ?? defaultVariant(size);
  const limit = options.limit ?? 2;
  const engine = engineFor(size, variant);
  const user = options.onSolution;
  let stopped = false;
  const onSolution = user === undefined ? undefined : (solution: Uint8Array) => {
    if (user(solution) !== false) return true;
    stopped = true;
    return false;
  };
  const outer = options.control;
  const control = outer === undefined ? undefined : {
    poll: (nodes) => {
      const ask = outer.poll(nodes);
      if (ask === "stop") stopped = true;
      return ask;
    },
    give: outer.give,
  } satisfies SearchControl;
  const count = engine.count(
    grid,
    limit,
    onSolution,
    options.allowed,
    options.allowedHigh,
    control,
    options.nogoods,
  );
  if (count === 0) {
    // Every engine fails at once on givens that repeat in a unit, so the check that says
    // which waits until the count is 0 (it was 4% of `count`'s time on 17-clue puzzles).
    const conflict = findConflict(grid, size, variant);
    if (conflict !== undefined) return { count: 0, exact: true, nodes: 0, conflict };
  }
  return { count, exact: count < limit && !stopped, nodes: engine.nodes };
}

/** Solutions gathered by {@linkcode collectSolutions}. */
export interface CollectedSolutions extends CountResult {
  /** The solutions back to back, `size * size` cells each (`count` of them). */
  solutions: Uint8Array;
}

/** Solutions gathered between two calls of the `stop` option of {@linkcode collectSolutions}. */
export const STOP_EVERY = 1024;

/**
 * Every solution of `grid` up to `limit`, packed into one array (which grows by doubling,
 * so gathering n solutions costs O(n) copies in all).
 *
 * `stop`, when given, is asked after every {@linkcode STOP_EVERY} solutions (a clock's
 * deadline, say); `true` ends the enumeration there, and the result is then not `exact`.
 */
export function collectSolutions(
  grid: Uint8Array,
  size: number,
  options: Omit<CountOptions, "onSolution"> & { stop?: () => boolean } = {},
): CollectedSolutions {
  const cells = size * size;
  let buffer = new Uint8Array(1024 * cells);
  let n = 0;
  const { stop, ...count } = options;
  const result = countSolutions(grid, size, {
    ...count,
    onSolution: (s) => {
      if (buffer.length < (n + 1) * cells) {
        const next = new Uint8Array(buffer.length * 2);
        next.set(buffer);
        buffer = next;
      }
      buffer.set(s, n * cells);
      n++;
      return stop === undefined || n % STOP_EVERY !== 0 || !stop();
    },
  });
  return { ...result, solutions: buffer.subarray(0, n * cells) };
}
