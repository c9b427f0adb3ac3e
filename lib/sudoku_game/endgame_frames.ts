/**
 * The endgame search on bit masks, for sets of at most 256 solutions.
 *
 * A frame numbers the rows (solutions) of a set 0..k-1; each (cell, digit) pair that
 * varies gets a mask of W 32-bit words, bit j set when row j holds it, and a node of the
 * search is the mask of its rows. A node's moves and their counts come from one AND and
 * population count per pair and word, with no copying of rows; a child's key is the XOR
 * of its rows' keys. When a node has shrunk to a quarter of its frame or less and has a
 * child to search (most such nodes end on the table first), its rows are renumbered into
 * a new frame of fewer words, so that deep nodes cost one word per pair. Every node goes
 * to the shared transposition table.
 *
 * A child of a row-level node is built column by column, columns with the fewest rows of
 * some digit first, and the build stops at the first pair of one row (a win at once for the
 * side to move): four in five such children end there.
 *
 * A node passes its live pairs to its children fewest rows first, so that a child finds a
 * pair of one row (a win at once) early in its scan. A pair held by two to four of a
 * node's rows refutes, without a visit, every move that keeps exactly one of those rows:
 * the opponent plays the pair and leaves one solution.
 *
 * @module
 */

import { type Budget, LOSS, type TranspositionTable, WIN } from "./endgame_table.ts";

/**
 * Set bits of each 16-bit value: a 32-bit count is two lookups, cheaper here than the
 * shift-and-add count (1.04x on the labelled positions, measured).
 */
const PC16 = new Uint8Array(65536);
for (let i = 1; i < 65536; i++) PC16[i] = PC16[i >> 1] + (i & 1);

/** Most rows a frame takes. */
export const FRAME_ROWS = 256;
const MAX_WORDS = FRAME_ROWS / 32;
/** Most pairs of two to four rows a node keeps for the quick refutation of its moves. */
const FEW = 32;
/** Nodes of at least this many rows look up every child in the table before any search. */
const ETC_MIN = 32;
/** Children whose keys such a node computes before it probes the table for them. */
const CHUNK = 8;
/** Frame levels: each renumbering at least halves the words (..., 4, 2, 1). */
const LEVELS = 32 - Math.clz32(MAX_WORDS);
/** Moves are `cell * 16 + digit`, below 81 * 16. */
const MOVE_SLOTS = 2048;
/** Search depth bound: every move fills a cell, and each renumbering adds a level. */
const DEPTH = 81 + LEVELS + 2;

/** Words for a frame of `k` rows: a power of two. */
function wordsFor(k: number): number {
  let w = 1;
  while (w * 32 < k) w *= 2;
  return w;
}

/**
 * Where a frame child's parent keeps its rows: a view the row-level search fills before
 * each call (one object, reused: nothing is allocated per node).
 */
export class ParentRows {
  /** The parent's rows: `k` of `width` digits from offset `rb`. */
  rows: Uint8Array = new Uint8Array(0);
  /** Offset of the parent's first row in `rows`. */
  rb = 0;
  /** Digits per row (the parent's columns). */
  width = 0;
  /** Number of the parent's rows. */
  k = 0;
  /** The parent's live columns (indexes into a row) at `live[lb..lb+nl)`. */
  live: Uint8Array = new Uint8Array(0);
  /** Offset of the live columns in `live` and `order`. */
  lb = 0;
  /** Number of live columns. */
  nl = 0;
  /** The live columns in reading order: `live[lb + order[lb + u]]` for u = 0, 1, .... */
  order: Uint8Array = new Uint8Array(0);
  /** The cell of each live column at `cellOf[cb..cb+nl)`. */
  cellOf: Uint8Array = new Uint8Array(0);
  /** Offset of the live columns' cells in `cellOf`. */
  cb = 0;
  /** The rows' keys, two ints a row, from offset `kb`. */
  keys: Int32Array = new Int32Array(0);
  /** Offset of the parent's first key in `keys`. */
  kb = 0;

