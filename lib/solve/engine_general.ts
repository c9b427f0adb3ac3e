/**
 * A bounded solution counter for every size 1..64 and every rule set (sudoku, Sudoku-X,
 * Latin square).
 *
 * Candidates are bitsets: one 32-bit word per cell up to S = 32 (`Core32`), a low and a
 * high word above (`Core64`). Both cores share the unit and peer tables (`Tables`), the
 * undo trail and the search loop (`CoreBase`): naked and hidden singles in every unit,
 * locked candidates (pointing and claiming) between blocks and lines, then binary
 * branching (`cell = d`, then `cell != d`) on the most constrained choice, a cell with
 * fewest candidates or a (unit, digit) with fewest places, each count divided by the
 * failures seen in its units (dom/wdeg). Two stronger filters are switched on where they
 * were measured to pay: failed-literal probing of two-candidate cells on 16×16 sudokus,
 * and the all-different matching filter (Régin) on 16×16 and 25×25 ones. On 25×25
 * sudokus every node is also shaved: each bivalent literal (a digit of a two-candidate
 * cell, or one of a digit's two places in a unit) is tried with singles only and removed
 * when it fails, literals forced by others are tried on top of them and equivalent ones
 * once (tree-based lookahead, as in the march SAT solvers), and the branch is the
 * two-way choice whose sides propagated most. State changes go through an undo trail
 * sized in the constructor, so a search allocates nothing beyond scratch arrays made once.
 *
 * @module
 */

import {
  type Engine,
  POLL_NODES,
  type SearchControl,
  type SolutionCallback,
  type Variant,
} from "./engine.ts";
import { blockSideOf, MAX_SIZE } from "../grid/geometry.ts";

export type { Engine, SearchControl, SolutionCallback, Variant } from "./engine.ts";

/**
 * Place count that marks a (unit, digit) whose digit is placed (Core32): above any real
 * count, so it never reaches the hidden-single or contradiction thresholds.
 */
const PLACED = 1 << 20;

/** Population count of a 32-bit word. */
function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** The mask of digits 0..k-1 as an int32 (k may be 0..32). */
function lowMask(k: number): number {
  return k >= 32 ? -1 : (1 << k) - 1;
}

/**
 * Where the place counts of (unit, digit) pairs are looked up, as bit-sliced counters.
 *
 * `exactly(v)` gives the digits with exactly v places, for v in 2..7; counters saturate
 * at 8, which is enough because a branch with more than 7 choices never beats a cell.
 */
class SlicedCount {
  c0 = 0;
  c1 = 0;
  c2 = 0;
  sat = 0;

  reset(): void {
    this.c0 =
      this.c1 =
      this.c2 =
      this.sat =
        0;
  }

  add(m: number): void {
    const k0 = this.c0 & m;
    this.c0 ^= m;
    const k1 = this.c1 & k0;
    this.c1 ^= k0;
    this.sat |= this.c2 & k1;
    this.c2 ^= k1;
  }

  exactly(v: number): number {
    const m = ~this.sat & ((v & 1) ? this.c0 : ~this.c0) & ((v & 2) ? this.c1 : ~this.c1);
    return m & ((v & 4) ? this.c2 : ~this.c2);
  }
}

/**
 * Unit and peer tables of one size and rule set, shared by both cores.
 *
 * Units are listed rows, columns, blocks, then the two diagonals for `x`; `units` holds
 * S cells per unit. Peers of a cell are the other cells sharing some unit with it.
 */
class Tables {
  /** Side length S. */
  readonly size: number;
  /** S * S. */
  readonly cells: number;
  /** Block side, or 0 when the rule set has no blocks (Latin squares). */
  readonly box: number;
  /** Number of units. */
  readonly unitCount: number;
  /** Cells of unit u at `u * S .. u * S + S - 1`. */
  readonly units: Int32Array;
  /** Peers of cell c at `peers[peerStart[c] .. peerStart[c + 1] - 1]`. */
  readonly peerStart: Int32Array;
  /** Flat peer lists. */
  readonly peers: Int32Array;
  /** Unit index of each cell's block, -1 without blocks. */
  readonly boxUnit: Int32Array;
  /** Units of cell c at `cellUnits[cellUnitStart[c] .. cellUnitStart[c + 1] - 1]`. */
  readonly cellUnitStart: Int32Array;
  /** Flat unit lists. */
  readonly cellUnits: Int32Array;
  /** Most units any one cell is in. */
  readonly maxUnitsPerCell: number;

  /** Build the tables; throws a RangeError for an unsupported size or rule set. */
  constructor(size: number, variant: Variant) {
    if (!Number.isInteger(size) || size < 1 || size > MAX_SIZE) {
      throw new RangeError(`size ${size} is outside 1..${MAX_SIZE}`);
    }
    if (variant !== "sudoku" && variant !== "x" && variant !== "latin") {
      throw new RangeError(`variant ${String(variant)} is not sudoku, x or latin`);
    }
    const b = blockSideOf(size);
    if (variant !== "latin" && b === 0) {
      throw new RangeError(`variant ${variant} needs a perfect-square size, not ${size}`);
    }
    this.size = size;
    this.cells = size * size;
    this.box = variant === "latin" ? 0 : b;
    const unitCount = 2 * size + (this.box > 0 ? size : 0) + (variant === "x" ? 2 : 0);
    this.unitCount = unitCount;
    const units = new Int32Array(unitCount * size);
    let u = 0;
    for (let r = 0; r < size; r++, u++) {
      for (let k = 0; k < size; k++) units[u * size + k] = r * size + k;
    }
    for (let c = 0; c < size; c++, u++) {
      for (let k = 0; k < size; k++) units[u * size + k] = k * size + c;
    }
    if (this.box > 0) {
      for (let bi = 0; bi < size; bi++, u++) {
        const r0 = Math.floor(bi / b) * b;
        const c0 = (bi % b) * b;
        for (let k = 0; k < size; k++) {
          units[u * size + k] = (r0 + Math.floor(k / b)) * size + c0 + (k % b);
        }
      }
    }
    if (variant === "x") {
      for (let k = 0; k < size; k++) units[u * size + k] = k * size + k;
      u++;
      for (let k = 0; k < size; k++) units[u * size + k] = k * size + (size - 1 - k);
      u++;
    }
    this.units = units;
    this.boxUnit = new Int32Array(this.cells).fill(-1);
    if (this.box > 0) {
      for (let c = 0; c < this.cells; c++) {
        const r = Math.floor(c / size);
        this.boxUnit[c] = 2 * size + Math.floor(r / b) * b + Math.floor((c % size) / b);
      }
    }
    // Peer lists, deduplicated with a per-cell stamp.
    const unitsOf: number[][] = Array.from({ length: this.cells }, () => []);
    for (let v = 0; v < unitCount; v++) {
      for (let k = 0; k < size; k++) unitsOf[units[v * size + k]].push(v);
    }
    this.cellUnitStart = new Int32Array(this.cells + 1);
    this.cellUnits = Int32Array.from(unitsOf.flat());
    let most = 0;
    for (let c = 0; c < this.cells; c++) {
      this.cellUnitStart[c + 1] = this.cellUnitStart[c] + unitsOf[c].length;
      most = Math.max(most, unitsOf[c].length);
    }
    this.maxUnitsPerCell = most;
    const stamp = new Int32Array(this.cells).fill(-1);
    const flat: number[] = [];
    this.peerStart = new Int32Array(this.cells + 1);
    for (let c = 0; c < this.cells; c++) {
      this.peerStart[c] = flat.length;
      stamp[c] = c;
      for (const v of unitsOf[c]) {
        for (let k = 0; k < size; k++) {
          const p = units[v * size + k];
          if (stamp[p] !== c) {
            stamp[p] = c;
            flat.push(p);
          }
        }
      }
    }
    this.peerStart[this.cells] = flat.length;
    this.peers = Int32Array.from(flat);
  }
}

/** What the cores have in common: trail, queue, branch stack, solution buffer. */
abstract class CoreBase {
  readonly t: Tables;
  readonly n: number;
  /** Search state: candidate words then assigned-digit flags, see each core. */
  readonly st: Int32Array;
  readonly trailIdx: Int32Array;
  readonly trailOld: Int32Array;
  top = 0;
  readonly queue: Int32Array;
  qh = 0;
  qt = 0;
  /** Branch stack: trail mark, cell and digit (0-based) of each pending `!=` branch. */
  readonly frameMark: Int32Array;
  readonly frameCell: Int32Array;
  readonly frameDigit: Int32Array;
  /**
   * The decisions leading to the current node, as signed literals 2 * (c * S + d) + (1 for
   * `!=`), and per frame the count of them before its `=` branch: what a branch given
   * away (`SearchControl`) is rebuilt from.
   */
  readonly decisions: Int32Array;
  readonly frameDecisions: Int32Array;
  /** Per frame, 1 once its `!=` branch is given away. */
  readonly frameGiven: Uint8Array;
  readonly solution: Uint8Array;
  readonly segRow: Int32Array;
  readonly segCol: Int32Array;
  readonly sliced: SlicedCount[] = [new SlicedCount(), new SlicedCount()];
  nodes = 0;
  /**
   * Failure counts per unit and per cell (dom/wdeg): the branch choice divides each
   * count of choices by the failures seen around it, which steers the search to the
   * part of the grid that keeps contradicting itself.
   */
  readonly unitW: Float64Array;
  readonly cellW: Float64Array;

