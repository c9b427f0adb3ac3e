/**
 * Exact solver of the CodeCup 2024 sudoku game once the solutions can be enumerated.
 *
 * With all solutions of a position in hand the game is a finite game on the solution set:
 * a move is a (cell, digit) pair held by some but not all solutions, it keeps the
 * solutions holding it, and the mover wins when exactly one is left. A set's value is a
 * function of the set alone, so values go to a transposition table keyed by the set.
 *
 * Data layout. Each solution carries two 32-bit keys computed from its 81 digits by two
 * independently seeded non-linear hashes (`endgame_table.ts`), so a set's key (the XOR of
 * its solutions' keys, 64 bits) does not depend on how or when the set was enumerated, and
 * the table stays valid from move to move of a game. A large node (over 256 solutions) is
 * a block of rows in one arena: only the cells that still vary at the parent, one byte
 * each, and the two keys. One scan of it gives, for every move, the number of solutions
 * left and the child's key; so the node first looks for a move that leaves one solution,
 * then for a child the table knows is lost, and only then searches children, fewest
 * solutions first. A child is a filtered copy of its parent's rows without the cells that
 * became fixed. Sets of 256 solutions or fewer are searched on bit masks
 * (`endgame_frames.ts`).
 *
 * Pruning: a move leaving two or three solutions loses (the opponent can always leave
 * one). If move A loses to reply B, and B leaves at least as many solutions as A, then B
 * loses to reply A (the same set), so B is skipped. The table is bucketed, each entry
 * verified on the whole 64-bit key and the solution count, and kept across the moves of a
 * game; entries of earlier searches and entries that took little work are replaced first.
 *
 * No `#private` fields: bundling for old engines lowers them to slow `WeakMap` calls.
 *
 * @module
 */

import { Budget, LOSS, TranspositionTable, WIN } from "./endgame_table.ts";
import { MAX_SOLUTIONS, SolutionSet } from "./endgame_set.ts";
import { FRAME_ROWS, FrameSearch, ParentRows } from "./endgame_frames.ts";
import { WasmFrames } from "./endgame_wasm.ts";
import { type SharedMoves, Stop } from "./endgame_shared.ts";

import {
  codeCell,
  codeDigit,
  type GameValue,
  MOVE_CODES,
  moveCode,
  MoveStatus,
  type RootMove,
  type SearchLimits,
  statusAfter,
} from "./endgame_types.ts";
export { type GameValue, MAX_SOLUTIONS, MoveStatus, type RootMove, type SearchLimits };

/**
 * What {@linkcode SolutionGame.checkMove} found about a root move: `win` and `loss` are
 * exact, `safe` means no winning reply among the smaller ones, `unknown` that time ran out.
 */
export type CheckResult = "win" | "loss" | "safe" | "unknown";

/** Columns in their own order: the live columns of a node that keeps all of them. */
const IDENTITY = Uint8Array.from({ length: 81 }, (_, i) => i);

/** Options of {@linkcode SolutionGame}. */
export interface SolutionGameOptions {
  /** The table has 2^tableBits buckets of 64 bytes (default 20: 64 MiB). */
  tableBits?: number;
  /**
   * The table's memory (`tableBytes(tableBits)` bytes, see `endgame_table.ts`), to share
   * one table between threads (a `SharedArrayBuffer`); default a buffer of its own.
   */
  tableBuffer?: ArrayBufferLike;
  /**
   * Search sets of at most 256 solutions in WebAssembly (`endgame_wasm.ts`): the same
   * nodes, faster. The table then lives in the module's memory, so not with `tableBuffer`.
   * Where the runtime cannot (no WebAssembly, or no memory for the module), the game
   * searches in JavaScript.
   */
  wasm?: boolean;
}

/** The WebAssembly frames with a table of 2^bits buckets, or undefined where they cannot run. */
function wasmFrames(bits: number): WasmFrames | undefined {
  try {
    return new WasmFrames(bits);
  } catch {
    // A runtime without WebAssembly, or one refusing the memory (an address space limit):
    // the JavaScript frames search the same nodes, a little slower.
    return undefined;
  }
}

