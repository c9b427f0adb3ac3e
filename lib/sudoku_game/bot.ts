/**
 * Move choice of the CodeCup 2024 sudoku bot: a uniformly random level (the baseline) and
 * a strong level.
 *
 * The strong level plays in three phases:
 * - opening (fewer than 16 givens): random legal moves;
 * - middle game (too many solutions to enumerate, by a quick estimate): the move that
 *   most solutions hold, in a sample spread by random symmetries, so the opponent is
 *   left as many as possible;
 * - endgame (at most `enumLimit` solutions, 500,000 by default): all solutions are
 *   enumerated once and then narrowed move by move, and each turn is searched exactly on
 *   the solution set with the transposition table kept from move to move. First moves
 *   that leave few solutions are tried for a win (offense); if none is proven within the
 *   turn's time, the moves that leave the most solutions are checked in turn for a
 *   winning reply of the opponent's (defense), and the first that survives is played.
 *
 * The bot never plays a move the referee would reject: every move is a pair held by some
 * but not all solutions, decided exactly. It claims (`!` alone, or appended to its move)
 * exactly when one solution is left. Time is data: callers pass the time left and a
 * clock; the bot has none of its own.
 *
 * @module
 */

import { quoteInput } from "../text/mod.ts";
import { type Engine, Engine9 } from "../solve/mod.ts";
import { cellName, formatMove as formatCodecupMove, MOVE_FORM, parseMove } from "./rules.ts";
import { geometry, Rng } from "../grid/mod.ts";
import { type GameValue, MoveStatus, type RootMove, SolutionGame } from "./endgame.ts";
import { estimateSolutions, sampleSolutions } from "./sample.ts";
import { solveSplit, type SplitHelper } from "./endgame_split.ts";
import {
  type BotTuning,
  CALIBRATE_MS,
  DEAD_END_MOST,
  DEAD_END_SCANS,
  DEFAULT_TUNING,
  ENUM_LIMIT,
  ENUM_MIN_MS,
  ENUM_SHARE,
  ENUM_TRIGGER,
  HANDOVER,
  HANDOVER_OFFENSE,
  measuredSpeed,
  OPENING_GIVENS,
  SPLIT_FROM,
  timeKeys,
  tuningAt,
} from "./settings.ts";

/** Bot strength: `random` plays uniformly random legal moves, `strong` plays to win. */
export type Level = "random" | "strong";

/** An opponent's move the bot cannot accept: it does not parse or breaks the rules. */
export class BotInputError extends Error {
  /** Build one; `message` says which move and why. */
  constructor(message: string) {
    super(message);
    this.name = "BotInputError";
  }
}

const { row: ROW, col: COL, block: BOX } = geometry(9);

function formatMove(cell: number, digit: number, claim = false): string {
  return formatCodecupMove({ cell, digit, claim });
}

/**
 * Search time for an endgame turn, in ms, from the time left in the game, its total, the
 * number of solutions and the most that a move leaves (`largest`).
 *
 * A reserve is never planned for: it absorbs the runtime's start-up, enumerations and a
 * busy machine. A turn that can still hand over a set of {@linkcode HANDOVER} solutions or
 * more passes quickly (proofs there are long shots); an exact turn takes `exactShare` of
 * what is usable, a small one (under `smallSet` solutions, proofs of seconds at most)
 * `smallShare`. The budgets of successive turns form a decreasing series that never
 * exceeds the plan.
 */
export function turnBudget(
  timeLeftMs: number,
  totalMs: number,
  solutions: number,
  largest = solutions,
  tuning: Readonly<BotTuning> = DEFAULT_TUNING,
): number {
  const usable = timeLeftMs - Math.max(tuning.reserveMinMs, totalMs * tuning.reserveShare);
  if (usable <= 0) return 0;
  const share = solutions < tuning.smallSet
    ? tuning.smallShare
    : largest < HANDOVER
    ? (solutions < tuning.allInBelow ? tuning.exactShare : tuning.largeExactShare)
    : solutions <= tuning.handoverSlowUntil
    ? tuning.handoverShare
    : tuning.handoverFastShare;
  return usable * share;
}

