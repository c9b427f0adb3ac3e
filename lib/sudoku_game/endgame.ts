/**
 * Exact solver of the CodeCup 2024 sudoku game once the solutions can be enumerated.
 *
 * With all solutions of a position in hand the game is a finite game on the solution
 * set: a move is a (cell, digit) pair held by some but not all solutions, it keeps the
 * solutions holding it, and the mover wins when exactly one is left. The solver keeps
 * the solutions as an `n × 81` digit array and each node as a list of solution indices
 * on a preallocated stack; a set is hashed as the XOR of two random 32-bit keys per
 * solution (a 64-bit key), and values go to a bounded, always-replace transposition
 * table. Cells whose digit no longer varies are dropped on the way down, winning moves
 * (those that leave one solution) are found in the same scan that counts digits, and
 * the other moves are tried from the fewest solutions left to the most.
 *
 * @module
 */

/** Game value for the side to move: loses, wins at once, wins later. */
export type GameValue = "LOSS" | "WIN1" | "WIN2";

/**
 * Outcome of one root move after a bounded search: `Unknown` (not decided within the
 * budget), `Win` (the opponent's position is lost, or one solution is left), `Loss` (the
 * opponent wins from there).
 */
export const MoveStatus = { Unknown: 0, Win: 1, Loss: 2 } as const;
/** One of the {@linkcode MoveStatus} values. */
export type MoveStatus = 0 | 1 | 2;

/** Budget of one search call; whichever limit comes first stops it. */
export interface SearchLimits {
  /** Stop after this many nodes. */
  maxNodes?: number;
  /** Stop once `now()` reaches this value (same unit as `now`, usually milliseconds). */
  deadline?: number;
  /** Clock used with `deadline`; `lib/` has no clock of its own. */
  now?: () => number;
}

/** One legal move of the root position and what the search found about it. */
export interface RootMove {
  /** Cell index 0..80, row-major. */
  readonly cell: number;
  /** Digit 1..9. */
  readonly digit: number;
  /** Solutions left after the move. */
  readonly count: number;
  /** What the search proved about the move. */
  status: MoveStatus;
}

const MAX_DEPTH = 82;
const NO_LIMIT = Number.MAX_SAFE_INTEGER;
/** Most solutions a {@linkcode SolutionGame} takes. */
export const MAX_SOLUTIONS = 2_000_000;

/**
 * The solution-set game: load the solutions of a position, then ask for the value of the
 * position or of each of its moves.
 *
 * All search state is allocated up front (the index stack grows by doubling, rarely), so
 * a search allocates nothing per node. One instance can be reused for many positions; the
 * transposition table is cleared on `load` because keys are per-solution-index.
 */
export class SolutionGame {
  /** Number of solutions loaded. */
  n = 0;
  /** Nodes searched since the last `load`. */
  nodes = 0;
  /** Whether the last search ran out of budget. */
  aborted = false;

  #sol: Uint8Array;
  #key1: Int32Array;
  #key2: Int32Array;
  #idx: Int32Array;
  readonly #cnt = new Int32Array(MAX_DEPTH * 810);
  readonly #live = new Uint8Array((MAX_DEPTH + 1) * 81);
  /** For each live cell written by a search node, its index in that node's own input list. */
  readonly #from = new Uint8Array((MAX_DEPTH + 1) * 81);
  readonly #moves = new Int32Array(MAX_DEPTH * 729);
  readonly #ttMask: number;
  readonly #tt1: Int32Array;
  readonly #tt2: Int32Array;
  readonly #ttv: Uint8Array;
  #maxNodes = NO_LIMIT;
  /** Cell visits (solutions × live cells scanned) since the last `load`: the real effort. */
  visits = 0;
  /** The visit count at which the clock is read next. */
  #nextCheck = 0;
  #deadline = Infinity;
  #now: (() => number) | undefined;
  #rootLive = 0;

