/**
 * What both search cores of the general engine share: the undo trail, the queues, the
 * branch stack and the depth-first search loop with its polls (`SearchControl`), plus
 * plain failed-literal probing.
 *
 * @module
 */

import { pollInterval, type SearchControl, type SolutionCallback } from "./engine.ts";
import { lowMask, SlicedCount, type Tables } from "./general_tables.ts";

/**
 * Nodes without a solution after which a Latin square's plain search escalates (see
 * `CoreBase.escalate`). On random Latin squares of orders 20–60 with 35–60% of the cells
 * empty (40 of them, 10 s at most each), counting to 2: 103 s and 10 unfinished with the
 * plain search, 56–59 s and 4 with 500, 58 s and 4 with 200, 79 s and 6 with 1,000 or 2,000;
 * every candidate filter on from the start: 4 unfinished as well, but most easy squares
 * several times slower.
 */
export const ESCALATE_LATIN = 500;

/** The i-th term (from 1) of Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, ... */
export function luby(i: number): number {
  for (let k = 1;; k++) {
    const end = 2 ** k - 1;
    if (i === end) return 2 ** (k - 1);
    if (i < end) return luby(i - 2 ** (k - 1) + 1);
  }
}

/** What the cores have in common: trail, queue, branch stack, solution buffer. */
export abstract class CoreBase {
  readonly t: Tables;
  readonly n: number;
  /** Polls come when the node count has these bits clear (`pollInterval` less one). */
  readonly pollMask: number;
  /**
   * Search state: `words` candidate words per cell (digit d of cell c is bit d % 32 of
   * `st[(d >>> 5) * n + c]`), then per cell a flag, non-zero once it is assigned
   * (`flagBase + c`), then each core's own counters.
   */
  readonly st: Int32Array;
  /** Candidate words per cell: 1 up to 32 digits, 2 above. */
  readonly words: number;
  /** Where the assigned flags start in `st`. */
  readonly flagBase: number;
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
  /** Heads and tails of a core's own queues, emptied with the others. */
  lqh = 0;
  lqt = 0;
  pqh = 0;
  pqt = 0;

