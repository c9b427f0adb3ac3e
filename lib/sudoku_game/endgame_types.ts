/**
 * What the endgame search says about a position and its moves, shared by the search
 * (`endgame.ts`) and the threads that divide it (`endgame_split.ts`).
 *
 * @module
 */

/** Game value for the side to move: loses, wins at once, wins later. */
export type GameValue = "LOSS" | "WIN1" | "WIN2";

/**
 * Outcome of one root move after a bounded search: `Unknown` (not decided within the
 * budget), `Win` (the opponent's position is lost, or one solution is left), `Loss` (the
 * opponent wins from there).
 */
export const MoveStatus = { Unknown: 0, Win: 1, Loss: 2 } as const;
/** One of the {@linkcode MoveStatus} values. */
export type MoveStatus = 0 | 1 | 2;

/** Budget of one search call; whichever limit comes first stops it. */
export interface SearchLimits {
  /** Stop after this many nodes. */
  maxNodes?: number;
  /** Stop once `now()` reaches this value (same unit as `now`, usually milliseconds). */
  deadline?: number;
  /** Clock used with `deadline`; `lib/` has no clock of its own. */
  now?: () => number;
}

/** One legal move of the root position and what the search found about it. */
export interface RootMove {
  /** Cell index 0..80, row-major. */
  readonly cell: number;
  /** Digit 1..9. */
  readonly digit: number;
  /** Solutions left after the move. */
  readonly count: number;
  /** What the search proved about the move. */
  status: MoveStatus;
  /**
   * Search nodes spent on the move so far: for a losing move, how hard its refutation
   * was to find (the opponent may miss a hard one).
   */
  nodes?: number;
}
