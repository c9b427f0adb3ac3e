/**
 * Sudoku Explainer's uniqueness rules: unique rectangles and loops (a loop of cells holding
 * the same two digits, alternating rows and columns, each region it crosses holding two of
 * its cells, would let the two digits swap, so a puzzle with one solution keeps one of its
 * cells off that pair), and the bivalue universal grave (BUG).
 *
 * @module
 */

import type { SeBoard } from "./board.ts";
import type { Hint, Sink } from "./hint.ts";
import { pushCands } from "./hint.ts";
import { BITS, CELL_REGIONS, COL, low, REGION, ROW, SEES } from "./tables.ts";

/** A loop found, and what makes it a hint. */
interface Loop {
  readonly cells: number[];
  readonly v1: number;
  readonly v2: number;
}

const loopKeys = new Set<string>();

/** Cells column by column: the order SE starts loops in. */
const START_ORDER = Uint8Array.from({ length: 81 }, (_, i) => i);

/** The unique loops of digits v1 < v2 (0-based) from cell s not found before, in SE's order. */
function loopsOf(b: SeBoard, v1: number, v2: number, s: number, out: Loop[]): void {
  const { cand } = b;
  const pair = (1 << v1) | (1 << v2);
  const path: number[] = [];
  const inPath = new Uint8Array(81);
  const visit = (c: number, lastKind: number) => {
    // Move along a row (kind 1) or a column (kind 2), never twice the same kind in a row.
    for (const kind of [2, 1]) {
      if (kind === lastKind) continue;
      for (let i = 0; i < 9; i++) {
        const q = kind === 1 ? ROW[c] * 9 + i : i * 9 + COL[c];
        if (q === c || (cand[q] & pair) !== pair) continue;
        if (q === path[0] && path.length >= 4 && path.length % 2 === 0 && kind !== firstKind) {
          if (valid(path)) {
            const key = [...path].sort((x, y) => x - y).join(",") + `/${v1}/${v2}`;
            if (!loopKeys.has(key)) {
              loopKeys.add(key);
              out.push({ cells: [...path], v1, v2 });
            }
          }
          continue;
        }
        if (inPath[q] || path.length >= 20) continue;
        // A region holds two cells of a loop: a third makes none.
        const r0 = CELL_REGIONS[q * 3], r1 = CELL_REGIONS[q * 3 + 1], r2 = CELL_REGIONS[q * 3 + 2];
        if (inRegion[r0] >= 2 || inRegion[r1] >= 2 || inRegion[r2] >= 2) continue;
        // More than two cells off the pair make a hint only when they share one extra digit.
        const extra = cand[q] & ~pair;
        const savedCount = extraCount, savedDigits = extraDigits;
        if (extra !== 0) {
          extraCount++;
          extraDigits |= extra;
          if (extraCount > 2 && BITS[extraDigits] !== 1) {
            extraCount = savedCount;
            extraDigits = savedDigits;
            continue;
          }
        }
        if (path.length === 1) firstKind = kind;
        path.push(q);
        inPath[q] = 1;
        inRegion[r0]++;
        inRegion[r1]++;
        inRegion[r2]++;
        visit(q, kind);
        inRegion[r0]--;
        inRegion[r1]--;
        inRegion[r2]--;
        inPath[q] = 0;
        path.pop();
        extraCount = savedCount;
        extraDigits = savedDigits;
      }
    }
  };
  let firstKind = 0;
  let extraCount = 0, extraDigits = 0;
  const inRegion = new Uint8Array(27);
  path.push(s);
  inPath[s] = 1;
  for (let k = 0; k < 3; k++) inRegion[CELL_REGIONS[s * 3 + k]]++;
  visit(s, 0);
}

/**
 * Whether every region the loop's cells lie in holds exactly two of them, an even and an
 * odd one of the loop: the digits alternate along the loop, so two cells of a block an
 * even distance apart would hold the same digit and the loop could not swap (found on a
 * loop through two blocks' opposite corners, which SE does not take).
 */
function valid(cells: readonly number[]): boolean {
  const count = new Uint8Array(27), parity = new Uint8Array(27);
  for (let i = 0; i < cells.length; i++) {
    for (let k = 0; k < 3; k++) {
      const h = CELL_REGIONS[cells[i] * 3 + k];
      count[h]++;
      parity[h] += i & 1;
    }
  }
  for (let h = 0; h < 27; h++) {
    if (count[h] !== 0 && (count[h] !== 2 || parity[h] !== 1)) return false;
  }
  return true;
}

function loopHint(
  rule: string,
  rating: number,
  elims: number[],
  loop: Loop,
  digits: number[],
): Hint {
  elims.sort((a, b) => a - b);
  return { rule, rating, cell: -1, digit: 0, elims, region: -1, cells: loop.cells, digits };
}

