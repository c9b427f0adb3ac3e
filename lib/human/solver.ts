/**
 * The human solver: climbs the ladder of techniques, always taking the lowest rung that
 * makes progress and starting again from the bottom after each step, and counts what it
 * used.
 *
 * @module
 */

import type { Variant } from "../grid/mod.ts";
import { CandidateBoard, type Step } from "./board.ts";
import { forcingChain, guess, simpleColouring, xyChain } from "./chains.ts";
import { RUNG, TECHNIQUES } from "./ladder.ts";
import { humanTables } from "./tables.ts";
import { fish, hiddenSubset, intersection, nakedSubset, xyWing, xyzWing } from "./techniques.ts";

/** The rung of `guess`, the top of the ladder. */
export const TOP_RUNG: number = TECHNIQUES.length - 1;

/** Solves like a person, one size and rule set, reusing its board from puzzle to puzzle. */
export class HumanSolver {
  /** The board of the last solve (its state where the solve ended). */
  readonly board: CandidateBoard;
  /** Steps of each rung used by the last solve (a naked-single sweep counts each cell). */
  readonly counts: Int32Array = new Int32Array(TECHNIQUES.length);

  /** A solver for S×S grids under `variant` (sizes up to 32). */
  constructor(size: number, variant: Variant) {
    this.board = new CandidateBoard(humanTables(size, variant));
  }

  /**
   * Solve `grid` with rungs `0..maxRung` only; returns the hardest rung used (-1 when the
   * grid was full), or `-2` when the grid is stuck (the board then holds where). Givens
   * that repeat in a house are stuck at once. `solution`, when given, lets the `guess`
   * rung place its digits; `record` keeps the steps in `board.steps`.
   */
  solve(grid: Uint8Array, maxRung: number, solution?: Uint8Array, record = false): number {
    const b = this.board;
    this.counts.fill(0);
    b.steps = record ? [] : undefined;
    b.solution = solution;
    if (!b.load(grid)) return -2;
    let hardest = -1;
    while (b.empty > 0) {
      let r = 0;
      const before = record ? b.steps!.length : b.empty;
      for (; r <= maxRung; r++) if (this.#apply(r)) break;
      if (r > maxRung) return -2;
      // A naked-single sweep places several cells at once: each is a step.
      this.counts[r] += r === 0 ? (record ? b.steps!.length - before : before - b.empty) : 1;
      if (r > hardest) hardest = r;
    }
    return hardest;
  }

  #apply(rung: number): boolean {
    const b = this.board;
    switch (rung) {
      case RUNG["naked-single"]:
        return b.nakedSingles();
      case RUNG["hidden-single"]:
        return b.hiddenSingle();
      case RUNG["pointing"]:
        return intersection(b, true);
      case RUNG["box-line"]:
        return intersection(b, false);
      case RUNG["naked-pair"]:
        return nakedSubset(b, 2);
      case RUNG["hidden-pair"]:
        return hiddenSubset(b, 2);
      case RUNG["x-wing"]:
        return fish(b, 2);
      case RUNG["naked-triple"]:
        return nakedSubset(b, 3);
      case RUNG["swordfish"]:
        return fish(b, 3);
      case RUNG["hidden-triple"]:
        return hiddenSubset(b, 3);
      case RUNG["xy-wing"]:
        return xyWing(b);
      case RUNG["xyz-wing"]:
        return xyzWing(b);
      case RUNG["naked-quad"]:
        return nakedSubset(b, 4);
      case RUNG["jellyfish"]:
        return fish(b, 4);
      case RUNG["hidden-quad"]:
        return hiddenSubset(b, 4);
      case RUNG["simple-colouring"]:
        return simpleColouring(b);
      case RUNG["xy-chain"]:
        return xyChain(b);
      case RUNG["forcing-chain"]:
        return forcingChain(b);
      case RUNG["guess"]:
        return guess(b);
    }
    return false;
  }

  /** The steps of the last solve, when it recorded them. */
  get steps(): readonly Step[] {
    return this.board.steps ?? [];
  }
}
