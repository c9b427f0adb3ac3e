/**
 * Move choice of the CodeCup 2024 sudoku bot: a uniformly random level (the baseline) and
 * a strong level (random opening, solution-count-keeping middle game, exact endgame).
 *
 * The bot never plays a move the referee would reject: every move it writes is an empty
 * cell, a digit not in the cell's row, column or box, held by at least one solution and
 * not by all of them, all decided exactly by a solution counter. It claims (`!` alone, or
 * appended to its move) exactly when one solution is left. Time is data: callers pass the
 * time left and a clock; the bot has none of its own.
 *
 * @module
 */

import type { Engine } from "../solve/engine.ts";
import { Engine9 } from "../solve/engine9.ts";
import { formatMove as formatCodecupMove, parseMove } from "./rules.ts";
import { geometry } from "../grid/geometry.ts";
import { Rng } from "../grid/random.ts";
import { MoveStatus, type RootMove, SolutionGame } from "./endgame.ts";

/** Bot strength: `random` plays uniformly random legal moves, `strong` plays to win. */
export type Level = "random" | "strong";

const { row: ROW, col: COL, block: BOX } = geometry(9);

function formatMove(cell: number, digit: number): string {
  return formatCodecupMove({ cell, digit, claim: false });
}

/**
 * Search time for one move, in ms, from the time left in the game and its total.
 *
 * A quarter of the game's time (at least a second) is never planned for: it absorbs the
 * enumerations, the runtime's start-up and a busy machine. Of the rest, a solvable
 * position (the first side that solves the endgame usually wins) gets 35 %, so that the
 * budgets of successive moves form a decreasing series that never exceeds the plan.
 */
export function moveBudget(timeLeftMs: number, totalMs: number): number {
  const usable = timeLeftMs - Math.max(1000, totalMs * 0.25);
  return usable <= 0 ? 0 : usable * 0.35;
}

/** Options of {@linkcode SudokuBot}. */
export interface BotOptions {
  /** Strength (default `strong`). */
  level?: Level;
  /** Random seed (default 1). */
  seed?: number;
  /** Clock in ms for the endgame deadline (default `performance.now`; tests may fake it). */
  now?: () => number;
  /** Solution counter; defaults to a private `Engine9` (not shared: it is not reentrant). */
  engine?: Engine;
  /** Enumerate and solve positions with fewer solutions than this (default 60,000). */
  enumLimit?: number;
  /** Time of the whole game, in ms (default 30,000). */
  totalMs?: number;
}

/** What the bot did for its last move, for debug output. */
export interface MoveInfo {
  /** The line written. */
  line: string;
  /** Solutions before the move (`-1` when not counted, else at most the bound). */
  solutions: number;
  /** Whether the count above is exact. */
  exact: boolean;
  /** Endgame value found (`WIN1`, `WIN2`, `LOSS`) or `?`/`-` when unknown/not searched. */
  value: string;
  /** Endgame nodes searched. */
  nodes: number;
}

const OPENING_GIVENS = 16;
const SMALL_SET = 2048;

/**
 * A sudoku bot for one game: feed it the opponent's moves with `opponent`, ask for its
 * own with `move`.
 */
export class SudokuBot {
  /** The current position (0 = empty). */
  readonly grid = new Uint8Array(81);
  /** Details of the last `move`. */
  last: MoveInfo = { line: "", solutions: -1, exact: false, value: "-", nodes: 0 };
  readonly #level: Level;
  readonly #rng: Rng;
  readonly #now: () => number;
  readonly #engine: Engine;
  readonly #enumLimit: number;
  readonly #totalMs: number;
  #buf: Uint8Array;
  #game: SolutionGame | undefined;
  readonly #allowed = new Uint32Array(81);
  readonly #counts = new Int32Array(810);
  readonly #cand = new Int32Array(729);