const MAX_DEPTH = 82;
/** Accumulator stride of a node: 81 columns × 10 digits × (count, key 1, key 2). */
const ACC = 81 * 10 * 3;
/**
 * A node's candidate moves are sorted as one number: the count times this, plus the
 * move's code (its column, not its cell, and the digit), which stays below it.
 */
const CANDIDATE_COUNT = 2048;
/** Slots (a power of two) of a node's hash of its columns by the partition they make. */
const COL_SLOT_BITS = 7;
const COL_SLOTS = 1 << COL_SLOT_BITS;
/** Slots (a power of two) of a node's hash of its children by key. */
const CHILD_SLOT_BITS = 10;
const CHILD_SLOTS = 1 << CHILD_SLOT_BITS;

/**
 * The solution-set game: load the solutions of a position, then ask for the value of the
 * position or of each of its moves; narrow the set as moves are played.
 *
 * A search allocates nothing per node (the arena grows by doubling, rarely). The table
 * persists across `load` and `keep`: keys depend only on the solutions themselves.
 */
export class SolutionGame {
  /** The position: its solutions and their keys. */
  private readonly set = new SolutionSet();
  // The search arena: rows of a node's varying cells, and the rows' keys (two ints a row).
  private rows: Uint8Array = new Uint8Array(1 << 16);
  private keys: Int32Array = new Int32Array(1 << 12);
  private readonly acc = new Int32Array(MAX_DEPTH * ACC);
  /** Cell of each column, per depth (a node's rows at depth t use map t). */
  private readonly colCell = new Uint8Array((MAX_DEPTH + 1) * 81);
  /** Columns that still vary at a node (indexes into its rows), per depth. */
  private readonly liveCol = new Uint8Array(MAX_DEPTH * 81);
  /** Per depth, the live columns (indexes into liveCol) by their fewest rows of a digit. */
  private readonly colOrder = new Uint8Array(MAX_DEPTH * 81);
  private readonly colMin = new Int32Array(81);
  /** Candidate moves of a node, per depth: count * {@linkcode CANDIDATE_COUNT} + moveCode(column, digit). */
  private readonly moves = new Float64Array(MAX_DEPTH * 729);
  /**
   * Moves known to lose at a node, by cell * 16 + digit: marked with the node's serial and
   * the count of the move they refute (a mark holds only for moves leaving at least as
   * many solutions, which are sure to allow the refuted move as a reply).
   */
  private readonly skip = new Int32Array(MAX_DEPTH * MOVE_CODES);
  private readonly skipCount = new Int32Array(MAX_DEPTH * MOVE_CODES);
  private serial = 0;
  // Per node (stamped): columns by the partition they make, children by their key.
  private seenSerial = 0;
  private readonly colStamp = new Int32Array(COL_SLOTS);
  private readonly colSig = new Int32Array(COL_SLOTS);
  private readonly colIdx = new Uint8Array(COL_SLOTS);
  private readonly moveStamp = new Int32Array(CHILD_SLOTS);
  private readonly moveH1 = new Int32Array(CHILD_SLOTS);
  private readonly moveH2 = new Int32Array(CHILD_SLOTS);
  /** The winning move (cell * 16 + digit) of the last node that returned a win. */
  private winMove = 0;
  /** Search the replies to a root move largest first (a thread joining another's move). */
  private reverseReplies = false;
  /** The reply (`cell * 16 + digit`) that refuted the last root move searched. */
  private killer = 0;
  /** Replies to a root move that leave more solutions than this are not searched. */
  private replyCap = Infinity;
  /** Whether the last search of a root move left replies out (over `replyCap`). */
  private capped = false;
  private readonly table: TranspositionTable;
  private readonly budget = new Budget();
  private readonly frames: FrameSearch;
  /** Where a frame child's parent keeps its rows (reused). */
  private readonly parent = new ParentRows();
  /** Root row width (varying cells) and the root's key. */
  private rootWidth = 0;
  /** Number of legal moves of the root (set by `rootMoves`). */
  private rootMoveCount = -1;
  private rootH1 = 0;
  private rootH2 = 0;

