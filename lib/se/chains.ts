/**
 * Sudoku Explainer's static chains: implications between candidates ("potentials", a
 * candidate taken true or false) along the links of the current grid, searched breadth
 * first from each candidate. A candidate true turns off its cell's other candidates and
 * its digit in the cell's regions (weak links); a candidate false turns on the other
 * candidate of a two-candidate cell, or the other place of a digit with two places left in
 * a region (strong links). X chains use only one digit's region links, Y chains only cells'
 * strong links (with region weak links), and mixed chains both.
 *
 * A chain from a candidate true to itself false removes it (a forcing chain), from a
 * candidate false to itself true places it, and back to itself true closes a loop whose
 * weak links become strong (a bidirectional cycle) and remove what sees both ends.
 *
 * @module
 */

import type { SeBoard } from "./board.ts";
import type { ChainNode, Hint, Sink } from "./hint.ts";
import {
  BITS,
  CELL_INDEX,
  CELL_REGIONS,
  HOUSE_AT,
  HOUSE_CELLS,
  low,
  PEER_BANDS,
  REGION,
} from "./tables.ts";
import { comesBefore, hintList, lengthIncrement, POTENTIALS } from "./chain_list.ts";

/** Links allowed: X (one digit, region links), Y (cell strong links), or both. */
export const X_LINKS = 1, Y_LINKS = 2, XY_LINKS = 3;

/**
 * Breadth-first implication search over one board's static links. A candidate is taken
 * true once (its first, shortest way); a candidate taken false is a new node each time
 * a true one leads to it, unless it is that one's own ancestor, so that every way back to
 * the start closes a loop of its own.
 */
export class StaticChains {
  /** Potential of each node. */
  readonly pot: Int16Array = new Int16Array(32768);
  /** Parent node of each node (-1 for the start). */
  readonly parent: Int32Array = new Int32Array(32768);
  readonly #depth = new Int32Array(32768);
  readonly #onNode = new Int32Array(POTENTIALS);
  readonly #seen = new Uint32Array(POTENTIALS);
  #stamp = 0;
  /** Loops found by the last search: the node that closed each. */
  readonly closers: number[] = [];
  /** The node at `goal` when the last search reached it, else -1. */
  goalNode = -1;

  /**
   * Search from potential `start` with links `mode`, recording the first node at `goal`
   * (`goalNode`) and every loop back to `start` of four potentials or more (`closers`).
   */
  search(b: SeBoard, start: number, goal: number, mode: number, maxLength = 1 << 30): boolean {
    const stamp = ++this.#stamp;
    const seen = this.#seen, parent = this.parent, pot = this.pot, onNode = this.#onNode;
    const depth = this.#depth;
    const { cand } = b;
    const pos = b.positions();
    this.closers.length = 0;
    this.goalNode = -1;
    let count = 0;
    const add = (p: number, from: number): number => {
      if (count >= pot.length) return -1;
      pot[count] = p;
      parent[count] = from;
      depth[count] = from < 0 ? 1 : depth[from] + 1;
      return count++;
    };
    add(start, -1);
    if (start & 1) {
      seen[start] = stamp;
      onNode[start] = 0;
    }
    let head = 0;
    const isAncestor = (node: number, p: number): boolean => {
      for (let x = node; x >= 0; x = parent[x]) if (pot[x] === p) return true;
      return false;
    };
    // Each node of the queue in order: a true one leads to false ones, a false one to true.
    while (head < count) {
      const node = head++;
      // Nodes at the length limit lead nowhere shorter than it.
      if (depth[node] >= maxLength) continue;
      const p = pot[node];
      const cd = p >> 1, c = (cd / 9) | 0, d = cd - c * 9;
      if (p & 1) {
        const offs = (q: number) => {
          if (isAncestor(node, q)) return;
          const n = add(q, node);
          if (q === goal && this.goalNode < 0) this.goalNode = n;
        };
        if (mode === XY_LINKS) {
          for (let m = cand[c] & ~(1 << d); m !== 0; m &= m - 1) offs((c * 9 + low(m)) * 2);
        }
        for (let i = c * 20; i < c * 20 + 20; i++) {
          const q = HOUSE_CELLS[i];
          if (cand[q] & (1 << d)) offs((q * 9 + d) * 2);
        }
      } else {
        const ons = (q: number) => {
          if (q === start) {
            if (depth[node] >= 4) this.closers.push(node);
            return;
          }
          if (seen[q] === stamp) return;
          seen[q] = stamp;
          const n = add(q, node);
          onNode[q] = n;
          if (q === goal && this.goalNode < 0) this.goalNode = n;
        };
        if (mode & Y_LINKS && BITS[cand[c]] === 2) {
          ons((c * 9 + low(cand[c] & ~(1 << d))) * 2 + 1);
        }
        if (mode & X_LINKS) {
          for (let k = 0; k < 3; k++) {
            const h = CELL_REGIONS[c * 3 + k];
            const m = pos[h * 9 + d];
            if (BITS[m] !== 2) continue;
            for (let mm = m; mm !== 0; mm &= mm - 1) {
              const q = REGION[h * 9 + low(mm)];
              if (q !== c) ons((q * 9 + d) * 2 + 1);
            }
          }
        }
      }
    }
    return this.goalNode >= 0;
  }

