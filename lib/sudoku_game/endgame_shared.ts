/**
 * The root moves of one search shared between threads: which move is next, what each
 * thread found, and a flag to stop them all, in one `Int32Array` that every thread sees
 * (over a `SharedArrayBuffer`).
 *
 * Layout: `[next, stop, busy, moves, refuted, refuted nodes, join factor, join floor, then per
 * move its status, nodes, joiners, nodes so far and the move itself (cell * 16 + digit)]`.
 * Threads find a move by its cell and digit, not by its place in their own list, so that
 * lists in different orders still agree.
 *
 * @module
 */

const NEXT = 0;
const STOP = 1;
const BUSY = 2;
const MOVES = 3;
const REFUTED = 4;
const REFUTED_NODES = 5;
const JOIN_FACTOR = 6;
const JOIN_FLOOR = 7;
const HEAD = 8;
/**
 * Ints per move: status, nodes, threads that joined its search, nodes of the search so far,
 * the move (`cell * 16 + digit`).
 */
const PER = 5;
/** Largest node count kept (counters saturate there instead of overflowing an int). */
const MAX_NODES = 0x3fffffff;

/** When a thread joins another's search of a root move: see {@linkcode SharedMoves.next}. */
export interface JoinRule {
  /** Times the mean nodes of a refutation so far. */
  readonly factor: number;
  /** Nodes at least. */
  readonly floor: number;
}

/**
 * The rule of the bot: 8 times the mean refutation, and 100,000 nodes (a few hundred
 * milliseconds).
 */
export const DEFAULT_JOIN: JoinRule = { factor: 8, floor: 100_000 };

/** `MoveStatus.Loss` (not imported: this module is below the search's). */
const LOSS = 2;

/** Why a shared search stopped: not at all, out of time, or a winning move was found. */
export const Stop = { None: 0, Time: 1, Win: 2 } as const;

/** A root move as the shared state names it: its cell and digit, and what is known of it. */
export interface SharedMove {
  /** Cell index 0..80. */
  readonly cell: number;
  /** Digit 1..9. */
  readonly digit: number;
  /** Its status (`MoveStatus`) when the search starts. */
  readonly status: number;
}

/** The shared state of one root search, over `control` (see the module's layout). */
export class SharedMoves {
  /** The whole state, to pass to another thread. */
  readonly control: Int32Array;

  /** The state over `control`, made by {@linkcode SharedMoves.create} in some thread. */
  constructor(control: Int32Array) {
    this.control = control;
  }

  /**
   * A fresh state for these moves, in this order, in shared memory, with `helpers` threads
   * counted busy; `join` tells when a thread joins a long search of another's (see
   * {@linkcode SharedMoves.next}).
   */
  static create(
    moves: readonly SharedMove[],
    helpers: number,
    join: JoinRule = DEFAULT_JOIN,
  ): SharedMoves {
    const ints = HEAD + PER * moves.length;
    const control = new Int32Array(new SharedArrayBuffer(ints * 4));
    control[MOVES] = moves.length;
    control[BUSY] = helpers;
    control[JOIN_FACTOR] = join.factor;
    control[JOIN_FLOOR] = join.floor;
    for (let i = 0; i < moves.length; i++) {
      control[HEAD + PER * i] = moves[i].status;
      control[HEAD + PER * i + 4] = moves[i].cell * 16 + moves[i].digit;
    }
    return new SharedMoves(control);
  }

  /** Number of moves. */
  get count(): number {
    return this.control[MOVES];
  }

  /** Whether the move {@linkcode SharedMoves.next} gave last is one this thread joined. */
  joined = false;

  /**
   * The move for this thread to search next, -1 when none is open: a move in progress that
   * has taken far longer than refutations (likely a win: help prove it), else the next move
   * no thread has taken, else, with none left, one another thread is on. `joined` tells
   * which.
   */
  next(): number {
    let i = this.longMove();
    if (i < 0) {
      i = Atomics.add(this.control, NEXT, 1);
      if (i < this.count) {
        this.joined = false;
        return i;
      }
      i = this.join();
    }
    this.joined = i >= 0;
    return i;
  }

  /** Cell of move `i`. */
  cell(i: number): number {
    return this.control[HEAD + PER * i + 4] >> 4;
  }

  /** Digit of move `i`. */
  digit(i: number): number {
    return this.control[HEAD + PER * i + 4] & 15;
  }

  /**
   * `moves` put in the order of the shared list, matched by cell and digit; undefined when
   * some shared move is not among them (a thread that cannot take part).
   */
  order<M extends { readonly cell: number; readonly digit: number }>(
    moves: readonly M[],
  ): M[] | undefined {
    const byMove = new Map<number, M>();
    for (const m of moves) byMove.set(m.cell * 16 + m.digit, m);
    const out: M[] = [];
    for (let i = 0; i < this.count; i++) {
      const m = byMove.get(this.control[HEAD + PER * i + 4]);
      if (m === undefined) return undefined;
      out.push(m);
    }
    return out;
  }