  /** Hidden-single queue: (unit * S + digit) pairs left with one place (Core32 only). */
  readonly hq: Int32Array;
  hqh = 0;
  hqt = 0;

  /** `extra` state words after the per-cell ones, each changed at most `perBit` times per removed bit. */
  constructor(t: Tables, words: number, extra = 0, perBit = 0) {
    this.t = t;
    const n = t.cells;
    this.n = n;
    this.unitW = new Float64Array(t.unitCount);
    this.cellW = new Float64Array(n);
    this.st = new Int32Array((words + 1) * n + extra);
    this.hq = new Int32Array(extra + 1);
    // Along one search path every write removes at least one candidate bit (and updates
    // up to `perBit` counters with it) or sets a flag.
    const trail = n * (t.size + 1) * (1 + perBit) + 16;
    this.trailIdx = new Int32Array(trail);
    this.trailOld = new Int32Array(trail);
    this.queue = new Int32Array(n + 1);
    this.frameMark = new Int32Array(n + 1);
    this.frameCell = new Int32Array(n + 1);
    this.frameDigit = new Int32Array(n + 1);
    // Every decision removes a candidate from the current state.
    this.decisions = new Int32Array(n * t.size + 1);
    this.frameDecisions = new Int32Array(n + 1);
    this.frameGiven = new Uint8Array(n + 1);
    this.solution = new Uint8Array(n);
    this.impact = new Int32Array(n * t.size);
    this.cut = new Int32Array(n * t.size);
    this.segRow = new Int32Array(words * t.size * Math.max(1, t.box));
    this.segCol = new Int32Array(words * t.size * Math.max(1, t.box));
  }

  /** Write `v` at state index `i`, remembering the old value. */
  set(i: number, v: number): void {
    const top = this.top++;
    this.trailIdx[top] = i;
    this.trailOld[top] = this.st[i];
    this.st[i] = v;
  }

  undo(mark: number): void {
    const st = this.st;
    const idx = this.trailIdx;
    const old = this.trailOld;
    let top = this.top;
    while (top > mark) {
      top--;
      st[idx[top]] = old[top];
    }
    this.top = top;
  }

  /** Remove digit `d` (0-based) from cell `c`; false on a contradiction. */
  abstract removeDigit(c: number, d: number): boolean;
  /** Assign digit `d` (0-based) to cell `c` and remove it from the peers. */
  abstract assign(c: number, d: number): boolean;
  /** Set the initial candidates (all digits, or `allowed`); false when a cell has none. */
  abstract init(allowed?: Uint32Array, allowedHigh?: Uint32Array): boolean;
  /** Singles, hidden singles and locked candidates to a fixpoint; false on contradiction. */
  abstract propagate(): boolean;
  /**
   * Choose the next branch into `frameCell/frameDigit[depth]`; false when the grid is solved.
   */
  abstract choose(depth: number): boolean;
  /** Write the solved grid (digits 1..S) to `solution`. */
  abstract fillSolution(): void;
  /** Candidates of cell `c`, 0 once it is assigned. */
  abstract openCount(c: number): number;
  /** Whether digit `d` (0-based) is a candidate of cell `c`. */
  abstract has(c: number, d: number): boolean;

  /** Largest candidate count of the cells that `probe` tries; 0 turns probing off. */
  probeWidth = 0;
  /**
   * Search depth up to which every node is shaved: every candidate of every cell probed
   * with singles only, in one pass (-1: never).
   */
  shaveDepth = -1;
  /** Trail entries written by the last probe of each (cell, digit): its propagation. */
  readonly impact: Int32Array;
  /**
   * A running score of the constraints that removals cut down to few options (kept by
   * Core32): a cell left with 3 candidates adds 4, with 2 adds 8; a (unit, digit) left
   * with 3 places adds 2, with 2 adds 3, with 1 (a hidden single) adds 4. What it grows by
   * over the probe of a literal is the literal's `cut`. The weights are measured on the
   * 25×25 minimal puzzles: cells at 3 and 2 like places took 314,000 nodes, at 4 and 8
   * 283,000; counting either kind alone, or 4-option constraints too, did worse.
   */
  cuts = 0;
  /** The `cuts` growth of the last probe of each (cell, digit), on top of its tree parents'. */
  readonly cut: Int32Array;
  /** Whether shaved nodes branch on the bivalent choice whose probes cut most (`cut`). */
  lookahead = false;
  /** Whether the current node was shaved, so `impact` is current. */
  probedAll = false;
  /**
   * Whether shaves probe every candidate; otherwise (Core32) only the bivalent ones, the
   * literals lookahead branching chooses among.
   */
  shaveAll = false;
  /** Switch the costly filters off (true) or back on; cores without any ignore it. */
  setLight(_light: boolean): void {}

  /** Shave the current node (see `probe`); false when it fails. */
  shaveNode(): boolean {
    return this.probe(this.t.size, true);
  }

  /**
   * Failed-literal probing: try each candidate of the cells with at most `width`
   * candidates, and remove those whose propagation fails. False when the node itself
   * fails. A `shave` probes with singles only and makes one pass; otherwise probes
   * propagate fully and passes repeat until nothing fails.
   *
   * Hard 25×25 minimal puzzles leave hundreds of open cells after singles and locked
   * candidates; probing cuts their search trees by orders of magnitude, and the impacts
   * it measures guide the branching (`lookahead`).
   */
  probe(width: number, shave: boolean): boolean {
    const n = this.n;
    const size = this.t.size;
    for (;;) {
      let changed = false;
      for (let c = 0; c < n; c++) {
        const k = this.openCount(c);
        if (k === 0 || k > width) continue;
        for (let d = 0; d < size; d++) {
          if (!this.has(c, d) || this.openCount(c) === 0) continue;
          const mark = this.top;
          const cuts = this.cuts;
          if (shave) this.setLight(true);
          const ok = this.assign(c, d) && this.propagate();
          this.impact[c * size + d] = this.top - mark;
          this.cut[c * size + d] = this.cuts - cuts;
          this.undo(mark);
          this.qh =
            this.qt =
            this.hqh =
            this.hqt =
              0;
          if (!ok) {
            // A shave defers the costly filters to the end of its pass (measured: 5–10%
            // faster on the 25×25 minimal puzzles for a few more nodes).
            if (!this.removeDigit(c, d) || !this.propagate()) {
              if (shave) this.setLight(false);
              return false;
            }
            changed = true;
          }
          if (shave) this.setLight(false);
        }
      }
      if (shave && changed && !this.propagate()) return false;
      // One shaving pass finds most failed literals; repeating it costs more than the
      // nodes it saves on the 25×25 minimal puzzles.
      if (!changed || shave) return true;
    }
  }

  count(
    grid: Uint8Array,
    limit: number,
    onSolution: SolutionCallback | undefined,
    allowed: Uint32Array | undefined,
    allowedHigh: Uint32Array | undefined,
    control?: SearchControl,
  ): number {
    const n = this.n;
    const size = this.t.size;
    if (grid.length !== n) {
      throw new RangeError(`grid has ${grid.length} cells, expected ${n}`);
    }
    if (allowed !== undefined && allowed.length !== n) {
      throw new RangeError(`allowed has ${allowed.length} cells, expected ${n}`);
    }
    if (allowedHigh !== undefined && allowedHigh.length !== n) {
      throw new RangeError(`allowedHigh has ${allowedHigh.length} cells, expected ${n}`);
    }
    for (let c = 0; c < n; c++) {
      if (grid[c] > size) throw new RangeError(`cell ${c}: value ${grid[c]} is outside 0..${size}`);
    }
    this.unitW.fill(0);
    this.cellW.fill(0);
    // Shaves rank literals by their last impacts: start each count from the same state.
    if (this.shaveDepth >= 0) {
      this.impact.fill(0);
      this.cut.fill(0);
    }
    return this.search(grid, limit, onSolution, allowed, allowedHigh, control);
  }

