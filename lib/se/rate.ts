/**
 * Sudoku Explainer's rating: the puzzle solved step by step, each step the first hint of
 * the first producer (in SE's order) that finds one; ER is the highest rating of the path,
 * EP the highest up to the first placement, ED the rating of the first step.
 *
 * @module
 */

import { countSolutions } from "../solve/mod.ts";
import { SeBoard } from "./board.ts";
import type { Hint } from "./hint.ts";
import { PRODUCERS } from "./ladder.ts";

/** SE's three numbers for a puzzle, in tenths, and how it got there. */
export interface SeRating {
  /** Highest rating along the path (SE's ER); 200 when SE's rules cannot solve it. */
  readonly er: number;
  /** Highest rating up to the first placement (EP). */
  readonly ep: number;
  /** Rating of the first step (ED). */
  readonly ed: number;
  /** The rule that gave ER (undefined for a full grid). */
  readonly hardest: string | undefined;
  /** Steps of each rule. */
  readonly counts: Readonly<Record<string, number>>;
  /** The path, when asked for. */
  readonly steps?: readonly Hint[];
}

/**
 * A puzzle's SE rating after the check SE assumes passed: `valid: false` with the reason
 * when it has no solution or more than one.
 */
export type SePuzzleRating =
  | ({ readonly valid: true } & SeRating)
  | { readonly valid: false; readonly reason: string };

/** Rates 9×9 puzzles like SE, reusing one board. */
export class SeRater {
  readonly #board = new SeBoard();

  /**
   * Check that `grid` (81 digits, 0 empty) has one solution, then {@linkcode SeRater.rate}
   * it; `valid: false` with the reason (the rule it breaks, no solution, more than one)
   * when not.
   */
  ratePuzzle(grid: Uint8Array, steps = false): SePuzzleRating {
    const counted = countSolutions(grid, 9, { limit: 2, variant: "sudoku" });
    if (counted.count !== 1) {
      const reason = counted.count === 0
        ? counted.conflict ?? "no solution"
        : "more than one solution";
      return { valid: false, reason };
    }
    return { valid: true, ...this.rate(grid, steps) };
  }

  /**
   * Rate `grid` (81 digits, 0 empty; it should have one solution: SE's rules assume it).
   * `steps` keeps the path; the solve stops as soon as ER goes above `above` (the
   * rating is then only a lower bound).
   */
  rate(grid: Uint8Array, steps = false, above = Infinity): SeRating {
    const b = this.#board;
    const path: Hint[] | undefined = steps ? [] : undefined;
    const counts: Record<string, number> = {};
    let er = 0, ep = 0, ed = 0;
    let hardest: string | undefined;
    if (!b.load(grid)) return { er: 0, ep: 0, ed: 0, hardest, counts };
    let found: Hint | undefined;
    const take = (h: Hint) => {
      found = h;
      return true;
    };
    while (b.empty > 0) {
      found = undefined;
      for (const producer of PRODUCERS) if (producer(b, take, false)) break;
      const h = found as Hint | undefined;
      if (h === undefined) {
        er = 200;
        hardest = undefined;
        break;
      }
      if (h.rating > er) {
        er = h.rating;
        hardest = h.rule;
        if (er > above) break;
      }
      if (ep === 0) {
        if (ed === 0) ed = er;
        if (h.cell >= 0) ep = er;
      }
      counts[h.rule] = (counts[h.rule] ?? 0) + 1;
      path?.push(h);
      if (h.cell >= 0) b.place(h.cell, h.digit);
      for (const p of h.elims) {
        const c = (p / 9) | 0;
        if (b.value[c] === 0) b.remove(c, 1 << (p % 9));
      }
    }
    return { er, ep, ed, hardest, counts, ...(path ? { steps: path } : {}) };
  }
}