  /** How many potentials the chain to `node` holds. */
  depthOf(node: number): number {
    return this.#depth[node];
  }

  /** The chain from the start to `node`, as chain nodes. */
  path(node: number): ChainNode[] {
    const out: ChainNode[] = [];
    for (let x = node; x >= 0; x = this.parent[x]) {
      out.push({ cand: this.pot[x] >> 1, on: (this.pot[x] & 1) === 1 });
    }
    return out.reverse();
  }
}

/**
 * What a loop removes: in a loop either every true link holds or every false one does, so
 * a digit is removed from a cell outside the loop that sees a cell of the loop with that
 * digit on each side.
 */
function loopEliminations(b: SeBoard, loop: ChainNode[]): number[] {
  loopStart();
  for (const n of loop) loopAdd((n.cand / 9) | 0, n.cand % 9, n.on);
  const out: number[] = [];
  loopScan(b.cand, out);
  return out.sort((a, b) => a - b);
}

/** Whether the loop of the search's way to u, closed by v, removes anything. */
function loopRemoves(b: SeBoard, fc: FastChains, u: number, v: number): boolean {
  loopStart();
  for (let x = v, first = true; x >= 0; x = first ? u : fc.parent[x], first = false) {
    const cd = x >> 1, c = (cd / 9) | 0;
    loopAdd(c, cd % 9, (x & 1) === 1);
  }
  return loopScan(b.cand, undefined);
}

/** Per digit, the cells seeing a loop cell with it on, and with it off (three bands each). */
const loopSees = new Int32Array(9 * 2 * 3);
/** The loop's cells (three bands). */
const loopCells = new Int32Array(3);
/** The loop's digits. */
let loopDigits = 0;

function loopStart(): void {
  loopSees.fill(0);
  loopCells.fill(0);
  loopDigits = 0;
}

/** Add the loop's node (cell c, digit d, on or off). */
function loopAdd(c: number, d: number, on: boolean): void {
  loopCells[(c / 27) | 0] |= 1 << (c % 27);
  loopDigits |= 1 << d;
  const at = (d * 2 + (on ? 0 : 1)) * 3;
  loopSees[at] |= PEER_BANDS[c * 3];
  loopSees[at + 1] |= PEER_BANDS[c * 3 + 1];
  loopSees[at + 2] |= PEER_BANDS[c * 3 + 2];
}

/**
 * The loop's removals (candidates `cell * 9 + digit`) pushed to `out`; without `out`, stops
 * at the first. Returns whether there is one.
 */