  /**
   * Give away the `!=` branch of the shallowest frame (below `depth`) not given yet: the
   * masks of its subtree go to `control.give`, and the frame is marked so that
   * backtracking skips the branch. Does nothing when every frame is given.
   */
  giveBranch(
    depth: number,
    control: SearchControl,
    allowed: Uint32Array | undefined,
    allowedHigh: Uint32Array | undefined,
  ): void {
    let j = 0;
    while (j < depth && this.frameGiven[j] !== 0) j++;
    if (j === depth) return;
    this.frameGiven[j] = 1;
    const n = this.n;
    const size = this.t.size;
    const lo = new Uint32Array(n);
    const hi = size > 32 ? new Uint32Array(n) : undefined;
    const fullLo = lowMask(Math.min(size, 32));
    const fullHi = size > 32 ? lowMask(size - 32) : 0;
    for (let c = 0; c < n; c++) {
      lo[c] = allowed === undefined ? fullLo : allowed[c] & fullLo;
      if (hi !== undefined) hi[c] = allowedHigh === undefined ? fullHi : allowedHigh[c] & fullHi;
    }
    const last = this.frameDecisions[j];
    for (let i = 0; i <= last; i++) {
      // The decisions before frame j, then frame j's `!=`.
      const x = i < last
        ? this.decisions[i]
        : 2 * (this.frameCell[j] * size + this.frameDigit[j]) + 1;
      const lit = x >>> 1;
      const c = (lit / size) | 0;
      const d = lit - c * size;
      const bitLo = d < 32 ? (1 << d) >>> 0 : 0;
      const bitHi = d >= 32 ? (1 << (d - 32)) >>> 0 : 0;
      if ((x & 1) !== 0) {
        lo[c] &= ~bitLo;
        if (hi !== undefined) hi[c] &= ~bitHi;
      } else {
        lo[c] &= bitLo;
        if (hi !== undefined) hi[c] &= bitHi;
      }
    }
    control.give(lo, hi);
  }

  /** The depth-first search behind `count`, arguments checked. */
  search(
    grid: Uint8Array,
    limit: number,
    onSolution: SolutionCallback | undefined,
    allowed: Uint32Array | undefined,
    allowedHigh: Uint32Array | undefined,
    control: SearchControl | undefined,
  ): number {
    const n = this.n;
    const size = this.t.size;
    this.nodes = 0;
    this.top = 0;
    this.qh =
      this.qt =
      this.hqh =
      this.hqt =
        0;
    if (limit < 1) return 0;
    if (!this.init(allowed, allowedHigh)) return 0;
    for (let c = 0; c < n; c++) {
      const v = grid[c];
      if (v !== 0 && !this.assign(c, v - 1)) return 0;
    }
    if (!this.propagate()) return 0;
    let found = 0;
    let depth = 0;
    const frameMark = this.frameMark;
    const frameCell = this.frameCell;
    const frameDigit = this.frameDigit;
    const frameDecisions = this.frameDecisions;
    const frameGiven = this.frameGiven;
    const decisions = this.decisions;
    let decided = 0;
    for (;;) {
      // At a node whose state is propagated and consistent.
      let alive: boolean;
      const shave = depth <= this.shaveDepth;
      this.probedAll = shave;
      if (
        shave ? !this.shaveNode() : this.probeWidth > 0 && !this.probe(this.probeWidth, false)
      ) {
        alive = false;
      } else if (this.choose(depth)) {
        this.nodes++;
        frameMark[depth] = this.top;
        frameDecisions[depth] = decided;
        frameGiven[depth] = 0;
        decisions[decided++] = 2 * (frameCell[depth] * size + frameDigit[depth]);
        depth++;
        if (control !== undefined && this.nodes % POLL_NODES === 0) {
          const ask = control.poll();
          if (ask === "stop") return found;
          if (ask === "split") this.giveBranch(depth, control, allowed, allowedHigh);
        }
        alive = this.assign(frameCell[depth - 1], frameDigit[depth - 1]) && this.propagate();
      } else {
        found++;
        if (onSolution !== undefined) {
          this.fillSolution();
          if (onSolution(this.solution) === false) return found;
        }
        if (found >= limit) return found;
        alive = false;
      }
      while (!alive) {
        if (depth === 0) return found;
        depth--;
        this.undo(frameMark[depth]);
        this.qh =
          this.qt =
          this.hqh =
          this.hqt =
            0;
        decided = frameDecisions[depth];
        // A branch given away belongs to another search.
        if (frameGiven[depth] !== 0) continue;
        decisions[decided++] = 2 * (frameCell[depth] * size + frameDigit[depth]) + 1;
        alive = this.removeDigit(frameCell[depth], frameDigit[depth]) && this.propagate();
      }
    }
  }
}

/**
 * The search for S <= 32: one candidate word per cell. State: cand[0..n), assigned
 * flags [n..2n), then the place count of each (unit, digit) (`countBase`), which turns
 * hidden singles into queue work instead of a scan of every unit.
 */
class Core32 extends CoreBase {
  readonly full: number;
  /** Whether `propagate` ends with the all-different matching filter. */
  allDiff = false;
  /** Whether `propagate` stops after singles (for cheap probes). */
  light = false;
  /** Where the place counts of (unit, digit) start in `st`: `countBase + u * S + d`. */
  readonly countBase: number;

  override setLight(light: boolean): void {
    this.light = light;
  }

  /** Per unit and position, the digit matched last time (a hint, not trailed). */
  readonly matchHint: Int32Array;
  readonly matchOf: Int32Array;
  readonly posOfDigit: Int32Array;
  readonly reach: Int32Array;
  readonly seen: Int32Array;
  /** Hash of each unit's candidates when the filter last left it consistent. */
  readonly unitSig: Int32Array;
  /** Scratch value sets of the constraint `match` works on. */
  readonly mk: Int32Array;
  /** The open positions of `mk` and their value sets without the solved positions' values. */
  readonly openPos: Int32Array;
  readonly cm: Int32Array;
  /** Reverse edges and strongly connected component of each open position. */
  readonly rev: Int32Array;
  readonly scc: Int32Array;
  stamp = 0;
  /** Count of tree shaves, for `repPass`. */
  pass = 0;
  /** Per group (a union-find root): the shave that gave it a representative, and its index. */
  repPass = new Int32Array(0);
  repOf = new Int32Array(0);
  /**
   * Union-find over signed literals (2 * (c * S + d) + negated) for `linkEquivalents`,
   * valid where `eqGen` equals `gen`; allocated by the first shave.
   */
  eqParent = new Int32Array(0);
  eqGen = new Int32Array(0);
  gen = 0;
  /** Tree shave scratch, per representative: literal, parent, children, impact. */
  treeLit = new Int32Array(0);
  treeParent = new Int32Array(0);
  treeFirst = new Int32Array(0);
  treeNext = new Int32Array(0);
  treeImpact = new Int32Array(0);
  treeCut = new Int32Array(0);
  treeRank = new Float64Array(0);
  treeRoots = new Int32Array(0);
  treeStack = new Int32Array(0);
  treeMark = new Int32Array(0);
  /** Per open probe of the tree shave, its `cuts` with its ancestors'. */
  treeCutSum = new Int32Array(0);
  /** This shave's bivalent literals (`bivCount` of them), each once: `bivGen` is `gen`. */
  bivLit = new Int32Array(0);
  bivGen = new Int32Array(0);
  bivCount = 0;
  /** Per digit, its first place met in the unit `linkEquivalents` walks (`firstSeen` bits). */
  firstPlace = new Int32Array(0);
  firstSeen = 0;
  pending = new Int32Array(0);
  /**
   * One-step forcings found by `linkEquivalents`: when `forceCell` loses digit d (the
   * list of d starts at `forceHead[d]`; the list of (cell, d) at `forceCellHead`), the
   * literal `forceLit` holds, unless the loss also takes d from `forceExcept` (a cell, or
   * -1): a two-candidate cell keeps its other digit, a two-place digit takes its other place.
   */
  forceCell = new Int32Array(0);
  forceLit = new Int32Array(0);
  forceExcept = new Int32Array(0);
  forceNextDigit = new Int32Array(0);
  forceNextCell = new Int32Array(0);
  forceHead = new Int32Array(0);
  forceCellHead = new Int32Array(0);
  forceCellGen = new Int32Array(0);
  forceCount = 0;
  /** Peer sets as bit rows (`n` bits per cell), for `forcedLower`. */
  peerBits = new Int32Array(0);

  constructor(t: Tables) {
    super(t, 1, t.unitCount * t.size, t.maxUnitsPerCell);
    this.countBase = 2 * t.cells;
    this.full = lowMask(t.size);
    // Measured choices: probing pays on hard 16×16 sudokus (vu_kr: 1,887 nodes down to
    // 15, time halved) but makes enumeration (Latin squares, small grids) several times
    // slower. The all-different filter takes another quarter off the 16×16 sets and is
    // what 25×25 minimal puzzles need; on Latin squares with random holes it costs more
    // than it saves (measured at orders 8–32), and it halves enumeration speed.
    this.probeWidth = t.box > 0 && t.size === 16 ? 2 : 0;
    this.allDiff = t.box > 0 && t.size >= 16;
    // Minimal 25×25 sudokus (Frisch's set): shaving every node (bivalent literals, with
    // singles only) and lookahead branching count all 18 in 0.01–28 s, where the
    // all-different filter and dom/wdeg alone finished 4 within 120,000 nodes.
    if (this.allDiff && t.size >= 25) {
      this.shaveDepth = t.cells;
      this.lookahead = true;
    }
    this.matchHint = new Int32Array(t.unitCount * t.size).fill(-1);
    this.matchOf = new Int32Array(t.size);
    this.posOfDigit = new Int32Array(t.size);
    this.reach = new Int32Array(t.size);
    this.seen = new Int32Array(t.size);
    this.unitSig = new Int32Array(t.unitCount);
    this.mk = new Int32Array(t.size);
    this.openPos = new Int32Array(t.size);
    this.cm = new Int32Array(t.size);
    this.rev = new Int32Array(t.size);
    this.scc = new Int32Array(t.size);
  }

