/**
 * The solutions of an endgame position and their keys, narrowed as moves are played.
 *
 * Each solution carries two 32-bit keys computed from its 81 digits (`endgame_table.ts`),
 * so a set's key is the XOR of its solutions' keys whatever order they came in.
 *
 * @module
 */

import { secondKey, solutionKeys } from "./endgame_table.ts";
import type { SearchLimits } from "./endgame_types.ts";

/** Most solutions a position may have to be loaded. */
export const MAX_SOLUTIONS = 4_000_000;
/** `load` reads the clock once every LOAD_CHECK + 1 solutions (a few milliseconds). */
const LOAD_CHECK = 8191;

/** A position's solutions (81 digits each, row after row) and their two keys each. */
export class SolutionSet {
  /** Number of solutions. */
  n = 0;
  /** The solutions, 81 digits each; only the first `n` rows are the set. */
  sol: Uint8Array = new Uint8Array(0);
  /** First key of each solution. */
  key1: Int32Array = new Int32Array(0);
  /** Second key of each solution. */
  key2: Int32Array = new Int32Array(0);

  /**
   * Take `n` solutions and compute their keys; false (and an empty set) when the deadline
   * in `limits` passes first. With `adopt` the set takes `solutions` over instead of
   * copying it and narrows it in place: a bot's enumeration buffer of half a million
   * solutions is 40 MB, whose copy took a third of the load.
   */
  load(solutions: Uint8Array, n: number, limits: SearchLimits = {}, adopt = false): boolean {
    if (n > MAX_SOLUTIONS) throw new RangeError(`too many solutions for the endgame: ${n}`);
    if (adopt && solutions.length >= n * 81) {
      this.sol = solutions;
    } else {
      if (this.sol.length < n * 81) this.sol = new Uint8Array(Math.max(n, 1024) * 81);
      this.sol.set(solutions.subarray(0, n * 81));
    }
    if (this.key1.length < n) {
      this.key1 = new Int32Array(Math.max(n, 1024));
      this.key2 = new Int32Array(Math.max(n, 1024));
    }
    const { deadline, now } = limits;
    const late = deadline === undefined || now === undefined
      ? () => false
      : () => now() >= deadline;
    for (let s = 0; s < n; s++) {
      if ((s & LOAD_CHECK) === LOAD_CHECK && late()) {
        this.n = 0;
        return false;
      }
      this.key1[s] = solutionKeys(this.sol, s * 81);
      this.key2[s] = secondKey.value;
    }
    this.n = n;
    return true;
  }

  /** Keep the solutions holding `digit` at `cell`. */
  keep(cell: number, digit: number): void {
    const sol = this.sol;
    let w = 0;
    for (let s = 0; s < this.n; s++) {
      if (sol[s * 81 + cell] !== digit) continue;
      if (w !== s) {
        sol.copyWithin(w * 81, s * 81, s * 81 + 81);
        this.key1[w] = this.key1[s];
        this.key2[w] = this.key2[s];
      }
      w++;
    }
    this.n = w;
  }

  /** How many solutions hold `digit` at `cell`. */
  count(cell: number, digit: number): number {
    let c = 0;
    for (let s = 0; s < this.n; s++) if (this.sol[s * 81 + cell] === digit) c++;
    return c;
  }
}
