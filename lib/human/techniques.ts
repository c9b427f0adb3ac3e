/**
 * The pattern techniques between singles and chains: block/line intersections (pointing,
 * box/line reduction), naked and hidden subsets of two to four, basic fish (x-wing,
 * swordfish, jellyfish) and the two wings (XY, XYZ). Each finds one pattern that removes
 * candidates, commits it as one step and returns true, or returns false.
 *
 * @module
 */

import { lowestBit, popcount } from "../grid/mod.ts";
import type { CandidateBoard } from "./board.ts";
import type { Technique } from "./ladder.ts";

/**
 * Pointing: a digit of a block whose candidates all lie on one line is removed from the
 * rest of that line (`box-line` when `fromBox` is false: a line's digit confined to one
 * block leaves the rest of the block).
 */
export function intersection(b: CandidateBoard, fromBox: boolean): boolean {
  const { cand } = b;
  for (const x of b.t.intersections) {
    let inBoth = 0, boxRest = 0, lineRest = 0;
    for (let i = 0; i < x.both.length; i++) inBoth |= cand[x.both[i]];
    if (inBoth === 0) continue;
    for (let i = 0; i < x.boxRest.length; i++) boxRest |= cand[x.boxRest[i]];
    for (let i = 0; i < x.lineRest.length; i++) lineRest |= cand[x.lineRest[i]];
    const digits = fromBox ? inBoth & ~boxRest & lineRest : inBoth & ~lineRest & boxRest;
    if (digits === 0) continue;
    const bit = digits & -digits;
    const targets = fromBox ? x.lineRest : x.boxRest;
    for (let i = 0; i < targets.length; i++) b.remove(targets[i], bit);
    const pattern = Array.from(x.both).filter((c) => (cand[c] & bit) !== 0);
    return b.commit(
      fromBox ? "pointing" : "box-line",
      fromBox ? [x.box, x.line] : [x.line, x.box],
      pattern,
      bit,
    );
  }
  return false;
}

const NAKED: Technique[] = [
  "naked-single",
  "naked-single",
  "naked-pair",
  "naked-triple",
  "naked-quad",
];
const HIDDEN: Technique[] = [
  "hidden-single",
  "hidden-single",
  "hidden-pair",
  "hidden-triple",
  "hidden-quad",
];
const FISH: Technique[] = ["naked-single", "naked-single", "x-wing", "swordfish", "jellyfish"];

/** Scratch lists for the subset and fish searches (sizes up to 32). */
const pick = new Int32Array(32);
const items = new Int32Array(32);
const masks = new Int32Array(32);

/**
 * Find k of `n` masks (`masks[0..n)`) whose union has exactly k bits, calling `found`
 * with the union and the chosen indexes in `pick[0..k)` until it returns true.
 */
function subsets(n: number, k: number, found: (union: number) => boolean): boolean {
  // Iterative depth-first choice of k indexes, pruning unions already above k bits.
  const unions = new Int32Array(k + 1);
  let depth = 0;
  pick[0] = -1;
  while (depth >= 0) {
    pick[depth]++;
    if (pick[depth] > n - (k - depth)) {
      depth--;
      continue;
    }
    const u = unions[depth] | masks[pick[depth]];
    if (popcount(u) > k) continue;
    if (depth === k - 1) {
      // Fewer than k bits can only come of a board that contradicts itself.
      if (popcount(u) === k && found(u)) return true;
      continue;
    }
    unions[depth + 1] = u;
    depth++;
    pick[depth] = pick[depth - 1];
  }
  return false;
}

/** A naked subset of k cells (2..4) in one house: k cells holding k digits between them. */
export function nakedSubset(b: CandidateBoard, k: number): boolean {
  const { cand, t } = b;
  const { houses, size } = t;
  for (let h = 0; h < t.houseCount; h++) {
    const base = h * size;
    let n = 0, open = 0;
    for (let i = 0; i < size; i++) {
      const c = houses[base + i];
      const m = cand[c];
      if (m === 0) continue;
      open++;
      const p = popcount(m);
      if (p >= 2 && p <= k) {
        items[n] = c;
        masks[n++] = m;
      }
    }
    // A subset of every open cell removes nothing.
    if (n < k || open <= k) continue;
    const hit = subsets(n, k, (union) => {
      const chosen = new Set<number>();
      for (let j = 0; j < k; j++) chosen.add(items[pick[j]]);
      for (let i = 0; i < size; i++) {
        const c = houses[base + i];
        if (!chosen.has(c)) b.remove(c, union);
      }
      return b.commit(NAKED[k], [h], [...chosen], union);
    });
    if (hit) return true;
  }
  return false;
}