  /** A bot at the empty grid. */
  constructor(options: BotOptions = {}) {
    this.#level = options.level ?? "strong";
    this.#rng = new Rng(options.seed ?? 1);
    this.#now = options.now ?? (() => performance.now());
    this.#engine = options.engine ?? new Engine9();
    this.#enumLimit = options.enumLimit ?? 60_000;
    this.#totalMs = options.totalMs ?? 30_000;
    this.#buf = new Uint8Array(SMALL_SET * 81);
  }

  /** Place the opponent's move (already judged legal by the referee). */
  opponent(line: string): void {
    const m = parseMove(line.trim());
    if (m === undefined || m.cell < 0) {
      throw new Error(`bad opponent move ${JSON.stringify(line)}`);
    }
    this.grid[m.cell] = m.digit;
  }

  /** Choose, apply and return the bot's next line (`Dg7`, `Dg7!` or `!`). */
  move(timeLeftMs: number): string {
    const line = this.#level === "random" ? this.#randomLine() : this.#strongLine(timeLeftMs);
    this.last.line = line;
    const m = parseMove(line);
    if (m !== undefined && m.cell >= 0) this.grid[m.cell] = m.digit;
    return line;
  }

  #givens(): number {
    let g = 0;
    for (let c = 0; c < 81; c++) if (this.grid[c] !== 0) g++;
    return g;
  }

  /** Enumerate up to `limit` solutions into `buf`; returns the count (≤ limit). */
  #enumerate(limit: number): number {
    if (this.#buf.length < limit * 81) this.#buf = new Uint8Array(limit * 81);
    let n = 0;
    const buf = this.#buf;
    const count = this.#engine.count(this.grid, limit, (s) => {
      if (n >= limit) return false;
      buf.set(s, n * 81);
      n++;
      return true;
    });
    return Math.min(count, n);
  }

  /** Legal moves from the enumerated set as cell*10+digit with their counts in `counts`. */
  #setMoves(n: number): number {
    const counts = this.#counts;
    counts.fill(0);
    const buf = this.#buf;
    for (let s = 0; s < n; s++) {
      const b = s * 81;
      for (let c = 0; c < 81; c++) counts[c * 10 + buf[b + c]]++;
    }
    let m = 0;
    for (let c = 0; c < 81; c++) {
      if (this.grid[c] !== 0) continue;
      for (let d = 1; d <= 9; d++) {
        const k = counts[c * 10 + d];
        if (k > 0 && k < n) this.#cand[m++] = c * 10 + d;
      }
    }
    return m;
  }

  /** Whether (cell, digit) is legal, by two exact counts; returns solutions left (≤ 2) or 0. */
  #probe(cell: number, digit: number): number {
    const g = this.grid;
    g[cell] = digit;
    const after = this.#engine.count(g, 2);
    g[cell] = 0;
    if (after === 0) return 0;
    this.#allowed.fill(511);
    this.#allowed[cell] = 511 & ~(1 << (digit - 1));
    if (this.#engine.count(g, 1, undefined, this.#allowed) === 0) return 0;
    return after;
  }

  /** A uniformly random legal move of a position with at least `SMALL_SET` solutions. */
  #randomProbed(): string {
    const g = this.grid;
    let m = 0;
    for (let c = 0; c < 81; c++) {
      if (g[c] !== 0) continue;
      let used = 0;
      const r = ROW[c], co = COL[c], b = BOX[c];
      for (let o = 0; o < 81; o++) {
        if (g[o] !== 0 && (ROW[o] === r || COL[o] === co || BOX[o] === b)) {
          used |= 1 << (g[o] - 1);
        }
      }
      for (let d = 1; d <= 9; d++) if ((used & (1 << (d - 1))) === 0) this.#cand[m++] = c * 10 + d;
    }
    // Rejection sampling over the candidates is uniform over the legal moves.
    while (m > 0) {
      const i = this.#rng.below(m);
      const v = this.#cand[i];
      this.#cand[i] = this.#cand[--m];
      const cell = Math.floor(v / 10);
      const digit = v % 10;
      const left = this.#probe(cell, digit);
      if (left === 0) continue;
      return formatMove(cell, digit) + (left === 1 ? "!" : "");
    }
    throw new Error("no legal move in a position with many solutions");
  }

  #randomLine(): string {
    const n = this.#enumerate(SMALL_SET);
    this.last = { line: "", solutions: n, exact: n < SMALL_SET, value: "-", nodes: 0 };
    if (n === 0) throw new Error("the position has no solution");
    if (n === 1) return "!";
    if (n >= SMALL_SET) return this.#randomProbed();
    const m = this.#setMoves(n);
    const v = this.#cand[this.#rng.below(m)];
    const cell = Math.floor(v / 10);
    const digit = v % 10;
    return formatMove(cell, digit) + (this.#counts[v] === 1 ? "!" : "");
  }

  /**
   * Too many solutions to enumerate: the move most of the `n` solutions found hold, so
   * that the opponent is left as many as possible (and is far from solving first).
   *
   * The solutions found are a biased sample (the first ones in search order), but any
   * pair held by some and not all of them is legal, and a popular one keeps many.
   */
  #keepLarge(n: number): string {
    const m = this.#setMoves(n);
    let best = -1;
    let top = 1;
    let ties = 0;
    for (let i = 0; i < m; i++) {
      const k = this.#counts[this.#cand[i]];
      if (k > top) {
        top = k;
        best = this.#cand[i];
        ties = 1;
      } else if (k === top && best >= 0 && this.#rng.below(++ties) === 0) {
        best = this.#cand[i];
      }
    }
    // At least two solutions keep the move: no claim is due.
    if (best < 0) return this.#randomProbed();
    return formatMove(Math.floor(best / 10), best % 10);
  }

  #strongLine(timeLeftMs: number): string {
    if (this.#givens() < OPENING_GIVENS) {
      this.last = { line: "", solutions: -1, exact: false, value: "-", nodes: 0 };
      return this.#randomProbed();
    }
    const start = this.#now();
    const budget = moveBudget(timeLeftMs, this.#totalMs);
    // Short of time, enumerate less: the enumeration itself costs time.
    const limit = budget < 300 ? Math.min(this.#enumLimit, 5_000) : this.#enumLimit;
    const n = this.#enumerate(limit);
    this.last = { line: "", solutions: n, exact: n < limit, value: "-", nodes: 0 };
    if (n === 0) throw new Error("the position has no solution");
    if (n === 1) return "!";
    if (n >= limit) return this.#keepLarge(n);
    this.#game ??= new SolutionGame({ tableBits: 20 });
    const game = this.#game;
    game.load(this.#buf, n);
    const moves = game.rootMoves();
    const spent = this.#now() - start;
    const value = game.solveMoves(moves, {
      deadline: this.#now() + Math.max(1, budget - spent),
      now: this.#now,
    });
    this.last.value = value ?? "?";
    this.last.nodes = game.nodes;
    const pick = chooseMove(moves, this.#rng);
    return formatMove(pick.cell, pick.digit) + (pick.count === 1 ? "!" : "");
  }
}

/**
 * The move to play after a bounded search of the root moves: a proven win if any (one
 * leaving a single solution first), else the move leaving the most solutions among those
 * not proven to lose (the opponent is then least likely to solve the rest), else the move
 * leaving the most solutions (hoping the opponent errs). Ties are broken at random.
 */
export function chooseMove(moves: readonly RootMove[], rng: Rng): RootMove {
  let best: RootMove | undefined;
  for (const m of moves) {
    if (m.status === MoveStatus.Win && (best === undefined || m.count < best.count)) best = m;
  }
  if (best !== undefined) return best;
  for (const allowLoss of [false, true]) {
    let top = -1;
    let ties = 0;
    for (const m of moves) {
      if (!allowLoss && m.status === MoveStatus.Loss) continue;
      if (m.count > top) {
        top = m.count;
        best = m;
        ties = 1;
      } else if (m.count === top && rng.below(++ties) === 0) {
        best = m;
      }
    }
    if (best !== undefined) return best;
  }
  throw new Error("no legal move in the enumerated position");
}
