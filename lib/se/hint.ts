/**
 * A step of Sudoku Explainer's solve, as the ladder finds it: the rule in SE's words, its
 * rating in tenths, what it places or removes, and what a person needs to see it.
 *
 * @module
 */

/** A chain's link, for describing it: from candidate `from` (on or off) to `to`. */
export interface ChainNode {
  /** The candidate, `cell * 9 + digit - 1`. */
  readonly cand: number;
  /** Whether the chain has it true (placed) or false (removed) here. */
  readonly on: boolean;
}

/** One step: a rule instance SE would apply. */
export interface Hint {
  /** The rule, in SE's words (`Hidden Single`, `Forcing Chain`, ...). */
  readonly rule: string;
  /** Rating in tenths (`71` is 7.1). */
  readonly rating: number;
  /** The cell it places a digit in, or -1. */
  readonly cell: number;
  /** The digit placed, 0 when none. */
  readonly digit: number;
  /** Candidates it removes (`cell * 9 + digit - 1`), ascending. */
  readonly elims: readonly number[];
  /** The region of the pattern, or -1. */
  readonly region: number;
  /** The cells of the pattern. */
  readonly cells: readonly number[];
  /** The digits of the pattern. */
  readonly digits: readonly number[];
  /** For chains: each chain from its start to its end, the links in order. */
  readonly chains?: readonly (readonly ChainNode[])[];
  /** For chains: how many candidates the chains hold, which SE rates by. */
  readonly complexity?: number;
}

/**
 * Where a producer hands what it finds; returning true stops the search (the caller
 * wants only the first).
 */
export type Sink = (h: Hint) => boolean;

/** The candidates of mask m in cell c as candidate numbers, ascending, pushed to `out`. */
export function pushCands(out: number[], c: number, m: number): void {
  for (let d = 0; d < 9; d++) if (m & (1 << d)) out.push(c * 9 + d);
}
