/**
 * Sudoku Explainer's chains of many branches: cell and region forcing chains (static,
 * SE's "Multiple Forcing Chains"), Nishio forcing chains, and the dynamic forcing chains
 * (a clash, both ways to one conclusion, every candidate of a cell or every place of a
 * digit in a region leading to one), each conclusion rated by the potentials its branches
 * hold.
 *
 * @module
 */

import type { SeBoard } from "./board.ts";
import type { ChainNode, Hint, Sink } from "./hint.ts";
import { BITS, CELL_REGIONS, HOUSE_CELLS, low, REGION } from "./tables.ts";
import { DynamicChains } from "./dynamic.ts";
import { type HintList, hintList, lengthIncrement, POTENTIALS, sortKey } from "./chain_list.ts";

/**
 * Everything a potential implies along the static links of all kinds, each potential
 * once at its shortest: `dist[p]` is the length of the chain to p counted in potentials
 * (1 for the start), 0 when unreached; `parent[p]` the potential before it.
 */
export function closure(
  b: SeBoard,
  start: number,
  dist: Uint8Array,
  parent: Int16Array,
  order?: Int16Array,
): number {
  dist.fill(0);
  const { cand } = b;
  const pos = b.positions();
  const queue = closureQueue;
  let head = 0, tail = 0;
  dist[start] = 1;
  parent[start] = -1;
  queue[tail++] = start;
  const reach = (from: number, to: number) => {
    if (dist[to] !== 0) return;
    dist[to] = dist[from] + 1;
    parent[to] = from;
    queue[tail++] = to;
  };
  while (head < tail) {
    const p = queue[head++];
    const cd = p >> 1, c = (cd / 9) | 0, d = cd - c * 9;
    if (p & 1) {
      for (let m = cand[c] & ~(1 << d); m !== 0; m &= m - 1) reach(p, (c * 9 + low(m)) * 2);
      for (let i = c * 20; i < c * 20 + 20; i++) {
        const q = HOUSE_CELLS[i];
        if (cand[q] & (1 << d)) reach(p, (q * 9 + d) * 2);
      }
    } else {
      if (BITS[cand[c]] === 2) reach(p, (c * 9 + low(cand[c] & ~(1 << d))) * 2 + 1);
      for (let k = 0; k < 3; k++) {
        const h = CELL_REGIONS[c * 3 + k];
        const m = pos[h * 9 + d];
        if (BITS[m] !== 2) continue;
        for (let mm = m; mm !== 0; mm &= mm - 1) {
          const q = REGION[h * 9 + low(mm)];
          if (q !== c) reach(p, (q * 9 + d) * 2 + 1);
        }
      }
    }
  }
  if (order !== undefined) order.set(queue.subarray(0, tail));
  return tail;
}
const closureOrder = new Int16Array(POTENTIALS);
let closureOrderLength = 0;
const closureQueue = new Int16Array(POTENTIALS);

/** The chain to p in a closure, from its start. */
function closurePath(dist: Uint8Array, parent: Int16Array, p: number): ChainNode[] {
  const out: ChainNode[] = [];
  for (let x = p; x >= 0; x = parent[x]) out.push({ cand: x >> 1, on: (x & 1) === 1 });
  void dist;
  return out.reverse();
}

/**
 * What every branch implies: for each potential reached from all the starts (each
 * start's closure in `dists[i]`/`parents[i]`), a hint whose complexity adds up the
 * branches' chain lengths.
 */
function commonConsequences(
  b: SeBoard,
  n: number,
  dists: Uint8Array[],
  parents: Int16Array[],
  rule: string,
  base: number,
  cells: number[],
  digits: number[],
  list: HintList,
): void {
  const { cand } = b;
  const key = sortKey(rule);
  // In the order the first branch reached them, those it turns on first.
  for (let o = 0; o < 2 * closureOrderLength; o++) {
    const p = closureOrder[o % closureOrderLength];
    if ((p & 1) !== (o < closureOrderLength ? 1 : 0)) continue;
    let total = 0;
    for (let i = 0; i < n && total >= 0; i++) total = dists[i][p] === 0 ? -1 : total + dists[i][p];
    if (total < 0) continue;
    const rating = base + lengthIncrement(total);
    if (!list.wants(rating, total, key)) continue;
    const cd = p >> 1, c = (cd / 9) | 0, d = cd - c * 9;
    const elims: number[] = [];
    if (p & 1) {
      for (let m = cand[c] & ~(1 << d); m !== 0; m &= m - 1) elims.push(c * 9 + low(m));
    } else elims.push(cd);
    const chains: ChainNode[][] = [];
    for (let i = 0; i < n; i++) chains.push(closurePath(dists[i], parents[i], p));
    list.add({
      rule,
      rating,
      cell: p & 1 ? c : -1,
      digit: p & 1 ? d + 1 : 0,
      elims,
      region: -1,
      cells,
      digits,
      chains,
      complexity: total,
    });
  }
}