  /**
   * An empty game with its search state allocated for about `capacity` solutions.
   *
   * @param capacity solutions the instance expects (it grows past this when needed)
   * @param ttBits log2 of the transposition table entries (9 bytes each; 22 → 36 MB)
   */
  constructor(capacity = 1 << 12, ttBits = 22) {
    this.#sol = new Uint8Array(capacity * 81);
    this.#key1 = new Int32Array(capacity);
    this.#key2 = new Int32Array(capacity);
    this.#idx = new Int32Array(capacity * 4);
    this.#fillKeys(0);
    this.#ttMask = (1 << ttBits) - 1;
    this.#tt1 = new Int32Array(1 << ttBits);
    this.#tt2 = new Int32Array(1 << ttBits);
    this.#ttv = new Uint8Array(1 << ttBits);
  }

  /** Deterministic keys (xorshift), so that searches are reproducible. */
  #fillKeys(from: number): void {
    let x = 0x9e3779b9 ^ (from * 0x85ebca6b);
    if (x === 0) x = 1;
    for (let i = from; i < this.#key1.length; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      this.#key1[i] = x;
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      this.#key2[i] = x;
    }
  }

  /**
   * Load `n` solutions (at most {@linkcode MAX_SOLUTIONS}) stored row after row in
   * `solutions` (81 digits each) and clear the transposition table.
   */
  load(solutions: Uint8Array, n: number): void {
    // Move keys pack count * 1024 + cell * 10 + digit into an int32.
    if (n > MAX_SOLUTIONS) throw new RangeError(`too many solutions for the endgame: ${n}`);
    if (n * 81 > this.#sol.length) {
      const cap = Math.max(n, this.#key1.length * 2);
      this.#sol = new Uint8Array(cap * 81);
      this.#key1 = new Int32Array(cap);
      this.#key2 = new Int32Array(cap);
      this.#fillKeys(0);
    }
    this.#sol.set(solutions.subarray(0, n * 81));
    this.n = n;
    this.nodes = 0;
    this.visits = 0;
    this.aborted = false;
    this.#ensureIdx(n);
    for (let i = 0; i < n; i++) this.#idx[i] = i;
    this.#ttv.fill(0);
    // Root live cells: those whose digit varies.
    let nl = 0;
    for (let c = 0; c < 81; c++) {
      const d0 = this.#sol[c];
      for (let s = 1; s < n; s++) {
        if (this.#sol[s * 81 + c] !== d0) {
          this.#live[nl++] = c;
          break;
        }
      }
    }
    this.#rootLive = nl;
  }

  /** The solution `i` as a copy (81 digits). */
  solution(i: number): Uint8Array {
    return this.#sol.slice(i * 81, i * 81 + 81);
  }

  #ensureIdx(size: number): void {
    if (size <= this.#idx.length) return;
    const next = new Int32Array(Math.max(size, this.#idx.length * 2));
    next.set(this.#idx);
    this.#idx = next;
  }

  #setLimits(limits: SearchLimits): void {
    this.#maxNodes = limits.maxNodes === undefined ? NO_LIMIT : this.nodes + limits.maxNodes;
    this.#deadline = limits.deadline ?? Infinity;
    this.#now = limits.now;
    this.aborted = false;
    this.#nextCheck = this.visits;
  }

  /** The legal moves of the loaded position, fewest solutions left first, all `Unknown`. */
  rootMoves(): RootMove[] {
    const n = this.n;
    const out: RootMove[] = [];
    if (n < 2) return out;
    const counts = new Int32Array(810);
    const nl = this.#rootLive;
    for (let s = 0; s < n; s++) {
      const b = s * 81;
      for (let i = 0; i < nl; i++) counts[i * 10 + this.#sol[b + this.#live[i]]]++;
    }
    for (let i = 0; i < nl; i++) {
      for (let d = 1; d <= 9; d++) {
        const c = counts[i * 10 + d];
        if (c > 0 && c < n) {
          out.push({ cell: this.#live[i], digit: d, count: c, status: MoveStatus.Unknown });
        }
      }
    }
    out.sort((a, b) => a.count - b.count || a.cell - b.cell || a.digit - b.digit);
    return out;
  }

  /**
   * Decide root moves in order until one wins (or all, with `all`), within `limits`.
   *
   * Moves are updated in place: `Win` when the opponent's position is lost (or the move
   * leaves one solution), `Loss` when the opponent wins from there. Returns the game
   * value when it is proven, else `undefined` (budget exhausted).
   */
  solveMoves(moves: RootMove[], limits: SearchLimits = {}, all = false): GameValue | undefined {
    this.#setLimits(limits);
    const n = this.n;
    let win1 = false;
    let win = false;
    let unknown = false;
    for (const m of moves) {
      if (m.count === 1) {
        m.status = MoveStatus.Win;
        win1 = win = true;
      } else if (m.count <= 3) {
        // Two or three solutions always hold a digit no other holds: the opponent wins.
        m.status = MoveStatus.Loss;
      }
    }
    if (win && !all) return "WIN1";
    for (const m of moves) {
      if (m.status !== MoveStatus.Unknown) continue;
      if (this.aborted) {
        unknown = true;
        continue;
      }
      const childWin = this.#child(0, 0, n, this.#rootLive, m.cell, m.digit, m.count);
      if (this.aborted) {
        unknown = true;
        continue;
      }
      m.status = childWin ? MoveStatus.Loss : MoveStatus.Win;
      if (!childWin) {
        win = true;
        if (!all) break;
      }
    }
    if (win1) return "WIN1";
    if (win) return "WIN2";
    return unknown ? undefined : "LOSS";
  }

  /**
   * Build the child of the node at `depth` (its list at `start`, `k` long) for move
   * (cell, digit) with `c` solutions, and return whether the side to move there wins.
   */
  #child(
    depth: number,
    start: number,
    k: number,
    nLive: number,
    cell: number,
    digit: number,
    c: number,
  ): boolean {
    const cs = start + k;
    this.#ensureIdx(cs + c);
    const idx = this.#idx;
    const sol = this.#sol;
    const k1 = this.#key1;
    const k2 = this.#key2;
    let h1 = 0;
    let h2 = 0;
    let w = cs;
    for (let j = start; j < cs; j++) {
      const s = idx[j];
      if (sol[s * 81 + cell] === digit) {
        idx[w++] = s;
        h1 ^= k1[s];
        h2 ^= k2[s];
      }
    }
    const slot = h1 & this.#ttMask;
    if (this.#ttv[slot] !== 0 && this.#tt1[slot] === h1 && this.#tt2[slot] === h2) {
      return this.#ttv[slot] === 1;
    }
    // The child reads the live cells of its parent: the parent's list is at depth*81.
    // A child holding most of its parent's solutions gets its digit counts as the
    // parent's minus those of the few solutions it drops, not by scanning its own.
    const lf = depth * 81;
    let pre = false;
    if (depth >= 1 && 2 * c > k) {
      const cnt = this.#cnt;
      const live = this.#live;
      const from = this.#from;
      const pb = depth * 810;
      const cb = pb + 810;
      for (let t = 0; t < nLive; t++) {
        const src = pb + from[lf + t] * 10;
        const dst = cb + t * 10;
        for (let d = 1; d <= 9; d++) cnt[dst + d] = cnt[src + d];
      }
      for (let j = start; j < cs; j++) {
        const b = idx[j] * 81;
        if (sol[b + cell] === digit) continue;
        for (let t = 0; t < nLive; t++) cnt[cb + t * 10 + sol[b + live[lf + t]]]--;
      }
      this.visits += (k - c) * nLive;
      pre = true;
    }
    const result = this.#search(depth + 1, cs, c, lf, nLive, pre);
    if (!this.aborted) {
      this.#tt1[slot] = h1;
      this.#tt2[slot] = h2;
      this.#ttv[slot] = result ? 1 : 2;
    }
    return result;
  }

  /** Whether the side to move wins the node whose `k ≥ 2` solutions are at `start`. */
  #search(
    depth: number,
    start: number,
    k: number,
    liveFrom: number,
    nLive: number,
    counted: boolean,
  ): boolean {
    if (++this.nodes >= this.#maxNodes) {
      this.aborted = true;
      return false;
    }
    // Read the clock by work done, not by nodes: a node costs k × live cells, which
    // varies by orders of magnitude. About every 2^20 cell visits (a millisecond or so).
    if (!counted) this.visits += k * nLive;
    if (this.visits >= this.#nextCheck && this.#now !== undefined) {
      this.#nextCheck = this.visits + (1 << 20);
      if (this.#now() >= this.#deadline) {
        this.aborted = true;
        return false;
      }
    }
    if (depth >= MAX_DEPTH) throw new Error("internal: endgame search too deep");
    const cnt = this.#cnt;
    const live = this.#live;
    const sol = this.#sol;
    const idx = this.#idx;
    const cb = depth * 810;
    if (!counted) {
      cnt.fill(0, cb, cb + nLive * 10);
      const end = start + k;
      for (let j = start; j < end; j++) {
        const b = idx[j] * 81;
        for (let i = 0; i < nLive; i++) cnt[cb + i * 10 + sol[b + live[liveFrom + i]]]++;
      }
    }
    // Moves and the live cells of this node (written at depth*81 for the children).
    const lb = depth * 81;
    const mb = depth * 729;
    let nl = 0;
    let m = 0;
    for (let i = 0; i < nLive; i++) {
      const cell = live[liveFrom + i];
      let varies = false;
      for (let d = 1; d <= 9; d++) {
        const c = cnt[cb + i * 10 + d];
        if (c > 0 && c < k) {
          if (c === 1) return true;
          varies = true;
          // Two or three solutions always hold a digit no other holds: the opponent
          // would win at once, so such moves are never worth trying.
          if (c > 3) this.#moves[mb + m++] = c * 1024 + cell * 10 + d;
        }
      }
      if (varies) {
        this.#from[lb + nl] = i;
        live[lb + nl++] = cell;
      }
    }
    // Insertion sort: fewest solutions left first (lists are short).
    const mv = this.#moves;
    for (let a = mb + 1; a < mb + m; a++) {
      const v = mv[a];
      let b = a - 1;
      while (b >= mb && mv[b] > v) {
        mv[b + 1] = mv[b];
        b--;
      }
      mv[b + 1] = v;
    }
    for (let a = mb; a < mb + m; a++) {
      const v = mv[a];
      const c = Math.floor(v / 1024);
      const cd = v - c * 1024;
      const cell = Math.floor(cd / 10);
      const digit = cd - cell * 10;
      const childWin = this.#child(depth, start, k, nl, cell, digit, c);
      if (this.aborted) return false;
      if (!childWin) return true;
    }
    return false;
  }
}

/** Result of {@linkcode analyzeSolutions}. */
export interface Analysis {
  /** Value for the side to move; `undefined` when the budget ran out. */
  value: GameValue | undefined;
  /** Winning moves (all of them when asked, else the first found). */
  winning: RootMove[];
  /** Number of solutions of the position. */
  solutions: number;
  /** Search nodes used. */
  nodes: number;
}

/**
 * Value and winning moves of a position given all its solutions (`n × 81` digits).
 *
 * A position with one solution is reported as `LOSS` for the side to move: no move is
 * legal there (in the real game that side would claim `!` instead, the caller's business).
 */
export function analyzeSolutions(
  game: SolutionGame,
  solutions: Uint8Array,
  n: number,
  limits: SearchLimits = {},
  all = true,
): Analysis {
  game.load(solutions, n);
  const moves = game.rootMoves();
  const value = game.solveMoves(moves, limits, all);
  return {
    value,
    winning: moves.filter((m) => m.status === MoveStatus.Win),
    solutions: n,
    nodes: game.nodes,
  };
}