/** Options of {@linkcode SudokuBot}. */
export interface BotOptions {
  /** Strength (default `strong`). */
  level?: Level;
  /** Random seed (default 1). */
  seed?: number;
  /** Clock in ms for the deadlines (default `performance.now`; tests may fake it). */
  now?: () => number;
  /** Solution counter; defaults to a private `Engine9` (not shared: it is not reentrant). */
  engine?: Engine;
  /** Enumerate and solve positions with at most this many solutions (default {@linkcode ENUM_LIMIT}). */
  enumLimit?: number;
  /** Time of the whole game, in ms (default 30,000). */
  totalMs?: number;
  /** Transposition table of 2^tableBits buckets of 64 bytes (default 22: 256 MiB). */
  tableBits?: number;
  /** The table's memory, to share it with `helpers` (default a buffer of its own). */
  tableBuffer?: ArrayBufferLike;
  /** Tuning values that differ from {@linkcode DEFAULT_TUNING}. */
  tuning?: Partial<BotTuning>;
  /**
   * Threads that search an endgame turn with the bot, over `tableBuffer` (default none:
   * the bot searches alone). See `endgame_split.ts`.
   */
  helpers?: readonly SplitHelper[];
}

/** What the bot did for its last move, for debug output. */
export interface MoveInfo {
  /** The line written. */
  line: string;
  /** Phase of the game the move was chosen in. */
  phase: "opening" | "middle" | "endgame" | "random";
  /** Solutions before the move (exact when `exact`, else an estimate), if looked at. */
  solutions?: number;
  /** Whether `solutions` is exact. */
  exact: boolean;
  /** Value proven for the bot (`WIN1`, `WIN2`, `LOSS`), or undefined. */
  value?: GameValue;
  /** Endgame search nodes of the move. */
  nodes: number;
  /** Threads that searched the move, when more than the bot's own. */
  threads?: number;
  /** The move was chosen as a handover after which no reply leaves a handover. */
  deadEnd?: boolean;
  /** Root moves proven lost this turn (by offense and defense). */
  refuted?: number;
  /**
   * How the defense chose the move on an exact turn: the candidate's rank (1 = the
   * largest open move) and what its check found (`safe`, `unknown`, `win`), or `lost`
   * when every candidate was refuted.
   */
  defense?: string;
  /** The machine's speed against the competition's, shown on the turn that loads the set. */
  speed?: number;
  /**
   * On the turn that loads the set: the bot searches alone but the runtime could not run
   * the WebAssembly frames, so it searches them in JavaScript (slower).
   */
  noWasm?: boolean;
}

const SMALL_SET = 2048;

/**
 * A sudoku bot for one game: feed it the opponent's moves with `opponent`, ask for its
 * own with `move`.
 */
export class SudokuBot {
  /** The current position (0 = empty). */
  readonly grid: Uint8Array = new Uint8Array(81);
  /** Details of the last `move`. */
  last: MoveInfo = { line: "", phase: "opening", exact: false, nodes: 0 };
  private readonly level: Level;
  private readonly rng: Rng;
  private readonly now: () => number;
  private readonly engine: Engine;
  private readonly enumLimit: number;
  private readonly totalMs: number;
  private readonly tableBits: number;
  private readonly tableBuffer: ArrayBufferLike | undefined;
  private readonly helpers: readonly SplitHelper[];
  private readonly tuning: Readonly<BotTuning>;
  /** The machine's speed against the competition's (see `calibrate`). */
  private speed = 1;
  /** `tuning` at the measured speed. */
  private plan: Readonly<BotTuning>;
  /** The dead-end handover of this turn, if one was found. */
  private deadEnd: RootMove | undefined = undefined;
  private buf: Uint8Array;
  private game: SolutionGame | undefined;
  /** Whether `game` holds exactly the solutions of `grid`. */
  private exact = false;
  private readonly allowed = new Uint32Array(81);
  private readonly counts = new Int32Array(810);
  private readonly cand = new Int32Array(729);

