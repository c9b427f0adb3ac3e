/**
 * Quantum tic-tac-toe bots: uniform random play and Monte-Carlo tree search (UCT).
 *
 * A turn is one or two atomic actions for the search: a collapse choice when the opponent's
 * last mark closed a cycle, then a new mark (or the forced claim of the last square). The
 * tree works on atomic actions, so the collapse choice is searched like any other decision;
 * the same player acts twice in a row after a collapse, which the backup handles by storing
 * on every node the player whose action led to it.
 *
 * @module
 */

import { bonusOf, formatTurn, lowest, nthSquare, popcount16, Qttt } from "./game.ts";
import { Rng } from "../grid/mod.ts";
import {
  ACTION_COLLAPSE as ACT_COLLAPSE,
  applyAction,
  legalActions,
  QtttSolver,
} from "./endgame.ts";

/** Play one uniformly random atomic action (collapse choice, mark, or last-square claim). */
function randomAction(q: Qttt, rng: Rng): void {
  if (q.pendingA >= 0) {
    q.collapse(rng.below(2) === 0 ? q.pendingA : q.pendingB);
    return;
  }
  const free = q.free();
  const n = popcount16(free);
  if (n === 1) {
    q.claimLast();
    return;
  }
  const i = rng.below(n);
  let j = rng.below(n - 1);
  if (j >= i) j++;
  q.place(nthSquare(free, i), nthSquare(free, j));
}

/**
 * A uniformly random legal turn for the player to act, applied to `q`; returns its text.
 * The collapse square is a fair coin, the new mark a uniform pair of uncollapsed squares.
 */
export function playRandomTurn(q: Qttt, rng: Rng): string {
  let collapse = -1;
  if (q.pendingA >= 0) {
    collapse = rng.below(2) === 0 ? q.pendingA : q.pendingB;
    q.collapse(collapse);
    if (q.over) return formatTurn(collapse, -1, -1);
  }
  const free = q.free();
  const n = popcount16(free);
  if (n === 1) {
    const s = lowest(free);
    q.claimLast();
    return formatTurn(collapse, s, s);
  }
  const i = rng.below(n);
  let j = rng.below(n - 1);
  if (j >= i) j++;
  const a = nthSquare(free, i), b = nthSquare(free, j);
  q.place(a, b);
  return formatTurn(collapse, a, b);
}

/** Options of the search bot. */
export interface MctsOptions {
  /** PRNG seed; default 1. */
  readonly seed?: number;
  /** Exploration constant of UCT on rewards in 0..1; default 0.5. */
  readonly exploration?: number;
  /** Node pool size; default 1,500,000 (about 30 MB). */
  readonly maxNodes?: number;
  /** Clock in milliseconds; default `performance.now`. */
  readonly now?: () => number;
  /**
   * Solve positions exactly from this many marks on (default 9; `Infinity` never): the
   * exact search gets part of the turn's budget and, when it finishes, its move is played.
   */
  readonly exactFrom?: number;
}

/**
 * Reward of a finished game for X in 0..1: mostly who got the line of four (0.9 a win,
 * 0.5 none, 0.1 a loss), then the bonus difference for the last tenth.
 */
function rewardX(q: Qttt): number {
  const fx = q.firstLine(0), fo = q.firstLine(1);
  const o = fx === fo ? 0 : fx < fo ? 0.4 : -0.4;
  const b = bonusOf(q.xs) - bonusOf(q.os);
  return 0.5 + o + (b > 10 ? 10 : b < -10 ? -10 : b) / 100;
}

/**
 * Monte-Carlo tree search with UCT selection and uniform random playouts.
 *
 * All tree storage lives in typed arrays allocated once; each search resets the pool.
 * Children of a node are created together on its first expansion, in shuffled order, and
 * each is tried once before UCT compares them.
 */
export class MctsBot {
  readonly #rng: Rng;
  readonly #c: number;
  readonly #now: () => number;
  readonly #cap: number;
  readonly #first: Int32Array;
  readonly #count: Uint8Array;
  readonly #action: Int16Array;
  readonly #mover: Uint8Array;
  readonly #visits: Int32Array;
  readonly #value: Float64Array;
  readonly #path = new Int32Array(64);
  readonly #acts = new Int16Array(128);
  readonly #scratch = new Qttt();
  readonly #exactFrom: number;
  #solver: QtttSolver | null = null;
  /** Root actions the next search may choose from (all when null); used once. */
  #allowed: number[] | null = null;
  #used = 0;
  /** Iterations of the last search. */
  iterations = 0;
  /** Whether the last turn was chosen by an exact solve. */
  exact = false;

  /** A bot with its whole node pool allocated up front (`maxNodes` entries). */
  constructor(opts: MctsOptions = {}) {
    this.#rng = new Rng(opts.seed ?? 1);
    this.#c = opts.exploration ?? 0.5;
    this.#now = opts.now ?? (() => performance.now());
    this.#cap = opts.maxNodes ?? 1_500_000;
    this.#exactFrom = opts.exactFrom ?? EXACT_FROM;
    this.#first = new Int32Array(this.#cap);
    this.#count = new Uint8Array(this.#cap);
    this.#action = new Int16Array(this.#cap);
    this.#mover = new Uint8Array(this.#cap);
    this.#visits = new Int32Array(this.#cap);
    this.#value = new Float64Array(this.#cap);
  }