  /** `extra` state words after the per-cell ones, each changed at most `perBit` times per removed bit. */
  constructor(t: Tables, words: number, extra = 0, perBit = 0) {
    this.t = t;
    const n = t.cells;
    this.n = n;
    this.pollMask = pollInterval(t.size) - 1;
    this.words = words;
    this.flagBase = words * n;
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

  /** Empty the propagation queues (after an undo or a finished drain). */
  clearQueues(): void {
    this.qh =
      this.qt =
      this.hqh =
      this.hqt =
      this.lqh =
      this.lqt =
      this.pqh =
      this.pqt =
        0;
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
  /**
   * Restarts out of a deep dive gone wrong (see `search`): the depth a run must reach
   * before it may restart (0: never), and how many failures in a row below the deepest
   * point it may take first (doubled at each restart, so that some run goes to the end).
   */
  restartDepth = 0;
  restartFailures = 512;
  /**
   * While non-zero, lookahead branching multiplies each score by a random factor in
   * [1, 2) from this xorshift state, so that a restarted run takes other paths.
   */
  noise = 0;
  /**
   * Restart policy: with `luby`, a run restarts after `restartFailures` times the next term
   * of Luby's sequence failures in all (1, 1, 2, 1, 1, 2, 4, ...: short runs mostly, and now
   * and then a long one, the optimal universal schedule of Luby, Sinclair and Zuckerman);
   * otherwise after that many failures in a row below its deepest point, doubled each time.
   */
  luby = false;
  /** Restarts made by the last `count`. */
  restarts = 0;
  /**
   * Search nodes without a solution after which a search that started plain turns on the
   * costly inference for the rest of its count (`escalate`); 0: never.
   */
  escalateAfter = 0;
  /** Whether the current count has escalated; the plain settings come back at the next. */
  escalated = false;
  /**
   * The nogoods recorded by the restarts of the current count: each run's decisions from
   * where it restarts, as in `decisions`, one run after another; `#runEnds[k]` ends run k.
   * Each `!=` decision d of a run stands for a nogood: the run's `=` decisions before d
   * and d's own `=` never hold together, since that subtree was searched to the end
   * (Lecoutre et al., nogood recording from restarts). So a restarted run neither
   * searches a subtree twice nor finds a counted solution again.
   */
  #runLits = new Int32Array(64);
  #runLength = 0;
  readonly #runEnds: number[] = [];

  /**
   * The lookahead score of a two-way choice whose sides cut `i1` and `i2` (their product),
   * times a random factor in [1, 2) while `noise` is on.
   */
  pairScore(i1: number, i2: number): number {
    const score = (i1 + 1) * (i2 + 1);
    if (this.noise === 0) return score;
    let x = this.noise;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.noise = x;
    return score * (1 + (x >>> 0) / 4294967296);
  }

  /**
   * Turn on (`true`) the shave of every node and lookahead branching, or back off to the
   * settings the core was built with (`false`); cores add their matching filter.
   */
  escalate(on: boolean): void {
    this.escalated = on;
    this.shaveDepth = on ? this.n : this.#plainShaveDepth;
    this.lookahead = on || this.#plainLookahead;
  }
  #plainShaveDepth = -1;
  #plainLookahead = false;

  /**
   * Remember the current filter settings as the plain ones `escalate(false)` returns to;
   * `GeneralEngine` calls it once the core's defaults and the options are set.
   */
  keepPlainSettings(): void {
    this.#plainShaveDepth = this.shaveDepth;
    this.#plainLookahead = this.lookahead;
  }

  /**
   * Undo back to the shallowest node above `depth` that this search owns whole (no frame
   * from the root to it gave its other branch away) and return its depth, or -1 when there
   * is none: where a restart or an escalation starts again.
   */
  rewindToOwned(depth: number): number {
    let f = 0;
    while (f < depth && this.frameGiven[f] !== 0) f++;
    if (f >= depth) return -1;
    this.undo(this.frameMark[f]);
    this.clearQueues();
    return f;
  }

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
          this.clearQueues();
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
    nogoods?: Int32Array,
  ): number {
    const n = this.n;
    const size = this.t.size;
    if (nogoods !== undefined && nogoods.some((x) => x < -2 || x >= 2 * n * size)) {
      throw new RangeError("nogoods hold a value outside -2..2 * cells * size - 1");
    }
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
    return this.search(grid, limit, onSolution, allowed, allowedHigh, control, nogoods);
  }

  /**
   * Give away the `!=` branch of the shallowest frame (below `depth`) not given yet: the
   * masks of its subtree go to `control.give`, and the frame is marked so that
   * backtracking skips the branch. Does nothing when every frame is given. After
   * restarts their nogoods go with the masks (see `#runLits`): they keep the branch out of
   * subtrees this search has counted.
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
    control.give(lo, hi, this.#nogoods());
  }

  /**
   * Record the decisions `from..to` of `decisions` as a run's nogoods (see `#runLits`),
   * and with `leaf` (the run ends on a solution, counted) one more: all its `=` decisions,
   * written -1.
   */
  #recordRun(from: number, to: number, leaf: boolean): void {
    const length = to - from + (leaf ? 1 : 0);
    if (length === 0) return;
    const lits = this.#reserve(length);
    lits.set(this.decisions.subarray(from, to), this.#runLength);
    if (leaf) lits[this.#runLength + to - from] = -1;
    this.#runLength += length;
    this.#runEnds.push(this.#runLength);
  }

  /** `#runLits`, grown if needed to take `more` literals after `#runLength`. */
  #reserve(more: number): Int32Array {
    if (this.#runLength + more > this.#runLits.length) {
      const lits = new Int32Array(2 * (this.#runLength + more));
      lits.set(this.#runLits.subarray(0, this.#runLength));
      this.#runLits = lits;
    }
    return this.#runLits;
  }

  /** The recorded nogoods, each run's decisions followed by -2; undefined when none. */
  #nogoods(): Int32Array | undefined {
    const ends = this.#runEnds;
    if (ends.length === 0) return undefined;
    const out = new Int32Array(this.#runLength + ends.length);
    for (let k = 0, i = 0, o = 0; k < ends.length; k++) {
      for (; i < ends[k]; i++) out[o++] = this.#runLits[i];
      out[o++] = -2;
    }
    return out;
  }

  /** Take over `nogoods` (the form of `#nogoods`) as the current count's first runs. */
  #adoptNogoods(nogoods: Int32Array): void {
    let start = 0;
    for (let i = 0; i < nogoods.length; i++) {
      if (nogoods[i] !== -2) continue;
      this.#reserve(i - start).set(nogoods.subarray(start, i), this.#runLength);
      this.#runLength += i - start;
      this.#runEnds.push(this.#runLength);
      start = i + 1;
    }
  }

  /**
   * Apply the recorded nogoods to the current node: a nogood whose literals all hold but
   * one removes that one's digit; false when one holds whole (or its removal fails).
   * Repeats to a fixpoint. A run's nogoods share their prefixes, so one scan of its
   * decisions checks all of them, and it stops at the first `=` decision that is false
   * (every later nogood of the run holds it) or the second that is still open.
   */
  #applyNogoods(): boolean {
    const size = this.t.size;
    const lits = this.#runLits;
    const ends = this.#runEnds;
    for (let again = true; again;) {
      again = false;
      for (let k = 0, i = 0; k < ends.length; k++) {
        const end = ends[k];
        // The one `=` decision so far that is open (-1: none yet).
        let open = -1;
        for (; i < end; i++) {
          const x = lits[i];
          if (x < 0) {
            // A solved leaf's nogood: the `=` decisions so far.
            if (open < 0) return false;
            const oc = (open / size) | 0;
            if (!this.removeDigit(oc, open - oc * size) || !this.propagate()) return false;
            again = true;
            break;
          }
          const lit = x >>> 1;
          const c = (lit / size) | 0;
          const d = lit - c * size;
          if (!this.has(c, d)) {
            // The literal is false: a `=` decision breaks every later nogood of the run;
            // a `!=` one's nogood holds, and so the run goes on.
            if ((x & 1) === 0) break;
            continue;
          }
          const holds = this.openCount(c) === 0;
          if ((x & 1) === 0) {
            if (holds) continue;
            if (open >= 0) break;
            open = lit;
            continue;
          }
          // The nogood of a `!=` decision: the `=` decisions so far and this one's `=`.
          let drop = -1;
          if (open < 0) {
            if (holds) return false;
            drop = lit;
          } else if (holds) {
            drop = open;
          }
          if (drop >= 0) {
            const dc = (drop / size) | 0;
            if (!this.removeDigit(dc, drop - dc * size) || !this.propagate()) return false;
            // The rest of the run is scanned again, on the new state.
            again = true;
            break;
          }
        }
        i = end;
      }
    }
    return true;
  }

  /** The depth-first search behind `count`, arguments checked. */
  search(
    grid: Uint8Array,
    limit: number,
    onSolution: SolutionCallback | undefined,
    allowed: Uint32Array | undefined,
    allowedHigh: Uint32Array | undefined,
    control: SearchControl | undefined,
    nogoods?: Int32Array,
  ): number {
    const n = this.n;
    const size = this.t.size;
    this.nodes = 0;
    this.top = 0;
    this.clearQueues();
    if (this.escalated) this.escalate(false);
    if (limit < 1) return 0;
    if (!this.init(allowed, allowedHigh)) return 0;
    for (let c = 0; c < n; c++) {
      const v = grid[c];
      if (v !== 0 && !this.assign(c, v - 1)) return 0;
    }
    if (!this.propagate()) return 0;
    let found = 0;
    let lastFound = 0;
    let depth = 0;
    // Restarts (see below): the deepest point of this run, the failures since, the limit.
    const restartable = this.restartDepth > 0;
    this.restarts = 0;
    this.noise = 0;
    this.#runLength = 0;
    this.#runEnds.length = 0;
    if (nogoods !== undefined) this.#adoptNogoods(nogoods);
    let deepest = 0;
    let failures = 0;
    let allowance = this.restartFailures;
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
      let solved = false;
      const shave = depth <= this.shaveDepth;
      this.probedAll = shave;
      if (this.#runEnds.length > 0 && !this.#applyNogoods()) {
        alive = false;
      } else if (
        shave ? !this.shaveNode() : this.probeWidth > 0 && !this.probe(this.probeWidth, false)
      ) {
        alive = false;
      } else if (this.choose(depth)) {
        this.nodes++;
        if (
          this.escalateAfter > 0 && this.nodes - lastFound >= this.escalateAfter &&
          !this.escalated
        ) {
          // A long search without a solution: the plain search is in a hard region (or on
          // a grid without solutions), where the filters pay for themselves many times.
          this.escalate(true);
          if (found === 0) {
            // Its first choices are where the plain search went wrong, and the filters
            // would still have to refute what lies below them: start again, from the
            // shallowest node this search owns whole (as a restart does).
            const f = this.rewindToOwned(depth);
            if (f >= 0) {
              depth = f;
              this.#recordRun(frameDecisions[f], decided, false);
              decided = frameDecisions[f];
              deepest = depth;
              failures = 0;
              continue;
            }
          }
        }
        frameMark[depth] = this.top;
        frameDecisions[depth] = decided;
        frameGiven[depth] = 0;
        decisions[decided++] = 2 * (frameCell[depth] * size + frameDigit[depth]);
        depth++;
        if (depth > deepest) {
          deepest = depth;
          if (!this.luby) failures = 0;
        }
        if (control !== undefined && (this.nodes & this.pollMask) === 0) {
          const ask = control.poll(this.nodes);
          if (ask === "stop") return found;
          if (ask === "split") this.giveBranch(depth, control, allowed, allowedHigh);
        }
        alive = this.assign(frameCell[depth - 1], frameDigit[depth - 1]) && this.propagate();
      } else {
        found++;
        lastFound = this.nodes;
        if (onSolution !== undefined) {
          this.fillSolution();
          if (onSolution(this.solution) === false) return found;
        }
        if (found >= limit) return found;
        if (!this.luby) failures = 0;
        solved = true;
        alive = false;
      }
      if (
        !alive && restartable && deepest >= this.restartDepth && ++failures > allowance
      ) {
        // A dive that reached `restartDepth` and has failed `allowance` times in a row
        // since, without a solution or a new deepest point: a decision far above it made
        // the last cells unsolvable, and refuting the subtree below it can take longer than
        // the whole dive. Start again from the shallowest node this search still owns all
        // of (the frames above it gave their other branch away), with other choices. Every
        // solution found so far lies in a subtree this run searched to the end, which its
        // nogoods (`#recordRun`) keep the next runs out of: the count goes on.
        const f = this.rewindToOwned(depth);
        if (f >= 0) {
          depth = f;
          this.#recordRun(frameDecisions[f], decided, solved);
          decided = frameDecisions[f];
          this.restarts++;
          this.noise = Math.imul(this.restarts, 0x9e3779b1) | 1;
          deepest = depth;
          failures = 0;
          allowance = this.luby
            ? Math.max(1, this.restartFailures) * luby(this.restarts + 1)
            : Math.max(1, 2 * allowance);
          continue;
        }
      }
      while (!alive) {
        if (depth === 0) return found;
        depth--;
        this.undo(frameMark[depth]);
        this.clearQueues();
        decided = frameDecisions[depth];
        // A branch given away belongs to another search.
        if (frameGiven[depth] !== 0) continue;
        decisions[decided++] = 2 * (frameCell[depth] * size + frameDigit[depth]) + 1;
        alive = this.removeDigit(frameCell[depth], frameDigit[depth]) && this.propagate();
      }
    }
  }
}
