/**
 * Exact solver of quantum tic-tac-toe positions: the best final score difference.
 *
 * The search works on atomic actions like the tree search does (a collapse choice, a new
 * mark, or the claim of the last square), so the player who chooses a collapse and then
 * places a mark acts twice in a row; values are always for the player acting at a node
 * and change sign only where the actor changes. The score is the CodeCup 2012 score
 * difference (lines of four, the 15/5 double-line rule and both bonuses included).
 *
 * Alpha-beta (fail-soft) with a transposition table keyed by two independent 32-bit
 * Zobrist hashes of the whole state: classical squares with their move numbers (the
 * double-line rule compares them), live marks with theirs, the pending mark and the
 * player to act. A key therefore identifies the state, not just the board, so the table
 * never merges positions whose futures differ.
 *
 * Two objectives: `score` (the final score difference, for analysis) and `outcome` (only
 * who gets the line of four: win, draw or loss, for play). The outcome search runs with
 * the window -1..1, so a bound at either end is exact, and it stops at once where no line
 * of four is free of either player's marks (nobody can win any more) or where the side
 * that cannot win any more is already assured a draw by the window.
 *
 * Children are ordered: the table's best action first, then marks that close a cycle
 * (they decide squares), then the rest.
 *
 * @module
 */

import { formatTurn, LINES4, lowest, popcount16, Qttt } from "./game.ts";
import { Rng } from "../grid/mod.ts";

/** An atomic action: a mark `a * 16 + b` (a < b), a collapse `COLLAPSE + square`, or `CLAIM`. */
export type Action = number;
/** Collapse actions are `ACTION_COLLAPSE + square`. */
export const ACTION_COLLAPSE = 256;
/** The forced claim of the single square left. */
export const ACTION_CLAIM = 512;

/** Apply an atomic action to a position. */
export function applyAction(q: Qttt, act: Action): void {
  if (act >= ACTION_CLAIM) q.claimLast();
  else if (act >= ACTION_COLLAPSE) q.collapse(act - ACTION_COLLAPSE);
  else q.place(act >> 4, act & 15);
}

/**
 * What a solve maximises: `score`, the final score difference (bonuses included), or
 * `outcome`, only who gets the (first) line of four: +1 a win, 0 neither, -1 a loss.
 */
export type Objective = "score" | "outcome";

/** Final score difference from player `p`'s side of a finished game. */
export function diffFor(q: Qttt, p: number): number {
  const d = q.scoreDiff();
  return p === 0 ? d : 0 - d;
}

/** +1 when player `p` has the (first) line of four of a finished game, -1 when the other. */
export function outcomeFor(q: Qttt, p: number): number {
  const fx = q.firstLine(0), fo = q.firstLine(1);
  if (fx === fo) return 0; // both 99: no line (two lines never share a move number)
  const xWins = fx < fo;
  return xWins === (p === 0) ? 1 : -1;
}

const MAX_DEPTH = 48;
/** Larger than any score difference. */
const INF = 1000;
const EXACT = 0, LOWER = 1, UPPER = 2;

// Zobrist tables from two independently seeded streams.
const Z1 = new Int32Array(16 * 18 * 2 + 256 * 18 + 512 + 4);
const Z2 = new Int32Array(Z1.length);
{
  const r1 = new Rng(0x9e3779b9), r2 = new Rng(0x85ebca6b);
  for (let i = 0; i < Z1.length; i++) {
    Z1[i] = r1.next() | 0;
    Z2[i] = r2.next() | 0;
  }
}
const Z_CLASS = 0; // + s * 18 + move
const Z_EDGE = 16 * 18 * 2; // + (a * 16 + b) * 18 + move
const Z_PEND = Z_EDGE + 256 * 18; // + a * 16 + b ... 256 entries, then 256 more unused
const Z_ACTOR = Z_PEND + 512;

/** Limits of one solve; whichever comes first stops it. */
export interface SolveLimits {
  /** Stop after this many nodes. */
  readonly maxNodes?: number;
  /** Stop once `now()` reaches this time. */
  readonly deadline?: number;
  /** Clock; default `performance.now`. */
  readonly now?: () => number;
}

