/**
 * Sudoku Explainer's rules below the chains, each searching in SE's order and handing
 * each instance to a sink: singles and the direct rules (1.0-2.5), intersections, naked
 * and hidden subsets, basic fish, XY- and XYZ-wings. Regions are taken blocks first, then
 * columns, then rows, as SE takes them.
 *
 * @module
 */

import type { SeBoard } from "./board.ts";
import type { Hint, Sink } from "./hint.ts";
import { pushCands } from "./hint.ts";
import {
  BITS,
  CELL_REGIONS,
  COL,
  COLUMNS,
  HOUSE_CELLS,
  low,
  REGION,
  ROW,
  ROWS,
  SEES,
} from "./tables.ts";

/** Regions in SE's order: blocks, columns, rows. */
export const REGION_ORDER: Uint8Array = Uint8Array.from([
  ...Array.from({ length: 9 }, (_, i) => i),
  ...Array.from({ length: 9 }, (_, i) => COLUMNS + i),
  ...Array.from({ length: 9 }, (_, i) => ROWS + i),
]);

function placement(
  rule: string,
  rating: number,
  c: number,
  d: number,
  region: number,
  cells: readonly number[],
  digits: readonly number[],
): Hint {
  return { rule, rating, cell: c, digit: d, elims: [], region, cells, digits };
}

function elimination(
  rule: string,
  rating: number,
  elims: number[],
  region: number,
  cells: readonly number[],
  digits: readonly number[],
): Hint {
  elims.sort((a, b) => a - b);
  return { rule, rating, cell: -1, digit: 0, elims, region, cells, digits };
}

/** Hidden singles' ratings, in the order SE hands them over. */
const SINGLE_PASSES = [10, 12, 15];
/** Per region, 1 when it has one empty cell left (this call's). */
const lastEmpty = new Uint8Array(27);

/**
 * Hidden singles: a digit with one place left in a region. A region with one empty cell
 * left rates 1.0, a block 1.2, a row or column 1.5; SE hands them over easiest first.
 */
export function hiddenSingles(b: SeBoard, sink: Sink): boolean {
  const pos = b.positions();
  for (let h = 0; h < 27; h++) lastEmpty[h] = b.emptyIn(h) === 1 ? 1 : 0;
  for (const pass of SINGLE_PASSES) {
    for (let i = 0; i < 27; i++) {
      const h = REGION_ORDER[i];
      const full = lastEmpty[h] === 1;
      const rating = full ? 10 : h < ROWS ? 12 : 15;
      if (rating !== pass) continue;
      for (let d = 0; d < 9; d++) {
        const m = pos[h * 9 + d];
        if (m === 0 || (m & (m - 1)) !== 0) continue;
        const c = REGION[h * 9 + low(m)];
        if (sink(placement("Hidden Single", rating, c, d + 1, h, [c], [d + 1]))) return true;
      }
    }
  }
  return false;
}

/** Naked singles: a cell with one candidate left (2.3), in reading order. */
export function nakedSingles(b: SeBoard, sink: Sink): boolean {
  const { cand } = b;
  for (let c = 0; c < 81; c++) {
    const m = cand[c];
    if (m === 0 || (m & (m - 1)) !== 0) continue;
    if (sink(placement("Naked Single", 23, c, low(m) + 1, -1, [c], [low(m) + 1]))) return true;
  }
  return false;
}

/**
 * The cell where digit d (0-based) would be a hidden single in a region of `kind` (the
 * first region of its kind) once the cells of `gone` (a set over cells) lose it; -1 if
 * none. SE looks only at the regions of the kind the intersection starts from.
 */
function singleAfter(
  b: SeBoard,
  d: number,
  kind: number,
  gone: Uint8Array,
  regionOut: Int32Array,
): number {
  const bit = 1 << d;
  const { cand } = b;
  for (let h = kind; h < kind + 9; h++) {
    let n = 0, last = -1, touched = false;
    for (let k = h * 9; k < h * 9 + 9; k++) {
      const c = REGION[k];
      if ((cand[c] & bit) === 0) continue;
      if (gone[c]) touched = true;
      else {
        n++;
        last = c;
      }
    }
    if (touched && n === 1) {
      regionOut[0] = h;
      return last;
    }
  }
  return -1;
}