/** A hidden subset of k digits (2..4) in one house: k digits confined to k cells. */
export function hiddenSubset(b: CandidateBoard, k: number): boolean {
  const { cand, t } = b;
  const { houses, size } = t;
  for (let h = 0; h < t.houseCount; h++) {
    const base = h * size;
    // Where each digit can go in the house, as a mask of positions in the house.
    let n = 0, open = 0;
    for (let i = 0; i < size; i++) if (cand[houses[base + i]] !== 0) open++;
    if (open <= k) continue;
    for (let d = 0; d < size; d++) {
      const bit = 1 << d;
      let where = 0;
      for (let i = 0; i < size; i++) if (cand[houses[base + i]] & bit) where |= 1 << i;
      const p = popcount(where);
      if (p >= 2 && p <= k) {
        items[n] = d;
        masks[n++] = where;
      }
    }
    if (n < k) continue;
    const hit = subsets(n, k, (where) => {
      let digits = 0;
      for (let j = 0; j < k; j++) digits |= 1 << items[pick[j]];
      const cells: number[] = [];
      for (let w = where; w !== 0; w &= w - 1) {
        const c = houses[base + lowestBit(w)];
        cells.push(c);
        b.remove(c, ~digits);
      }
      return b.commit(HIDDEN[k], [h], cells, digits);
    });
    if (hit) return true;
  }
  return false;
}

/**
 * Basic fish of k lines (x-wing 2, swordfish 3, jellyfish 4): a digit whose places in k
 * rows lie in k columns leaves those columns elsewhere (and the same with rows and
 * columns swapped).
 */
export function fish(b: CandidateBoard, k: number): boolean {
  const { cand, t } = b;
  const size = t.size;
  for (let d = 0; d < size; d++) {
    const bit = 1 << d;
    for (let byRow = 1; byRow >= 0; byRow--) {
      let n = 0;
      for (let line = 0; line < size; line++) {
        let where = 0;
        for (let i = 0; i < size; i++) {
          const c = byRow ? line * size + i : i * size + line;
          if (cand[c] & bit) where |= 1 << i;
        }
        const p = popcount(where);
        if (p >= 2 && p <= k) {
          items[n] = line;
          masks[n++] = where;
        }
      }
      if (n < k) continue;
      const hit = subsets(n, k, (cover) => {
        let baseLines = 0;
        for (let j = 0; j < k; j++) baseLines |= 1 << items[pick[j]];
        const cells: number[] = [];
        for (let w = cover; w !== 0; w &= w - 1) {
          const x = lowestBit(w);
          for (let line = 0; line < size; line++) {
            const c = byRow ? line * size + x : x * size + line;
            if (baseLines & (1 << line)) {
              if (cand[c] & bit) cells.push(c);
            } else {
              b.remove(c, bit);
            }
          }
        }
        const houses: number[] = [];
        for (let j = 0; j < k; j++) houses.push(byRow ? items[pick[j]] : size + items[pick[j]]);
        for (let w = cover; w !== 0; w &= w - 1) {
          houses.push(byRow ? size + lowestBit(w) : lowestBit(w));
        }
        return b.commit(FISH[k], houses, cells.sort((x, y) => x - y), bit);
      });
      if (hit) return true;
    }
  }
  return false;
}

/**
 * XY-wing: a pivot {a,b} seeing pincers {a,c} and {b,c}; c leaves every cell that sees
 * both pincers.
 */
export function xyWing(b: CandidateBoard): boolean {
  const { cand, t } = b;
  const { peers, peerStart, sees, cells } = t;
  for (let p = 0; p < cells; p++) {
    const pm = cand[p];
    if (popcount(pm) !== 2) continue;
    for (let i = peerStart[p]; i < peerStart[p + 1]; i++) {
      const x = peers[i];
      const xm = cand[x];
      if (popcount(xm) !== 2 || popcount(xm & pm) !== 1) continue;
      const z = xm & ~pm;
      for (let j = i + 1; j < peerStart[p + 1]; j++) {
        const y = peers[j];
        if (cand[y] !== ((pm & ~xm) | z)) continue;
        for (let c = 0; c < cells; c++) {
          if (c !== p && sees[c * cells + x] && sees[c * cells + y]) b.remove(c, z);
        }
        if (b.commit("xy-wing", [], [p, x, y], pm | z)) return true;
      }
    }
  }
  return false;
}

/**
 * XYZ-wing: a pivot {a,b,c} seeing pincers {a,c} and {b,c}; c leaves every cell that
 * sees all three.
 */
export function xyzWing(b: CandidateBoard): boolean {
  const { cand, t } = b;
  const { peers, peerStart, sees, cells } = t;
  for (let p = 0; p < cells; p++) {
    const pm = cand[p];
    if (popcount(pm) !== 3) continue;
    for (let i = peerStart[p]; i < peerStart[p + 1]; i++) {
      const x = peers[i];
      const xm = cand[x];
      if (popcount(xm) !== 2 || (xm & ~pm) !== 0) continue;
      for (let j = i + 1; j < peerStart[p + 1]; j++) {
        const y = peers[j];
        const ym = cand[y];
        if (popcount(ym) !== 2 || (ym & ~pm) !== 0 || ym === xm) continue;
        const z = xm & ym;
        for (let c = 0; c < cells; c++) {
          if (
            c !== x && c !== y && sees[c * cells + p] && sees[c * cells + x] &&
            sees[c * cells + y]
          ) {
            b.remove(c, z);
          }
        }
        if (b.commit("xyz-wing", [], [p, x, y], pm)) return true;
      }
    }
  }
  return false;
}