  /** An empty game with its table allocated (2^tableBits × 64 bytes). */
  constructor(options: SolutionGameOptions = {}) {
    const bits = options.tableBits ?? 20;
    if (options.wasm === true && options.tableBuffer !== undefined) {
      throw new Error("a WebAssembly search has its own table");
    }
    const kernel = options.wasm === true ? wasmFrames(bits) : undefined;
    if (kernel !== undefined) {
      this.table = new TranspositionTable(bits, kernel.memory.buffer, kernel.tableOffset);
      this.frames = new FrameSearch(this.table, this.budget, kernel.bind(this.table, this.budget));
    } else {
      this.table = new TranspositionTable(bits, options.tableBuffer);
      this.frames = new FrameSearch(this.table, this.budget);
    }
    this.wasm = kernel !== undefined;
  }

  /** Whether the frames are searched in WebAssembly (see {@linkcode SolutionGameOptions.wasm}). */
  readonly wasm: boolean;

  /** Number of solutions loaded. */
  get n(): number {
    return this.set.n;
  }

  /** Nodes searched since the last `load` or `keep`. */
  get nodes(): number {
    return this.budget.nodes;
  }

  /** Whether the last search ran out of budget. */
  get aborted(): boolean {
    return this.budget.aborted;
  }

  /** Bytes held by the table. */
  get tableBytes(): number {
    return this.table.bytes;
  }

  /**
   * Load `n` solutions (at most {@linkcode MAX_SOLUTIONS}) stored row after row in
   * `solutions` (81 digits each). The table is kept: its entries stay true.
   *
   * With a deadline in `limits` (a few million solutions take a second or more), returns
   * false when it passes first, and the game is then left empty. With `adopt`, the game
   * takes `solutions` over instead of copying it (see {@linkcode SolutionSet.load}).
   */
  load(solutions: Uint8Array, n: number, limits: SearchLimits = {}, adopt = false): boolean {
    const ok = this.set.load(solutions, n, limits, adopt);
    // About 32 entries a solution: enough for the searches of a game from here.
    if (ok) this.table.use(n * 8);
    this.prepare();
    return ok;
  }

  /** Narrow the position to the solutions holding `digit` at `cell` (a move was played). */
  keep(cell: number, digit: number): void {
    this.set.keep(cell, digit);
    this.prepare();
  }

  /** How many of the loaded solutions hold `digit` at `cell`. */
  countMove(cell: number, digit: number): number {
    return this.set.count(cell, digit);
  }

  /** The loaded solutions, 81 digits each (a view: valid until the next `load` or `keep`). */
  get solutions(): Uint8Array {
    return this.set.sol.subarray(0, this.n * 81);
  }

  /** The solution `i` as a copy (81 digits). */
  solution(i: number): Uint8Array {
    return this.set.sol.slice(i * 81, i * 81 + 81);
  }

  /** Forget every table entry (tests and benchmarks; a game never needs it). */
  clearTable(): void {
    this.table.clear();
  }

  /** Copy the position into the arena's root node: only the cells that vary. */
  private prepare(): void {
    this.budget.reset();
    this.table.newSearch();
    this.rootMoveCount = -1;
    this.killer = 0;
    const { n, sol, key1, key2 } = this.set;
    let w = 0;
    for (let c = 0; c < 81; c++) {
      const d0 = sol[c];
      for (let s = 1; s < n; s++) {
        if (sol[s * 81 + c] !== d0) {
          this.colCell[w++] = c;
          break;
        }
      }
    }
    this.rootWidth = w;
    this.ensure(n * w, 2 * n);
    const rows = this.rows;
    const keys = this.keys;
    // Locals: a field read per byte made this loop most of a half-million-solution load.
    const colCell = this.colCell;
    let h1 = 0;
    let h2 = 0;
    for (let s = 0; s < n; s++) {
      const b = s * 81;
      const r = s * w;
      for (let i = 0; i < w; i++) rows[r + i] = sol[b + colCell[i]];
      const a = key1[s];
      const c = key2[s];
      keys[2 * s] = a;
      keys[2 * s + 1] = c;
      h1 ^= a;
      h2 ^= c;
    }
    this.rootH1 = h1;
    this.rootH2 = h2;
  }

