/**
 * The root moves of one search shared between threads: which move is next, what each
 * thread found, and a flag to stop them all, in one `Int32Array` that every thread sees
 * (over a `SharedArrayBuffer`; a plain buffer works for one thread).
 *
 * Layout: `[next, stop, busy, moves, then per move its status, nodes and joiners]`.
 *
 * @module
 */

const NEXT = 0;
const STOP = 1;
const BUSY = 2;
const MOVES = 3;
const HEAD = 4;
/** Ints per move: status, nodes, threads that joined its search. */
const PER = 3;

/** Why a shared search stopped: not at all, out of time, or a winning move was found. */
export const Stop = { None: 0, Time: 1, Win: 2 } as const;

/** The shared state of one root search, over `control` (see the module's layout). */
export class SharedMoves {
  /** The whole state, to pass to another thread. */
  readonly control: Int32Array;
  /** The stop flag alone, for the search's budget to read. */
  readonly stopFlag: Int32Array;

  /** The state over `control`, made by {@linkcode SharedMoves.create} in some thread. */
  constructor(control: Int32Array) {
    this.control = control;
    this.stopFlag = control.subarray(STOP, STOP + 1);
  }

  /** A fresh state for `count` moves with these statuses, shared when threads can share. */
  static create(statuses: readonly number[], helpers: number): SharedMoves {
    const ints = HEAD + PER * statuses.length;
    const buffer = typeof SharedArrayBuffer === "function"
      ? new SharedArrayBuffer(ints * 4)
      : new ArrayBuffer(ints * 4);
    const control = new Int32Array(buffer);
    control[MOVES] = statuses.length;
    control[BUSY] = helpers;
    for (let i = 0; i < statuses.length; i++) control[HEAD + PER * i] = statuses[i];
    return new SharedMoves(control);
  }

  /** Number of moves. */
  get count(): number {
    return this.control[MOVES];
  }

  /** The next move no thread has taken, or `count` when none is left. */
  take(): number {
    return Math.min(Atomics.add(this.control, NEXT, 1), this.count);
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
    Atomics.store(this.control, HEAD + PER * i, status);
    Atomics.add(this.control, HEAD + PER * i + 1, Math.min(nodes, 0x3fffffff));
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
  join(): number {
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
   */
  waitIdle(ms: number): boolean {
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
