/**
 * Tree-based lookahead for the general engine's cores: shaving the bivalent literals (a
 * digit of a two-candidate cell, one of a digit's two places in a unit) at every node,
 * each group of equivalent literals once and each literal on top of one it forces, as the
 * march SAT solvers do. The probes' scores (`cut`) steer the branching.
 *
 * A core finds its bivalent pairs (`linkPairs`) and does the propagation; this layer only
 * reads candidates through the shared layout: digit d of cell c is bit d % 32 of
 * `st[(d >>> 5) * n + c]`, and `st[flagBase + c]` is non-zero once c is assigned.
 *
 * @module
 */

import { CoreBase } from "./general_base.ts";

/** A core that shaves every node along the implications of its bivalent literals. */
export abstract class LookaheadCore extends CoreBase {
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
    const fb = this.flagBase;
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
      if ((st[(rd >>> 5) * n + rc] & (1 << rd)) === 0 || st[fb + rc] !== 0) {
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
          const good = (st[(cd >>> 5) * n + cc] & (1 << cd)) !== 0 &&
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
            this.clearQueues();
            this.pending[failures++] = cl;
            cursor = next[ch];
          }
        }
      } else {
        this.undo(mark0);
        this.clearQueues();
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
    const n = this.n;
    for (let w = 0, wb = 0; w < this.words; w++, wb += 32) {
      let others = this.st[w * n + c];
      if (w === d >>> 5) others &= ~(1 << d);
      while (others !== 0) {
        const ob = others & -others;
        others ^= ob;
        const cd = c * size + wb + 31 - Math.clz32(ob);
        if (this.forceCellGen[cd] !== this.gen) continue;
        for (let i = this.forceCellHead[cd]; i >= 0; i = this.forceNextCell[i]) {
          if (fLit[i] === lit) continue;
          const j = this.repIndex(fLit[i], limit);
          if (j >= 0) return j;
        }
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
   * probes reach the same state, and one probe serves the group. Also records the
   * one-step forcings (`addForce`) and the bivalent literals (`markBivalent`).
   */
  linkEquivalents(): void {
    const n = this.n;
    const size = this.t.size;
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
    this.linkPairs();
  }

  /**
   * Find this node's bivalent pairs, each by `pairCell` or `pairPlaces`, in a fixed order
   * (it decides which literal stands for its group, and so the probes' ranking).
   */
  abstract linkPairs(): void;

  /** Record the two-candidate cell `c` = {a, b}. */
  pairCell(c: number, a: number, b: number): void {
    const size = this.t.size;
    this.eqOpposite(c * size + a, c * size + b);
    this.addForce(c, a, c * size + b, -1);
    this.addForce(c, b, c * size + a, -1);
    this.markBivalent(c * size + a);
    this.markBivalent(c * size + b);
  }

  /** Record that digit `d` has exactly the two places `p` and `q` in some unit. */
  pairPlaces(p: number, q: number, d: number): void {
    const size = this.t.size;
    this.eqOpposite(p * size + d, q * size + d);
    this.addForce(p, d, q * size + d, q);
    this.addForce(q, d, p * size + d, p);
    this.markBivalent(p * size + d);
    this.markBivalent(q * size + d);
  }

  /** Add literal `lit` to this shave's bivalent literals, once. */
  markBivalent(lit: number): void {
    if (this.bivGen[lit] === this.gen) return;
    this.bivGen[lit] = this.gen;
    this.bivLit[this.bivCount++] = lit;
  }
}
