/**
 * Shared parts of the endgame search: solution keys, the transposition table and the
 * search budget.
 *
 * A set of solutions is keyed by the XOR of its solutions' keys: 64 bits, two 32-bit
 * halves from two independently seeded non-linear hashes of the solution's digits. The
 * keys must have no linear relation between solutions: keys drawn from a linear generator
 * (xorshift), or XORs of per-(cell, digit) tables, make different sets share a key.
 *
 * @module
 */

import { LOSS, WIN } from "./endgame_types.ts";

export { LOSS, WIN };

/** Seeds of the two key halves. */
export const SEED1 = 0x2545f491;
/** Seeds of the two key halves. */
export const SEED2 = 0x9e3779b9;

/** The second key of the last {@linkcode solutionKeys} call. */
export const secondKey = { value: 0 };

/**
 * The two keys of the solution at `base` of `sol`: 32-bit hashes of its 81 digits
 * (murmur3-style mixing, seven 4-bit digits a word) seeded with {@linkcode SEED1} and
 * {@linkcode SEED2}, in one pass. Returns the first and leaves the second in
 * {@linkcode secondKey}.
 */
export function solutionKeys(sol: Uint8Array, base: number): number {
  let h = SEED1;
  let g = SEED2;
  for (let c = 0; c < 81; c += 7) {
    let w = 0;
    const end = c + 7 < 81 ? c + 7 : 81;
    for (let i = c; i < end; i++) w = (w << 4) | sol[base + i];
    w = Math.imul(w, 0xcc9e2d51);
    w = (w << 15) | (w >>> 17);
    w = Math.imul(w, 0x1b873593);
    h ^= w;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
    g ^= w;
    g = (g << 13) | (g >>> 19);
    g = (Math.imul(g, 5) + 0xe6546b64) | 0;
  }
  secondKey.value = finish(g);
  return finish(h);
}

/** The murmur3 finaliser over the digits' length. */
function finish(h: number): number {
  h ^= 81;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h;
}

/** Ints per entry (key 1, key 2, count, meta) and entries per bucket (one 64-byte line). */
const ENTRY = 4;
const WAYS = 4;
/** Buckets in use at first. */
const MIN_ACTIVE = 1 << 12;

/** Bytes of a table of 2^bits buckets (for a shared buffer, see {@linkcode TranspositionTable}). */
export function tableBytes(bits: number): number {
  return (1 << bits) * WAYS * ENTRY * 4;
}

/**
 * Transposition table: set key (64 bits) and solution count to a value and, for a win, a
 * winning move (`cell * 16 + digit`).
 *
 * A hit needs all 64 key bits and the count to match. Each bucket holds four entries; a
 * new entry replaces, in order, an empty one, the same set, an entry of an earlier search
 * (`newSearch`), or the one that took the least work. No `#private` fields: bundling for
 * old engines lowers them to slow `WeakMap` calls.
 *
 * Threads may share one table (a buffer over a `SharedArrayBuffer`) without locks: an
 * entry's first key half is stored XORed with its value word, so an entry read while
 * another thread writes it (halves of two different stores) fails the key check, unless
 * 32 bits happen to agree, instead of pairing one set's key with another set's value.
 */
export class TranspositionTable {
  /** The winning move of the last hit (`cell * 16 + digit`, 0 for a loss). */
  move = 0;
  private readonly t: Int32Array;
  private mask: number;
  private readonly fullMask: number;
  private age = 1;

  /**
   * A table of 2^bits buckets (64 bytes each), in `buffer` from `byteOffset` when given
   * ({@linkcode tableBytes} bytes; zeroed, or another thread's table to share).
   */
  constructor(bits: number, buffer?: ArrayBufferLike, byteOffset = 0) {
    this.t = buffer === undefined
      ? new Int32Array((1 << bits) * WAYS * ENTRY)
      : new Int32Array(buffer, byteOffset, (1 << bits) * WAYS * ENTRY);
    this.fullMask = (1 << bits) - 1;
    this.mask = Math.min(this.fullMask, MIN_ACTIVE - 1);
  }

  /** The mask of the buckets in use (for a search that reads the table's memory itself). */
  get bucketMask(): number {
    return this.mask;
  }

  /** The current search's age, 1..255 (for a search that writes the table's memory itself). */
  get searchAge(): number {
    return this.age;
  }

  /** Bytes held. */
  get bytes(): number {
    return this.t.byteLength;
  }

  /**
   * Use at least `buckets` buckets (a power of two, at most the table's). A small search
   * keeps to the start of the table, which stays in the caches; the part in use only
   * grows (entries stored under a smaller part are then simply not found).
   */
  use(buckets: number): void {
    while (this.mask + 1 < buckets && this.mask < this.fullMask) this.mask = this.mask * 2 + 1;
  }

