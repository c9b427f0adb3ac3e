/**
 * What the endgame search says about a position and its moves, shared by the search
 * (`endgame.ts`) and the threads that divide it (`endgame_split.ts`).
 *
 * @module
 */

/** Game value for the side to move: loses, wins at once, wins later. */
export type GameValue = "LOSS" | "WIN1" | "WIN2";

/**
 * Value of a set for the side to move, as the search returns it and the table stores it
 * (0: not known). A move's {@linkcode MoveStatus} uses the same numbers for the side that
 * made it: see {@linkcode statusAfter}.
 */
export const WIN = 1;
/** Value of a set for the side to move: see {@linkcode WIN}. */
export const LOSS = 2;

/**
 * Outcome of one root move after a bounded search: `Unknown` (not decided within the
 * budget), `Win` (the opponent's position is lost, or one solution is left), `Loss` (the
 * opponent wins from there). The numbers are {@linkcode WIN} and {@linkcode LOSS}.
 */
export const MoveStatus = { Unknown: 0, Win: WIN, Loss: LOSS } as const;
/** One of the {@linkcode MoveStatus} values. */
export type MoveStatus = 0 | 1 | 2;

/**
 * The status of a move from the value of the set it leaves (for the opponent, who moves
 * next): a lost set is a winning move, and the other way round; 0 stays unknown.
 */
export function statusAfter(value: number): MoveStatus {
  return value === LOSS ? WIN : value === WIN ? LOSS : 0;
}

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

/**
 * A move of the search packed in one int: `cell * 16 + digit` (cell 0..80, digit 1..9),
 * below {@linkcode MOVE_CODES}. The table stores winning moves this way.
 */
export function moveCode(cell: number, digit: number): number {
  return cell * 16 + digit;
}

/** The cell of a {@linkcode moveCode}. */
export function codeCell(code: number): number {
  return code >> 4;
}

/** The digit of a {@linkcode moveCode}. */
export function codeDigit(code: number): number {
  return code & 15;
}

/** Move codes are below this: per-node marks by move take this many slots. */
export const MOVE_CODES = 81 * 16;
