/**
 * Aligned pair and triplet exclusion: of the ways two (three) cells can be filled, drop
 * those that would leave a cell seeing them all with no candidate; a digit of theirs in no
 * way left goes.
 *
 * @module
 */

import type { SeBoard } from "./board.ts";
import type { Hint, Sink } from "./hint.ts";
import { BITS, low, SEES } from "./tables.ts";

/** Cells that can empty out (up to `most` candidates), and which of them sees each cell. */
const excluders = new Int16Array(81);
const seenBy = new Int32Array(81 * 3);

/**
 * Fill `excluders` with the cells of two to `most` candidates and `seenBy[c * 3 ..]` with
 * the set of those that see cell c (bits over their index); returns how many.
 */
function collect(cand: Uint16Array, most: number): number {
  let n = 0;
  for (let x = 0; x < 81; x++) if (cand[x] !== 0 && BITS[cand[x]] <= most) excluders[n++] = x;
  seenBy.fill(0);
  for (let i = 0; i < Math.min(n, 96); i++) {
    const x = excluders[i];
    for (let c = 0; c < 81; c++) if (SEES[x * 81 + c]) seenBy[c * 3 + (i >> 5)] |= 1 << (i & 31);
  }
  return Math.min(n, 96);
}

function hint(rule: string, rating: number, elims: number[], cells: number[]): Hint {
  elims.sort((x, y) => x - y);
  return { rule, rating, cell: -1, digit: 0, elims, region: -1, cells, digits: [] };
}

/** The excluding cells of the pair or triplet at hand (`listLength` of them). */
const list = new Int16Array(96);
let listLength = 0;
const ALL = 0x1ff;

/** List the excluders of the bit sets w0, w1, w2 (over their index) in `list`. */
function fillList(w0: number, w1: number, w2: number): void {
  let n = 0;
  for (let m = w0; m !== 0; m &= m - 1) list[n++] = excluders[low(m)];
  for (let m = w1; m !== 0; m &= m - 1) list[n++] = excluders[32 + low(m)];
  for (let m = w2; m !== 0; m &= m - 1) list[n++] = excluders[64 + low(m)];
  listLength = n;
}

/** The candidates of each cell's mask that go, in cell order (allocated only for a hint). */
function elimsOf(c1: number, m1: number, c2: number, m2: number, c3: number, m3: number): number[] {
  const elims: number[] = [];
  for (let m = m1; m !== 0; m &= m - 1) elims.push(c1 * 9 + low(m));
  for (let m = m2; m !== 0; m &= m - 1) elims.push(c2 * 9 + low(m));
  for (let m = m3; m !== 0; m &= m - 1) elims.push(c3 * 9 + low(m));
  return elims;
}

/** Aligned pair exclusion (6.2): excluding cells of two candidates seeing both cells. */
export function alignedPairs(b: SeBoard, sink: Sink): boolean {
  const { cand } = b;
  const n = collect(cand, 2);
  if (n === 0) return false;
  for (let c1 = 0; c1 < 81; c1++) {
    if (BITS[cand[c1]] < 2) continue;
    for (let c2 = c1 + 1; c2 < 81; c2++) {
      if (BITS[cand[c2]] < 2) continue;
      const w0 = seenBy[c1 * 3] & seenBy[c2 * 3], w1 = seenBy[c1 * 3 + 1] & seenBy[c2 * 3 + 1];
      const w2 = seenBy[c1 * 3 + 2] & seenBy[c2 * 3 + 2];
      if ((w0 | w1 | w2) === 0) continue;
      fillList(w0, w1, w2);
      const sees = SEES[c1 * 81 + c2] === 1;
      const all1 = cand[c1], all2 = cand[c2];
      let keep1 = 0, keep2 = 0;
      // For each digit of c2, the digits of c1 it leaves some excluding cell empty with.
      for (let m2 = all2; m2 !== 0 && (keep1 !== all1 || keep2 !== all2); m2 &= m2 - 1) {
        const bb = m2 & -m2;
        let out = sees ? bb : 0;
        for (let e = 0; e < listLength; e++) {
          const r = cand[list[e]] & ~bb;
          if (r === 0) out = ALL;
          else if ((r & (r - 1)) === 0) out |= r;
        }
        const left = all1 & ~out;
        if (left !== 0) {
          keep1 |= left;
          keep2 |= bb;
        }
      }
      const gone1 = all1 & ~keep1, gone2 = all2 & ~keep2;
      if ((gone1 | gone2) === 0) continue;
      const elims = elimsOf(c1, gone1, c2, gone2, 0, 0);
      if (sink(hint("Aligned Pair Exclusion", 62, elims, [c1, c2]))) return true;
    }
  }
  return false;
}