const gone = new Uint8Array(81);
const regionOut = new Int32Array(1);
// Pointing: block to column, block to row; claiming: column to block, row to block.
const INTERSECTION_FROM = [0, 0, COLUMNS, ROWS];
const INTERSECTION_TO = [COLUMNS, ROWS, 0, 0];
/**
 * For each (pair, region i of kind `from`, j): the j-th region of kind `to` crossing it (three
 * blocks of a line, three lines of a block, in order), the places of the first inside the
 * second, and the places of the second inside the first.
 */
const CROSS_TARGET = new Uint8Array(4 * 9 * 3);
const CROSS_INSIDE = new Uint16Array(4 * 9 * 3);
const CROSS_IN_TARGET = new Uint16Array(4 * 9 * 3);
for (let pair = 0; pair < 4; pair++) {
  const from = INTERSECTION_FROM[pair], to = INTERSECTION_TO[pair];
  for (let i = 0; i < 9; i++) {
    const h = from + i;
    for (let j = 0; j < 3; j++) {
      const target = to === 0
        ? (from === ROWS ? Math.floor(i / 3) * 3 + j : j * 3 + Math.floor(i / 3))
        : to + (to === ROWS ? Math.floor(i / 3) * 3 + j : (i % 3) * 3 + j);
      let inside = 0, inTarget = 0;
      for (let k = 0; k < 9; k++) {
        if (CELL_REGIONS[REGION[h * 9 + k] * 3 + (to === 0 ? 0 : to === ROWS ? 1 : 2)] === target) {
          inside |= 1 << k;
        }
        const c = REGION[target * 9 + k];
        if (
          CELL_REGIONS[c * 3] === h || CELL_REGIONS[c * 3 + 1] === h ||
          CELL_REGIONS[c * 3 + 2] === h
        ) inTarget |= 1 << k;
      }
      const at = (pair * 9 + i) * 3 + j;
      CROSS_TARGET[at] = target;
      CROSS_INSIDE[at] = inside;
      CROSS_IN_TARGET[at] = inTarget;
    }
  }
}

/**
 * Intersections (pointing: a block's digit confined to one line; claiming: a line's digit
 * confined to one block). `direct`: only those whose removals leave a hidden single, which
 * is placed (1.7 and 1.9); else the removals themselves (2.6 and 2.8).
 */
export function intersections(b: SeBoard, direct: boolean, sink: Sink): boolean {
  const pos = b.positions();
  const { cand } = b;
  for (let pair = 0; pair < 4; pair++) {
    const from = INTERSECTION_FROM[pair];
    const pointing = from === 0;
    for (let i = 0; i < 9; i++) {
      const h = from + i;
      // The regions of the other kind crossing h (`CROSS_TARGET`), in order.
      for (let j = 0; j < 3; j++) {
        const at = (pair * 9 + i) * 3 + j;
        const target = CROSS_TARGET[at], inside = CROSS_INSIDE[at], inTarget = CROSS_IN_TARGET[at];
        for (let d = 0; d < 9; d++) {
          const m = pos[h * 9 + d];
          if (BITS[m] < 2 || (m & ~inside) !== 0) continue;
          const bit = 1 << d;
          // The target's places of d outside h: none, and there is nothing to remove.
          if ((pos[target * 9 + d] & ~inTarget) === 0) continue;
          const elims: number[] = [];
          for (let k = 0; k < 9; k++) {
            const c = REGION[target * 9 + k];
            if ((cand[c] & bit) === 0 || (inTarget & (1 << k)) !== 0) continue;
            elims.push(c * 9 + d);
          }
          if (elims.length === 0) continue;
          const cells: number[] = [];
          for (let k = 0; k < 9; k++) if (m & (1 << k)) cells.push(REGION[h * 9 + k]);
          if (!direct) {
            const rule = pointing ? "Pointing" : "Claiming";
            const h2 = elimination(rule, pointing ? 26 : 28, elims, h, cells, [d + 1]);
            if (sink(h2)) return true;
            continue;
          }
          for (const p of elims) gone[(p - d) / 9] = 1;
          const c = singleAfter(b, d, from, gone, regionOut);
          for (const p of elims) gone[(p - d) / 9] = 0;
          if (c < 0) continue;
          const rule = pointing ? "Direct Pointing" : "Direct Claiming";
          if (sink(placement(rule, pointing ? 17 : 19, c, d + 1, regionOut[0], cells, [d + 1]))) {
            return true;
          }
        }
      }
    }
  }
  return false;
}