  /** Point the view at a parent (all fields at once). */
  set(
    rows: Uint8Array,
    rb: number,
    width: number,
    k: number,
    live: Uint8Array,
    lb: number,
    nl: number,
    order: Uint8Array,
    cellOf: Uint8Array,
    cb: number,
    keys: Int32Array,
    kb: number,
  ): this {
    this.rows = rows;
    this.rb = rb;
    this.width = width;
    this.k = k;
    this.live = live;
    this.lb = lb;
    this.nl = nl;
    this.order = order;
    this.cellOf = cellOf;
    this.cb = cb;
    this.keys = keys;
    this.kb = kb;
    return this;
  }
}

/**
 * Another implementation of a frame's search (see `endgame_wasm.ts`): the frame is built
 * into its arrays, then it searches from the frame's root node.
 */
export interface FrameKernel {
  /** Words of each level's frame (level 0 written before {@linkcode FrameKernel.start}). */
  readonly words: Uint8Array;
  /** The two keys of each frame row, per level (level 0 written before a start). */
  readonly keyA: Int32Array;
  /** The second keys, as {@linkcode FrameKernel.keyA}. */
  readonly keyB: Int32Array;
  /** Each (column, digit)'s rows, as {@linkcode FrameSearch} builds them. */
  readonly tmp: Int32Array;
  /** Winning move of the last start that returned a win. */
  readonly winMove: number;
  /** The value of the frame's root, as {@linkcode FrameSearch} computes it. */
  start(
    width: number,
    cellOf: Uint8Array,
    cb: number,
    k: number,
    W: number,
    h1: number,
    h2: number,
  ): number;
}

/**
 * Search of sets of at most {@linkcode FRAME_ROWS} solutions on bit masks.
 *
 * The frame reads the rows once, to build its masks; the rows' keys (two ints a row) stay
 * where the caller keeps them and give the children's keys.
 */
export class FrameSearch {
  /** Winning move (`cell * 16 + digit`) of the last node that returned a win, else 0. */
  winMove = 0;

  private readonly table: TranspositionTable;
  private readonly budget: Budget;
  // Per level: words, source row of each frame row, the pairs' masks and moves.
  private readonly words: Uint8Array;
  /** The two keys of each frame row, per level. */
  private readonly keyA: Int32Array;
  private readonly keyB: Int32Array;
  private readonly mask = new Int32Array(LEVELS * 729 * MAX_WORDS);
  private readonly pMove = new Int16Array(LEVELS * 729);
  // Per depth: the node's mask, the pairs live in it, its moves, skip marks.
  private readonly s = new Int32Array((DEPTH + 1) * MAX_WORDS);
  private readonly list = new Int16Array((DEPTH + 1) * 729);
  private readonly moves = new Int32Array(DEPTH * 729);
  private readonly skip = new Int32Array(DEPTH * 729);
  private readonly skipCount = new Int32Array(DEPTH * 729);
  private serial = 0;
  /** Second half of the key computed by the last `childKey`. */
  private key2 = 0;
  /** Per depth: the keys of the children still to search, in move order. */
  private readonly ck1 = new Int32Array(DEPTH * 729);
  private readonly ck2 = new Int32Array(DEPTH * 729);
  /** A chunk of children (move, keys) waiting for their probes. */
  private readonly chunkV = new Int32Array(CHUNK);
  private readonly chunk1 = new Int32Array(CHUNK);
  private readonly chunk2 = new Int32Array(CHUNK);
  /** Scratch of the counting sort of a node's moves. */
  private readonly hist = new Int32Array(FRAME_ROWS + 2);
  private readonly sorted = new Int32Array(729);
  /** Per depth: the rows (four slots, -1 for none) of pairs held by two to four rows. */
  private readonly few = new Int16Array(DEPTH * FEW * 4);
  private readonly tmp: Int32Array;
  /** Source row offset of each row of a frame being built. */
  private readonly rowAt = new Int32Array(FRAME_ROWS);
  /** Pairs of a node by the rows they hold (open addressing, stamped per node). */
  private readonly seenStamp = new Int32Array(1024);
  private readonly seenPair = new Int16Array(1024);
  private seenSerial = 0;
  /** Rank of each row of a node among its rows, while renumbering. */
  private readonly rank = new Int16Array(FRAME_ROWS);
  /** A node's live pairs of two or three rows, while it sorts its list. */
  private readonly low = new Int16Array(729);
  /** The new index of each pair of the last renumbering. */
  private readonly newIdx = new Int16Array(729);
  /** Skip marks of a node's open moves while it changes level. */
  private readonly markTmp = new Int32Array(729);
  /**
   * Per level, the pair of each move (`cell * 16 + digit`), so that a refutation finds its
   * pair at once; never cleared, so an entry counts only where `pMove` confirms it.
   */
  private readonly pairOf = new Int16Array(LEVELS * MOVE_SLOTS);