  /** Grow the arena to hold at least `bytes` row bytes and `ints` key ints. */
  private ensure(bytes: number, ints: number): void {
    if (bytes > this.rows.length) {
      const next = new Uint8Array(Math.max(bytes, this.rows.length * 2));
      next.set(this.rows);
      this.rows = next;
    }
    if (ints > this.keys.length) {
      const next = new Int32Array(Math.max(ints, this.keys.length * 2));
      next.set(this.keys);
      this.keys = next;
    }
  }

  /** The legal moves of the loaded position, fewest solutions left first, all `Unknown`. */
  rootMoves(): RootMove[] {
    const n = this.n;
    const out: RootMove[] = [];
    if (n < 2) return out;
    const w = this.rootWidth;
    const counts = new Int32Array(w * 10);
    const rows = this.rows;
    for (let s = 0; s < n; s++) {
      const r = s * w;
      for (let i = 0; i < w; i++) counts[i * 10 + rows[r + i]]++;
    }
    for (let i = 0; i < w; i++) {
      for (let d = 1; d <= 9; d++) {
        const c = counts[i * 10 + d];
        if (c > 0 && c < n) {
          out.push({ cell: this.colCell[i], digit: d, count: c, status: MoveStatus.Unknown });
        }
      }
    }
    out.sort((a, b) => a.count - b.count || a.cell - b.cell || a.digit - b.digit);
    this.rootMoveCount = out.length;
    return out;
  }

  /**
   * Decide root moves in order until one wins (or all, with `all`), within `limits`.
   *
   * Moves are updated in place: `Win` when the opponent's position is lost (or the move
   * leaves one solution), `Loss` when the opponent wins from there. Returns the game
   * value when it is proven, else `undefined` (budget exhausted). `moves` may be any of
   * the position's moves (from `rootMoves`); `LOSS` then means that all of those lose.
   *
   * With `shared`, threads holding the same set and the same `moves` divide them: each
   * takes the next move no thread has taken, publishes what it finds, and a win stops
   * them all. `moves` then tells only what this thread decided (the caller merges them
   * from `shared`), and the value only a win (else `undefined`).
   */
  solveMoves(
    moves: RootMove[],
    limits: SearchLimits = {},
    all = false,
    shared?: SharedMoves,
  ): GameValue | undefined {
    const budget = this.budget;
    budget.limit(limits.maxNodes, limits.deadline, limits.now);
    let win1 = false;
    let win = false;
    let unknown = shared !== undefined;
    let winning = 0;
    for (const m of moves) {
      if (m.count === 1) {
        m.status = MoveStatus.Win;
        if (!win) winning = moveCode(m.cell, m.digit);
        win1 = win = true;
      } else if (m.count <= 3) {
        m.status = MoveStatus.Loss;
      }
    }
    if (win && !all) return "WIN1";
    if (!all && !win) {
      // A position met before (as a node of an earlier search) answers at once.
      const known = this.table.probe(this.rootH1, this.rootH2, this.n);
      const cell = codeCell(this.table.move);
      const digit = codeDigit(this.table.move);
      if (known === LOSS) {
        for (const m of moves) m.status = MoveStatus.Loss;
        return "LOSS";
      }
      if (known === WIN) {
        const m = moves.find((m) => m.cell === cell && m.digit === digit);
        if (m !== undefined) {
          m.status = MoveStatus.Win;
          return "WIN2";
        }
      }
    }
    const start = budget.nodes;
    const byPair = new Map<number, number>();
    for (let i = 0; i < moves.length; i++) byPair.set(moveCode(moves[i].cell, moves[i].digit), i);
    for (let i = 0;; i++) {
      if (shared !== undefined) i = shared.next();
      if (i < 0 || i >= moves.length) break;
      const m = moves[i];
      // Another thread may have refuted it meanwhile.
      if (shared !== undefined && m.status === MoveStatus.Unknown) {
        m.status = shared.status(i) as MoveStatus;
      }
      if (m.status !== MoveStatus.Unknown) {
        // Decided here (at once, or refuted by a sibling's reply): no thread must join it.
        shared?.decideIfOpen(i, m.status);
        continue;
      }
      if (budget.aborted) {
        unknown = true;
        if (shared === undefined) continue;
        break;
      }
      const before = budget.nodes;
      if (shared !== undefined) {
        const at = i;
        budget.stopWhen = () => {
          shared.progress(at, budget.nodes - before);
          return shared.stopped !== Stop.None || shared.status(at) !== 0;
        };
      }
      // A thread joining another's search of the move takes the replies from the other end.
      this.reverseReplies = shared?.joined ?? false;
      const r = this.solveChild(m.cell, m.digit);
      this.reverseReplies = false;
      m.nodes = (m.nodes ?? 0) + budget.nodes - before;
      if (r === 0) {
        if (shared !== undefined && !budget.expired && shared.stopped === Stop.None) {
          // Another thread decided this move first: go on with the next.
          budget.resume();
          m.status = shared.status(i) as MoveStatus;
          continue;
        }
        unknown = true;
        continue;
      }
      m.status = statusAfter(r);
      if (r === WIN) this.killer = this.winMove;
      shared?.publish(i, m.status, budget.nodes - before);
      if (r === WIN && m.count > 3) {
        // The reply B that beats this move A also beats B played here: the opponent
        // answers A and reaches the same set, when B leaves at least as many solutions
        // (so that A is still a move after B).
        const j = byPair.get(this.winMove);
        const b = j === undefined ? undefined : moves[j];
        if (b !== undefined && b.status === MoveStatus.Unknown && b.count >= m.count) {
          b.status = MoveStatus.Loss;
          shared?.decideIfOpen(j!, MoveStatus.Loss);
        }
      }
      if (r === LOSS) {
        if (!win) winning = moveCode(m.cell, m.digit);
        win = true;
        shared?.stop(Stop.Win);
        if (!all) break;
      }
    }
    budget.stopWhen = undefined;
    // A loss holds only when every root move was decided, not a chosen few.
    if (win || (!unknown && moves.length === this.rootMoveCount)) {
      const work = 32 - Math.clz32(budget.nodes - start);
      this.table.store(this.rootH1, this.rootH2, this.n, win ? WIN : LOSS, winning, work);
    }
    if (win1) return "WIN1";
    if (win) return "WIN2";
    return unknown ? undefined : "LOSS";
  }