  /** Start a new search: entries of earlier ones are replaced first. */
  newSearch(): void {
    this.age = (this.age % 255) + 1;
  }

  /** Forget every entry. */
  clear(): void {
    this.t.fill(0, 0, (this.mask + 1) * WAYS * ENTRY);
    this.mask = Math.min(this.fullMask, MIN_ACTIVE - 1);
  }

  /** The value held for the set h1:h2 of `c` solutions, or 0; sets `move`. */
  probe(h1: number, h2: number, c: number): number {
    const t = this.t;
    const b = ((h1 ^ Math.imul(h2, 0x9e3779b1)) & this.mask) * (WAYS * ENTRY);
    for (let e = b; e < b + WAYS * ENTRY; e += ENTRY) {
      const meta = t[e + 3];
      if ((t[e] ^ meta) === h1 && t[e + 1] === h2 && t[e + 2] === c) {
        this.move = (meta >>> 2) & 0x7ff;
        return meta & 3;
      }
    }
    return 0;
  }

  /** Record a value; `work` is log2 of the nodes it took, `move` a winning move. */
  store(h1: number, h2: number, c: number, value: number, move: number, work: number): void {
    const t = this.t;
    const b = ((h1 ^ Math.imul(h2, 0x9e3779b1)) & this.mask) * (WAYS * ENTRY);
    let victim = b;
    let worst = 0x7fffffff;
    for (let e = b; e < b + WAYS * ENTRY; e += ENTRY) {
      const meta = t[e + 3];
      if (meta === 0 || ((t[e] ^ meta) === h1 && t[e + 1] === h2 && t[e + 2] === c)) {
        victim = e;
        break;
      }
      // Entries of this search are worth their work; older ones are worth nothing.
      const score = ((meta >>> 16) & 0xff) === this.age ? 1 + (meta >>> 24) : 0;
      if (score < worst) {
        worst = score;
        victim = e;
      }
    }
    const meta = (work << 24) | (this.age << 16) | (move << 2) | value;
    t[victim] = h1 ^ meta;
    t[victim + 1] = h2;
    t[victim + 2] = c;
    t[victim + 3] = meta;
  }
}

/** Clock reads: about every 2^20 units of work (a millisecond or so). */
export const CHECK_EVERY = 1 << 20;

/** Node and time budget of a search, shared by its parts. */
export class Budget {
  /** Nodes searched. */
  nodes = 0;
  /** Work done, in row-cells or mask-words (what the clock is read by). */
  visits = 0;
  /** Whether the search was stopped; results computed after that are meaningless. */
  aborted = false;
  /** Whether it stopped because the nodes or the time ran out (not on `stopWhen`). */
  expired = false;
  private maxNodes = Infinity;
  private deadline = Infinity;
  private now: (() => number) | undefined = undefined;
  private nextCheck = 0;
  /** Asked with each clock read: true stops the search (another thread's news). */
  stopWhen: (() => boolean) | undefined = undefined;

  /** Reset the counters (a new position). */
  reset(): void {
    this.nodes = 0;
    this.visits = 0;
    this.aborted = false;
    this.expired = false;
  }

  /** Go on after a stop on `stopWhen` (the limits still hold). */
  resume(): void {
    this.aborted = this.expired;
  }

  /** Set the limits of the next search: nodes from now, a deadline on a clock. */
  limit(maxNodes: number | undefined, deadline: number | undefined, now?: () => number): void {
    this.maxNodes = maxNodes === undefined ? Infinity : this.nodes + maxNodes;
    this.deadline = deadline ?? Infinity;
    this.now = now;
    this.aborted = false;
    this.expired = false;
    this.nextCheck = this.visits;
  }

  /** Count a node of `work` units; false (and `aborted`) when the budget is spent. */
  node(work: number): boolean {
    if (++this.nodes >= this.maxNodes) {
      this.expire();
      return false;
    }
    this.visits += work;
    return this.visits < this.nextCheck || this.check();
  }

  /** Nodes left before `maxNodes` (Infinity without a limit). */
  get nodesLeft(): number {
    return this.maxNodes - this.nodes;
  }

  /** Units of work left before the next clock read. */
  get visitsToCheck(): number {
    return this.nextCheck - this.visits;
  }

  /**
   * Read the clock and `stopWhen` now and set the next read {@linkcode CHECK_EVERY} units
   * on; false (and `aborted`) when the search must stop.
   */
  check(): boolean {
    this.nextCheck = this.visits + CHECK_EVERY;
    if (this.now !== undefined && this.now() >= this.deadline) {
      this.expire();
      return false;
    }
    if (this.stopWhen !== undefined && this.stopWhen()) {
      this.aborted = true;
      return false;
    }
    return true;
  }

  /** Stop on the node limit (a search counting nodes itself found it reached). */
  expire(): void {
    this.aborted = this.expired = true;
  }
}