function loopScan(cand: Uint16Array, out: number[] | undefined): boolean {
  let found = false;
  for (let d = 0; d < 9; d++) {
    if ((loopDigits & (1 << d)) === 0) continue;
    for (let k = 0; k < 3; k++) {
      let both = loopSees[d * 6 + k] & loopSees[d * 6 + 3 + k] & ~loopCells[k];
      while (both !== 0) {
        const q = k * 27 + (31 - Math.clz32(both & -both));
        both &= both - 1;
        if ((cand[q] & (1 << d)) === 0) continue;
        if (out === undefined) return true;
        out.push(q * 9 + d);
        found = true;
      }
    }
  }
  return found;
}

const CYCLE_NAME = ["", "Bidirectional X-Cycle", "Bidirectional Y-Cycle", "Bidirectional Cycle"];
const CYCLE_BASE = [0, 65, 65, 70];

/**
 * Forcing chains and cycles (SE's "Forcing Chains & Cycles"): every hint, easiest first
 * (rating, then complexity, then the order found), one per set of removals.
 */
export function forcingChainsAndCycles(b: SeBoard, sink: Sink, all = true): boolean {
  const engine = staticEngine;
  if (!all) {
    const best = firstChainOrCycle(b);
    return best !== undefined && sink(best);
  }
  const { add, sorted } = hintList();
  for (const mode of [X_LINKS, Y_LINKS, XY_LINKS]) {
    for (let c = 0; c < 81; c++) {
      for (let m = b.cand[c]; m !== 0; m &= m - 1) {
        const cd = c * 9 + low(m);
        const on = cd * 2 + 1, off = cd * 2;
        // True to false: a forcing chain removes it; true back to true: a cycle.
        const chain = engine.search(b, on, off, mode);
        const chainNode = engine.goalNode;
        for (const closer of engine.closers) {
          const h = cycleHint(b, mode, engine.path(closer));
          if (h.elims.length > 0) add(h);
        }
        if (chain && mode !== Y_LINKS) add(forcingHint(b, mode, engine.path(chainNode), 0));
        if (mode !== Y_LINKS && engine.search(b, off, on, mode)) {
          add(forcingHint(b, mode, engine.path(engine.goalNode), low(m) + 1));
        }
      }
    }
  }
  for (const h of sorted()) if (sink(h)) return true;
  return false;
}

const staticEngine = new StaticChains();
let fastEngine: FastChains;

function cycleHint(b: SeBoard, mode: number, loop: ChainNode[]): Hint {
  return {
    rule: CYCLE_NAME[mode],
    rating: CYCLE_BASE[mode] + lengthIncrement(loop.length),
    cell: -1,
    digit: 0,
    elims: loopEliminations(b, loop),
    region: -1,
    cells: loop.map((n) => (n.cand / 9) | 0),
    digits: [],
    chains: [loop],
    complexity: loop.length,
  };
}

/** The longest chain of a kind (base rating, sort key) that could still come first. */
function longestUseful(base: number, key: number, best: Hint | undefined): number {
  if (best === undefined) return 200;
  if (base > best.rating) return 3;
  let n = 3;
  while (n < 200 && comesBefore(base + lengthIncrement(n + 1), n + 1, key, best)) n++;
  return n;
}

/**
 * The link modes in the order searched: X and Y chains first (their links are few), so
 * that their best bounds the mixed ones.
 */
const MODES = [X_LINKS, Y_LINKS, XY_LINKS];

/** A loop search's targets: the false potentials that lead back to its start. */
const targets = new Int32Array(4);
/**
 * Its candidate closers, each coded (length, place in the queue, link, target) so that
 * sorting the codes puts them in the order SE meets the loops; at most 4 targets × 28 links.
 */
const cands = new Float64Array(128);

/**
 * The first hint of {@linkcode forcingChainsAndCycles} without listing the others: the
 * same searches in the same order, each cut at the length past which nothing could come
 * before the best found so far. (Mixed chains searched rating by rating, 7.1, 7.3, 7.5,
 * then the rest, found the same hints with a third more of the breadth-first work on 200
 * puzzles of the controlled-bias mix, and 85% more on 300 hard ones: each stage did the
 * shorter lengths again.)
 */