  /**
   * Whether the opponent has a winning reply to the root move `m` among the replies that
   * leave at most `replyCap` solutions (the ones a search finds first), within `limits`.
   *
   * Returns `Loss` when such a reply is found (the move loses: exact), `Win` when every
   * reply was searched and none wins (exact), `Safe` when none of the replies searched
   * wins but larger ones were left out, and `Unknown` when the budget ran out. Exact
   * findings update `m.status`; `m.nodes` counts the work. Left-out replies make the
   * opponent's position unknown, so it is not recorded in the table.
   */
  checkMove(m: RootMove, replyCap: number, limits: SearchLimits = {}): CheckResult {
    if (m.status !== MoveStatus.Unknown) return m.status === MoveStatus.Win ? "win" : "loss";
    if (m.count === 1) {
      m.status = MoveStatus.Win;
      return "win";
    }
    if (m.count <= 3) {
      m.status = MoveStatus.Loss;
      return "loss";
    }
    const budget = this.budget;
    budget.limit(limits.maxNodes, limits.deadline, limits.now);
    const before = budget.nodes;
    // Sets of a frame are searched whole: a cap below it would change nothing.
    this.replyCap = Math.max(replyCap, FRAME_ROWS);
    this.capped = false;
    const r = this.solveChild(m.cell, m.digit);
    this.replyCap = Infinity;
    m.nodes = (m.nodes ?? 0) + budget.nodes - before;
    if (r === 0) return "unknown";
    if (r === WIN) {
      m.status = MoveStatus.Loss;
      this.killer = this.winMove;
      return "loss";
    }
    if (this.capped) return "safe";
    m.status = MoveStatus.Win;
    return "win";
  }