const multiDists: Uint8Array[] = Array.from({ length: 9 }, () => new Uint8Array(POTENTIALS));
const multiParents: Int16Array[] = Array.from({ length: 9 }, () => new Int16Array(POTENTIALS));

/**
 * Cell and region forcing chains (SE's "Multiple Forcing Chains", 8.0 and up): what every
 * candidate of a cell (of three or more), or every place of a digit in a region, implies.
 */
export function multipleForcingChains(b: SeBoard, sink: Sink, all = true): boolean {
  const { cand } = b;
  const pos = b.positions();
  const list = hintList(!all);
  for (let c = 0; c < 81; c++) {
    const m0 = cand[c];
    if (BITS[m0] > 2) {
      let n = 0;
      for (let m = m0; m !== 0; m &= m - 1) {
        const len = closure(
          b,
          (c * 9 + low(m)) * 2 + 1,
          multiDists[n],
          multiParents[n],
          n === 0 ? closureOrder : undefined,
        );
        if (n === 0) closureOrderLength = len;
        n++;
      }
      commonConsequences(b, n, multiDists, multiParents, "Cell Forcing Chains", 80, [c], [], list);
    }
  }
  for (let c = 0; c < 81; c++) {
    if (BITS[cand[c]] <= 2) continue;
    for (let m = cand[c]; m !== 0; m &= m - 1) {
      const d = low(m);
      // Region chains, from the region's first place of d (when it has three candidates
      // or more: SE looks at none of the others).
      for (let k = 0; k < 3; k++) {
        const h = CELL_REGIONS[c * 3 + k];
        const places = pos[h * 9 + d];
        if (BITS[places] < 2 || REGION[h * 9 + low(places)] !== c) continue;
        let n = 0;
        for (let mm = places; mm !== 0; mm &= mm - 1) {
          const q = REGION[h * 9 + low(mm)];
          const len = closure(
            b,
            (q * 9 + d) * 2 + 1,
            multiDists[n],
            multiParents[n],
            n === 0 ? closureOrder : undefined,
          );
          if (n === 0) closureOrderLength = len;
          n++;
        }
        commonConsequences(b, n, multiDists, multiParents, "Region Forcing Chains", 80, [c], [
          d + 1,
        ], list);
      }
    }
  }
  for (const h of list.sorted()) if (sink(h)) return true;
  return false;
}

const nishioEngine = new DynamicChains();
// The kinds' places in SE's order of equal ratings, for `wants` before a hint is built.
const KEY_NISHIO = sortKey("Nishio Forcing Chains");
const KEY_CONTRADICTION = sortKey("Dynamic Contradiction Forcing Chains");
const KEY_DOUBLE = sortKey("Dynamic Double Forcing Chains");
const KEY_REGION = sortKey("Dynamic Region Forcing Chains");
const KEY_CELL = sortKey("Dynamic Cell Forcing Chains");

/** Nishio forcing chains (7.5 and up): one digit assumed in a cell leads to a clash. */
export function nishioChains(b: SeBoard, sink: Sink, all = true): boolean {
  const { add, wants, sorted } = hintList(!all);
  const e = nishioEngine;
  e.nishio = true;
  for (let c = 0; c < 81; c++) {
    for (let m = b.cand[c]; m !== 0; m &= m - 1) {
      const d = low(m);
      // Taken true, then false: a clash proves the opposite.
      for (let on = 1; on >= 0; on--) {
        if (!e.run(b, (c * 9 + d) * 2 + on)) continue;
        const cx = e.ancestors(e.clashOn) + e.ancestors(e.clashOff);
        if (!wants(75 + lengthIncrement(cx), cx, KEY_NISHIO)) continue;
        const elims: number[] = [];
        if (on) elims.push(c * 9 + d);
        else for (let r = b.cand[c] & ~(1 << d); r !== 0; r &= r - 1) elims.push(c * 9 + low(r));
        add({
          rule: "Nishio Forcing Chains",
          rating: 75 + lengthIncrement(cx),
          cell: on ? -1 : c,
          digit: on ? 0 : d + 1,
          elims,
          region: -1,
          cells: [c],
          digits: [d + 1],
          chains: [e.path(e.clashOn), e.path(e.clashOff)],
          complexity: cx,
        });
      }
    }
  }
  for (const h of sorted()) if (sink(h)) return true;
  return false;
}

const dynEngines: DynamicChains[] = Array.from({ length: 10 }, () => new DynamicChains());
const dynCellEngines: DynamicChains[] = Array.from({ length: 9 }, () => new DynamicChains());