  private readonly kernel: FrameKernel | undefined;

  /**
   * A frame search recording values in `table` and counting nodes in `budget`; with a
   * `kernel`, the frames are built into its arrays and it searches them.
   */
  constructor(table: TranspositionTable, budget: Budget, kernel?: FrameKernel) {
    this.table = table;
    this.budget = budget;
    this.kernel = kernel;
    this.words = kernel?.words ?? new Uint8Array(LEVELS);
    this.keyA = kernel?.keyA ?? new Int32Array(LEVELS * FRAME_ROWS);
    this.keyB = kernel?.keyB ?? new Int32Array(LEVELS * FRAME_ROWS);
    this.tmp = kernel?.tmp ?? new Int32Array(81 * 10 * MAX_WORDS);
  }

  /**
   * Value (WIN or LOSS; 0 when the budget ran out) of a child of a row-level node, with
   * 4 ≤ k ≤ {@linkcode FRAME_ROWS} rows, key h1:h2: its rows are those of the parent's
   * (`p`, see {@linkcode ParentRows}) that hold `digit` in column `col`, read through the
   * parent's live columns without copying them first. Most such children have a pair of
   * one row (a win at once), and it turns up sooner in columns with few rows of some digit.
   */
  solveChild(p: ParentRows, col: number, digit: number, k: number, h1: number, h2: number): number {
    const { rows, rb, width, live, lb, nl, order, cellOf, cb, keys, kb } = p;
    const pk = p.k;
    const W = wordsFor(k);
    this.words[0] = W;
    const rowAt = this.rowAt;
    let j = 0;
    for (let i = 0; i < pk; i++) {
      const r = rb + i * width;
      if (rows[r + col] !== digit) continue;
      this.keyA[j] = keys[kb + 2 * i];
      this.keyB[j] = keys[kb + 2 * i + 1];
      rowAt[j++] = r;
    }
    // Each (column, digit)'s rows, column by column, columns with the fewest rows of a
    // digit first: most of these frames end at once on a pair of one row, found here
    // before the rest of the frame is built.
    const tmp = this.tmp;
    const stride = nl * 10;
    tmp.fill(0, 0, stride * W);
    for (let u = 0; u < nl; u++) {
      const t = order[lb + u];
      const off = live[lb + t];
      const base = t * 10;
      for (let j = 0; j < k; j++) {
        tmp[(j >> 5) * stride + base + rows[rowAt[j] + off]] |= 1 << (j & 31);
      }
      for (let d = base + 1; d <= base + 9; d++) {
        let one = 0;
        let many = false;
        for (let x = d; x < d + W * stride; x += stride) {
          const b = tmp[x];
          if (b === 0) continue;
          if (one !== 0 || (b & (b - 1)) !== 0) {
            many = true;
            break;
          }
          one = b;
        }
        if (many || one === 0) continue;
        if (!this.budget.node(1)) return 0;
        this.winMove = cellOf[cb + t] * 16 + d - base;
        this.table.store(h1, h2, k, WIN, this.winMove, 0);
        return WIN;
      }
    }
    const kernel = this.kernel;
    if (kernel === undefined) return this.start(nl, cellOf, cb, k, W, h1, h2);
    const r = kernel.start(nl, cellOf, cb, k, W, h1, h2);
    this.winMove = kernel.winMove;
    return r;
  }