  /**
   * Value for the side to move after root move (cell, digit): WIN, LOSS, or 0 when the
   * budget ran out. Builds the child in the arena after the root's rows.
   */
  private solveChild(cell: number, digit: number): number {
    const n = this.n;
    const w = this.rootWidth;
    let col = -1;
    for (let i = 0; i < w; i++) if (this.colCell[i] === cell) col = i;
    if (col < 0) throw new RangeError(`cell ${cell} does not vary`);
    // The child keeps all root columns: its own scan finds which still vary.
    let c = 0;
    const rows = this.rows;
    for (let s = 0; s < n; s++) if (rows[s * w + col] === digit) c++;
    const cb = n * w;
    const ckb = 2 * n;
    this.ensure(cb + c * w, ckb + 2 * c);
    const r2 = this.rows;
    const keys = this.keys;
    let h1 = 0;
    let h2 = 0;
    let j = 0;
    for (let s = 0; s < n; s++) {
      if (r2[s * w + col] !== digit) continue;
      r2.copyWithin(cb + j * w, s * w, s * w + w);
      const a = keys[2 * s];
      const b = keys[2 * s + 1];
      keys[ckb + 2 * j] = a;
      keys[ckb + 2 * j + 1] = b;
      h1 ^= a;
      h2 ^= b;
      j++;
    }
    for (let i = 0; i < w; i++) this.colCell[81 + i] = this.colCell[i];
    if (c === 1) return LOSS;
    if (c <= 3) return WIN;
    const known = this.table.probe(h1, h2, c);
    this.winMove = this.table.move;
    if (known !== 0) return known;
    let r: number;
    if (c <= FRAME_ROWS) {
      const parent = this.parent.set(
        rows,
        0,
        w,
        n,
        IDENTITY,
        0,
        w,
        IDENTITY,
        this.colCell,
        0,
        keys,
        0,
      );
      r = this.frames.solveChild(parent, col, digit, c, h1, h2);
      this.winMove = this.frames.winMove;
    } else {
      r = this.search(1, cb, ckb, c, w, h1, h2);
    }
    return this.budget.aborted ? 0 : r;
  }

  /**
   * Whether columns `i` and `j` of the node whose scan is at `ab` (k rows) split the rows
   * alike: each child of one is a child of the other (same key and count).
   */
  private samePartition(ab: number, k: number, i: number, j: number): boolean {
    const acc = this.acc;
    for (let d = 1; d <= 9; d++) {
      const p = ab + (i * 10 + d) * 3;
      const c = acc[p];
      if (c === 0 || c === k) continue;
      let found = false;
      for (let e = 1; e <= 9 && !found; e++) {
        const q = ab + (j * 10 + e) * 3;
        found = acc[q] === c && acc[q + 1] === acc[p + 1] && acc[q + 2] === acc[p + 2];
      }
      if (!found) return false;
    }
    return true;
  }

  /** Mark move `x` of node `serial` as lost for counts of at least `c`. */
  private mark(x: number, serial: number, c: number): void {
    if (this.skip[x] !== serial || this.skipCount[x] > c) {
      this.skip[x] = serial;
      this.skipCount[x] = c;
    }
  }