  /** Kuhn's augmenting path from open position `x` (of `cm`). */
  augment(x: number): boolean {
    let m = this.cm[x];
    while (m !== 0) {
      const bit = m & -m;
      m ^= bit;
      const d = 31 - Math.clz32(bit);
      if (this.seen[d] === this.stamp) continue;
      this.seen[d] = this.stamp;
      const y = this.posOfDigit[d];
      if (y < 0 || this.augment(y)) {
        this.posOfDigit[d] = x;
        this.matchOf[x] = d;
        return true;
      }
    }
    return false;
  }

  /**
   * Régin's filter on one all-different constraint whose S positions have the value sets
   * `mk[0..S)`, S values in all: keep a value of a position only if some perfect matching
   * of positions to values uses it. Positions with one value are matched to it and taken
   * out with their values, so the work is on the m open positions only. An edge off the
   * matching is in one iff it lies on an alternating cycle, i.e. both its positions are in
   * one strongly connected component; with at most 32 positions the components come from
   * forward and backward bitset searches. Leaves the values to drop in `mk` and returns 1
   * when some position loses values, 0 when none does, -1 when no perfect matching exists. `hint` at `hintBase`
   * holds the last matching of this constraint, per position.
   */
  match(hintBase: number): number {
    const size = this.t.size;
    const mk = this.mk;
    const cm = this.cm;
    const open = this.openPos;
    const hint = this.matchHint;
    const matchOf = this.matchOf;
    const pos = this.posOfDigit;
    const reach = this.reach;
    let fixed = 0;
    let m = 0;
    for (let x = 0; x < size; x++) {
      const v = mk[x];
      if ((v & (v - 1)) === 0) {
        if ((fixed & v) !== 0 || v === 0) return -1;
        fixed |= v;
      } else {
        open[m++] = x;
      }
    }
    if (m === 0) return 0;
    pos.fill(-1);
    let stray = 0;
    for (let i = 0; i < m; i++) {
      const x = open[i];
      const v = mk[x] & ~fixed;
      stray |= mk[x] & fixed;
      cm[i] = v;
      const d = hint[hintBase + x];
      if (d >= 0 && (v & (1 << d)) !== 0 && pos[d] < 0) {
        pos[d] = i;
        matchOf[i] = d;
      } else {
        matchOf[i] = -1;
      }
    }
    for (let i = 0; i < m; i++) {
      if (matchOf[i] >= 0) continue;
      this.stamp++;
      if (!this.augment(i)) return -1;
    }
    // Alternating graph on positions: i -> j when i can take the value j is matched to.
    const rev = this.rev;
    for (let i = 0; i < m; i++) rev[i] = 0;
    for (let i = 0; i < m; i++) {
      hint[hintBase + open[i]] = matchOf[i];
      let v = cm[i] & ~(1 << matchOf[i]);
      let a = 0;
      const bi = 1 << i;
      while (v !== 0) {
        const bit = v & -v;
        v ^= bit;
        const j = pos[31 - Math.clz32(bit)];
        a |= 1 << j;
        rev[j] |= bi;
      }
      reach[i] = a;
    }
    // Strongly connected components, each as forward reach ∩ backward reach of one of
    // its positions (bitset searches), left in `scc` per position.
    const scc = this.scc;
    let left = m === 32 ? -1 : (1 << m) - 1;
    let comps = 0;
    while (left !== 0) {
      comps++;
      const start = left & -left;
      let fwd = start;
      let todo = start;
      while (todo !== 0) {
        const b = todo & -todo;
        todo ^= b;
        const nw = reach[31 - Math.clz32(b)] & left & ~fwd;
        fwd |= nw;
        todo |= nw;
      }
      let back = start;
      todo = start;
      while (todo !== 0) {
        const b = todo & -todo;
        todo ^= b;
        const nw = rev[31 - Math.clz32(b)] & fwd & ~back;
        back |= nw;
        todo |= nw;
      }
      left &= ~back;
      let rest = back;
      while (rest !== 0) {
        const b = rest & -rest;
        rest ^= b;
        scc[31 - Math.clz32(b)] = back;
      }
    }
    // One component keeps every edge: the usual case, done without the edge walk.
    if (comps === 1 && stray === 0) return 0;
    let any = 0;
    for (let x = 0; x < size; x++) if ((mk[x] & (mk[x] - 1)) === 0) mk[x] = 0;
    for (let i = 0; i < m; i++) {
      const x = open[i];
      let v = cm[i] & ~(1 << matchOf[i]);
      // A value a solved position holds goes from every other position.
      let drop = mk[x] & fixed;
      const comp = scc[i];
      while (v !== 0) {
        const bit = v & -v;
        v ^= bit;
        if ((comp & (1 << pos[31 - Math.clz32(bit)])) === 0) drop |= bit;
      }
      mk[x] = drop;
      if (drop !== 0) any = 1;
    }
    return any;
  }

  /** Régin's filter on every unit (naked and hidden subsets of any size): -1, 0 or 1. */
  allDifferent(): number {
    const st = this.st;
    const size = this.t.size;
    const units = this.t.units;
    const mk = this.mk;
    let progress = 0;
    const sig = this.unitSig;
    for (let u = 0, base = 0; u < this.t.unitCount; u++, base += size) {
      // Skip a unit whose candidates are exactly as when it was last left consistent
      // (a hash: a collision only skips a sound deduction, never changes a count).
      let h = 0;
      for (let x = 0; x < size; x++) {
        const m = st[units[base + x]];
        mk[x] = m;
        h = Math.imul(h ^ m, 0x9e3779b1) + x;
      }
      if (h === sig[u]) continue;
      const any = this.match(base);
      if (any < 0) {
        this.unitW[u]++;
        return -1;
      }
      if (any !== 0) {
        for (let x = 0; x < size; x++) {
          // Another unit of the cell can lose its last place for a dropped digit.
          if (mk[x] !== 0 && !this.remove(units[base + x], mk[x])) return -1;
        }
        progress = 1;
        h = 0;
        for (let x = 0; x < size; x++) h = Math.imul(h ^ st[units[base + x]], 0x9e3779b1) + x;
      }
      sig[u] = h;
      if (progress !== 0 && !this.drain()) return -1;
    }
    return progress;
  }

  /**
   * Shave the bivalent literals along their implications (tree-based lookahead, as in
   * the march SAT solvers): when literal A forces literal B by one bivalent step (A's
   * digit leaves a peer whose other candidate or other place is B), A propagates to a
   * superset of B's state, so A is probed on top of B's propagation and pays only for
   * the difference. One literal stands for each group of equivalent ones; a literal
   * found false on top of its parent is false at the node, and its removal waits until
   * the parent's probe is undone.
   */
  override shaveNode(): boolean {
    if (this.shaveAll) return this.probe(this.t.size, true);
    const n = this.n;
    const size = this.t.size;
    const st = this.st;
    this.pass++;
    this.linkEquivalents();
    const lits = this.treeLit;
    const repOf = this.repOf;
    const pass = this.pass;
    // One representative literal per group, in the order `linkEquivalents` met them.
    let count = 0;
    const bivalents = this.bivCount;
    const bivLit = this.bivLit;
    for (let i = 0; i < bivalents; i++) {
      const lit = bivLit[i];
      const g = this.eqFind(2 * lit);
      if (this.repPass[g] !== pass) {
        this.repPass[g] = pass;
        repOf[g] = count;
        lits[count++] = lit;
      }
    }
    // Parents: a representative each one forces, of smaller rank (the impact at the last
    // shave, then the index), so the parent links form a forest; a literal propagates at
    // least as far as any it forces, so most forced ones rank lower.
    const parent = this.treeParent;
    const first = this.treeFirst;
    const next = this.treeNext;
    const imp = this.treeImpact;
    const cut = this.treeCut;
    const cutSum = this.treeCutSum;
    const rank = this.treeRank;
    for (let i = 0; i < count; i++) {
      first[i] = -1;
      imp[i] = 0;
      cut[i] = 0;
      rank[i] = this.impact[lits[i]] * count + i;
    }
    for (let i = count - 1; i >= 0; i--) {
      const p = this.forcedLower(lits[i], rank[i]);
      parent[i] = p;
      if (p >= 0) {
        next[i] = first[p];
        first[p] = i;
      }
    }
    const roots = this.treeRoots;
    let rootCount = 0;
    for (let i = 0; i < count; i++) if (parent[i] < 0) roots[rootCount++] = i;
    let changed = false;
    this.setLight(true);
    const stack = this.treeStack;
    const marks = this.treeMark;
    for (let ri = 0; ri < rootCount; ri++) {
      const r = roots[ri];
      const rl = lits[r];
      const rc = (rl / size) | 0;
      const rd = rl - rc * size;
      if ((st[rc] & (1 << rd)) === 0 || st[n + rc] !== 0) {
        // Settled by an earlier removal: its children become roots.
        for (let ch = first[r]; ch >= 0; ch = next[ch]) roots[rootCount++] = ch;
        continue;
      }
      const mark0 = this.top;
      let failures = 0;
      let sp = 0;
      stack[sp] = r;
      marks[sp] = mark0;
      sp++;
      const cuts0 = this.cuts;
      const ok = this.assign(rc, rd) && this.propagate();
      imp[r] = this.top - mark0;
      cut[r] = cutSum[0] = this.cuts - cuts0;
      if (ok) {
        // Depth-first over the literals that force this one, each on top of its parent.
        let cursor = first[r];
        while (sp > 0) {
          if (cursor < 0) {
            sp--;
            this.undo(marks[sp]);
            if (sp > 0) cursor = next[stack[sp]];
            continue;
          }
          const ch = cursor;
          const cl = lits[ch];
          const cc = (cl / size) | 0;
          const cd = cl - cc * size;
          const mark = this.top;
          const cuts1 = this.cuts;
          const good = (st[cc] & (1 << cd)) !== 0 &&
            this.assign(cc, cd) && this.propagate();
          imp[ch] = this.top - mark0;
          cut[ch] = cutSum[sp - 1] + this.cuts - cuts1;
          if (good) {
            stack[sp] = ch;
            marks[sp] = mark;
            cutSum[sp] = cut[ch];
            sp++;
            cursor = first[ch];
          } else {
            this.undo(mark);
            this.qh =
              this.qt =
              this.hqh =
              this.hqt =
                0;
            this.pending[failures++] = cl;
            cursor = next[ch];
          }
        }
      } else {
        this.undo(mark0);
        this.qh =
          this.qt =
          this.hqh =
          this.hqt =
            0;
        this.pending[failures++] = rl;
        // Literals forcing a false one are false too: the removal propagates to them.
        for (let ch = first[r]; ch >= 0; ch = next[ch]) imp[ch] = cut[ch] = 0;
      }
      for (let f = 0; f < failures; f++) {
        const fl = this.pending[f];
        const fc = (fl / size) | 0;
        if (!this.removeDigit(fc, fl - fc * size) || !this.propagate()) {
          this.setLight(false);
          return false;
        }
        changed = true;
      }
    }
    this.setLight(false);
    for (let i = 0; i < bivalents; i++) {
      const lit = this.bivLit[i];
      const rep = repOf[this.eqFind(2 * lit)];
      this.impact[lit] = imp[rep];
      this.cut[lit] = cut[rep];
    }
    this.probedAll = true;
    return !changed || this.propagate();
  }