/**
 * Dynamic forcing chains (8.5 and up): a candidate whose being true (or false) leads to a
 * clash; a conclusion both its being true and false lead to; and what every candidate of
 * a cell, or every place of a digit in a region, leads to.
 */
export function dynamicForcingChains(b: SeBoard, sink: Sink, all = true): boolean {
  const { cand } = b;
  const pos = b.positions();
  const { add, wants, sorted } = hintList(!all);
  const offE = dynEngines[9];
  for (const e of dynEngines) e.nishio = false;
  for (const e of dynCellEngines) e.nishio = false;
  const conclusion = (
    rule: string,
    p: number,
    cx: number,
    chains: ChainNode[][],
    cells: number[],
  ): Hint => {
    const cd = p >> 1, c = (cd / 9) | 0, d = cd - c * 9;
    const elims: number[] = [];
    if (p & 1) {
      for (let m = cand[c] & ~(1 << d); m !== 0; m &= m - 1) elims.push(c * 9 + low(m));
    } else elims.push(cd);
    return {
      rule,
      rating: 85 + lengthIncrement(cx),
      cell: p & 1 ? c : -1,
      digit: p & 1 ? d + 1 : 0,
      elims,
      region: -1,
      cells,
      digits: [],
      chains,
      complexity: cx,
    };
  };
  // What every branch leads to, in the order the first branch reached it.
  const common = (branches: DynamicChains[], rule: string, key: number, cells: number[]) => {
    const first = branches[0];
    for (let pass = 1; pass >= 0; pass--) {
      for (let i = 0; i < first.count; i++) {
        const p = first.pot[i];
        if ((p & 1) !== pass) continue;
        let cx = 0;
        for (const e of branches) {
          const x = e.node[p];
          if (x < 0) {
            cx = -1;
            break;
          }
          cx += e.ancestors(x);
        }
        if (cx < 0 || !wants(85 + lengthIncrement(cx), cx, key)) continue;
        add(conclusion(rule, p, cx, branches.map((e) => e.path(e.node[p])), cells));
      }
    }
  };
  const cellEngines = dynCellEngines;
  for (let c = 0; c < 81; c++) {
    if (BITS[cand[c]] < 2) continue;
    let values = 0;
    for (let m = cand[c]; m !== 0; m &= m - 1) {
      const d = low(m);
      const p = (c * 9 + d) * 2;
      // The value's closure is kept for the cell's chains; each stops at a clash.
      const onE2 = cellEngines[values++];
      onE2.run(b, p + 1);
      offE.run(b, p);
      for (let taken = 1; taken >= 0; taken--) {
        const e = taken === 1 ? onE2 : offE;
        if (e.clashOn < 0) continue;
        const cx = e.ancestors(e.clashOn) + e.ancestors(e.clashOff);
        if (!wants(85 + lengthIncrement(cx), cx, KEY_CONTRADICTION)) continue;
        add(conclusion(
          "Dynamic Contradiction Forcing Chains",
          p + 1 - taken,
          cx,
          [e.path(e.clashOn), e.path(e.clashOff)],
          [c],
        ));
      }
      // Both ways to the same conclusion (for two candidates, the cell's chains say it).
      for (let pass = 1; pass >= 0 && BITS[cand[c]] > 2; pass--) {
        for (let i = 0; i < onE2.count; i++) {
          const q = onE2.pot[i];
          if ((q & 1) !== pass || q >> 1 === p >> 1) continue;
          const x = offE.node[q];
          if (x < 0) continue;
          const cx = onE2.ancestors(i) + offE.ancestors(x);
          if (!wants(85 + lengthIncrement(cx), cx, KEY_DOUBLE)) continue;
          add(conclusion(
            "Dynamic Double Forcing Chains",
            q,
            cx,
            [onE2.path(i), offE.path(x)],
            [c],
          ));
        }
      }
      // Region chains from this cell, the first place of d in the region.
      for (let k = 0; k < 3; k++) {
        const h = CELL_REGIONS[c * 3 + k];
        const places = pos[h * 9 + d];
        if (BITS[places] < 2 || REGION[h * 9 + low(places)] !== c) continue;
        const branches = [onE2];
        let n = 1;
        for (let mm = places & (places - 1); mm !== 0; mm &= mm - 1) {
          const e = dynEngines[n++];
          e.run(b, (REGION[h * 9 + low(mm)] * 9 + d) * 2 + 1);
          branches.push(e);
        }
        common(branches, "Dynamic Region Forcing Chains", KEY_REGION, [c]);
      }
    }
    common(cellEngines.slice(0, values), "Dynamic Cell Forcing Chains", KEY_CELL, [c]);
  }
  for (const h of sorted()) if (sink(h)) return true;
  return false;
}