  /**
   * Value for the side to move of the node whose k > FRAME_ROWS rows of `width` columns are at
   * `rb` (keys at `kb`), with key h1:h2: WIN or LOSS (meaningless when aborted). Records
   * it in the table and sets `winMove`.
   */
  private search(
    depth: number,
    rb: number,
    kb: number,
    k: number,
    width: number,
    h1: number,
    h2: number,
  ): number {
    const budget = this.budget;
    const startNodes = budget.nodes;
    if (!budget.node(k * width)) return 0;
    const table = this.table;
    const acc = this.acc;
    const ab = depth * ACC;
    acc.fill(0, ab, ab + width * 30);
    {
      const rows = this.rows;
      const keys = this.keys;
      for (let j = 0; j < k; j++) {
        const a = keys[kb + 2 * j];
        const b = keys[kb + 2 * j + 1];
        const r = rb + j * width;
        for (let i = 0; i < width; i++) {
          const p = ab + (i * 10 + rows[r + i]) * 3;
          acc[p]++;
          acc[p + 1] ^= a;
          acc[p + 2] ^= b;
        }
      }
    }
    // Moves, live columns, an immediate win, children the table knows.
    const cc = depth * 81;
    const nc = cc + 81;
    const lb = depth * 81;
    const mb = depth * 729;
    const moves = this.moves;
    const colCell = this.colCell;
    const skip = this.skip;
    const sb = depth * MOVE_CODES;
    const serial = ++this.serial;
    let nl = 0;
    let m = 0;
    const stamp = ++this.seenSerial;
    const colStamp = this.colStamp;
    const moveStamp = this.moveStamp;
    for (let i = 0; i < width; i++) {
      const cell = colCell[cc + i];
      let sig = 0;
      let live = false;
      let minc = k;
      for (let d = 1; d <= 9; d++) {
        const p = ab + (i * 10 + d) * 3;
        const c = acc[p];
        if (c === 0 || c === k) continue;
        live = true;
        if (c < minc) minc = c;
        if (c === 1) {
          this.winMove = moveCode(cell, d);
          table.store(h1, h2, k, WIN, this.winMove, 0);
          return WIN;
        }
        // The column's partition of the rows, whatever its digits are called.
        sig = (sig + Math.imul(acc[p + 1] ^ Math.imul(acc[p + 2], 0x85ebca6b) ^ c, 0x9e3779b1)) | 0;
      }
      if (!live) continue;
      // A column that splits the rows as an earlier one does (cells tied to each other)
      // gives the same moves, here and below: the children do without it.
      let slot = sig >>> (32 - COL_SLOT_BITS);
      let tied = false;
      while (colStamp[slot] === stamp) {
        if (this.colSig[slot] === sig && this.samePartition(ab, k, i, this.colIdx[slot])) {
          tied = true;
          break;
        }
        slot = (slot + 1) & (COL_SLOTS - 1);
      }
      if (tied) continue;
      colStamp[slot] = stamp;
      this.colSig[slot] = sig;
      this.colIdx[slot] = i;
      this.liveCol[lb + nl] = i;
      colCell[nc + nl] = cell;
      {
        // Insertion by fewest rows of a digit: a frame child looks for a pair of one row
        // in these columns first.
        const colOrder = this.colOrder;
        const colMin = this.colMin;
        let b = nl - 1;
        while (b >= 0 && colMin[b] > minc) {
          colOrder[lb + b + 1] = colOrder[lb + b];
          colMin[b + 1] = colMin[b];
          b--;
        }
        colOrder[lb + b + 1] = nl;
        colMin[b + 1] = minc;
      }
      nl++;
      for (let d = 1; d <= 9; d++) {
        const p = ab + (i * 10 + d) * 3;
        const c = acc[p];
        if (c <= 3 || c === k) continue;
        const ch1 = acc[p + 1];
        const ch2 = acc[p + 2];
        // The same child by a move of another column: keep the first.
        let ms = Math.imul(ch1, 0x9e3779b1) >>> (32 - CHILD_SLOT_BITS);
        let dup = false;
        while (moveStamp[ms] === stamp) {
          if (this.moveH1[ms] === ch1 && this.moveH2[ms] === ch2) {
            dup = true;
            break;
          }
          ms = (ms + 1) & (CHILD_SLOTS - 1);
        }
        if (dup) continue;
        moveStamp[ms] = stamp;
        this.moveH1[ms] = ch1;
        this.moveH2[ms] = ch2;
        const known = table.probe(ch1, ch2, c);
        if (known === LOSS) {
          this.winMove = moveCode(cell, d);
          table.store(h1, h2, k, WIN, this.winMove, 0);
          return WIN;
        }
        if (known === WIN) {
          // This move loses; its refutation B loses too (B then this move).
          this.mark(sb + table.move, serial, c);
          continue;
        }
        moves[mb + m++] = c * CANDIDATE_COUNT + moveCode(i, d);
      }
    }
    // Fewest solutions left first (insertion sort: lists are short).
    for (let a = mb + 1; a < mb + m; a++) {
      const v = moves[a];
      let b = a - 1;
      while (b >= mb && moves[b] > v) {
        moves[b + 1] = moves[b];
        b--;
      }
      moves[b + 1] = v;
    }
    if (depth === 1 && this.killer !== 0) {
      // The reply that refuted the last root move goes first (4% fewer nodes, 8% less
      // time on hard positions of 15,000-30,000 solutions), when a check's cap keeps it:
      // the replies stay fewest first past the cap, where the loop below stops.
      for (let a = mb + 1; a < mb + m; a++) {
        const v = moves[a];
        if (v >= (this.replyCap + 1) * CANDIDATE_COUNT) break;
        const id = v % CANDIDATE_COUNT;
        if (moveCode(colCell[cc + codeCell(id)], codeDigit(id)) !== this.killer) continue;
        for (let b = a; b > mb; b--) moves[b] = moves[b - 1];
        moves[mb] = v;
        break;
      }
    }
    const cb = rb + k * width;
    const ckb = kb + 2 * k;
    // Fewest first, or at a root move's replies in reverse when joining another thread's
    // search of that move (so that the two meet in the middle through the table).
    const back = depth === 1 && this.reverseReplies;
    // A root move's replies over the cap are left out (checkMove); fewest first, so the
    // first one over it ends the loop.
    const cap = depth === 1 ? this.replyCap : Infinity;
    let capped = false;
    for (let q = 0; q < m; q++) {
      const a = back ? mb + m - 1 - q : mb + q;
      const v = moves[a];
      const c = Math.floor(v / CANDIDATE_COUNT);
      if (c > cap) {
        capped = true;
        if (back) continue;
        break;
      }
      const id = v - c * CANDIDATE_COUNT;
      const col = codeCell(id);
      const d = codeDigit(id);
      const cell = colCell[cc + col];
      const x = sb + moveCode(cell, d);
      if (skip[x] === serial && c >= this.skipCount[x]) continue;
      const p = ab + (col * 10 + d) * 3;
      const ch1 = acc[p + 1];
      const ch2 = acc[p + 2];
      // A child met earlier in this loop (same set by another move) is in the table now.
      let r = table.probe(ch1, ch2, c);
      let reply = table.move;
      if (r === 0 && c <= FRAME_ROWS) {
        // Straight into a frame, built from this node's rows.
        // Set at each call: a deeper row-level node between two calls points it elsewhere.
        const parent = this.parent.set(
          this.rows,
          rb,
          width,
          k,
          this.liveCol,
          lb,
          nl,
          this.colOrder,
          colCell,
          nc,
          this.keys,
          kb,
        );
        r = this.frames.solveChild(parent, col, d, c, ch1, ch2);
        if (budget.aborted) return 0;
        reply = this.frames.winMove;
      } else if (r === 0) {
        this.ensure(cb + c * nl, ckb + 2 * c);
        const rows = this.rows;
        const keys = this.keys;
        const live = this.liveCol;
        let w = cb;
        let wk = ckb;
        for (let j = 0; j < k; j++) {
          const r0 = rb + j * width;
          if (rows[r0 + col] !== d) continue;
          for (let t = 0; t < nl; t++) rows[w + t] = rows[r0 + live[lb + t]];
          w += nl;
          keys[wk] = keys[kb + 2 * j];
          keys[wk + 1] = keys[kb + 2 * j + 1];
          wk += 2;
        }
        r = this.search(depth + 1, cb, ckb, c, nl, ch1, ch2);
        if (budget.aborted) return 0;
        reply = this.winMove;
      }
      if (r === LOSS) {
        this.winMove = moveCode(cell, d);
        table.store(h1, h2, k, WIN, this.winMove, 32 - Math.clz32(budget.nodes - startNodes));
        return WIN;
      }
      this.mark(sb + reply, serial, c);
    }
    this.winMove = 0;
    if (capped) {
      // Not a loss: the replies left out may win.
      this.capped = true;
      return LOSS;
    }
    table.store(h1, h2, k, LOSS, 0, 32 - Math.clz32(budget.nodes - startNodes));
    return LOSS;
  }
}