  /** Record that cell `p` losing digit `d` forces literal `lit` (see `forceCell`). */
  addForce(p: number, d: number, lit: number, except: number): void {
    const i = this.forceCount++;
    this.forceCell[i] = p;
    this.forceLit[i] = lit;
    this.forceExcept[i] = except;
    this.forceNextDigit[i] = this.forceHead[d];
    this.forceHead[d] = i;
    const pd = p * this.t.size + d;
    this.forceNextCell[i] = this.forceCellGen[pd] === this.gen ? this.forceCellHead[pd] : -1;
    this.forceCellGen[pd] = this.gen;
    this.forceCellHead[pd] = i;
  }

  /**
   * The index of a representative literal of rank below `limit` that literal `lit` (cell
   * c = digit d) forces in one step, or -1: c loses its other digits, its peers lose d.
   */
  forcedLower(lit: number, limit: number): number {
    const size = this.t.size;
    const c = (lit / size) | 0;
    const d = lit - c * size;
    const fLit = this.forceLit;
    let others = this.st[c] & ~(1 << d);
    while (others !== 0) {
      const ob = others & -others;
      others ^= ob;
      const cd = c * size + 31 - Math.clz32(ob);
      if (this.forceCellGen[cd] !== this.gen) continue;
      for (let i = this.forceCellHead[cd]; i >= 0; i = this.forceNextCell[i]) {
        if (fLit[i] === lit) continue;
        const j = this.repIndex(fLit[i], limit);
        if (j >= 0) return j;
      }
    }
    const bits = this.peerBits;
    const row = c * ((this.n + 31) >>> 5);
    for (let i = this.forceHead[d]; i >= 0; i = this.forceNextDigit[i]) {
      const p = this.forceCell[i];
      if ((bits[row + (p >>> 5)] & (1 << (p & 31))) === 0) continue;
      const x = this.forceExcept[i];
      if (x === c || (x >= 0 && (bits[row + (x >>> 5)] & (1 << (x & 31))) !== 0)) continue;
      if (fLit[i] === lit) continue;
      const j = this.repIndex(fLit[i], limit);
      if (j >= 0) return j;
    }
    return -1;
  }

  /** The representative index of literal `lit` when its rank is below `limit`, else -1. */
  repIndex(lit: number, limit: number): number {
    const g = this.eqFind(2 * lit);
    if (this.repPass[g] !== this.pass) return -1;
    const j = this.repOf[g];
    return this.treeRank[j] < limit ? j : -1;
  }

  /** The representative of signed literal `x` in the current union-find. */
  eqFind(x: number): number {
    const parent = this.eqParent;
    const eqGen = this.eqGen;
    const gen = this.gen;
    while (eqGen[x] === gen) {
      const p = parent[x];
      if (eqGen[p] === gen) parent[x] = parent[p];
      x = p;
    }
    return x;
  }

  /** Record that literal `a` (c * S + d) holds exactly when literal `b` does not. */
  eqOpposite(a: number, b: number): void {
    const pa = this.eqFind(2 * a);
    const nb = this.eqFind(2 * b + 1);
    if (pa !== nb) {
      this.eqGen[pa] = this.gen;
      this.eqParent[pa] = nb;
    }
    const na = this.eqFind(2 * a + 1);
    const pb = this.eqFind(2 * b);
    if (na !== pb) {
      this.eqGen[na] = this.gen;
      this.eqParent[na] = pb;
    }
  }

  /**
   * Group literals linked by bivalent pairs: a two-candidate cell {a, b} makes `c = a`
   * the negation of `c = b`, and a digit with two places p, q in a unit makes `p = d` the
   * negation of `q = d`. Two literals in one group are equivalent under singles, so their
   * probes reach the same state, and one probe serves the group.
   */
  linkEquivalents(): void {
    const n = this.n;
    const size = this.t.size;
    const st = this.st;
    if (this.eqParent.length === 0) {
      const lits = 2 * n * size;
      this.eqParent = new Int32Array(lits);
      this.eqGen = new Int32Array(lits);
      this.repPass = new Int32Array(lits);
      this.repOf = new Int32Array(lits);
      const one = n * size;
      this.treeLit = new Int32Array(one);
      this.treeParent = new Int32Array(one);
      this.treeFirst = new Int32Array(one);
      this.treeNext = new Int32Array(one);
      this.treeImpact = new Int32Array(one);
      this.treeCut = new Int32Array(one);
      this.treeRank = new Float64Array(one);
      this.treeRoots = new Int32Array(one);
      this.treeStack = new Int32Array(one + 1);
      this.treeMark = new Int32Array(one + 1);
      this.treeCutSum = new Int32Array(one + 1);
      this.bivLit = new Int32Array(one);
      this.bivGen = new Int32Array(one);
      this.firstPlace = new Int32Array(size);
      this.pending = new Int32Array(one);
      // At most two entries per cell (two-candidate cells) and two per two-place digit.
      const entries = 2 * n + 2 * this.t.unitCount * size;
      this.forceCell = new Int32Array(entries);
      this.forceLit = new Int32Array(entries);
      this.forceExcept = new Int32Array(entries);
      this.forceNextDigit = new Int32Array(entries);
      this.forceNextCell = new Int32Array(entries);
      this.forceHead = new Int32Array(size);
      this.forceCellHead = new Int32Array(one);
      this.forceCellGen = new Int32Array(one);
      const words = (n + 31) >>> 5;
      this.peerBits = new Int32Array(n * words);
      const peers = this.t.peers;
      for (let c = 0; c < n; c++) {
        for (let i = this.t.peerStart[c], e = this.t.peerStart[c + 1]; i < e; i++) {
          this.peerBits[c * words + (peers[i] >>> 5)] |= 1 << (peers[i] & 31);
        }
      }
    }
    if (++this.gen === 0x7fffffff) {
      this.eqGen.fill(0);
      this.bivGen.fill(0);
      this.forceCellGen.fill(0);
      this.gen = 1;
    }
    this.forceCount = 0;
    this.bivCount = 0;
    this.forceHead.fill(-1);
    for (let c = 0; c < n; c++) {
      const m = st[c];
      if (st[n + c] !== 0 || popcount(m) !== 2) continue;
      const a = 31 - Math.clz32(m & -m);
      const b = 31 - Math.clz32(m);
      this.eqOpposite(c * size + a, c * size + b);
      this.addForce(c, a, c * size + b, -1);
      this.addForce(c, b, c * size + a, -1);
      this.markBivalent(c * size + a);
      this.markBivalent(c * size + b);
    }
    // Per unit, the digits with two places, then one walk over its cells to find them.
    const units = this.t.units;
    const cb = this.countBase;
    const firstAt = this.firstPlace;
    for (let u = 0, base = 0; u < this.t.unitCount; u++, base += size) {
      let two = 0;
      for (let d = 0, at = cb + base; d < size; d++, at++) if (st[at] === 2) two |= 1 << d;
      if (two === 0) continue;
      for (let k = 0; k < size && two !== 0; k++) {
        const c = units[base + k];
        let bits = st[c] & two;
        while (bits !== 0) {
          const bit = bits & -bits;
          bits ^= bit;
          const d = 31 - Math.clz32(bit);
          const first = firstAt[d];
          if ((this.firstSeen & bit) === 0) {
            this.firstSeen |= bit;
            firstAt[d] = c;
            continue;
          }
          two ^= bit;
          this.eqOpposite(first * size + d, c * size + d);
          this.addForce(first, d, c * size + d, c);
          this.addForce(c, d, first * size + d, first);
          this.markBivalent(first * size + d);
          this.markBivalent(c * size + d);
        }
      }
      this.firstSeen = 0;
    }
  }