function firstChainOrCycle(b: SeBoard): Hint | undefined {
  const fc = fastEngine;
  fc.prepare(b);
  const { cand } = b;
  const pos = b.positions();
  let best: Hint | undefined;
  for (let mi = 0; mi < MODES.length; mi++) {
    const mode = MODES[mi];
    const cycleKey = mode === X_LINKS ? 2 : mode === Y_LINKS ? 3 : 4;
    const chainKey = mode === X_LINKS ? 2 : 4;
    const chainBase = mode === X_LINKS ? 66 : 70;
    // Y chains make no forcing chain of their own, only cycles.
    const chainAt = mode === Y_LINKS ? 0 : 200;
    let boundFor: Hint | undefined | null = null;
    let cycleMax = 0, chainMax = 0;
    for (let c = 0; c < 81; c++) {
      for (let m = cand[c]; m !== 0; m &= m - 1) {
        if (boundFor !== best) {
          boundFor = best;
          cycleMax = longestUseful(CYCLE_BASE[mode], cycleKey, best);
          chainMax = Math.min(chainAt, longestUseful(chainBase, chainKey, best));
        }
        const limit = Math.max(cycleMax, chainMax);
        // Y links make cycles only (no chains), and a cycle back to a cell needs it bivalue.
        if (limit < 4 || (mode === Y_LINKS && BITS[cand[c]] !== 2)) continue;
        const d = low(m);
        const cd = c * 9 + d;
        const on = cd * 2 + 1, off = cd * 2;
        const chain = fc.search(on, off, mode, limit, cycleMax >= 4);
        // Loops: a true potential whose weak link reaches a false one leading back here.
        if (cycleMax >= 4) {
          let nTargets = 0;
          if (mode & Y_LINKS && BITS[cand[c]] === 2) {
            targets[nTargets++] = (c * 9 + low(cand[c] & ~(1 << d))) * 2;
          }
          if (mode & X_LINKS) {
            for (let k = 0; k < 3; k++) {
              const h = CELL_REGIONS[c * 3 + k];
              const places = pos[h * 9 + d];
              if (BITS[places] !== 2) continue;
              const r = REGION[h * 9 + low(places & ~(1 << CELL_INDEX[c * 3 + k]))];
              targets[nTargets++] = (r * 9 + d) * 2;
            }
          }
          // The true potentials with a weak link to a target, as the search met them.
          let nCands = 0;
          for (let t = 0; t < nTargets; t++) {
            const v = targets[t];
            const cv = ((v >> 1) / 9) | 0, dv = (v >> 1) % 9;
            if (mode === XY_LINKS) {
              for (let mm = cand[cv] & ~(1 << dv); mm !== 0; mm &= mm - 1) {
                const u = (cv * 9 + low(mm)) * 2 + 1;
                if (!fc.reached(u)) continue;
                const len = fc.length[u] + 1;
                if (len >= 4 && len <= cycleMax) {
                  cands[nCands++] = ((len * 2048 + fc.at[u]) * 64 + dv) * 8 + t;
                }
              }
            }
            for (let i2 = cv * 20; i2 < cv * 20 + 20; i2++) {
              const q = HOUSE_CELLS[i2];
              if ((cand[q] & (1 << dv)) === 0) continue;
              const u = (q * 9 + dv) * 2 + 1;
              if (!fc.reached(u)) continue;
              const len = fc.length[u] + 1;
              if (len >= 4 && len <= cycleMax) {
                cands[nCands++] = ((len * 2048 + fc.at[u]) * 64 + 16 + HOUSE_AT[q * 81 + cv]) * 8 +
                  t;
              }
            }
          }
          if (nCands > 1) cands.subarray(0, nCands).sort();
          for (let ci = 0; ci < nCands; ci++) {
            const code = cands[ci];
            const t = code % 8;
            const len = Math.floor(code / (8 * 64 * 2048));
            const u = fc.queue[Math.floor(code / (8 * 64)) % 2048];
            const v = targets[t];
            const rating = CYCLE_BASE[mode] + lengthIncrement(len);
            if (!comesBefore(rating, len, cycleKey, best)) break;
            if (fc.isAncestor(u, v)) continue;
            if (!loopRemoves(b, fc, u, v)) continue;
            const loop = fc.path(u);
            loop.push({ cand: v >> 1, on: false });
            best = cycleHint(b, mode, loop);
            break;
          }
        }
        if (chain && mode !== Y_LINKS) {
          const len = fc.length[off];
          if (
            len <= chainMax && comesBefore(chainBase + lengthIncrement(len), len, chainKey, best)
          ) {
            best = forcingHint(b, mode, fc.path(off), 0);
          }
        }
        if (mode === Y_LINKS) continue;
        const limit2 = best === boundFor
          ? chainMax
          : Math.min(chainAt, longestUseful(chainBase, chainKey, best));
        if (limit2 >= 4 && fc.search(off, on, mode, limit2, false)) {
          const len = fc.length[on];
          if (comesBefore(chainBase + lengthIncrement(len), len, chainKey, best)) {
            best = forcingHint(b, mode, fc.path(on), d + 1);
          }
        }
      }
    }
  }
  return best;
}