  /** The root node of a frame whose pairs' rows are in `tmp` (`width` columns). */
  private start(
    width: number,
    cellOf: Uint8Array,
    cb: number,
    k: number,
    W: number,
    h1: number,
    h2: number,
  ): number {
    this.setFull(0, k, W);
    const tmp = this.tmp;
    const s = this.s;
    const mask = this.mask;
    let np = 0;
    const stride = width * 10;
    for (let i = 0; i < width; i++) {
      for (let d = 1; d <= 9; d++) {
        const t = i * 10 + d;
        let any = 0;
        let full = -1;
        for (let w = 0, x = t; w < W; w++, x += stride) {
          any |= tmp[x];
          full &= ~(tmp[x] ^ s[w]);
        }
        if (any === 0 || full === -1) continue;
        for (let w = 0, x = t; w < W; w++, x += stride) mask[np * MAX_WORDS + w] = tmp[x];
        const mv = cellOf[cb + i] * 16 + d;
        this.pMove[np] = mv;
        this.pairOf[mv] = np;
        this.list[np] = np;
        np++;
      }
    }
    return this.node(0, 0, np, k, h1, h2);
  }

  /** Write the mask of `k` rows (all of a fresh frame of W words) at depth `fd`. */
  private setFull(fd: number, k: number, W: number): void {
    for (let w = 0; w < W; w++) {
      const left = k - w * 32;
      this.s[fd * MAX_WORDS + w] = left >= 32 ? -1 : ((1 << left) - 1) | 0;
    }
  }

  /**
   * Renumber the rows of the node at depth `fd` (level `lv`, `k` rows, its `nl` live
   * pairs listed at depth fd + 1) into level lv + 1 of fewer words: each live pair keeps
   * its index in that list, its mask compressed to the node's rows. Lists them at depth
   * fd + 1 in the new numbering.
   */
  private renumber(fd: number, lv: number, k: number, nl: number): void {
    const W = this.words[lv];
    const W2 = wordsFor(k);
    const lv2 = lv + 1;
    this.words[lv2] = W2;
    const s = this.s;
    const sb = fd * MAX_WORDS;
    const rank = this.rank;
    const keyA = this.keyA;
    const keyB = this.keyB;
    let j2 = 0;
    for (let w = 0; w < W; w++) {
      let x = s[sb + w];
      while (x !== 0) {
        const t = x & -x;
        x ^= t;
        const j = (w << 5) + 31 - Math.clz32(t);
        rank[j] = j2;
        keyA[lv2 * FRAME_ROWS + j2] = keyA[lv * FRAME_ROWS + j];
        keyB[lv2 * FRAME_ROWS + j2] = keyB[lv * FRAME_ROWS + j];
        j2++;
      }
    }
    const mask = this.mask;
    const list = this.list;
    const nb = (fd + 1) * 729;
    const pb = lv * 729;
    const pb2 = lv2 * 729;
    for (let q = 0; q < nl; q++) {
      const p = list[nb + q];
      const mb = (pb + p) * MAX_WORDS;
      const mb2 = (pb2 + q) * MAX_WORDS;
      for (let w = 0; w < W2; w++) mask[mb2 + w] = 0;
      for (let w = 0; w < W; w++) {
        let x = s[sb + w] & mask[mb + w];
        while (x !== 0) {
          const t = x & -x;
          x ^= t;
          const r = rank[(w << 5) + 31 - Math.clz32(t)];
          mask[mb2 + (r >> 5)] |= 1 << (r & 31);
        }
      }
      const mv = this.pMove[pb + p];
      this.pMove[pb2 + q] = mv;
      this.pairOf[lv2 * MOVE_SLOTS + mv] = q;
      this.newIdx[p] = q;
      list[nb + q] = q;
    }
    this.setFull(fd + 1, k, W2);
  }