/**
 * Unique rectangles (4.5) and loops (4.6 and up by length) of types 1 to 4, as SE finds
 * them.
 */
export function uniqueLoops(b: SeBoard, sink: Sink): boolean {
  const { cand } = b;
  const hints: Hint[] = [];
  loopKeys.clear();
  for (let i = 0; i < 81; i++) {
    const start = START_ORDER[i];
    if (BITS[cand[start]] !== 2) continue;
    {
      const v1 = low(cand[start]), v2 = low(cand[start] & (cand[start] - 1));
      const loops: Loop[] = [];
      loopsOf(b, v1, v2, start, loops);
      const pair = (1 << v1) | (1 << v2);
      for (const loop of loops) {
        const base = 45 + (loop.cells.length - 4) / 2;
        const name = loop.cells.length === 4 ? "Unique Rectangle" : "Unique Loop";
        const extra = loop.cells.filter((c) => cand[c] !== pair);
        const inLoop = new Set(loop.cells);
        // Type 1: one cell with more digits loses the pair.
        if (extra.length === 1) {
          const e: number[] = [];
          pushCands(e, extra[0], pair);
          hints.push(loopHint(`${name} type 1`, base, e, loop, [v1 + 1, v2 + 1]));
          continue;
        }
        // Type 2: every other cell has one more digit, the same: cells seeing them all lose it.
        let more = 0;
        for (const c of extra) more |= cand[c] & ~pair;
        if (BITS[more] === 1) {
          const e: number[] = [];
          for (let q = 0; q < 81; q++) {
            if (inLoop.has(q) || (cand[q] & more) === 0) continue;
            if (extra.every((c) => SEES[q * 81 + c])) pushCands(e, q, more);
          }
          if (e.length > 0) {
            hints.push(loopHint(`${name} type 2`, base, e, loop, [v1 + 1, v2 + 1]));
          }
        }
        if (extra.length !== 2) continue;
        const [e1, e2] = extra;
        const shared: number[] = [];
        for (let k = 0; k < 3; k++) {
          const h = CELL_REGIONS[e1 * 3 + k];
          if (CELL_REGIONS[e2 * 3 + k] === h) shared.push(h);
        }
        // Type 3: the two act as one cell, of their other digits in a naked set of a region,
        // or of the pair's digits in a hidden set; sets from as many digits as the two have
        // others, the smaller first, naked before hidden, one hint per removal in a region.
        for (const h of BITS[more] >= 2 ? shared : []) {
          const others: number[] = [];
          for (let i = 0; i < 9; i++) {
            const q = REGION[h * 9 + i];
            if (q !== e1 && q !== e2 && cand[q] !== 0) others.push(q);
          }
          const seen = new Set<string>();
          const emit = (e: number[], rating: number, debug: string) => {
            if (e.length === 0) return;
            e.sort((x, y) => x - y);
            const key = e.join(",");
            if (seen.has(key)) return;
            seen.add(key);
            const hh = loopHint(`${name} type 3`, rating, e, loop, [v1 + 1, v2 + 1]);
            // deno-lint-ignore no-explicit-any
            (hh as any).debug = debug + ` h=${h}`;
            hints.push(hh);
          };
          for (let k = Math.max(2, BITS[more]); k <= 4; k++) {
            if (k <= 3) {
              nakedWithVirtual(b, more, others, k - 1, (set, union) => {
                const e: number[] = [];
                for (const q of others) {
                  if (!set.includes(q) && (cand[q] & union)) pushCands(e, q, cand[q] & union);
                }
                emit(e, base + k - 1, `naked set=${set} union=${union}`);
              });
            }
            hiddenWithVirtual(b, pair, more, others, k - 1, (set, digits) => {
              const e: number[] = [];
              for (const q of set) if (cand[q] & ~digits) pushCands(e, q, cand[q] & ~digits);
              emit(e, base + k - 2, `hidden set=${set} digits=${digits}`);
            });
          }
        }
        // Type 4: one of the pair locked in a shared region to the two: the other leaves them.
        const locks = new Set<number>();
        for (const h of shared) {
          for (const [lock, drop] of [[v1, v2], [v2, v1]]) {
            let elsewhere = false;
            for (let i = 0; i < 9; i++) {
              const q = REGION[h * 9 + i];
              if (q !== e1 && q !== e2 && (cand[q] & (1 << lock))) elsewhere = true;
            }
            if (elsewhere || locks.has(lock)) continue;
            locks.add(lock);
            const e = [e1 * 9 + drop, e2 * 9 + drop];
            hints.push(loopHint(`${name} type 4`, base, e, loop, [lock + 1, drop + 1]));
          }
        }
      }
    }
  }
  // SE hands over type 1 hints first, then types 2, 3 and 4, each in the order of the
  // loops; the easiest first.
  const type = (h: Hint) => +h.rule.slice(-1);
  const order = hints.map((_, i) => i).sort((i, j) =>
    hints[i].rating - hints[j].rating || type(hints[i]) - type(hints[j]) || i - j
  );
  for (const i of order) if (sink(hints[i])) return true;
  return false;
}