  /** A bot at the empty grid. */
  constructor(options: BotOptions = {}) {
    this.level = options.level ?? "strong";
    this.rng = new Rng(options.seed ?? 1);
    this.now = options.now ?? (() => performance.now());
    this.engine = options.engine ?? new Engine9();
    this.enumLimit = options.enumLimit ?? ENUM_LIMIT;
    this.totalMs = options.totalMs ?? 30_000;
    this.tableBits = options.tableBits ?? 22;
    this.tableBuffer = options.tableBuffer;
    this.helpers = options.helpers ?? [];
    this.tuning = { ...DEFAULT_TUNING, ...options.tuning };
    this.plan = this.tuning;
    this.buf = new Uint8Array(SMALL_SET * 81);
  }

  /**
   * Measure the machine's speed against the competition's for `ms` milliseconds (default
   * 300, or a hundredth of a shorter game's clock) on a fixed arithmetic workload
   * ({@linkcode timeKeys}), and scale the time plan's sizes by it ({@linkcode tuningAt}). Call it once, before the game: without it the plan is
   * the one measured at competition speed. Returns the speed (1 at the random level, which
   * has no plan).
   */
  calibrate(ms: number = Math.min(CALIBRATE_MS, this.totalMs / 100)): number {
    if (this.level === "random") return 1;
    const { n, ms: took } = timeKeys(this.now, ms);
    this.speed = measuredSpeed(this.tuning, n, took, this.helpers.length);
    this.plan = tuningAt(this.tuning, this.speed);
    return this.speed;
  }

  /**
   * Place the opponent's move. Throws {@linkcode BotInputError} when it does not parse,
   * claims, goes to a filled cell or breaks the rules (no solution holds it, or all do).
   */
  opponent(line: string): void {
    const text = line.trim();
    const m = parseMove(text);
    const shown = quoteInput(text, 40);
    if (m === undefined || m.cell < 0) {
      throw new BotInputError(`cannot parse the opponent's move ${shown}: ${MOVE_FORM}`);
    }
    const { cell, digit } = m;
    if (this.grid[cell] !== 0) {
      throw new BotInputError(
        `the opponent's move ${shown} goes to ${cellName(cell)}, which holds ${this.grid[cell]}`,
      );
    }
    const why = this.illegal(cell, digit);
    if (why !== undefined) throw new BotInputError(`the opponent's move ${shown} ${why}`);
    this.grid[cell] = digit;
    if (this.exact) this.game!.keep(cell, digit);
  }

  /** Why (cell, digit) is not a legal move here, or undefined when it is. */
  private illegal(cell: number, digit: number): string | undefined {
    if (this.exact) {
      const c = this.game!.countMove(cell, digit);
      if (c === 0) return "leaves no solution";
      if (c === this.game!.n) return `does not decrease the solutions (every one has it)`;
      return undefined;
    }
    const g = this.grid;
    g[cell] = digit;
    const after = this.engine.count(g, 1);
    g[cell] = 0;
    if (after === 0) return "leaves no solution";
    this.allowed.fill(511);
    this.allowed[cell] = 511 & ~(1 << (digit - 1));
    if (this.engine.count(g, 1, undefined, this.allowed) === 0) {
      return "does not decrease the solutions (every one has it)";
    }
    return undefined;
  }

  /** Choose, apply and return the bot's next line (`Dg7`, `Dg7!` or `!`). */
  move(timeLeftMs: number): string {
    const line = this.level === "random" ? this.randomLine() : this.strongLine(timeLeftMs);
    this.last.line = line;
    const m = parseMove(line);
    if (m !== undefined && m.cell >= 0) {
      this.grid[m.cell] = m.digit;
      if (this.exact) this.game!.keep(m.cell, m.digit);
    }
    return line;
  }

  /** Number of filled cells. */
  private givens(): number {
    let g = 0;
    for (let c = 0; c < 81; c++) if (this.grid[c] !== 0) g++;
    return g;
  }

  /**
   * Enumerate up to `limit` solutions into `buf`, stopping at `deadline`; returns the
   * number found, or -1 when the limit or the deadline cut it short.
   */
  private enumerate(limit: number, deadline = Infinity): number {
    if (this.buf.length < limit * 81) this.buf = new Uint8Array(limit * 81);
    let n = 0;
    let cut = false;
    const buf = this.buf;
    const now = this.now;
    this.engine.count(this.grid, limit + 1, (s) => {
      if (n >= limit || ((n & 4095) === 4095 && now() >= deadline)) {
        cut = true;
        return false;
      }
      buf.set(s, n * 81);
      n++;
      return true;
    });
    return cut ? -1 : n;
  }