  /** Add literal `lit` to this shave's bivalent literals, once. */
  markBivalent(lit: number): void {
    if (this.bivGen[lit] === this.gen) return;
    this.bivGen[lit] = this.gen;
    this.bivLit[this.bivCount++] = lit;
  }

  init(allowed?: Uint32Array): boolean {
    const st = this.st;
    const n = this.n;
    const full = this.full;
    for (let c = 0; c < n; c++) {
      const m = allowed === undefined ? full : allowed[c] & full;
      st[c] = m;
      st[n + c] = 0;
      if (m === 0) return false;
      if ((m & (m - 1)) === 0) this.queue[this.qt++] = c;
    }
    const size = this.t.size;
    const units = this.t.units;
    for (let u = 0, base = 0; u < this.t.unitCount; u++, base += size) {
      for (let d = 0; d < size; d++) {
        const bit = 1 << d;
        let v = 0;
        for (let k = 0; k < size; k++) if ((st[units[base + k]] & bit) !== 0) v++;
        st[this.countBase + base + d] = v;
        if (v === 0) return false;
        if (v === 1) this.hq[this.hqt++] = base + d;
      }
    }
    return true;
  }

  /** Take the removed digits `gone` of cell `c` off its units' place counts. */
  dropCounts(c: number, gone: number): boolean {
    const st = this.st;
    const cu = this.t.cellUnits;
    const s = this.t.cellUnitStart[c];
    const e = this.t.cellUnitStart[c + 1];
    const size = this.t.size;
    const cb = this.countBase;
    // The trail writes of `set`, inlined: this loop is the hottest of a probe.
    const trailIdx = this.trailIdx;
    const trailOld = this.trailOld;
    let cuts = 0;
    while (gone !== 0) {
      const bit = gone & -gone;
      gone ^= bit;
      const d = 31 - Math.clz32(bit);
      for (let i = s; i < e; i++) {
        const at = cb + cu[i] * size + d;
        const old = st[at];
        if (old >= PLACED) continue;
        const v = old - 1;
        const top = this.top++;
        trailIdx[top] = at;
        trailOld[top] = old;
        st[at] = v;
        // 5 - v for v < 4, else 0, without a branch: this loop is a probe's hottest.
        cuts += ((v - 4) >> 31) & (5 - v);
        if (v <= 1) {
          if (v === 0) {
            this.unitW[cu[i]]++;
            return false;
          }
          this.hq[this.hqt++] = at - cb;
        }
      }
    }
    this.cuts += cuts;
    return true;
  }

  /** Remove the bits `bits` from cell `c`, queueing it when one candidate remains. */
  remove(c: number, bits: number): boolean {
    const old = this.st[c];
    const gone = old & bits;
    if (gone === 0) return true;
    const m = old & ~bits;
    this.set(c, m);
    if (m === 0) {
      this.cellW[c]++;
      return false;
    }
    const m2 = m & (m - 1);
    if (m2 === 0) this.queue[this.qt++] = c;
    else {
      const m3 = m2 & (m2 - 1);
      if (m3 === 0) this.cuts += 8;
      else if ((m3 & (m3 - 1)) === 0) this.cuts += 4;
    }
    return this.dropCounts(c, gone);
  }

  removeDigit(c: number, d: number): boolean {
    return this.remove(c, 1 << d);
  }

  assign(c: number, d: number): boolean {
    const st = this.st;
    const bit = 1 << d;
    if (st[this.n + c] !== 0) return st[c] === bit;
    const old = st[c];
    if ((old & bit) === 0) return false;
    this.set(this.n + c, 1);
    if (old !== bit) {
      this.set(c, bit);
      if (!this.dropCounts(c, old & ~bit)) return false;
    }
    // The digit is placed in the cell's units: parking their counts of it out of reach
    // spares the peers' removals the count updates and hidden-single queue entries.
    const cu = this.t.cellUnits;
    const base = this.countBase + d;
    const size = this.t.size;
    for (let i = this.t.cellUnitStart[c], e = this.t.cellUnitStart[c + 1]; i < e; i++) {
      this.set(base + cu[i] * size, PLACED);
    }
    const peers = this.t.peers;
    for (let i = this.t.peerStart[c], e = this.t.peerStart[c + 1]; i < e; i++) {
      if (!this.remove(peers[i], bit)) return false;
    }
    return true;
  }

  /** Assign every queued naked and hidden single. */
  drain(): boolean {
    const st = this.st;
    const n = this.n;
    const size = this.t.size;
    const units = this.t.units;
    const cb = this.countBase;
    for (;;) {
      if (this.qh < this.qt) {
        const c = this.queue[this.qh++];
        if (st[n + c] === 0 && !this.assign(c, 31 - Math.clz32(st[c]))) return false;
      } else if (this.hqh < this.hqt) {
        const ud = this.hq[this.hqh++];
        if (st[cb + ud] !== 1) continue;
        const d = ud % size;
        const base = ud - d;
        const bit = 1 << d;
        let k = 0;
        while ((st[units[base + k]] & bit) === 0) k++;
        const c = units[base + k];
        if (st[n + c] === 0 && !this.assign(c, d)) return false;
      } else {
        break;
      }
    }
    this.qh =
      this.qt =
      this.hqh =
      this.hqt =
        0;
    return true;
  }

  /** Pointing and claiming between blocks and rows/columns: -1, 0 or 1 as above. */
  lockedCandidates(): number {
    const st = this.st;
    const size = this.t.size;
    const b = this.t.box;
    let progress = 0;
    for (let pass = 0; pass < 2; pass++) {
      // pass 0: rows (cell (line, k*b+j)); pass 1: columns (cell (k*b+j, line)).
      const seg = pass === 0 ? this.segRow : this.segCol;
      const lineStep = pass === 0 ? size : 1;
      const alongStep = pass === 0 ? 1 : size;
      for (let line = 0; line < size; line++) {
        for (let k = 0; k < b; k++) {
          let m = 0;
          let c = line * lineStep + k * b * alongStep;
          for (let j = 0; j < b; j++, c += alongStep) m |= st[c];
          seg[line * b + k] = m;
        }
      }
      for (let line = 0; line < size; line++) {
        const band = line - (line % b);
        for (let k = 0; k < b; k++) {
          const m = seg[line * b + k];
          let lineOthers = 0;
          for (let k2 = 0; k2 < b; k2++) if (k2 !== k) lineOthers |= seg[line * b + k2];
          let boxOthers = 0;
          for (let l2 = band; l2 < band + b; l2++) if (l2 !== line) boxOthers |= seg[l2 * b + k];
          const pointing = m & ~boxOthers & lineOthers;
          if (pointing !== 0) {
            for (let k2 = 0; k2 < b; k2++) {
              if (k2 === k) continue;
              let c = line * lineStep + k2 * b * alongStep;
              for (let j = 0; j < b; j++, c += alongStep) {
                if (!this.remove(c, pointing)) return -1;
              }
            }
            progress = 1;
          }
          const claiming = m & ~lineOthers & boxOthers;
          if (claiming !== 0) {
            for (let l2 = band; l2 < band + b; l2++) {
              if (l2 === line) continue;
              let c = l2 * lineStep + k * b * alongStep;
              for (let j = 0; j < b; j++, c += alongStep) {
                if (!this.remove(c, claiming)) return -1;
              }
            }
            progress = 1;
          }
        }
      }
      if (progress !== 0) return this.drain() ? 1 : -1;
    }
    return 0;
  }

  propagate(): boolean {
    for (;;) {
      // Hidden singles come from the place counts, through the queue.
      if (!this.drain()) return false;
      if (this.light) return true;
      if (this.t.box !== 0) {
        const l = this.lockedCandidates();
        if (l < 0) return false;
        if (l > 0) continue;
      }
      if (!this.allDiff) return true;
      const a = this.allDifferent();
      if (a < 0) return false;
      if (a === 0) return true;
    }
  }