/**
 * Naked sets made of a virtual cell holding `virtualMask` and `n` of `others` (cells with
 * candidates): calls `found` with the chosen cells and the set's digits, in order.
 */
function nakedWithVirtual(
  b: SeBoard,
  virtualMask: number,
  others: readonly number[],
  n: number,
  found: (set: number[], union: number) => void,
): void {
  const { cand } = b;
  const chosen: number[] = [];
  const rec = (from: number, union: number) => {
    if (chosen.length === n) {
      if (BITS[union] === n + 1) found([...chosen], union);
      return;
    }
    for (let i = from; i < others.length; i++) {
      const u = union | cand[others[i]];
      if (BITS[u] > n + 1) continue;
      chosen.push(others[i]);
      rec(i + 1, u);
      chosen.pop();
    }
  };
  rec(0, virtualMask);
}

/**
 * Hidden sets made of a virtual cell holding one of the pair `pairMask` and `n` of
 * `others`: n + 1 digits, the pair's among them and none of the extra cells' others
 * (`extraMask`, so that only one of the two can hold one of them), with no place in the
 * region but the two extra cells and the chosen ones. Calls `found` with the chosen cells
 * and the digits, in order.
 */
function hiddenWithVirtual(
  b: SeBoard,
  pairMask: number,
  extraMask: number,
  others: readonly number[],
  n: number,
  found: (set: number[], digits: number) => void,
): void {
  const { cand } = b;
  const chosen: number[] = [];
  const rec = (from: number) => {
    if (chosen.length === n) {
      let inside = 0, outside = 0;
      for (const q of others) {
        if (chosen.includes(q)) inside |= cand[q];
        else outside |= cand[q];
      }
      const digits = (inside & ~outside) | pairMask;
      if (
        (pairMask & outside) === 0 && (digits & extraMask) === 0 && BITS[digits] === n + 1
      ) found([...chosen], digits);
      return;
    }
    for (let i = from; i < others.length; i++) {
      chosen.push(others[i]);
      rec(i + 1);
      chosen.pop();
    }
  };
  rec(0);
}

/**
 * The extra digits of each cell with more than two candidates that make a bivalue
 * universal grave: with them gone, every cell would hold two candidates and every digit
 * two places (or none) in every region, a grave with two solutions. Returns the extra
 * digits by cell (only those cells), or undefined when no choice of extras does it.
 */
function bugExtras(b: SeBoard): Map<number, number> | undefined {
  const { cand } = b;
  const cells: number[] = [];
  for (let c = 0; c < 81; c++) {
    if (BITS[cand[c]] > 2) cells.push(c);
    else if (cand[c] !== 0 && BITS[cand[c]] < 2) return undefined;
  }
  if (cells.length === 0 || cells.length > 6) return undefined;
  const count = new Uint8Array(27 * 9);
  for (let c = 0; c < 81; c++) {
    for (let m = cand[c]; m !== 0; m &= m - 1) {
      const d = low(m);
      for (let k = 0; k < 3; k++) count[CELL_REGIONS[c * 3 + k] * 9 + d]++;
    }
  }
  // Each cell keeps two of its digits: try the choices until every count is 0 or 2.
  const extras = new Map<number, number>();
  const rec = (i: number): boolean => {
    if (i === cells.length) {
      for (let x = 0; x < count.length; x++) if (count[x] !== 0 && count[x] !== 2) return false;
      return true;
    }
    const c = cells[i];
    const m = cand[c];
    for (let a = m; a !== 0; a &= a - 1) {
      for (let bb = a & (a - 1); bb !== 0; bb &= bb - 1) {
        const keep = (a & -a) | (bb & -bb);
        const extra = m & ~keep;
        for (let e = extra; e !== 0; e &= e - 1) {
          const d = low(e);
          for (let k = 0; k < 3; k++) count[CELL_REGIONS[c * 3 + k] * 9 + d]--;
        }
        extras.set(c, extra);
        const ok = rec(i + 1);
        for (let e = extra; e !== 0; e &= e - 1) {
          const d = low(e);
          for (let k = 0; k < 3; k++) count[CELL_REGIONS[c * 3 + k] * 9 + d]++;
        }
        if (ok) return true;
      }
    }
    extras.delete(c);
    return false;
  };
  return rec(0) ? extras : undefined;
}

