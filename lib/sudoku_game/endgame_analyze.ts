/**
 * The value of a position and its winning moves: from all its solutions, the one-call face
 * of {@linkcode SolutionGame} for the benchmarks; from the grid alone, the policy of
 * `play --analyze` (check, estimate, enumerate, search).
 *
 * @module
 */

import { collectSolutions, countSolutions, engineFor } from "../solve/mod.ts";
import { Rng } from "../grid/mod.ts";
import {
  type GameValue,
  MAX_SOLUTIONS,
  MoveStatus,
  type RootMove,
  type SearchLimits,
  SolutionGame,
} from "./endgame.ts";
import type { Move } from "./rules.ts";
import { estimateSolutions } from "./sample.ts";

/** Result of {@linkcode analyzeSolutions}. */
export interface Analysis {
  /** Value for the side to move; `undefined` when the budget ran out. */
  value: GameValue | undefined;
  /** Winning moves (all of them when asked, else the first found). */
  winning: RootMove[];
  /** Number of solutions of the position. */
  solutions: number;
  /** Search nodes used. */
  nodes: number;
}

/**
 * Value and winning moves of a position given all its solutions (`n × 81` digits).
 *
 * A position with one solution is reported as `LOSS` for the side to move: no move is
 * legal there (in the real game that side would claim `!` instead, the caller's business).
 * A deadline in `limits` bounds the loading of the solutions too.
 */
export function analyzeSolutions(
  game: SolutionGame,
  solutions: Uint8Array,
  n: number,
  limits: SearchLimits = {},
  all = true,
): Analysis {
  if (!game.load(solutions, n, limits)) {
    return { value: undefined, winning: [], solutions: n, nodes: 0 };
  }
  const moves = game.rootMoves();
  const value = game.solveMoves(moves, limits, all);
  return {
    value,
    winning: moves.filter((m) => m.status === MoveStatus.Win),
    solutions: n,
    nodes: game.nodes,
  };
}

/** Solutions {@linkcode analyzePosition} enumerates at most: the endgame's capacity. */
export const ANALYZE_MAX: number = MAX_SOLUTIONS;

/**
 * {@linkcode analyzePosition} refuses at once a grid whose estimated solutions exceed the
 * cap this many times. The estimate is the mean of 12 random walks; of 12,000 walks on
 * grids of 5,000 to 2,100,000 solutions none was 140 times too high, and the mean of 12 at
 * most twice.
 */
const OBVIOUS = 1000;

/** Table size of the analysis (2^20 buckets): one position, searched once. */
const ANALYZE_TABLE_BITS = 20;

/**
 * What {@linkcode analyzePosition} found: the value (`kind: "value"`), or why there is
 * none: the givens break the rules, the grid has no solution, or more than
 * {@linkcode ANALYZE_MAX} (`estimate` when an estimate showed it at once, before counting).
 */
export type PositionAnalysis =
  | {
    readonly kind: "value";
    /** `LOSS`, `WIN1` (wins at once), `WIN2` (wins later); `undefined` when the time ran out. */
    readonly value: GameValue | undefined;
    /**
     * The winning moves, `claim` set on those that leave one solution; the lone claim
     * (`!`, cell -1) when the grid has one solution.
     */
    readonly winning: readonly Move[];
    /** Solutions enumerated: all of them when `exact`, else as many as the time allowed. */
    readonly solutions: number;
    /** Whether every solution was enumerated (else the time ran out first, and no search). */
    readonly exact: boolean;
    /** Search nodes used. */
    readonly nodes: number;
  }
  | { readonly kind: "conflict"; readonly conflict: string }
  | { readonly kind: "no-solution" }
  | { readonly kind: "too-many"; readonly estimate?: number };

/**
 * The exact game value of a 9×9 position for the side to move and its winning moves, from
 * the grid alone (81 cells, 0 for empty): check it, refuse at once a grid with far too many
 * solutions (estimated), enumerate them all (at most {@linkcode ANALYZE_MAX}), then search.
 * A deadline in `limits` bounds the enumeration and the search: when it passes, the value
 * is `undefined`.
 */
export function analyzePosition(grid: Uint8Array, limits: SearchLimits = {}): PositionAnalysis {
  const first = countSolutions(grid, 9, { limit: 2 });
  if (first.conflict !== undefined) return { kind: "conflict", conflict: first.conflict };
  if (first.count === 0) return { kind: "no-solution" };
  if (first.count > 1) {
    // Far too many solutions shows in a tenth of a second; enumerating the cap takes seconds.
    const estimate = estimateSolutions(engineFor(9, "sudoku"), grid, new Rng(1));
    if (estimate > OBVIOUS * ANALYZE_MAX) return { kind: "too-many", estimate };
  }
  const { deadline, now } = limits;
  const late = deadline === undefined || now === undefined ? undefined : () => now() >= deadline;
  const counted = collectSolutions(grid, 9, {
    limit: ANALYZE_MAX + 1,
    ...(late === undefined ? {} : { stop: late }),
  });
  const n = counted.count;
  if (n > ANALYZE_MAX) return { kind: "too-many" };
  const found = { kind: "value", solutions: n, exact: counted.exact } as const;
  if (counted.exact && n === 1) {
    // The opponent left one solution: claiming it wins at once.
    return { ...found, value: "WIN1", winning: [{ cell: -1, digit: 0, claim: true }], nodes: 0 };
  }
  // When the time ran out during the enumeration (not exact), there is no search.
  if (!counted.exact || late?.()) return { ...found, value: undefined, winning: [], nodes: 0 };
  const game = new SolutionGame({ tableBits: ANALYZE_TABLE_BITS, wasm: true });
  const a = analyzeSolutions(game, counted.solutions, n, limits, true);
  return {
    ...found,
    value: a.value,
    winning: a.winning.map((m) => ({ cell: m.cell, digit: m.digit, claim: m.count === 1 })),
    nodes: a.nodes,
  };
}