/** Names of the subsets by size. */
const NAKED = ["", "", "Naked Pair", "Naked Triplet", "Naked Quad"];
const HIDDEN = ["", "", "Hidden Pair", "Hidden Triplet", "Hidden Quad"];
const NAKED_RATING = [0, 0, 30, 36, 50];
const HIDDEN_RATING = [0, 0, 34, 40, 54];
const FISH = ["", "", "X-Wing", "Swordfish", "Jellyfish"];
const FISH_RATING = [0, 0, 32, 38, 52];

/** Scratch: chosen indexes of a k-subset, and the union of the masks before each. */
const pick = new Int32Array(4);
const kUnions = new Int32Array(5);

/**
 * Call `each` with every k-subset of the indexes 0..n-1 whose masks (`masks[i]`) have
 * between 2 and k bits and whose union has exactly k bits, in lexicographic order;
 * stops when `each` returns true.
 */
function kSubsets(
  masks: Uint16Array,
  n: number,
  k: number,
  each: (union: number) => boolean,
): boolean {
  // Fewer than k masks of 2 to k bits: no subset at all.
  let fit = 0;
  for (let i = 0; i < n; i++) if (BITS[masks[i]] >= 2 && BITS[masks[i]] <= k) fit++;
  if (fit < k) return false;
  const unions = kUnions;
  let depth = 0;
  pick[0] = -1;
  while (depth >= 0) {
    pick[depth]++;
    if (pick[depth] > n - (k - depth)) {
      depth--;
      continue;
    }
    const m = masks[pick[depth]];
    if (BITS[m] < 2 || BITS[m] > k) continue;
    const u = unions[depth] | m;
    if (BITS[u] > k) continue;
    if (depth === k - 1) {
      if (BITS[u] === k && each(u)) return true;
      continue;
    }
    unions[depth + 1] = u;
    depth++;
    pick[depth] = pick[depth - 1];
  }
  return false;
}

const masks = new Uint16Array(9);

/**
 * Naked subsets of k cells (3.0, 3.6, 5.0): k cells of a region holding k digits between
 * them; every other cell of the region loses those digits.
 */
export function nakedSets(b: SeBoard, k: number, sink: Sink): boolean {
  const { cand } = b;
  for (let i = 0; i < 27; i++) {
    const h = REGION_ORDER[i];
    for (let j = 0; j < 9; j++) masks[j] = cand[REGION[h * 9 + j]];
    const stop = kSubsets(masks, 9, k, (u) => {
      let inSet = 0;
      for (let t = 0; t < k; t++) inSet |= 1 << pick[t];
      let any = false;
      for (let j = 0; j < 9 && !any; j++) {
        if ((inSet & (1 << j)) === 0 && (cand[REGION[h * 9 + j]] & u) !== 0) any = true;
      }
      if (!any) return false;
      const elims: number[] = [];
      for (let j = 0; j < 9; j++) {
        if (inSet & (1 << j)) continue;
        const c = REGION[h * 9 + j];
        if (cand[c] & u) pushCands(elims, c, cand[c] & u);
      }
      if (elims.length === 0) return false;
      const cells = Array.from(pick.subarray(0, k), (t) => REGION[h * 9 + t]);
      return sink(elimination(NAKED[k], NAKED_RATING[k], elims, h, cells, digitList(u)));
    });
    if (stop) return true;
  }
  return false;
}