  /**
   * The child of the node whose mask is at `sb` by the move whose mask is at `mb`: writes
   * its mask at the next depth (`sb` + {@linkcode MAX_WORDS}) and returns the first half of
   * its key, the XOR of its rows' keys at `rowBase`; the second half goes to `key2`.
   */
  private childKey(sb: number, mb: number, W: number, rowBase: number): number {
    const s = this.s;
    const mask = this.mask;
    const keyA = this.keyA;
    const keyB = this.keyB;
    const cs = sb + MAX_WORDS;
    let h1 = 0;
    let h2 = 0;
    for (let w = 0; w < W; w++) {
      let x = s[sb + w] & mask[mb + w];
      s[cs + w] = x;
      while (x !== 0) {
        const t = x & -x;
        x ^= t;
        const j = rowBase + (w << 5) + 31 - Math.clz32(t);
        h1 ^= keyA[j];
        h2 ^= keyB[j];
      }
    }
    this.key2 = h2;
    return h1;
  }

  /**
   * Whether the move whose mask is at `mb` keeps exactly one row of a pair held by two to
   * four rows (listed at `fb`, `nf` of them): the opponent then plays that pair and wins.
   */
  private lostAtOnce(mb: number, fb: number, nf: number): boolean {
    const few = this.few;
    const mask = this.mask;
    for (let f = fb; f < fb + 4 * nf; f += 4) {
      let n = 0;
      for (let i = f; i < f + 4; i++) {
        const j = few[i];
        if (j < 0) break;
        n += (mask[mb + (j >> 5)] >>> (j & 31)) & 1;
      }
      if (n === 1) return true;
    }
    return false;
  }

  /**
   * The winning reply `reply` (a move) to a move leaving `c` solutions of the node whose
   * moves are at `lb` (serial `serial`, frame level `lv`) loses there too (the reply, then
   * that move), for moves leaving at least `c` solutions, which are sure to allow that
   * move as a reply. A mark on a pair that is not one of the node's moves is never read.
   */
  private markReply(lb: number, lv: number, reply: number, serial: number, c: number): void {
    const x = this.pairOf[lv * MOVE_SLOTS + reply];
    if (this.pMove[lv * 729 + x] !== reply) return;
    if (this.skip[lb + x] !== serial || this.skipCount[lb + x] > c) {
      this.skip[lb + x] = serial;
      this.skipCount[lb + x] = c;
    }
  }