/** Cells of two candidates or more, for the triplets. */
const cells = new Uint8Array(81);

/**
 * Aligned triplet exclusion (7.5): the same for three cells, with excluding cells of up
 * to three candidates seeing all three.
 */
export function alignedTriplets(b: SeBoard, sink: Sink): boolean {
  const { cand } = b;
  const n = collect(cand, 3);
  if (n === 0) return false;
  let count = 0;
  for (let c = 0; c < 81; c++) if (BITS[cand[c]] >= 2) cells[count++] = c;
  for (let i = 0; i < count; i++) {
    const c1 = cells[i];
    for (let j = i + 1; j < count; j++) {
      const c2 = cells[j];
      const p0 = seenBy[c1 * 3] & seenBy[c2 * 3], p1 = seenBy[c1 * 3 + 1] & seenBy[c2 * 3 + 1];
      const p2 = seenBy[c1 * 3 + 2] & seenBy[c2 * 3 + 2];
      if ((p0 | p1 | p2) === 0) continue;
      for (let k = j + 1; k < count; k++) {
        const c3 = cells[k];
        const w0 = p0 & seenBy[c3 * 3], w1 = p1 & seenBy[c3 * 3 + 1];
        const w2 = p2 & seenBy[c3 * 3 + 2];
        if ((w0 | w1 | w2) === 0) continue;
        fillList(w0, w1, w2);
        const s12 = SEES[c1 * 81 + c2] === 1, s13 = SEES[c1 * 81 + c3] === 1;
        const s23 = SEES[c2 * 81 + c3] === 1;
        const all1 = cand[c1], all2 = cand[c2], all3 = cand[c3];
        let keep1 = 0, keep2 = 0, keep3 = 0;
        // For each digits of c2 and c3, the digits of c1 that leave every excluding cell some
        // candidate; stop once everything is kept.
        for (let m2 = all2; m2 !== 0; m2 &= m2 - 1) {
          const bb = m2 & -m2;
          for (let m3 = all3; m3 !== 0; m3 &= m3 - 1) {
            const cc = m3 & -m3;
            if (s23 && bb === cc) continue;
            let out = (s12 ? bb : 0) | (s13 ? cc : 0);
            const two = bb | cc;
            for (let e = 0; e < listLength; e++) {
              const r = cand[list[e]] & ~two;
              if (r === 0) out = ALL;
              else if ((r & (r - 1)) === 0) out |= r;
            }
            const left = all1 & ~out;
            if (left !== 0) {
              keep1 |= left;
              keep2 |= bb;
              keep3 |= cc;
            }
          }
          if (keep1 === all1 && keep2 === all2 && keep3 === all3) break;
        }
        const gone1 = all1 & ~keep1, gone2 = all2 & ~keep2, gone3 = all3 & ~keep3;
        if ((gone1 | gone2 | gone3) === 0) continue;
        const elims = elimsOf(c1, gone1, c2, gone2, c3, gone3);
        if (sink(hint("Aligned Triplet Exclusion", 75, elims, [c1, c2, c3]))) return true;
      }
    }
  }
  return false;
}