/**
 * Hidden subsets of k digits (3.4, 4.0, 5.4): k digits of a region with k places between
 * them; those places lose every other digit.
 */
export function hiddenSets(b: SeBoard, k: number, sink: Sink): boolean {
  const pos = b.positions();
  const { cand } = b;
  for (let i = 0; i < 27; i++) {
    const h = REGION_ORDER[i];
    for (let d = 0; d < 9; d++) masks[d] = pos[h * 9 + d];
    // SE takes them in the order of their cells: collect the region's, then sort.
    found.length = 0;
    places.length = 0;
    kSubsets(masks, 9, k, (u) => {
      let digits = 0;
      for (let t = 0; t < k; t++) digits |= 1 << pick[t];
      let any = false;
      for (let j = 0; j < 9 && !any; j++) {
        if ((u & (1 << j)) !== 0 && (cand[REGION[h * 9 + j]] & ~digits) !== 0) any = true;
      }
      if (!any) return false;
      const elims: number[] = [];
      const cells: number[] = [];
      for (let j = 0; j < 9; j++) {
        if ((u & (1 << j)) === 0) continue;
        const c = REGION[h * 9 + j];
        cells.push(c);
        if (cand[c] & ~digits) pushCands(elims, c, cand[c] & ~digits);
      }
      if (elims.length === 0) return false;
      found.push(elimination(HIDDEN[k], HIDDEN_RATING[k], elims, h, cells, digitList(digits)));
      places.push(u);
      return false;
    });
    if (found.length === 0) continue;
    const order = found.map((_, j) => j).sort((x, y) => cellOrder(places[x], places[y]));
    for (const j of order) if (sink(found[j])) return true;
  }
  return false;
}

/** A region's hidden subsets found so far, and their places (reused). */
const found: Hint[] = [];
const places: number[] = [];

/** Compare two sets of region positions as ascending tuples, lexicographically. */
function cellOrder(a: number, b: number): number {
  while (a !== 0 && b !== 0) {
    const x = a & -a, y = b & -b;
    if (x !== y) return x - y;
    a &= a - 1;
    b &= b - 1;
  }
  return a - b;
}

/**
 * Basic fish of k lines (X-wing 3.2, swordfish 3.8, jellyfish 5.2): a digit whose places
 * in k columns (then k rows) lie in k rows (columns) between them leaves the rest of
 * those rows (columns).
 */
export function fish(b: SeBoard, k: number, sink: Sink): boolean {
  const pos = b.positions();
  const { cand } = b;
  for (let side = 0; side < 2; side++) {
    const base = side === 0 ? COLUMNS : ROWS, cover = side === 0 ? ROWS : COLUMNS;
    for (let d = 0; d < 9; d++) {
      for (let j = 0; j < 9; j++) masks[j] = pos[(base + j) * 9 + d];
      const bit = 1 << d;
      const stop = kSubsets(masks, 9, k, (u) => {
        let lines = 0;
        for (let t = 0; t < k; t++) lines |= 1 << pick[t];
        const elims: number[] = [];
        for (let j = 0; j < 9; j++) {
          if ((u & (1 << j)) === 0) continue;
          for (let x = 0; x < 9; x++) {
            if (lines & (1 << x)) continue;
            const c = REGION[(cover + j) * 9 + x];
            if (cand[c] & bit) elims.push(c * 9 + d);
          }
        }
        if (elims.length === 0) return false;
        const cells: number[] = [];
        for (let c = 0; c < 81; c++) {
          if ((cand[c] & bit) === 0) continue;
          const line = base === ROWS ? ROW[c] : COL[c];
          const other = base === ROWS ? COL[c] : ROW[c];
          if ((lines & (1 << line)) && (u & (1 << other))) cells.push(c);
        }
        return sink(elimination(FISH[k], FISH_RATING[k], elims, base, cells, [d + 1]));
      });
      if (stop) return true;
    }
  }
  return false;
}