function forcingHint(b: SeBoard, mode: number, chain: ChainNode[], digit: number): Hint {
  const n = chain.length;
  const target = chain[n - 1].cand;
  const c = (target / 9) | 0;
  const rule = mode === X_LINKS ? (n === 6 ? "Turbot Fish" : "Forcing X-Chain") : "Forcing Chain";
  const rating = (mode === X_LINKS ? 66 : 70) + lengthIncrement(n);
  const elims: number[] = [];
  if (digit > 0) {
    for (let m = b.cand[c] & ~(1 << (digit - 1)); m !== 0; m &= m - 1) elims.push(c * 9 + low(m));
  } else elims.push(target);
  return {
    rule,
    rating,
    cell: digit > 0 ? c : -1,
    digit,
    elims,
    region: -1,
    cells: chain.map((x) => (x.cand / 9) | 0),
    digits: [],
    chains: [chain],
    complexity: n,
  };
}

/**
 * The same breadth-first search with every potential taken once: enough for chains (the
 * first way to a potential is the same), and for loops, which are read off afterwards (a
 * true potential of the search whose weak link reaches a false potential leading back to
 * the start, in the order the searches with repeated false potentials would meet them).
 * The links of the board are listed once per board state, in the order SE follows them.
 */
export class FastChains {
  static {
    fastEngine = new FastChains();
  }
  /** Length in potentials of the way to each potential (valid where `seen` is current). */
  readonly length: Int16Array = new Int16Array(POTENTIALS);
  /** The potential before each one. */
  readonly parent: Int16Array = new Int16Array(POTENTIALS);
  /** The potentials reached, in order. */
  readonly queue: Int16Array = new Int16Array(POTENTIALS);
  /** Where each potential stands in `queue`. */
  readonly at: Int16Array = new Int16Array(POTENTIALS);
  count = 0;
  readonly #seen = new Uint32Array(POTENTIALS);
  #stamp = 0;
  /**
   * The links out of each potential: `links[start[p] .. start[p + 1])`, the cell's links
   * first (`cellLinks[p]` of them: its other candidates for a true one, the other candidate
   * of a two-candidate cell for a false one), then the region links.
   */
  readonly #start = new Int32Array(POTENTIALS + 1);
  readonly #links = new Int16Array(POTENTIALS * 24);
  readonly #cellLinks = new Uint8Array(POTENTIALS);
  #board: SeBoard | undefined;
  #version = -1;