/** Result of solving a position. */
export interface Solved {
  /** Best score difference for the player to act, or `null` when out of budget. */
  readonly value: number | null;
  /** A best action (or -1 when out of budget). */
  readonly best: Action;
  /** Nodes searched. */
  readonly nodes: number;
}

class Aborted extends Error {}

/**
 * An exact solver with its own transposition table (2^`tableBits` entries).
 *
 * The table is kept between calls, so solving the positions of one game in turn reuses
 * the work of the previous turns. All storage is allocated up front.
 */
export class QtttSolver {
  readonly #stack: Qttt[] = [];
  readonly #acts = new Int16Array(MAX_DEPTH * 128);
  readonly #mask: number;
  readonly #k1: Int32Array;
  readonly #k2: Int32Array;
  readonly #val: Int16Array;
  readonly #flag: Uint8Array;
  readonly #move: Int16Array;
  #nodes = 0;
  /** Nodes searched by all calls of this solver so far. */
  totalNodes = 0;
  #maxNodes = Infinity;
  #deadline = Infinity;
  #now: () => number = () => performance.now();

  readonly #outcome: boolean;

  /**
   * A solver of `objective` (default `score`) whose table has 2^`tableBits` entries
   * (default 2^20, about 12 MB).
   */
  constructor(tableBits = 20, objective: Objective = "score") {
    this.#outcome = objective === "outcome";
    for (let i = 0; i <= MAX_DEPTH; i++) this.#stack.push(new Qttt());
    const n = 1 << tableBits;
    this.#mask = n - 1;
    this.#k1 = new Int32Array(n);
    this.#k2 = new Int32Array(n);
    this.#val = new Int16Array(n);
    this.#flag = new Uint8Array(n);
    this.#move = new Int16Array(n).fill(-1);
  }

  /** Best score difference for the player to act in `q` (not over), and a best action. */
  solve(q: Qttt, limits: SolveLimits = {}): Solved {
    return this.solveWindow(q, -INF, INF, limits);
  }

