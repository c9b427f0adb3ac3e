/**
 * Sudoku Explainer's dynamic chains: implications followed on a copy of the grid that
 * loses each candidate the chain turns off, so that a cell left with one candidate, or a
 * digit left with one place in a region, turns on (its parents being every candidate that
 * had to go). Nishio chains follow one digit only; the full ones every link.
 *
 * @module
 */

import type { SeBoard } from "./board.ts";
import type { ChainNode } from "./hint.ts";
import { BITS, CELL_REGIONS, HOUSE_CELLS, low, REGION } from "./tables.ts";

const POTENTIALS = 729 * 2;

/** One dynamic search: the potentials reached, each once, with their parents. */
export class DynamicChains {
  /** Working candidates. */
  readonly cand: Uint16Array = new Uint16Array(81);
  /** Node of each potential reached, -1 if not. */
  readonly node: Int32Array = new Int32Array(POTENTIALS).fill(-1);
  /** Potential of each node. */
  readonly pot: Int16Array = new Int16Array(POTENTIALS);
  /** Parents of node i: `parents[parentStart[i] .. parentStart[i + 1])` (nodes). */
  readonly parentStart: Int32Array = new Int32Array(POTENTIALS + 1);
  parents: Int32Array = new Int32Array(8192);
  count = 0;
  #parentCount = 0;
  readonly #queueOn: Int32Array = new Int32Array(POTENTIALS);
  readonly #queueOff: Int32Array = new Int32Array(POTENTIALS);
  /** A contradiction found: the node turned on and the node turned off, else -1. */
  clashOn = -1;
  clashOff = -1;
  /** Options under test. */
  nishio = false;

  #reset(b: SeBoard): void {
    for (let i = 0; i < this.count; i++) this.node[this.pot[i]] = -1;
    this.count = 0;
    this.#parentCount = 0;
    this.cand.set(b.cand);
    this.clashOn = this.clashOff = -1;
  }

  /** Add potential p with parents `scratch[0 .. count)` (nodes). */
  #add(p: number, count: number): number {
    const n = this.count++;
    this.pot[n] = p;
    this.node[p] = n;
    this.parentStart[n] = this.#parentCount;
    if (this.#parentCount + count > this.parents.length) {
      const bigger = new Int32Array(this.parents.length * 2);
      bigger.set(this.parents);
      this.parents = bigger;
    }
    for (let i = 0; i < count; i++) this.parents[this.#parentCount++] = scratch[i];
    this.parentStart[n + 1] = this.#parentCount;
    return n;
  }

  /**
   * Reach potential p from the parents in `scratch[0 .. count)`: a new node queued, and a
   * clash recorded when its opposite was reached; returns whether to stop.
   */
  #reach(p: number, count: number, stopAtClash: boolean): boolean {
    if (this.node[p] >= 0) return false;
    const opposite = this.node[p ^ 1];
    const n = this.#add(p, count);
    if (p & 1) this.#queueOn[this.#tOn++] = n;
    else this.#queueOff[this.#tOff++] = n;
    if (opposite >= 0 && this.clashOn < 0) {
      this.clashOn = p & 1 ? n : opposite;
      this.clashOff = p & 1 ? opposite : n;
      return stopAtClash;
    }
    return false;
  }

  #tOn = 0;
  #tOff = 0;

  /**
   * Follow everything `start` (a potential) implies on board b, stopping at the first
   * contradiction (`clashOn`/`clashOff`) when `stopAtClash`; returns whether one was found.
   */
  run(b: SeBoard, start: number, stopAtClash = true): boolean {
    this.#reset(b);
    const orig = b.cand;
    const cand = this.cand;
    const qOn = this.#queueOn, qOff = this.#queueOff;
    let hOn = 0, hOff = 0;
    this.#tOn = this.#tOff = 0;
    this.#reach(start, 0, stopAtClash);
    const nishio = this.nishio;
    while (hOn < this.#tOn || hOff < this.#tOff) {
      if (hOn < this.#tOn) {
        const n = qOn[hOn++];
        scratch[0] = n;
        const p = this.pot[n], cd = p >> 1, c = (cd / 9) | 0, d = cd - c * 9;
        if (!nishio) {
          for (let m = cand[c] & ~(1 << d); m !== 0; m &= m - 1) {
            if (this.#reach((c * 9 + (31 - Math.clz32(m & -m))) * 2, 1, stopAtClash)) return true;
          }
        }
        const bit = 1 << d;
        for (let i = c * 20, end = i + 20; i < end; i++) {
          const q = HOUSE_CELLS[i];
          if ((cand[q] & bit) !== 0) {
            scratch[0] = n;
            if (this.#reach((q * 9 + d) * 2, 1, stopAtClash)) return true;
          }
        }
      } else {
        const n = qOff[hOff++];
        const p = this.pot[n], cd = p >> 1, c = (cd / 9) | 0, d = cd - c * 9;
        // The grid loses a candidate when the chain takes up its removal.
        cand[c] &= ~(1 << d);
        // A cell left with one candidate.
        if (!nishio && BITS[cand[c]] === 1) {
          const w = low(cand[c]);
          let k = 0;
          for (let m = orig[c] & ~(1 << w); m !== 0; m &= m - 1) {
            const x = this.node[(c * 9 + low(m)) * 2];
            if (x >= 0) scratch[k++] = x;
          }
          if (this.#reach((c * 9 + w) * 2 + 1, k, stopAtClash)) return true;
        }
        // A digit left with one place in a region.
        const bit = 1 << d;
        for (let r = 0; r < 3; r++) {
          const h = CELL_REGIONS[c * 3 + r];
          let left = -1, count = 0;
          for (let i = h * 9; i < h * 9 + 9; i++) {
            if (cand[REGION[i]] & bit) {
              count++;
              left = REGION[i];
            }
          }
          if (count !== 1) continue;
          let k = 0;
          for (let i = h * 9; i < h * 9 + 9; i++) {
            const q = REGION[i];
            if (q === left || (orig[q] & bit) === 0) continue;
            const x = this.node[(q * 9 + d) * 2];
            if (x >= 0) scratch[k++] = x;
          }
          if (this.#reach((left * 9 + d) * 2 + 1, k, stopAtClash)) return true;
        }
      }
    }
    return this.clashOn >= 0;
  }

  /** How many distinct potentials node n rests on, itself included. */
  ancestors(n: number): number {
    const seen = ancestorSeen;
    const stack = ancestorStack;
    seen.fill(0, 0, this.count);
    let top = 0, total = 0;
    stack[top++] = n;
    seen[n] = 1;
    while (top > 0) {
      const x = stack[--top];
      total++;
      for (let i = this.parentStart[x]; i < this.parentStart[x + 1]; i++) {
        const y = this.parents[i];
        if (!seen[y]) {
          seen[y] = 1;
          stack[top++] = y;
        }
      }
    }
    return total;
  }

  /** The chain to node n, its first parents followed back. */
  path(n: number): ChainNode[] {
    const out: ChainNode[] = [];
    for (let x = n; x >= 0;) {
      out.push({ cand: this.pot[x] >> 1, on: (this.pot[x] & 1) === 1 });
      x = this.parentStart[x + 1] > this.parentStart[x] ? this.parents[this.parentStart[x]] : -1;
    }
    return out.reverse();
  }
}

const scratch = new Int32Array(32);
const ancestorSeen = new Uint8Array(POTENTIALS);
const ancestorStack = new Int32Array(POTENTIALS);
