/**
 * The CodeCup 2024 sudoku as a {@linkcode GameFactory} for the match runner: relays moves,
 * judges each with {@linkcode judge}, and records games in the layout of the competition's
 * CSV files.
 *
 * @module
 */

import { countSolutions } from "../solve/mod.ts";
import {
  continues,
  formatGrid81,
  formatMove,
  judge,
  type MoveVerdict,
  parseGrid81,
  POINTS,
  Position,
  type Rules,
  startProblem,
} from "./rules.ts";
import {
  formatJudged,
  type GameFactory,
  type GameResult,
  type Judgement,
  type MoveLog,
  RECORD_HEADER,
  recordRow,
  type RefereeGame,
  type Seat,
  type SequenceOutcome,
  shownMove,
  type SolutionCount,
} from "../referee/mod.ts";
import { describeChar } from "../text/mod.ts";

/** Default solution limit: 2 tells a unique position from one with more. */
const DEFAULT_SOLUTION_LIMIT = 2;

/** One game of sudoku under a rule set, optionally from a starting grid. */
export class SudokuGame implements RefereeGame {
  /** The position so far. */
  readonly position: Position;
  #over = false;
  #points: [number, number] = [0, 0];
  #statuses: [string, string] = ["", ""];
  #solution = "";
  readonly #start: string;
  readonly #log: MoveLog[] = [];
  readonly #limit: number;
  /** Solutions of the current position, as last counted (the start's are unknown). */
  #solutions: SolutionCount | undefined;

  /**
   * A new game (the empty grid unless `start` is given). Throws a RangeError when `start`
   * cannot start a game: givens that repeat, or no solution (see `startProblem`).
   * `options.solutionLimit`: count the solutions after every accepted move up to this many,
   * for the log (default 2: tells a unique position, at some microseconds a move; a replay
   * wants more); 0 counts nothing.
   */
  constructor(
    rules: Rules = "final",
    start?: Uint8Array,
    options: { readonly solutionLimit?: number } = {},
  ) {
    this.#limit = options.solutionLimit ?? DEFAULT_SOLUTION_LIMIT;
    this.position = new Position(rules, start);
    this.#start = formatGrid81(this.position.grid);
    if (start !== undefined) {
      const witness = new Uint8Array(81);
      const problem = startProblem(start, witness);
      if (problem !== undefined) {
        throw new RangeError(`the starting grid is not playable: ${problem}`);
      }
      this.position.witness = witness;
    }
  }

  /** The seat to move. */
  get turn(): Seat {
    return this.position.turn;
  }

  /** Whether the game has ended. */
  get over(): boolean {
    return this.#over;
  }

  /** `Start` for the first move, else the opponent's last move. */
  message(): string {
    const moves = this.position.moves;
    return moves.length === 0 ? "Start" : moves[moves.length - 1];
  }