  /**
   * Like `solve` within the window (alpha, beta): the value is exact when strictly inside,
   * otherwise a bound on the side it fell (fail-soft).
   */
  solveWindow(q: Qttt, alpha: number, beta: number, limits: SolveLimits = {}): Solved {
    this.#nodes = 0;
    this.#maxNodes = limits.maxNodes ?? Infinity;
    this.#now = limits.now ?? (() => performance.now());
    this.#deadline = limits.deadline ?? Infinity;
    this.#stack[0].copyFrom(q);
    if (this.#outcome) {
      // Values are -1..1: a bound at either end is the exact value.
      alpha = Math.max(alpha, -1);
      beta = Math.min(beta, 1);
    }
    try {
      const v = this.#search(0, alpha, beta);
      this.totalNodes += this.#nodes;
      // `| 0` turns a negated zero into zero.
      return { value: v | 0, best: this.#rootBest, nodes: this.#nodes };
    } catch (e) {
      this.totalNodes += this.#nodes;
      if (e instanceof Aborted) return { value: null, best: -1, nodes: this.#nodes };
      throw e;
    }
  }

  /** Exact value of every legal action of `q` for the player acting there. */
  actionValues(q: Qttt, limits: SolveLimits = {}): { action: Action; value: number }[] | null {
    const p = q.toMove();
    const acts: Action[] = [];
    const n = legalActions(q, this.#acts);
    for (let i = 0; i < n; i++) acts.push(this.#acts[i]);
    const out: { action: Action; value: number }[] = [];
    const c = new Qttt();
    for (const act of acts) {
      c.copyFrom(q);
      applyAction(c, act);
      let v: number;
      if (c.over) v = this.#final(c, p);
      else {
        const r = this.solve(c, limits);
        if (r.value === null) return null;
        v = c.toMove() === p ? r.value : 0 - r.value;
      }
      out.push({ action: act, value: v });
    }
    return out;
  }

  /**
   * The value of `q` for the player to act and every action that reaches it (each checked
   * by a null-window search), or null when out of budget.
   */
  optimalActions(q: Qttt, limits: SolveLimits = {}): { value: number; actions: Action[] } | null {
    const r = this.solve(q, limits);
    if (r.value === null) return null;
    const best = r.value;
    const p = q.toMove();
    const n = legalActions(q, this.#acts);
    const acts = Array.from(this.#acts.subarray(0, n));
    const out: Action[] = [];
    const c = new Qttt();
    for (const act of acts) {
      c.copyFrom(q);
      applyAction(c, act);
      let ok: boolean;
      if (c.over) ok = this.#final(c, p) >= best;
      else {
        const same = c.toMove() === p;
        const w = same
          ? this.solveWindow(c, best - 1, best, limits)
          : this.solveWindow(c, -best, -best + 1, limits);
        if (w.value === null) return null;
        ok = same ? w.value >= best : w.value <= -best;
      }
      if (ok) out.push(act);
    }
    return { value: best, actions: out };
  }

  /**
   * The value of `q` for the player to act and every whole turn that reaches it, written as
   * the protocol writes turns (`ACD`, `CD`, `H`, `PP`), or null when out of budget. A turn
   * with a collapse is a choice of square and then of a mark by the same player.
   */
  bestTurns(q: Qttt, limits: SolveLimits = {}): { value: number; turns: string[] } | null {
    if (!q.pending()) {
      const r = this.optimalActions(q, limits);
      return r === null
        ? null
        : { value: r.value, turns: r.actions.map((a) => turnText(q, -1, a)) };
    }
    const p = q.toMove();
    let value = -INF;
    let turns: string[] = [];
    for (const sq of [q.pendingA, q.pendingB].sort((a, b) => a - b)) {
      const c = q.clone();
      c.collapse(sq);
      let v: number;
      let these: string[];
      if (c.over) {
        v = this.#final(c, p);
        these = [turnText(c, sq, -1)];
      } else {
        const r = this.optimalActions(c, limits);
        if (r === null) return null;
        v = r.value;
        these = r.actions.map((a) => turnText(c, sq, a));
      }
      if (v > value) {
        value = v;
        turns = these;
      } else if (v === value) turns.push(...these);
    }
    return { value, turns };
  }

  #rootBest: Action = -1;

  /** Value of a finished game for player `p` under this solver's objective. */
  #final(q: Qttt, p: number): number {
    return this.#outcome ? outcomeFor(q, p) : diffFor(q, p);
  }

  #search(d: number, alpha: number, beta: number): number {
    if ((++this.#nodes & 1023) === 0) {
      if (this.#nodes >= this.#maxNodes || this.#now() >= this.#deadline) throw new Aborted();
    }
    const q = this.#stack[d];
    const p = q.toMove();
    const h1 = hash(q, Z1), h2 = hash(q, Z2);
    const slot = h1 & this.#mask;
    let ttMove = -1;
    if (this.#k1[slot] === h1 && this.#k2[slot] === h2) {
      const v = this.#val[slot], f = this.#flag[slot];
      ttMove = this.#move[slot];
      if (d > 0) {
        if (f === EXACT) return v;
        if (f === LOWER && v >= beta) return v;
        if (f === UPPER && v <= alpha) return v;
      }
    }
    if (this.#outcome) {
      // A side none of whose lines is free of the other's marks can at best draw.
      const other = p === 0 ? q.os : q.xs, mine = p === 0 ? q.xs : q.os;
      let canWin = false, canLose = false;
      for (let i = 0; i < 10; i++) {
        if ((LINES4[i] & other) === 0) canWin = true;
        if ((LINES4[i] & mine) === 0) canLose = true;
      }
      if (!canWin && !canLose) return 0;
      if (!canWin && alpha >= 0) return 0;
      if (!canLose && beta <= 0) return 0;
    }
    const base = d * 128;
    const n = legalActions(q, this.#acts, base, true);
    const acts = this.#acts;
    if (ttMove >= 0) {
      for (let i = base; i < base + n; i++) {
        if (acts[i] === ttMove) {
          acts[i] = acts[base];
          acts[base] = ttMove;
          break;
        }
      }
    }
    const a0 = alpha;
    let best = -INF, bestAct = acts[base];
    const c = this.#stack[d + 1];
    for (let i = base; i < base + n; i++) {
      const act = acts[i];
      c.copyFrom(q);
      applyAction(c, act);
      let v: number;
      if (c.over) v = this.#final(c, p);
      else if (c.toMove() === p) v = this.#search(d + 1, alpha, beta);
      else v = -this.#search(d + 1, -beta, -alpha);
      if (v > best) {
        best = v;
        bestAct = act;
        if (v > alpha) {
          alpha = v;
          if (v >= beta) break;
        }
      }
    }
    this.#k1[slot] = h1;
    this.#k2[slot] = h2;
    this.#val[slot] = best;
    this.#flag[slot] = best <= a0 ? UPPER : best >= beta ? LOWER : EXACT;
    this.#move[slot] = bestAct;
    if (d === 0) this.#rootBest = bestAct;
    return best;
  }
}

/** A 32-bit Zobrist hash of the whole state with table `z`. */
function hash(q: Qttt, z: Int32Array): number {
  let h = z[Z_ACTOR + (q.moves & 1)];
  for (let s = q.xs | q.os; s !== 0; s &= s - 1) {
    const i = lowest(s);
    h ^= z[Z_CLASS + i * 18 + q.moveAt[i]];
  }
  for (let s = 0; s < 16; s++) {
    for (let nb = q.adj[s] & ~((2 << s) - 1); nb !== 0; nb &= nb - 1) {
      const t = lowest(nb);
      const e = s * 16 + t;
      h ^= z[Z_EDGE + e * 18 + q.edge[e]];
    }
  }
  if (q.pendingA >= 0) {
    const a = Math.min(q.pendingA, q.pendingB), b = Math.max(q.pendingA, q.pendingB);
    h ^= z[Z_PEND + a * 16 + b] ^ z[Z_ACTOR + 2 + (q.moves & 1)];
  }
  return h;
}

/**
 * Legal atomic actions of `q` into `out` from `base`; their number. With `closingFirst`,
 * marks inside one component (they close a cycle and decide squares) come first.
 */
export function legalActions(
  q: Qttt,
  out: Int16Array,
  base = 0,
  closingFirst = false,
): number {
  if (q.pendingA >= 0) {
    out[base] = ACTION_COLLAPSE + q.pendingA;
    out[base + 1] = ACTION_COLLAPSE + q.pendingB;
    return 2;
  }
  const free = q.free();
  if (popcount16(free) === 1) {
    out[base] = ACTION_CLAIM;
    return 1;
  }
  let n = 0;
  if (!closingFirst) {
    for (let s = free; s !== 0; s &= s - 1) {
      const a = lowest(s);
      for (let t = s & (s - 1); t !== 0; t &= t - 1) out[base + n++] = (a << 4) | lowest(t);
    }
    return n;
  }
  // Closing marks: one per pair of squares in the same component (roots a and b).
  for (let s = free; s !== 0; s &= s - 1) {
    const a = lowest(s);
    for (let t = s & (s - 1) & q.comp[a]; t !== 0; t &= t - 1) {
      out[base + n++] = (a << 4) | lowest(t);
    }
  }
  for (let s = free; s !== 0; s &= s - 1) {
    const a = lowest(s);
    for (let t = s & (s - 1) & ~q.comp[a]; t !== 0; t &= t - 1) {
      out[base + n++] = (a << 4) | lowest(t);
    }
  }
  return n;
}

/**
 * A turn as the protocol writes it: the collapse square (or -1), then the action played in
 * `q` (the position after the collapse), or nothing when `act` is -1.
 */
function turnText(q: Qttt, collapse: number, act: Action): string {
  if (act < 0) return formatTurn(collapse, -1, -1);
  if (act >= ACTION_CLAIM) {
    const last = lowest(q.free());
    return formatTurn(collapse, last, last);
  }
  return formatTurn(collapse, act >> 4, act & 15);
}
