/**
 * Aligned pair and triplet exclusion: of the ways two (three) cells can be filled, drop
 * those that would leave a cell seeing them with no candidate; a digit of theirs in no way
 * left goes.
 *
 * @module
 */

import type { SeBoard } from "./board.ts";
import type { Hint, Sink } from "./hint.ts";
import { BITS, low, SEES } from "./tables.ts";

/** Aligned pair exclusion (6.2). */
export function alignedPairs(b: SeBoard, sink: Sink): boolean {
  const { cand } = b;
  const small: number[] = [];
  for (let x = 0; x < 81; x++) if (cand[x] !== 0 && BITS[cand[x]] <= 2) small.push(x);
  for (let c1 = 0; c1 < 81; c1++) {
    if (BITS[cand[c1]] < 2) continue;
    for (let c2 = c1 + 1; c2 < 81; c2++) {
      if (BITS[cand[c2]] < 2) continue;
      // Cells seeing both, small enough to be emptied by two digits.
      const excluders: number[] = [];
      for (const x of small) {
        if (x !== c1 && x !== c2 && SEES[x * 81 + c1] && SEES[x * 81 + c2]) excluders.push(x);
      }
      if (excluders.length === 0) continue;
      const sees = SEES[c1 * 81 + c2] === 1;
      let keep1 = 0, keep2 = 0;
      for (let m1 = cand[c1]; m1 !== 0; m1 &= m1 - 1) {
        const a = m1 & -m1;
        for (let m2 = cand[c2]; m2 !== 0; m2 &= m2 - 1) {
          const bb = m2 & -m2;
          if (sees && a === bb) continue;
          const both = a | bb;
          if (excluders.some((x) => (cand[x] & ~both) === 0)) continue;
          keep1 |= a;
          keep2 |= bb;
        }
      }
      const elims: number[] = [];
      for (let m = cand[c1] & ~keep1; m !== 0; m &= m - 1) elims.push(c1 * 9 + low(m));
      for (let m = cand[c2] & ~keep2; m !== 0; m &= m - 1) elims.push(c2 * 9 + low(m));
      if (elims.length === 0) continue;
      elims.sort((x, y) => x - y);
      const h: Hint = {
        rule: "Aligned Pair Exclusion",
        rating: 62,
        cell: -1,
        digit: 0,
        elims,
        region: -1,
        cells: [c1, c2],
        digits: [],
      };
      if (sink(h)) return true;
    }
  }
  return false;
}

/** Aligned triplet exclusion (7.5): the same for three cells, with cells seeing all three. */
export function alignedTriplets(b: SeBoard, sink: Sink): boolean {
  const { cand } = b;
  const cells: number[] = [];
  for (let c = 0; c < 81; c++) if (BITS[cand[c]] >= 2) cells.push(c);
  const n = cells.length;
  const small: number[] = [];
  for (let x = 0; x < 81; x++) if (cand[x] !== 0 && BITS[cand[x]] <= 3) small.push(x);
  const excl: number[] = [];
  const excl2: number[] = [];
  for (let i = 0; i < n; i++) {
    const c1 = cells[i];
    for (let j = i + 1; j < n; j++) {
      const c2 = cells[j];
      // Cells seeing all three, small enough to be emptied by three digits.
      excl2.length = 0;
      for (const x of small) {
        if (x !== c1 && x !== c2 && SEES[x * 81 + c1] && SEES[x * 81 + c2]) excl2.push(x);
      }
      if (excl2.length === 0) continue;
      for (let k = j + 1; k < n; k++) {
        const c3 = cells[k];
        excl.length = 0;
        for (const x of excl2) if (x !== c3 && SEES[x * 81 + c3]) excl.push(x);
        if (excl.length === 0) continue;
        const s12 = SEES[c1 * 81 + c2] === 1, s13 = SEES[c1 * 81 + c3] === 1;
        const s23 = SEES[c2 * 81 + c3] === 1;
        let keep1 = 0, keep2 = 0, keep3 = 0;
        for (let m1 = cand[c1]; m1 !== 0; m1 &= m1 - 1) {
          const a = m1 & -m1;
          for (let m2 = cand[c2]; m2 !== 0; m2 &= m2 - 1) {
            const bb = m2 & -m2;
            if (s12 && a === bb) continue;
            for (let m3 = cand[c3]; m3 !== 0; m3 &= m3 - 1) {
              const cc = m3 & -m3;
              if ((s13 && a === cc) || (s23 && bb === cc)) continue;
              const all = a | bb | cc;
              if (excl.some((x) => (cand[x] & ~all) === 0)) continue;
              keep1 |= a;
              keep2 |= bb;
              keep3 |= cc;
            }
          }
        }
        const elims: number[] = [];
        for (let m = cand[c1] & ~keep1; m !== 0; m &= m - 1) elims.push(c1 * 9 + low(m));
        for (let m = cand[c2] & ~keep2; m !== 0; m &= m - 1) elims.push(c2 * 9 + low(m));
        for (let m = cand[c3] & ~keep3; m !== 0; m &= m - 1) elims.push(c3 * 9 + low(m));
        if (elims.length === 0) continue;
        elims.sort((x, y) => x - y);
        const h: Hint = {
          rule: "Aligned Triplet Exclusion",
          rating: 75,
          cell: -1,
          digit: 0,
          elims,
          region: -1,
          cells: [c1, c2, c3],
          digits: [],
        };
        if (sink(h)) return true;
      }
    }
  }
  return false;
}
