/**
 * The value of a position and its winning moves, given all its solutions: the one-call
 * face of {@linkcode SolutionGame} for `play --analyze` and the benchmarks.
 *
 * @module
 */

import {
  type GameValue,
  MoveStatus,
  type RootMove,
  type SearchLimits,
  SolutionGame,
} from "./endgame.ts";

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