  /**
   * The bivalent choice, a two-candidate cell or a (unit, digit) with two places, whose
   * two sides cut most (product of the probes' `cut`s, as lookahead SAT solvers weigh the
   * clauses a literal shortens rather than the literals it sets); false when there is none.
   *
   * Measured on the 25×25 minimal puzzles: ranking by `cut` instead of the trail length
   * of the probes took the 18 from 535,000 nodes to 345,000 (the hardest from 182,000 to
   * 120,000), and the product alone beats it times the smaller side by another 5–7%
   * (before the weights of `cuts` were tuned).
   */
  chooseLookahead(depth: number): boolean {
    const st = this.st;
    const n = this.n;
    const size = this.t.size;
    const cut = this.cut;
    let best = -1;
    let bestDigit = 0;
    let bestScore = -1;
    for (let c = 0; c < n; c++) {
      const m = st[c];
      if (st[n + c] !== 0 || popcount(m) !== 2) continue;
      const d1 = 31 - Math.clz32(m & -m);
      const d2 = 31 - Math.clz32(m);
      const i1 = cut[c * size + d1];
      const i2 = cut[c * size + d2];
      const score = (i1 + 1) * (i2 + 1);
      if (score > bestScore) {
        bestScore = score;
        best = c;
        bestDigit = i1 >= i2 ? d1 : d2;
      }
    }
    const units = this.t.units;
    const cb = this.countBase;
    for (let ud = 0, e = this.t.unitCount * size; ud < e; ud++) {
      if (st[cb + ud] !== 2) continue;
      const d = ud % size;
      const base = ud - d;
      const bit = 1 << d;
      let c1 = -1;
      let c2 = -1;
      for (let k = 0; k < size; k++) {
        const c = units[base + k];
        if ((st[c] & bit) !== 0) {
          if (c1 < 0) c1 = c;
          else c2 = c;
        }
      }
      const i1 = cut[c1 * size + d];
      const i2 = cut[c2 * size + d];
      const score = (i1 + 1) * (i2 + 1);
      if (score > bestScore) {
        bestScore = score;
        best = i1 >= i2 ? c1 : c2;
        bestDigit = d;
      }
    }
    if (best < 0) return false;
    this.frameCell[depth] = best;
    this.frameDigit[depth] = bestDigit;
    return true;
  }

  /** The weighted most-constrained choice among cells and (unit, digit) pairs. */
  choose(depth: number): boolean {
    if (this.lookahead && this.probedAll && this.chooseLookahead(depth)) return true;
    const st = this.st;
    const n = this.n;
    const size = this.t.size;
    const uw = this.unitW;
    const cw = this.cellW;
    const boxUnit = this.t.boxUnit;
    let best = -1;
    let bestScore = Infinity;
    for (let c = 0, r = 0, col = 0; c < n; c++) {
      if (st[n + c] === 0) {
        const bu = boxUnit[c];
        const w = 1 + cw[c] + uw[r] + uw[size + col] + (bu >= 0 ? uw[bu] : 0);
        const score = popcount(st[c]) / w;
        if (score < bestScore) {
          best = c;
          bestScore = score;
        }
      }
      if (++col === size) {
        col = 0;
        r++;
      }
    }
    if (best < 0) return false;
    let digit = 31 - Math.clz32(st[best] & -st[best]);
    const units = this.t.units;
    const sc = this.sliced[0];
    let bestUnit = -1;
    let bestBits = 0;
    for (let u = 0, base = 0; u < this.t.unitCount; u++, base += size) {
      sc.reset();
      for (let k = 0; k < size; k++) {
        const c = units[base + k];
        if (st[n + c] === 0) sc.add(st[c]);
      }
      const w = 1 + uw[u];
      for (let v = 2; v <= 7 && v / w < bestScore; v++) {
        const bits = sc.exactly(v);
        if (bits !== 0) {
          bestUnit = base;
          bestBits = bits;
          bestScore = v / w;
          break;
        }
      }
    }
    if (bestUnit >= 0) {
      const bit = bestBits & -bestBits;
      let k = 0;
      while ((st[units[bestUnit + k]] & bit) === 0 || st[n + units[bestUnit + k]] !== 0) k++;
      best = units[bestUnit + k];
      digit = 31 - Math.clz32(bit);
    }
    this.frameCell[depth] = best;
    this.frameDigit[depth] = digit;
    return true;
  }

  fillSolution(): void {
    const st = this.st;
    for (let c = 0; c < this.n; c++) this.solution[c] = 32 - Math.clz32(st[c]);
  }

  openCount(c: number): number {
    return this.st[this.n + c] !== 0 ? 0 : popcount(this.st[c]);
  }

  has(c: number, d: number): boolean {
    return (this.st[c] & (1 << d)) !== 0;
  }
}

/**
 * The search for S > 32: a low word (digits 1..32) and a high word (33..64) per cell.
 * State: lo[0..n), hi[n..2n), assigned digit + 1 at [2n..3n).
 */
class Core64 extends CoreBase {
  readonly fullLo: number;
  readonly fullHi: number;

  constructor(t: Tables) {
    super(t, 2);
    this.fullLo = lowMask(Math.min(t.size, 32));
    this.fullHi = lowMask(Math.max(0, t.size - 32));
  }

  init(allowed?: Uint32Array, allowedHigh?: Uint32Array): boolean {
    const st = this.st;
    const n = this.n;
    for (let c = 0; c < n; c++) {
      const lo = allowed === undefined ? this.fullLo : allowed[c] & this.fullLo;
      const hi = allowedHigh === undefined ? this.fullHi : allowedHigh[c] & this.fullHi;
      st[c] = lo;
      st[n + c] = hi;
      st[2 * n + c] = 0;
      if ((lo | hi) === 0) return false;
      if (single(lo, hi)) this.queue[this.qt++] = c;
    }
    return true;
  }

  remove(c: number, lo: number, hi: number): boolean {
    const st = this.st;
    const n = this.n;
    const ol = st[c];
    const oh = st[n + c];
    if (((ol & lo) | (oh & hi)) === 0) return true;
    const ml = ol & ~lo;
    const mh = oh & ~hi;
    if (ml !== ol) this.set(c, ml);
    if (mh !== oh) this.set(n + c, mh);
    if ((ml | mh) === 0) {
      this.cellW[c]++;
      return false;
    }
    if (single(ml, mh)) this.queue[this.qt++] = c;
    return true;
  }

  removeDigit(c: number, d: number): boolean {
    return d < 32 ? this.remove(c, 1 << d, 0) : this.remove(c, 0, 1 << (d - 32));
  }

  assign(c: number, d: number): boolean {
    const st = this.st;
    const n = this.n;
    const lo = d < 32 ? 1 << d : 0;
    const hi = d < 32 ? 0 : 1 << (d - 32);
    if (st[2 * n + c] !== 0) return st[2 * n + c] === d + 1;
    if (((st[c] & lo) | (st[n + c] & hi)) === 0) return false;
    if (st[c] !== lo) this.set(c, lo);
    if (st[n + c] !== hi) this.set(n + c, hi);
    this.set(2 * n + c, d + 1);
    const peers = this.t.peers;
    for (let i = this.t.peerStart[c], e = this.t.peerStart[c + 1]; i < e; i++) {
      if (!this.remove(peers[i], lo, hi)) return false;
    }
    return true;
  }

  drain(): boolean {
    const st = this.st;
    const n = this.n;
    while (this.qh < this.qt) {
      const c = this.queue[this.qh++];
      if (st[2 * n + c] === 0 && !this.assign(c, lowestDigit(st[c], st[n + c]))) return false;
    }
    this.qh =
      this.qt =
      this.hqh =
      this.hqt =
        0;
    return true;
  }

  hiddenSingles(): number {
    const st = this.st;
    const n = this.n;
    const size = this.t.size;
    const units = this.t.units;
    let progress = 0;
    for (let u = 0, base = 0; u < this.t.unitCount; u++, base += size) {
      let onceL = 0, twiceL = 0, solvedL = 0;
      let onceH = 0, twiceH = 0, solvedH = 0;
      for (let k = 0; k < size; k++) {
        const c = units[base + k];
        const ml = st[c];
        const mh = st[n + c];
        twiceL |= onceL & ml;
        onceL |= ml;
        twiceH |= onceH & mh;
        onceH |= mh;
        if (st[2 * n + c] !== 0) {
          solvedL |= ml;
          solvedH |= mh;
        }
      }
      if (onceL !== this.fullLo || onceH !== this.fullHi) {
        this.unitW[u]++;
        return -1;
      }
      for (let w = 0; w < 2; w++) {
        let h = w === 0 ? onceL & ~twiceL & ~solvedL : onceH & ~twiceH & ~solvedH;
        const off = w * n;
        while (h !== 0) {
          const bit = h & -h;
          h ^= bit;
          let k = 0;
          while (k < size && (st[off + units[base + k]] & bit) === 0) k++;
          if (k === size) {
            this.unitW[u]++;
            return -1;
          }
          const d = 31 - Math.clz32(bit) + 32 * w;
          if (!this.assign(units[base + k], d) || !this.drain()) return -1;
          progress = 1;
        }
      }
    }
    return progress;
  }