function bugHint(rule: string, rating: number, elims: number[], cells: number[], digits: number[]) {
  elims.sort((a, b) => a - b);
  return { rule, rating, cell: -1, digit: 0, elims, region: -1, cells, digits };
}

/**
 * Bivalue universal grave (BUG): type 1 (one cell beyond the grave keeps only its extra
 * digit, 5.6), type 2 (cells with the same one extra digit: what sees them all loses it,
 * 5.7), type 4 (two in a region where one of their grave digits has no other place: each
 * loses its other grave digit, 5.7) and type 3 (two in a region act as one cell of their
 * extra digits in a naked set, 5.6 + 0.1 a digit of the set).
 */
export function bug(b: SeBoard, sink: Sink): boolean {
  const extras = bugExtras(b);
  if (extras === undefined) return false;
  const { cand } = b;
  const cells = [...extras.keys()];
  const hints: Hint[] = [];
  if (cells.length === 1) {
    const c = cells[0];
    const e: number[] = [];
    pushCands(e, c, cand[c] & ~extras.get(c)!);
    hints.push(bugHint("BUG type 1", 56, e, cells, []));
  } else {
    let all = 0, common = ALL_DIGITS;
    for (const c of cells) {
      all |= extras.get(c)!;
      common &= extras.get(c)!;
    }
    // SE passes over a type 2 with three of its cells in one region (seen once in 200
    // puzzles of collection 000); it takes type 3 there (SE 5.8 and 5.9 in the sample).
    const held = new Uint8Array(27);
    let crowded = false;
    for (const c of cells) {
      for (let k = 0; k < 3; k++) if (++held[CELL_REGIONS[c * 3 + k]] > 2) crowded = true;
    }
    if (BITS[all] === 1 && !crowded) {
      const e: number[] = [];
      for (let q = 0; q < 81; q++) {
        if (extras.has(q) || (cand[q] & all) === 0) continue;
        if (cells.every((c) => SEES[q * 81 + c])) pushCands(e, q, all);
      }
      if (e.length > 0) hints.push(bugHint("BUG type 2", 57, e, cells, [low(all) + 1]));
    }
    void common;
    let allExtras = 0;
    for (const c of cells) allExtras |= extras.get(c)!;
    for (let k = 0; k < 3; k++) {
      const h = CELL_REGIONS[cells[0] * 3 + k];
      if (!cells.every((c) => CELL_REGIONS[c * 3 + k] === h)) continue;
      if (cells.length === 2) {
        // Type 4: a grave digit of both, with no other place in the region.
        const [c1, c2] = cells;
        const x1 = extras.get(c1)!, x2 = extras.get(c2)!;
        const graveBoth = cand[c1] & ~x1 & cand[c2] & ~x2;
        for (let m = graveBoth; m !== 0; m &= m - 1) {
          const v = low(m);
          let elsewhere = false;
          for (let i = 0; i < 9; i++) {
            const q = REGION[h * 9 + i];
            if (q !== c1 && q !== c2 && (cand[q] & (1 << v))) elsewhere = true;
          }
          if (elsewhere) continue;
          const e: number[] = [];
          pushCands(e, c1, cand[c1] & ~x1 & ~(1 << v));
          pushCands(e, c2, cand[c2] & ~x2 & ~(1 << v));
          if (e.length > 0) hints.push(bugHint("BUG type 4", 57, e, cells, [v + 1]));
        }
      }
      // Type 3: naked sets with the grave's cells as one cell of their extra digits.
      const others: number[] = [];
      for (let i = 0; i < 9; i++) {
        const q = REGION[h * 9 + i];
        if (!extras.has(q) && cand[q] !== 0) others.push(q);
      }
      for (let n = 1; n <= 3; n++) {
        nakedWithVirtual(b, allExtras, others, n, (set, union) => {
          const e: number[] = [];
          for (const q of others) {
            if (!set.includes(q) && (cand[q] & union)) pushCands(e, q, cand[q] & union);
          }
          if (e.length === 0) return;
          const digits: number[] = [];
          for (let d = 0; d < 9; d++) if (union & (1 << d)) digits.push(d + 1);
          hints.push(bugHint("BUG type 3", 56 + BITS[union], e, cells, digits));
        });
      }
    }
  }
  const order = hints.map((_, i) => i).sort((i, j) => hints[i].rating - hints[j].rating || i - j);
  for (const i of order) if (sink(hints[i])) return true;
  return false;
}

const ALL_DIGITS = 0x1ff;