  /** Status of move `i` (`MoveStatus`), as some thread last wrote it. */
  status(i: number): number {
    return Atomics.load(this.control, HEAD + PER * i);
  }

  /** Nodes spent on move `i`. */
  nodes(i: number): number {
    return Atomics.load(this.control, HEAD + PER * i + 1);
  }

  /** Record what a search of move `i` found and the nodes it took. */
  publish(i: number, status: number, nodes: number): void {
    const n = Math.min(nodes, MAX_NODES);
    Atomics.store(this.control, HEAD + PER * i, status);
    Atomics.add(this.control, HEAD + PER * i + 1, n);
    if (status === LOSS) {
      Atomics.add(this.control, REFUTED, 1);
      // A saturating add, so compare-and-exchange: a load then a store would lose what
      // another thread added in between.
      for (;;) {
        const old = Atomics.load(this.control, REFUTED_NODES);
        const sum = Math.min(old + n, MAX_NODES);
        if (Atomics.compareExchange(this.control, REFUTED_NODES, old, sum) === old) break;
      }
    }
  }

  /**
   * Nodes a search of a move must have taken for a thread to join it: the join rule's
   * factor times the mean nodes of a refutation so far, and at least its floor.
   */
  get joinThreshold(): number {
    const c = this.control;
    const refuted = Atomics.load(c, REFUTED);
    const mean = refuted === 0 ? 0 : Atomics.load(c, REFUTED_NODES) / refuted;
    return Math.max(c[JOIN_FLOOR], c[JOIN_FACTOR] * mean);
  }

  /** Nodes the search of move `i` has taken so far (its thread says so now and then). */
  progress(i: number, nodes: number): void {
    Atomics.store(this.control, HEAD + PER * i + 3, Math.min(nodes, MAX_NODES));
  }

  /**
   * A move in progress that has taken far longer than refutations take (the join rule's
   * factor times their mean, and its floor), which no thread has joined: -1 if none.
   * A losing move is usually refuted fast (one good reply); a winning move needs every
   * reply refuted, so a long search is likely a win, worth a second thread. The move
   * counts the new joiner; of threads asking at once, one joins each move.
   */
  private longMove(): number {
    const threshold = this.joinThreshold;
    for (;;) {
      const taken = Math.min(Atomics.load(this.control, NEXT), this.count);
      let best = -1;
      let most = threshold;
      for (let i = 0; i < taken; i++) {
        const b = HEAD + PER * i;
        if (Atomics.load(this.control, b) !== 0 || Atomics.load(this.control, b + 2) !== 0) {
          continue;
        }
        const n = Atomics.load(this.control, b + 3);
        if (n >= most) {
          most = n;
          best = i;
        }
      }
      if (best < 0) return -1;
      // Joiners only grow: a lost exchange rules that move out of the next scan.
      if (Atomics.compareExchange(this.control, HEAD + PER * best + 2, 0, 1) === 0) return best;
    }
  }

  /** Mark move `i` with `status` unless a thread has decided it already. */
  decideIfOpen(i: number, status: number): void {
    Atomics.compareExchange(this.control, HEAD + PER * i, 0, status);
  }

  /**
   * A move another thread is searching that this one may join (a thread with no move left
   * to take helps with one in progress): the one with the fewest joiners, earliest first;
   * -1 when none is open. The move counts the new joiner.
   */
  private join(): number {
    const taken = Math.min(Atomics.load(this.control, NEXT), this.count);
    let best = -1;
    let fewest = Infinity;
    for (let i = 0; i < taken; i++) {
      if (this.status(i) !== 0) continue;
      const j = Atomics.load(this.control, HEAD + PER * i + 2);
      if (j < fewest) {
        fewest = j;
        best = i;
      }
    }
    if (best >= 0) Atomics.add(this.control, HEAD + PER * best + 2, 1);
    return best;
  }

  /** Why the search stopped ({@linkcode Stop}), or `Stop.None`. */
  get stopped(): number {
    return Atomics.load(this.control, STOP);
  }

  /** Ask every thread to stop, for `why` (the first reason given stays). */
  stop(why: number): void {
    Atomics.compareExchange(this.control, STOP, Stop.None, why);
  }

  /** Helpers still searching. */
  get busy(): number {
    return Atomics.load(this.control, BUSY);
  }

  /** A helper is done (it wakes a thread waiting in {@linkcode SharedMoves.waitIdle}). */
  done(): void {
    Atomics.sub(this.control, BUSY, 1);
    Atomics.notify(this.control, BUSY);
  }

  /**
   * Wait until no helper is searching or `ms` have passed; true when none is. Blocks the
   * thread, which only a thread that may block (not a browser's main thread) can do.
   * `ms` must be finite: a helper that dies never counts itself done.
   */
  waitIdle(ms: number): boolean {
    if (!Number.isFinite(ms)) throw new RangeError(`waitIdle needs a finite wait, got ${ms}`);
    const end = Date.now() + ms;
    for (;;) {
      const busy = this.busy;
      if (busy <= 0) return true;
      const left = end - Date.now();
      if (left <= 0) return false;
      Atomics.wait(this.control, BUSY, busy, left);
    }
  }
}