/** The digits of a mask, ascending, 1-based. */
export function digitList(m: number): number[] {
  const out: number[] = [];
  for (let d = 0; d < 9; d++) if (m & (1 << d)) out.push(d + 1);
  return out;
}

/**
 * Direct hidden subsets (pair 2.0, triplet 2.5): a hidden subset of a region whose cells,
 * once they lose their other digits, leave another digit one place in that region.
 */
export function directHiddenSets(b: SeBoard, k: number, sink: Sink): boolean {
  const pos = b.positions();
  const { cand } = b;
  for (let i = 0; i < 27; i++) {
    const h = REGION_ORDER[i];
    for (let d = 0; d < 9; d++) masks[d] = pos[h * 9 + d];
    const stop = kSubsets(masks, 9, k, (u) => {
      let digits = 0;
      for (let t = 0; t < k; t++) digits |= 1 << pick[t];
      for (let d = 0; d < 9; d++) {
        if (digits & (1 << d)) continue;
        const m = pos[h * 9 + d];
        if (m === 0 || (m & u) === 0) continue;
        const rest = m & ~u;
        if (BITS[rest] !== 1) continue;
        const c = REGION[h * 9 + low(rest)];
        const cells: number[] = [];
        for (let j = 0; j < 9; j++) if (u & (1 << j)) cells.push(REGION[h * 9 + j]);
        const rule = k === 2 ? "Direct Hidden Pair" : "Direct Hidden Triplet";
        // One placement per subset: the lowest digit it leaves single.
        return sink(placement(rule, k === 2 ? 20 : 25, c, d + 1, h, cells, digitList(digits)));
      }
      return false;
    });
    if (stop) return true;
  }
  void cand;
  return false;
}

/**
 * XY-wings (4.2: a pivot xy and pincers xz, yz it sees, z leaves every cell both pincers
 * see) and XYZ-wings (4.4: pivot xyz, pincers xz and yz, z leaves the cells all three see).
 */
export function wings(b: SeBoard, xyz: boolean, sink: Sink): boolean {
  const { cand } = b;
  for (let p = 0; p < 81; p++) {
    const pm = cand[p];
    if (BITS[pm] !== (xyz ? 3 : 2)) continue;
    for (let i = p * 20; i < p * 20 + 20; i++) {
      const a = HOUSE_CELLS[i];
      const am = cand[a];
      if (BITS[am] !== 2) continue;
      for (let j = p * 20; j < p * 20 + 20; j++) {
        const c = HOUSE_CELLS[j];
        const cm = cand[c];
        if (c === a || BITS[cm] !== 2) continue;
        let z: number;
        if (xyz) {
          if ((am | cm) !== pm || am === cm) continue;
          z = am & cm;
        } else {
          if ((am & pm) === 0 || (cm & pm) === 0 || (am & cm & pm) !== 0) continue;
          z = am & cm;
          if (BITS[z] !== 1 || (am | cm | pm) !== (pm | z) || BITS[am | cm | pm] !== 3) continue;
        }
        if (BITS[z] !== 1) continue;
        const elims: number[] = [];
        const d = low(z);
        for (let e = 0; e < 81; e++) {
          if (e === p || e === a || e === c || (cand[e] & z) === 0) continue;
          if (!SEES[a * 81 + e] || !SEES[c * 81 + e]) continue;
          if (xyz && !SEES[p * 81 + e]) continue;
          elims.push(e * 9 + d);
        }
        if (elims.length === 0) continue;
        const rule = xyz ? "XYZ-Wing" : "XY-Wing";
        if (sink(elimination(rule, xyz ? 44 : 42, elims, -1, [p, a, c], [d + 1]))) return true;
      }
    }
  }
  return false;
}