  /**
   * Judge the reply of the seat to move (trimmed first) and advance the game; `ms` is the
   * thinking time for the log.
   */
  submit(line: string, ms?: number): Judgement {
    if (this.#over) throw new Error("the game is already over");
    const seat = this.turn;
    const text = line.trim();
    const verdict = judge(this.position, text);
    const judgement = { status: verdict.status, reason: verdict.reason };
    if (continues(verdict.status)) {
      this.position.play(verdict.move!, verdict.witness);
      this.#solutions = this.#count();
      this.#record(seat, judgement, true, ms);
      return judgement;
    }
    if (verdict.status === "WIN" || verdict.status === "DRAW") {
      this.position.play(verdict.move!);
      // A winning claim found exactly one solution; a full grid is its own only one.
      this.#solutions = { count: 1, exact: true };
      this.#record(seat, judgement, true, ms);
      this.#solution = verdict.solution ?? "";
      if (verdict.status === "DRAW") {
        this.#solution = formatGrid81(this.position.grid);
        this.#end(seat, "DRAW", "DRAW", [1, 1]);
      } else {
        this.#end(seat, "WIN", "LOSE", POINTS.WIN);
      }
    } else {
      // The competition's records leave a losing move out of the move list; the log keeps
      // it, as written, with the position it was rejected in.
      this.#record(seat, judgement, false, ms, shownMove(text));
      this.#end(seat, verdict.status, "WIN", POINTS[verdict.status]);
    }
    return judgement;
  }

  /** End the game for a fault seen by the runner (`TIMEOUT`, `CRASH`). */
  forfeit(seat: Seat, status: string, reason: string, ms?: number): void {
    if (this.#over) return;
    this.#record(seat, { status, reason }, false, ms, "");
    this.#end(seat, status, "WIN", POINTS[status] ?? [0, 2]);
  }

  /** Solutions of the current position up to the limit; undefined when not counting. */
  #count(): SolutionCount | undefined {
    if (this.#limit <= 0) return undefined;
    const r = countSolutions(this.position.grid, 9, { limit: this.#limit });
    return { count: r.count, exact: r.exact };
  }

  /** Append a log entry for the line just judged, with the position as it now stands. */
  #record(seat: Seat, j: Judgement, played: boolean, ms?: number, written?: string): void {
    const moves = this.position.moves;
    this.#log.push({
      seat,
      move: played ? moves[moves.length - 1] : written ?? "",
      status: j.status,
      reason: j.reason,
      played,
      auto: false,
      position: formatGrid81(this.position.grid),
      ...(this.#solutions === undefined ? {} : { solutions: this.#solutions }),
      ...(ms === undefined ? {} : { ms }),
    });
  }

  /** Sudoku never plays on for a faulty player. */
  autoplay(_seat: Seat): boolean {
    return false;
  }

  /** Never called: {@linkcode autoplay} is always false. */
  autoMove(): string {
    throw new Error("sudoku has no automatic moves");
  }

  /** The outcome; only valid once `over`. */
  result(): GameResult {
    return {
      points: this.#points,
      statuses: this.#statuses,
      moves: [...this.position.moves],
      summary: this.#solution,
      start: this.#start,
      log: [...this.#log],
    };
  }

  /** `seat` gets `mine` and `ownPoints[0]`; the other seat `theirs` and `ownPoints[1]`. */
  #end(seat: Seat, mine: string, theirs: string, ownPoints: readonly [number, number]): void {
    this.#over = true;
    const other = 1 - seat;
    this.#statuses[seat] = mine;
    this.#statuses[other] = theirs;
    this.#points[seat] = ownPoints[0];
    this.#points[other] = ownPoints[1];
  }
}

/**
 * The sudoku game factory for a rule set (`final` by default); `options` go to every
 * {@linkcode SudokuGame} it creates (`solutionLimit`: how far to count solutions for the log).
 *
 * CSV rows follow the competition's layout: `Round` is the pairing number (games 2k-1 and
 * 2k swap seats), `IsSwiss` is `match`, `User1` moved first, `Solution` is the unique
 * solution after a winning claim (the full grid after a classic draw), else empty.
 */
export function sudokuGameFor(
  rules: Rules = "final",
  options: { readonly solutionLimit?: number } = {},
): GameFactory {
  return {
    name: "sudoku",
    defaultTime: 30,
    csvHeader: RECORD_HEADER,
    create: () => new SudokuGame(rules, undefined, options),
    // Games 2k-1 and 2k are one pairing, with the seats swapped.
    csvRow: (index: number, players: readonly [string, string], r: GameResult): string =>
      recordRow(index, Math.ceil(index / 2), players, r),
  };
}

// Marked pure for the bundler: the CodeCup bot imports this folder's mod.ts and would
// otherwise carry the referee, and with it the general solution counter, unused.
/** The CodeCup 2024 sudoku under the final rules. */
export const sudokuGame: GameFactory = /* @__PURE__ */ sudokuGameFor("final");

/** The text form of a sudoku move verdict: `OK`, or `STATUS M-O: reason`. */
export function formatMoveVerdict(v: MoveVerdict): string {
  return formatJudged({ ...v, move: "", index: 0, good: true });
}

/** Judge the last move of a sudoku sequence (an optional leading 81-character grid, then moves). */
export function judgeSequence(tokens: readonly string[], rules: Rules): SequenceOutcome {
  let start: Uint8Array | undefined;
  let moves = tokens;
  const witness = new Uint8Array(81);
  if (tokens.length > 0 && tokens[0].length === 81) {
    start = parseGrid81(tokens[0]);
    if (start === undefined) {
      // 81 characters: one of them is not a digit or an empty cell.
      const at = [...tokens[0]].findIndex((ch) => !/^[0-9.]$/.test(ch));
      return {
        kind: "error",
        message: "the starting grid must be 81 characters of 1..9, '.' or '0' for empty: " +
          `character ${at + 1} is ${describeChar([...tokens[0]][at])}`,
      };
    }
    // A start no game can reach is bad input, not a fault of the mover.
    const problem = startProblem(start, witness);
    if (problem !== undefined) {
      return { kind: "error", message: `the starting grid cannot start a game: ${problem}` };
    }
    moves = tokens.slice(1);
  }
  if (moves.length === 0) {
    return {
      kind: "error",
      message: "no move to judge after the starting grid: add one or more moves, like Ec8",
    };
  }
  const position = new Position(rules, start);
  if (start !== undefined) position.witness = witness;
  for (let i = 0; i < moves.length - 1; i++) {
    const v = judge(position, moves[i]);
    if (v.status !== "OK") {
      const what = v.status === "WIN" || v.status === "DRAW" ? "ends the game" : "is not legal";
      return {
        kind: "error",
        message: `move ${i + 1} (${shownMove(moves[i])}) ${what}: ${formatMoveVerdict(v)}`,
      };
    }
    position.play(v.move!, v.witness);
  }
  const last = moves.length - 1;
  const v = judge(position, moves[last]);
  return {
    kind: "verdict",
    judged: {
      status: v.status,
      points: v.points,
      reason: v.reason,
      move: v.move === undefined ? moves[last] : formatMove(v.move),
      index: last + 1,
      good: v.status === "OK" || v.status === "WIN" || v.status === "DRAW",
      ...(v.solution === undefined ? {} : { extra: { solution: v.solution } }),
    },
  };
}