  lockedCandidates(): number {
    const st = this.st;
    const n = this.n;
    const size = this.t.size;
    const b = this.t.box;
    const half = size * b;
    let progress = 0;
    for (let pass = 0; pass < 2; pass++) {
      const seg = pass === 0 ? this.segRow : this.segCol;
      const lineStep = pass === 0 ? size : 1;
      const alongStep = pass === 0 ? 1 : size;
      for (let line = 0; line < size; line++) {
        for (let k = 0; k < b; k++) {
          let ml = 0;
          let mh = 0;
          let c = line * lineStep + k * b * alongStep;
          for (let j = 0; j < b; j++, c += alongStep) {
            ml |= st[c];
            mh |= st[n + c];
          }
          seg[line * b + k] = ml;
          seg[half + line * b + k] = mh;
        }
      }
      for (let line = 0; line < size; line++) {
        const band = line - (line % b);
        for (let k = 0; k < b; k++) {
          const s = line * b + k;
          let lineL = 0, lineH = 0, boxL = 0, boxH = 0;
          for (let k2 = 0; k2 < b; k2++) {
            if (k2 === k) continue;
            lineL |= seg[line * b + k2];
            lineH |= seg[half + line * b + k2];
          }
          for (let l2 = band; l2 < band + b; l2++) {
            if (l2 === line) continue;
            boxL |= seg[l2 * b + k];
            boxH |= seg[half + l2 * b + k];
          }
          const pl = seg[s] & ~boxL & lineL;
          const ph = seg[half + s] & ~boxH & lineH;
          if ((pl | ph) !== 0) {
            for (let k2 = 0; k2 < b; k2++) {
              if (k2 === k) continue;
              let c = line * lineStep + k2 * b * alongStep;
              for (let j = 0; j < b; j++, c += alongStep) {
                if (!this.remove(c, pl, ph)) return -1;
              }
            }
            progress = 1;
          }
          const cl = seg[s] & ~lineL & boxL;
          const ch = seg[half + s] & ~lineH & boxH;
          if ((cl | ch) !== 0) {
            for (let l2 = band; l2 < band + b; l2++) {
              if (l2 === line) continue;
              let c = l2 * lineStep + k * b * alongStep;
              for (let j = 0; j < b; j++, c += alongStep) {
                if (!this.remove(c, cl, ch)) return -1;
              }
            }
            progress = 1;
          }
        }
      }
      if (progress !== 0) return this.drain() ? 1 : -1;
    }
    return 0;
  }

  propagate(): boolean {
    for (;;) {
      if (!this.drain()) return false;
      const h = this.hiddenSingles();
      if (h < 0) return false;
      if (h > 0) continue;
      if (this.t.box === 0) return true;
      const l = this.lockedCandidates();
      if (l < 0) return false;
      if (l === 0) return true;
    }
  }

  choose(depth: number): boolean {
    const st = this.st;
    const n = this.n;
    const size = this.t.size;
    const uw = this.unitW;
    const cw = this.cellW;
    const boxUnit = this.t.boxUnit;
    let best = -1;
    let bestScore = Infinity;
    for (let c = 0, r = 0, col = 0; c < n; c++) {
      if (st[2 * n + c] === 0) {
        const bu = boxUnit[c];
        const w = 1 + cw[c] + uw[r] + uw[size + col] + (bu >= 0 ? uw[bu] : 0);
        const score = (popcount(st[c]) + popcount(st[n + c])) / w;
        if (score < bestScore) {
          best = c;
          bestScore = score;
        }
      }
      if (++col === size) {
        col = 0;
        r++;
      }
    }
    if (best < 0) return false;
    let digit = lowestDigit(st[best], st[n + best]);
    const units = this.t.units;
    const lo = this.sliced[0];
    const hi = this.sliced[1];
    let bestUnit = -1;
    let bestBit = 0;
    let bestWord = 0;
    for (let u = 0, base = 0; u < this.t.unitCount; u++, base += size) {
      lo.reset();
      hi.reset();
      for (let k = 0; k < size; k++) {
        const c = units[base + k];
        if (st[2 * n + c] !== 0) continue;
        lo.add(st[c]);
        hi.add(st[n + c]);
      }
      const w = 1 + uw[u];
      for (let v = 2; v <= 7 && v / w < bestScore; v++) {
        const bl = lo.exactly(v);
        const bh = hi.exactly(v);
        if ((bl | bh) !== 0) {
          bestUnit = base;
          bestWord = bl !== 0 ? 0 : 1;
          bestBit = bl !== 0 ? bl & -bl : bh & -bh;
          bestScore = v / w;
          break;
        }
      }
    }
    if (bestUnit >= 0) {
      const off = bestWord * n;
      let k = 0;
      while (
        (st[off + units[bestUnit + k]] & bestBit) === 0 || st[2 * n + units[bestUnit + k]] !== 0
      ) k++;
      best = units[bestUnit + k];
      digit = 31 - Math.clz32(bestBit) + 32 * bestWord;
    }
    this.frameCell[depth] = best;
    this.frameDigit[depth] = digit;
    return true;
  }

  fillSolution(): void {
    const st = this.st;
    const n = this.n;
    for (let c = 0; c < n; c++) this.solution[c] = st[2 * n + c];
  }

  openCount(c: number): number {
    const st = this.st;
    const n = this.n;
    return st[2 * n + c] !== 0 ? 0 : popcount(st[c]) + popcount(st[n + c]);
  }

  has(c: number, d: number): boolean {
    return d < 32 ? (this.st[c] & (1 << d)) !== 0 : (this.st[this.n + c] & (1 << (d - 32))) !== 0;
  }
}

/** Whether the two-word set (lo, hi), known non-empty, has exactly one member. */
function single(lo: number, hi: number): boolean {
  return lo === 0 ? (hi & (hi - 1)) === 0 : hi === 0 && (lo & (lo - 1)) === 0;
}

/** The lowest 0-based digit of a non-empty two-word set. */
function lowestDigit(lo: number, hi: number): number {
  return lo !== 0 ? 31 - Math.clz32(lo & -lo) : 63 - Math.clz32(hi & -hi);
}

/** Options of {@linkcode GeneralEngine}, for tests and tuning; the defaults are measured. */
export interface GeneralEngineOptions {
  /** Use the two-word core even when S <= 32 (to cross-check the cores). */
  wide?: boolean;
  /** Probe cells with at most this many candidates at every node (0: off). */
  probeWidth?: number;
  /** Run the all-different matching filter (one-word core only). */
  allDifferent?: boolean;
  /** Shave (probe every candidate with singles only) at search depths up to this (-1: never). */
  shaveDepth?: number;
  /** On shaved nodes, branch on the two-way choice whose sides cut most (one-word core). */
  lookahead?: boolean;
  /** Shave every candidate, not only the bivalent ones (two-candidate cells, two-place digits). */
  shaveAll?: boolean;
}

/**
 * The solution counter for any size 1..64: sudoku and `x` for perfect squares, `latin`
 * for every size.
 *
 * Throws a RangeError from the constructor for an unsupported (size, variant). `count`
 * returns 0 when the givens or `allowed` masks contradict each other, and throws a
 * RangeError only for malformed arguments (wrong lengths, values above S).
 */
export class GeneralEngine implements Engine {
  /** Side length of the grids this engine counts. */
  readonly size: number;
  /** Rule set of this engine. */
  readonly variant: Variant;
  readonly #core: CoreBase;

  /** Preallocate the tables and search state for S×S grids under `variant`. */
  constructor(size: number, variant: Variant, options: GeneralEngineOptions = {}) {
    const tables = new Tables(size, variant);
    this.size = size;
    this.variant = variant;
    const core = size <= 32 && options.wide !== true ? new Core32(tables) : new Core64(tables);
    if (options.probeWidth !== undefined) core.probeWidth = options.probeWidth;
    if (options.shaveDepth !== undefined) core.shaveDepth = options.shaveDepth;
    if (options.lookahead !== undefined) core.lookahead = options.lookahead;
    if (options.shaveAll !== undefined) core.shaveAll = options.shaveAll;
    if (options.allDifferent !== undefined && core instanceof Core32) {
      core.allDiff = options.allDifferent;
    }
    this.#core = core;
  }

  /** Search nodes (guesses) used by the last `count`. */
  get nodes(): number {
    return this.#core.nodes;
  }

  /**
   * Count completions of `grid` (row-major, 0 empty), stopping once `limit` are found.
   *
   * `onSolution` receives a reused buffer; returning `false` stops the search. `allowed`
   * and `allowedHigh` restrict the digits of each cell (bit d-1 of `allowed` for digit d
   * <= 32, bit d-33 of `allowedHigh` above); a missing array leaves its digits
   * unrestricted. A given outside its cell's mask gives 0. `control` (see
   * {@linkcode SearchControl}) splits the search or stops it.
   */
  count(
    grid: Uint8Array,
    limit: number,
    onSolution?: SolutionCallback,
    allowed?: Uint32Array,
    allowedHigh?: Uint32Array,
    control?: SearchControl,
  ): number {
    return this.#core.count(grid, limit, onSolution, allowed, allowedHigh, control);
  }
}