  /**
   * Choose and apply a whole turn for the player to act in `q`; returns its text.
   *
   * Spends at most about `budgetMs` (and at most `maxIterations` playouts per decision when
   * given, which makes a seeded search reproducible). A pending collapse and the following
   * mark are decided by two searches that share the budget.
   */
  playTurn(q: Qttt, budgetMs: number, maxIterations = Infinity): string {
    const start = this.#now();
    this.exact = false;
    const exact = q.moves >= this.#exactFrom;
    const exactDeadline = start + budgetMs * 0.6;
    let collapse = -1;
    if (q.pendingA >= 0) {
      if (exact) this.#exactActions(q, exactDeadline);
      const act = this.#search(q, start + budgetMs * 0.4, maxIterations);
      collapse = act - ACT_COLLAPSE;
      q.collapse(collapse);
      if (q.over) return formatTurn(collapse, -1, -1);
    }
    const free = q.free();
    if (popcount16(free) === 1) {
      const s = lowest(free);
      q.claimLast();
      return formatTurn(collapse, s, s);
    }
    if (exact) this.#exactActions(q, exactDeadline);
    const act = this.#search(q, start + budgetMs, maxIterations);
    const a = act >> 4, b = act & 15;
    q.place(a, b);
    return formatTurn(collapse, a, b);
  }

  /**
   * Restrict the next search's root to the actions an exact search proves best, when it
   * finishes by `deadline`: the tree search then picks among equally good actions the one
   * that gives a fallible opponent the most chances to go wrong.
   */
  #exactActions(q: Qttt, deadline: number): void {
    this.#solver ??= new QtttSolver(20, "outcome");
    const r = this.#solver.optimalActions(q, { deadline, now: this.#now });
    if (r === null) return;
    this.exact = true;
    this.#allowed = r.actions;
  }

  /** Run UCT from `root` until `deadline` or `maxIterations`; the most visited action. */
  #search(root: Qttt, deadline: number, maxIterations: number): number {
    const allowed = this.#allowed;
    this.#allowed = null;
    if (allowed !== null && allowed.length === 1) return allowed[0];
    const n0 = legalActions(root, this.#acts);
    if (n0 === 1) return this.#acts[0];
    this.#used = 1;
    this.#first[0] = -1;
    this.#count[0] = 0;
    this.#visits[0] = 0;
    this.#value[0] = 0;
    this.#mover[0] = 1 - root.toMove();
    const q = this.#scratch;
    let it = 0;
    while (it < maxIterations) {
      if ((it & 15) === 0 && it > 0 && this.#now() >= deadline) break;
      it++;
      q.copyFrom(root);
      let node = 0;
      let depth = 0;
      this.#path[depth++] = 0;
      // Selection.
      while (this.#count[node] > 0 && !q.over) {
        node = this.#select(node);
        applyAction(q, this.#action[node]);
        this.#path[depth++] = node;
      }
      // Expansion.
      if (!q.over && (node === 0 || this.#visits[node] > 0)) {
        let n: number;
        if (node === 0 && allowed !== null) {
          n = allowed.length;
          for (let i = 0; i < n; i++) this.#acts[i] = allowed[i];
        } else n = legalActions(q, this.#acts);
        if (this.#used + n <= this.#cap) {
          const f = this.#used;
          this.#used += n;
          this.#first[node] = f;
          this.#count[node] = n;
          const who = q.toMove();
          const acts = this.#acts;
          for (let i = n - 1; i > 0; i--) {
            const j = this.#rng.below(i + 1);
            const t = acts[i];
            acts[i] = acts[j];
            acts[j] = t;
          }
          for (let i = 0; i < n; i++) {
            const c = f + i;
            this.#action[c] = acts[i];
            this.#mover[c] = who;
            this.#count[c] = 0;
            this.#visits[c] = 0;
            this.#value[c] = 0;
          }
          node = f;
          applyAction(q, this.#action[node]);
          this.#path[depth++] = node;
        }
      }
      // Playout.
      while (!q.over) randomAction(q, this.#rng);
      const rx = rewardX(q);
      // Backup.
      for (let d = 0; d < depth; d++) {
        const v = this.#path[d];
        this.#visits[v]++;
        this.#value[v] += this.#mover[v] === 0 ? rx : 1 - rx;
      }
    }
    this.iterations = it;
    let best = this.#first[0], bestV = -1;
    for (let i = 0; i < this.#count[0]; i++) {
      const c = this.#first[0] + i;
      const v = this.#visits[c] + this.#value[c] / (this.#visits[c] + 1);
      if (v > bestV) {
        bestV = v;
        best = c;
      }
    }
    return this.#action[best];
  }

  #select(node: number): number {
    const f = this.#first[node], n = this.#count[node];
    const logN = Math.log(this.#visits[node] + 1);
    let best = f, bestU = -1;
    for (let i = 0; i < n; i++) {
      const c = f + i;
      const v = this.#visits[c];
      if (v === 0) return c;
      const u = this.#value[c] / v + this.#c * Math.sqrt(logN / v);
      if (u > bestU) {
        bestU = u;
        best = c;
      }
    }
    return best;
  }
}

/** Marks on the board from which the bot's default exact search usually finishes in time. */
export const EXACT_FROM = 9;

/**
 * Thinking time for this turn from the time left in the game, in milliseconds.
 *
 * The tree search's turns (before mark `EXACT_FROM`) share what is left after a reserve of
 * a quarter of the game's clock, evenly; from there on the exact search usually needs a
 * fraction of a second per turn, so each turn may use up to 45 % of what is left.
 */
export function turnBudget(remainingMs: number, q: Qttt, totalMs = 5000): number {
  if (remainingMs <= 0) return 0;
  if (q.moves >= EXACT_FROM) return remainingMs * 0.45;
  const own = Math.ceil((EXACT_FROM - q.moves) / 2);
  return Math.max(0, remainingMs - totalMs * 0.25) / own;
}