  /** Legal moves of the `n` solutions in `buf` as cell*10+digit, their counts in `counts`. */
  private setMoves(n: number): number {
    const counts = this.counts;
    counts.fill(0);
    const buf = this.buf;
    for (let s = 0; s < n; s++) {
      const b = s * 81;
      for (let c = 0; c < 81; c++) counts[c * 10 + buf[b + c]]++;
    }
    let m = 0;
    for (let c = 0; c < 81; c++) {
      if (this.grid[c] !== 0) continue;
      for (let d = 1; d <= 9; d++) {
        const k = counts[c * 10 + d];
        if (k > 0 && k < n) this.cand[m++] = c * 10 + d;
      }
    }
    return m;
  }

  /** Whether (cell, digit) is legal, by two exact counts; returns solutions left (≤ 2) or 0. */
  private probe(cell: number, digit: number): number {
    const g = this.grid;
    g[cell] = digit;
    const after = this.engine.count(g, 2);
    g[cell] = 0;
    if (after === 0) return 0;
    this.allowed.fill(511);
    this.allowed[cell] = 511 & ~(1 << (digit - 1));
    if (this.engine.count(g, 1, undefined, this.allowed) === 0) return 0;
    return after;
  }

  /** A uniformly random legal move of a position with at least `SMALL_SET` solutions. */
  private randomProbed(): string {
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
      for (let d = 1; d <= 9; d++) if ((used & (1 << (d - 1))) === 0) this.cand[m++] = c * 10 + d;
    }
    // Rejection sampling over the candidates is uniform over the legal moves.
    while (m > 0) {
      const i = this.rng.below(m);
      const v = this.cand[i];
      this.cand[i] = this.cand[--m];
      const cell = Math.floor(v / 10);
      const digit = v % 10;
      const left = this.probe(cell, digit);
      if (left === 0) continue;
      return formatMove(cell, digit, left === 1);
    }
    throw new Error("no legal move in a position with many solutions");
  }

  /** The random level's move: uniform over the legal moves, with its claim. */
  private randomLine(): string {
    const n = this.enumerate(SMALL_SET);
    this.last = {
      line: "",
      phase: "random",
      solutions: n >= 0 ? n : undefined,
      exact: n >= 0,
      nodes: 0,
    };
    if (n === 0) throw new Error("the position has no solution");
    if (n === 1) return "!";
    if (n < 0) return this.randomProbed();
    const m = this.setMoves(n);
    const v = this.cand[this.rng.below(m)];
    const cell = Math.floor(v / 10);
    const digit = v % 10;
    return formatMove(cell, digit, this.counts[v] === 1);
  }

  /** The strong level's move: opening, middle game or endgame, by what is known. */
  private strongLine(timeLeftMs: number): string {
    const start = this.now();
    if (!this.exact) {
      if (this.givens() < OPENING_GIVENS) {
        this.last = { line: "", phase: "opening", exact: false, nodes: 0 };
        return this.randomProbed();
      }
      const estimate = estimateSolutions(this.engine, this.grid, this.rng);
      this.last = { line: "", phase: "middle", solutions: estimate, exact: false, nodes: 0 };
      if (estimate <= ENUM_TRIGGER * this.enumLimit) {
        // The enumeration happens once a game; it may take a tenth of the time left.
        const deadline = start + Math.max(ENUM_MIN_MS, ENUM_SHARE * (timeLeftMs - 1000));
        const n = this.enumerate(this.enumLimit, deadline);
        if (n >= 0) {
          this.game ??= new SolutionGame({
            tableBits: this.tableBits,
            tableBuffer: this.tableBuffer,
            // Threads share a table in a buffer of their own; one thread alone searches
            // its frames in WebAssembly (the same nodes, faster).
            wasm: this.tableBuffer === undefined,
          });
          // The game takes the buffer over; the bot needs it no more.
          this.game.load(this.buf, n, {}, true);
          this.buf = new Uint8Array(0);
          this.exact = true;
        }
      }
      if (!this.exact) return this.keepLarge();
      const line = this.endgameLine(timeLeftMs - (this.now() - start));
      this.last.speed = this.speed;
      if (this.tableBuffer === undefined && !this.game!.wasm) this.last.noWasm = true;
      return line;
    }
    return this.endgameLine(timeLeftMs - (this.now() - start));
  }

  /**
   * Too many solutions to enumerate: the move most solutions of a spread-out sample hold,
   * so that the opponent is left as many as possible. Any pair held by some and not all
   * of the sample's solutions is legal.
   */
  private keepLarge(): string {
    const n = sampleSolutions(this.engine, this.grid, this.rng, 8, 1024, this.ensureBuf(8192));
    const m = this.setMoves(n);
    let best = -1;
    let top = 0;
    let ties = 0;
    for (let i = 0; i < m; i++) {
      const k = this.counts[this.cand[i]];
      if (k > top) {
        top = k;
        best = this.cand[i];
        ties = 1;
      } else if (k === top && this.rng.below(++ties) === 0) {
        best = this.cand[i];
      }
    }
    if (best < 0) return this.randomProbed();
    return formatMove(Math.floor(best / 10), best % 10);
  }

  /** The solution buffer, grown to hold at least `solutions` solutions. */
  private ensureBuf(solutions: number): Uint8Array {
    if (this.buf.length < solutions * 81) this.buf = new Uint8Array(solutions * 81);
    return this.buf;
  }

  /** A turn on the enumerated solution set. */
  private endgameLine(timeLeftMs: number): string {
    const game = this.game!;
    const n = game.n;
    const tuning = this.plan;
    this.last = { line: "", phase: "endgame", solutions: n, exact: true, nodes: 0 };
    if (n === 0) throw new Error("the position has no solution");
    if (n === 1) return "!";
    this.deadEnd = undefined;
    const moves = game.rootMoves();
    const now = this.now;
    const t0 = now();
    const top = largest(moves).count;
    const deadline = t0 + turnBudget(timeLeftMs, this.totalMs, n, top, tuning);
    // Offense: fewest solutions first, for a share of the turn; the rest checks the move
    // to play for a quick win of the opponent's.
    const exact = top < HANDOVER;
    const offense = !exact
      ? HANDOVER_OFFENSE
      : n < tuning.allInBelow
      ? tuning.offenseShare
      : tuning.largeOffenseShare;
    const limits = { deadline: t0 + offense * (deadline - t0), now };
    // Helpers pay off once a search takes more than their start-up (a copy of the set).
    const split = n >= SPLIT_FROM && this.helpers.length > 0;
    const value = split
      ? solveSplit(game, moves, limits, this.helpers)
      : game.solveMoves(moves, limits, false);
    if (split) this.last.threads = 1 + this.helpers.length;
    let pick = bestWin(moves);
    if (pick === undefined && value !== "LOSS") {
      pick = exact ? this.defendExact(moves, deadline) : this.defend(moves, deadline);
    }
    this.last.value = pick?.status === MoveStatus.Win
      ? (pick.count === 1 ? "WIN1" : "WIN2")
      : moves.every((m) => m.status === MoveStatus.Loss)
      ? "LOSS"
      : undefined;
    this.last.nodes = game.nodes;
    this.last.refuted = moves.reduce((k, m) => k + (m.status === MoveStatus.Loss ? 1 : 0), 0);
    pick ??= hardest(moves) ?? largest(moves);
    if (pick === this.deadEnd) this.last.deadEnd = true;
    return formatMove(pick.cell, pick.digit, pick.count === 1);
  }

  /**
   * No win found on an exact turn: check the open moves, largest first, for a winning
   * reply among the opponent's replies of at most `defenseCap` solutions (those a search
   * tries first), each for a share of the time left, until `deadline`. Returns the first
   * with none (or that turns out to win, or whose check ran out of time), else, when all
   * are refuted, the one whose refutation took the most work; undefined if none is open.
   */
  private defendExact(moves: RootMove[], deadline: number): RootMove | undefined {
    const game = this.game!;
    const now = this.now;
    const open = moves.filter((m) => m.status === MoveStatus.Unknown);
    open.sort((a, b) => b.count - a.count || a.cell - b.cell || a.digit - b.digit);
    for (let i = 0; i < open.length; i++) {
      const m = open[i];
      const left = deadline - now();
      if (left <= 0) {
        this.last.defense = `late@${i + 1}`;
        return m;
      }
      const r = game.checkMove(m, this.plan.defenseCap, {
        deadline: now() + left * this.plan.defenseSlice,
        now,
      });
      if (r !== "loss") {
        this.last.defense = `${r}@${i + 1}`;
        return m;
      }
    }
    this.last.defense = "lost";
    return hardest(moves);
  }

  /**
   * Put first, in `open` (largest first), the largest handover (a move leaving
   * {@linkcode HANDOVER} solutions or more) after which no reply leaves that many: the
   * opponent then faces the decisive turn on a large set, and a failed proof there hands
   * the bot a smaller one. When the bot faces it instead, it won 13 of 28 games against
   * NineDigits; when NineDigits did, 6 of 9 (40 games at 4f2961a).
   */
  private deadEndFirst(open: RootMove[]): void {
    let scans = 0;
    for (let i = 0; i < open.length && open[i].count >= HANDOVER; i++) {
      const m = open[i];
      if (m.count > DEAD_END_MOST) continue;
      if (scans++ >= DEAD_END_SCANS) return;
      if (largestReply(this.game!.solutions, m.cell, m.digit) < HANDOVER) {
        open.splice(i, 1);
        open.unshift(m);
        this.deadEnd = m;
        return;
      }
    }
  }

  /**
   * No win found: check the moves that leave the most solutions, largest first, for a
   * winning reply of the opponent's, until `deadline`. Returns the first that survives
   * its check (or turns out to win), else, when all are refuted, the one whose
   * refutation took the most work (the opponent may miss it); undefined if none is open.
   */
  private defend(moves: RootMove[], deadline: number): RootMove | undefined {
    const game = this.game!;
    const now = this.now;
    const open = moves.filter((m) => m.status === MoveStatus.Unknown);
    open.sort((a, b) => b.count - a.count || a.cell - b.cell || a.digit - b.digit);
    this.deadEndFirst(open);
    for (let i = 0; i < open.length; i++) {
      const left = deadline - now();
      if (left <= 0) return open[i];
      // Half of what is left for this candidate: the checks form a decreasing series.
      game.solveMoves([open[i]], { deadline: now() + left / 2, now }, false);
      if (open[i].status !== MoveStatus.Loss) return open[i];
    }
    return hardest(moves);
  }
}