  /** List the links of board b (once per state of the board). */
  prepare(b: SeBoard): void {
    if (this.#board === b && this.#version === b.version) return;
    this.#board = b;
    this.#version = b.version;
    const { cand } = b;
    const pos = b.positions();
    const start = this.#start, links = this.#links, cellLinks = this.#cellLinks;
    let n = 0;
    for (let c = 0; c < 81; c++) {
      for (let d = 0; d < 9; d++) {
        const cd = c * 9 + d;
        const bit = 1 << d;
        // False: the other candidate of a two-candidate cell, the other place of d.
        start[cd * 2] = n;
        if ((cand[c] & bit) !== 0) {
          if (BITS[cand[c]] === 2) {
            links[n++] = (c * 9 + low(cand[c] & ~bit)) * 2 + 1;
            cellLinks[cd * 2] = 1;
          } else cellLinks[cd * 2] = 0;
          for (let k = 0; k < 3; k++) {
            const h = CELL_REGIONS[c * 3 + k];
            const m = pos[h * 9 + d];
            if (BITS[m] !== 2) continue;
            const q = REGION[h * 9 + low(m & ~(1 << CELL_INDEX[c * 3 + k]))];
            links[n++] = (q * 9 + d) * 2 + 1;
          }
        }
        // True: the cell's other candidates, then d in the peers.
        start[cd * 2 + 1] = n;
        if ((cand[c] & bit) !== 0) {
          let k = 0;
          for (let m = cand[c] & ~bit; m !== 0; m &= m - 1) {
            links[n++] = (c * 9 + low(m)) * 2;
            k++;
          }
          cellLinks[cd * 2 + 1] = k;
          for (let i = c * 20; i < c * 20 + 20; i++) {
            const q = HOUSE_CELLS[i];
            if (cand[q] & bit) links[n++] = (q * 9 + d) * 2;
          }
        }
      }
    }
    start[POTENTIALS] = n;
  }

  /** Whether potential p was reached by the last search. */
  reached(p: number): boolean {
    return this.#seen[p] === this.#stamp;
  }

  /**
   * Search from `start` with links `mode`, not going past `maxLength` potentials; stops
   * early at `goal` unless `full`. Returns whether `goal` was reached. Call
   * {@linkcode prepare} for the board first.
   */
  search(start: number, goal: number, mode: number, maxLength: number, full: boolean): boolean {
    const stamp = ++this.#stamp;
    const seen = this.#seen, length = this.length, parent = this.parent, queue = this.queue;
    const at = this.at;
    const starts = this.#start, links = this.#links, cellLinks = this.#cellLinks;
    const useCell = mode === XY_LINKS, strongCell = (mode & Y_LINKS) !== 0;
    const strongRegion = (mode & X_LINKS) !== 0;
    seen[start] = stamp;
    length[start] = 1;
    parent[start] = -1;
    at[start] = 0;
    queue[0] = start;
    let head = 0, tail = 1, found = false;
    while (head < tail) {
      const p = queue[head++];
      const len = length[p];
      if (len >= maxLength) continue;
      let i = starts[p];
      let end = starts[p + 1];
      if (p & 1) {
        if (!useCell) i += cellLinks[p];
      } else {
        if (!strongCell) i += cellLinks[p];
        else if (!strongRegion) end = i + cellLinks[p];
      }
      for (; i < end; i++) {
        const q = links[i];
        if (seen[q] === stamp) continue;
        seen[q] = stamp;
        length[q] = len + 1;
        parent[q] = p;
        at[q] = tail;
        queue[tail++] = q;
        if (q === goal) found = true;
      }
      if (found && !full) break;
    }
    this.count = tail;
    return found;
  }

  /** The chain to p, from the start. */
  path(p: number): ChainNode[] {
    const out: ChainNode[] = [];
    for (let x = p; x >= 0; x = this.parent[x]) out.push({ cand: x >> 1, on: (x & 1) === 1 });
    return out.reverse();
  }

  /** Whether potential q lies on the way to p. */
  isAncestor(p: number, q: number): boolean {
    for (let x = p; x >= 0; x = this.parent[x]) if (x === q) return true;
    return false;
  }
}