  /**
   * Value of the node at depth `fd` of level `lv`: mask at `fd`, `np` candidate pairs
   * listed at `fd`, `k` rows, key h1:h2. Records it in the table and sets `winMove`.
   */
  private node(fd: number, lv: number, np: number, k: number, h1: number, h2: number): number {
    let W = this.words[lv];
    const budget = this.budget;
    const startNodes = budget.nodes;
    if (!budget.node(np * W)) return 0;
    const s = this.s;
    const mask = this.mask;
    const list = this.list;
    const moves = this.moves;
    const pMove = this.pMove;
    const sb = fd * MAX_WORDS;
    let pb = lv * 729;
    const lb = fd * 729;
    const nb = lb + 729;
    let nl = 0;
    let m = 0;
    const low = this.low;
    let nlow = 0;
    // Pairs held by two to four rows: a move that keeps exactly one of their rows loses at
    // once (the opponent plays the pair and leaves one solution). Their rows, -1 for none.
    const few = this.few;
    const fb = fd * FEW * 4;
    let nf = 0;
    const seenStamp = this.seenStamp;
    const seenPair = this.seenPair;
    const stamp = ++this.seenSerial;
    // A quarter of the frame or less: before its first child search the node goes on in
    // fewer words (renumbering costs about what a few nodes of the subtree save).
    let shrink = W > 1 && (wordsFor(k) * 4 <= W || (W === 2 && k <= 16));
    for (let q = lb; q < lb + np; q++) {
      const p = list[q];
      const mb = (pb + p) * MAX_WORDS;
      const x = s[sb] & mask[mb];
      let c = PC16[x & 0xffff] + PC16[x >>> 16];
      for (let w = 1; w < W; w++) {
        const y = s[sb + w] & mask[mb + w];
        c += PC16[y & 0xffff] + PC16[y >>> 16];
      }
      if (c === 0 || c === k) continue;
      if (c === 1) {
        this.winMove = pMove[pb + p];
        this.table.store(h1, h2, k, WIN, this.winMove, 0);
        return WIN;
      }
      // A pair holding the same rows as an earlier one is the same move here and in the
      // whole subtree (often: cells tied to each other): keep the first only.
      let hash = 0;
      for (let w = 0; w < W; w++) hash = Math.imul(hash ^ (s[sb + w] & mask[mb + w]), 0x9e3779b1);
      let slot = hash >>> 22;
      let dup = false;
      for (;;) {
        if (seenStamp[slot] !== stamp) {
          seenStamp[slot] = stamp;
          seenPair[slot] = p;
          break;
        }
        const ob = (pb + seenPair[slot]) * MAX_WORDS;
        let same = true;
        for (let w = 0; w < W && same; w++) {
          same = (s[sb + w] & mask[ob + w]) === (s[sb + w] & mask[mb + w]);
        }
        if (same) {
          dup = true;
          break;
        }
        slot = (slot + 1) & 1023;
      }
      if (dup) continue;
      list[nb + nl++] = p;
      if (c >= 4) moves[lb + m++] = c * 1024 + p;
      else low[nlow++] = p;
      if (c <= 4 && nf < FEW) {
        const f = fb + 4 * nf++;
        few[f + 3] = -1;
        let n = 0;
        for (let w = 0; w < W; w++) {
          let x = s[sb + w] & mask[mb + w];
          while (x !== 0) {
            const t = x & -x;
            x ^= t;
            few[f + n++] = (w << 5) + 31 - Math.clz32(t);
          }
        }
        if (n === 2) few[f + 2] = -1;
      }
    }
    // Fewest solutions left first; among equal counts, list order (the order of `p`).
    if (m <= 12) {
      for (let a = lb + 1; a < lb + m; a++) {
        const v = moves[a];
        let b = a - 1;
        while (b >= lb && moves[b] > v) {
          moves[b + 1] = moves[b];
          b--;
        }
        moves[b + 1] = v;
      }
    } else {
      // Counting sort: counts are below k ≤ 256, and the lists run to hundreds.
      const hist = this.hist;
      const sorted = this.sorted;
      hist.fill(0, 0, k + 1);
      for (let a = lb; a < lb + m; a++) hist[(moves[a] >> 10) + 1]++;
      for (let c = 1; c <= k; c++) hist[c] += hist[c - 1];
      for (let a = lb; a < lb + m; a++) sorted[hist[moves[a] >> 10]++] = moves[a];
      for (let a = 0; a < m; a++) moves[lb + a] = sorted[a];
    }
    // The children scan their pairs fewest rows first: a pair of one row (a win at
    // once) then turns up early.
    {
      let q = nb;
      for (let i = 0; i < nlow; i++) list[q++] = low[i];
      for (let a = lb; a < lb + m; a++) list[q++] = moves[a] & 1023;
    }
    let serial = ++this.serial;
    const skip = this.skip;
    const skipCount = this.skipCount;
    let rowBase = lv * FRAME_ROWS;
    const cs = sb + MAX_WORDS;
    const ck1 = this.ck1;
    const ck2 = this.ck2;
    // A large node first gets every child's key and what the table knows of it: a lost
    // child ends the node before any search, a won one marks its refutation (which then
    // loses here too). Small nodes compute keys as they go (most end at their first move).
    const etc = k >= ETC_MIN;
    if (etc) {
      // Keys for a chunk of children at a time, then their probes one after another: the
      // probes' cache misses (the table is far larger than the caches) then overlap. The
      // same probes in the same order as one child at a time.
      const qv = this.chunkV;
      const q1 = this.chunk1;
      const q2 = this.chunk2;
      let kept = 0;
      let a = lb;
      while (a < lb + m) {
        let nq = 0;
        while (a < lb + m && nq < CHUNK) {
          const v = moves[a++];
          const mb = (pb + (v & 1023)) * MAX_WORDS;
          if (this.lostAtOnce(mb, fb, nf)) continue;
          q1[nq] = this.childKey(sb, mb, W, rowBase);
          q2[nq] = this.key2;
          qv[nq++] = v;
        }
        for (let q = 0; q < nq; q++) {
          const v = qv[q];
          const c = v >> 10;
          const r = this.table.probe(q1[q], q2[q], c);
          if (r === LOSS) {
            this.winMove = pMove[pb + (v & 1023)];
            this.table.store(h1, h2, k, WIN, this.winMove, 0);
            return WIN;
          }
          if (r === WIN) {
            this.markReply(lb, lv, this.table.move, serial, c);
            continue;
          }
          moves[lb + kept] = v;
          ck1[lb + kept] = q1[q];
          ck2[lb + kept] = q2[q];
          kept++;
        }
      }
      m = kept;
    }
    for (let a = lb; a < lb + m; a++) {
      const v = moves[a];
      const c = v >> 10;
      let p = v & 1023;
      if (skip[lb + p] === serial && c >= skipCount[lb + p]) continue;
      let mb = (pb + p) * MAX_WORDS;
      let ch1 = 0;
      let ch2 = 0;
      if (etc) {
        for (let w = 0; w < W; w++) s[cs + w] = s[sb + w] & mask[mb + w];
        ch1 = ck1[a];
        ch2 = ck2[a];
      } else {
        if (this.lostAtOnce(mb, fb, nf)) continue;
        ch1 = this.childKey(sb, mb, W, rowBase);
        ch2 = this.key2;
      }
      // A child met earlier in this loop (same set by another move) is in the table now.
      let r = this.table.probe(ch1, ch2, c);
      let reply = this.table.move;
      if (r === 0) {
        if (shrink) {
          // A child to search: the node goes on in fewer words (most nodes that shrink
          // end before this, on the table, and never pay for the renumbering). Its open
          // moves, their skip marks and its few pairs' rows follow the new numbering.
          this.renumber(fd, lv, k, nl);
          lv++;
          W = this.words[lv];
          pb = lv * 729;
          rowBase = lv * FRAME_ROWS;
          this.setFull(fd, k, W);
          const newIdx = this.newIdx;
          const markTmp = this.markTmp;
          for (let a2 = a; a2 < lb + m; a2++) {
            const p2 = moves[a2] & 1023;
            markTmp[a2 - a] = skip[lb + p2] === serial ? skipCount[lb + p2] : -1;
          }
          serial = ++this.serial;
          for (let a2 = a; a2 < lb + m; a2++) {
            const v2 = moves[a2];
            const q = newIdx[v2 & 1023];
            moves[a2] = (v2 & ~1023) | q;
            const mk = markTmp[a2 - a];
            if (mk >= 0) {
              skip[lb + q] = serial;
              skipCount[lb + q] = mk;
            }
          }
          const rank = this.rank;
          for (let f = fb; f < fb + 4 * nf; f++) if (few[f] >= 0) few[f] = rank[few[f]];
          shrink = false;
          p = newIdx[p];
          mb = (pb + p) * MAX_WORDS;
          for (let w = 0; w < W; w++) s[cs + w] = s[sb + w] & mask[mb + w];
        }
        r = this.node(fd + 1, lv, nl, c, ch1, ch2);
        if (budget.aborted) return 0;
        reply = this.winMove;
      }
      if (r === LOSS) {
        this.winMove = pMove[pb + p];
        this.table.store(h1, h2, k, WIN, this.winMove, 32 - Math.clz32(budget.nodes - startNodes));
        return WIN;
      }
      this.markReply(lb, lv, reply, serial, c);
    }
    this.winMove = 0;
    this.table.store(h1, h2, k, LOSS, 0, 32 - Math.clz32(budget.nodes - startNodes));
    return LOSS;
  }
}