/**
 * The most solutions a reply to the move (cell, digit) can leave, among `solutions` (81
 * digits each): what the opponent can hand back after it (0 when the move leaves one).
 */
export function largestReply(solutions: Uint8Array, cell: number, digit: number): number {
  const counts = new Int32Array(810);
  let c = 0;
  for (let r = 0; r < solutions.length; r += 81) {
    if (solutions[r + cell] !== digit) continue;
    c++;
    for (let i = 0; i < 81; i++) counts[i * 10 + solutions[r + i]]++;
  }
  let most = 0;
  for (const k of counts) if (k < c && k > most) most = k;
  return most;
}

/** The losing move whose refutation took the most search, if any move was searched. */
function hardest(moves: readonly RootMove[]): RootMove | undefined {
  let best: RootMove | undefined;
  for (const m of moves) {
    if (m.status !== MoveStatus.Loss || (m.nodes ?? 0) === 0) continue;
    if (best === undefined || m.nodes! > best.nodes!) best = m;
  }
  return best;
}

/** The proven win leaving the fewest solutions (one, a claim, first), if any. */
function bestWin(moves: readonly RootMove[]): RootMove | undefined {
  let best: RootMove | undefined;
  for (const m of moves) {
    if (m.status === MoveStatus.Win && (best === undefined || m.count < best.count)) best = m;
  }
  return best;
}

/** The move leaving the most solutions (the hardest for the opponent to solve). */
function largest(moves: readonly RootMove[]): RootMove {
  let best = moves[0];
  for (const m of moves) if (m.count > best.count) best = m;
  return best;
}
