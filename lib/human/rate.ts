/**
 * Rating a puzzle: its solutions counted first (a rating needs exactly one), then the
 * human solver's climb, which gives the level QQWing would give, the hardest technique
 * on sudokit's own ladder, the count of each, and the steps when asked.
 *
 * @module
 */

import type { Variant } from "../grid/mod.ts";
import { countSolutions, defaultVariant } from "../solve/mod.ts";
import type { Step } from "./board.ts";
import { type Difficulty, levelOf, type Technique, TECHNIQUES } from "./ladder.ts";
import { HumanSolver, TOP_RUNG } from "./solver.ts";

/** What {@linkcode rate} found. */
export type Rating =
  | {
    /** The puzzle has exactly one solution. */
    readonly valid: true;
    /** QQWing's level. */
    readonly level: Difficulty;
    /** The hardest technique the solve needed (undefined for a full grid). */
    readonly hardest: Technique | undefined;
    /** Steps of each technique used (absent ones are 0). */
    readonly counts: Readonly<Partial<Record<Technique, number>>>;
    /** The solution. */
    readonly solution: Uint8Array;
    /** The solving path, when asked for. */
    readonly steps?: readonly Step[];
  }
  | {
    /** The puzzle has no solution or more than one. */
    readonly valid: false;
    /** Why: `no solution`, `more than one solution`, or the givens' clash. */
    readonly reason: string;
  };

/** Options of {@linkcode rate}. */
export interface RateOptions {
  /** Rule set (default: sudoku for square sizes, else latin). */
  readonly variant?: Variant;
  /** Keep the solving path. */
  readonly steps?: boolean;
}

const solvers = new Map<string, HumanSolver>();

/** The cached solver of a size and rule set. */
export function solverFor(size: number, variant: Variant): HumanSolver {
  const key = `${size}/${variant}`;
  let s = solvers.get(key);
  if (s === undefined) {
    s = new HumanSolver(size, variant);
    solvers.set(key, s);
  }
  return s;
}

/**
 * Rate `grid` (row-major, 0 empty, sizes up to 32): `valid: false` with the reason when it
 * has no solution or more than one, else its level, hardest technique and counts.
 */
export function rate(grid: Uint8Array, size: number, options: RateOptions = {}): Rating {
  const variant = options.variant ?? defaultVariant(size);
  const solution = new Uint8Array(grid.length);
  const counted = countSolutions(grid, size, {
    limit: 2,
    variant,
    onSolution: (s) => {
      solution.set(s);
    },
  });
  if (counted.count !== 1) {
    const reason = counted.count === 0
      ? counted.conflict ?? "no solution"
      : "more than one solution";
    return { valid: false, reason };
  }
  const solver = solverFor(size, variant);
  const hardest = solver.solve(grid, TOP_RUNG, solution, options.steps === true);
  const counts: Partial<Record<Technique, number>> = {};
  TECHNIQUES.forEach((t, i) => {
    if (solver.counts[i] > 0) counts[t] = solver.counts[i];
  });
  return {
    valid: true,
    level: levelOf(Math.max(0, hardest)),
    hardest: hardest < 0 ? undefined : TECHNIQUES[hardest],
    counts,
    solution,
    ...(options.steps === true ? { steps: solver.steps } : {}),
  };
}
