/**
 * The CodeCup 2012 quantum tic-tac-toe referee behind the game-neutral match runner.
 *
 * Seat 0 is X, seat 1 is O. Each seat is sent `Start` (X's first turn) or the opponent's
 * whole last output, with `!` appended when that output's new mark closed a cycle.
 *
 * After a fault (illegal turn, or `forfeit` for a timeout or crash) the offender scores 0
 * and the opponent 20 plus its bonus, but the game goes on with the referee playing the
 * offender's turns itself (the first legal turn, as the CodeCup jury did) so that the
 * opponent's bonus is still earned on the board. Those turns are played inside the game at
 * once: after a fault, `turn` is never the offender's seat while the game is running, so a
 * runner only ever has to talk to the other seat (calling `submit(autoMove())` for an
 * `autoplay` seat also works, should the turn be the offender's). A second fault, by the
 * other seat, ends the game with 0 points for both.
 *
 * The result's log holds every turn with the board after it ({@linkcode qtttPositionText}),
 * the referee's own turns marked `auto`, and each rejected line or runner fault.
 *
 * @module
 */

import {
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
} from "../referee/mod.ts";
import { applyTurn, firstLegalTurn, lowest, parseInput, PLAYER_NAMES, Qttt } from "./game.ts";
import { escapeText } from "../text/mod.ts";

/** Human-readable end of a finished position, e.g. `X has a line of four (X 22, O 2)`. */
export function describeEnd(q: Qttt): string {
  const o = q.outcome();
  const pts = `(X ${o.points[0]}, O ${o.points[1]})`;
  if (o.winner === -1) return `no line of four ${pts}`;
  const w = PLAYER_NAMES[o.winner];
  return o.double ? `both got a line of four, ${w} first ${pts}` : `${w} has a line of four ${pts}`;
}

/**
 * A position as text, for logs: 16 fields separated by spaces, squares `A`..`P` in order.
 * A collapsed square is its classical mark and the move it came from (`X3`, `O12`); an
 * uncollapsed one lists its spooky marks by move number, lower case, separated by commas
 * (`x1,o4`), the cycle-closing mark that still awaits its collapse followed by `!`
 * (`x1,o6!`); an empty square is `.`.
 */
export function qtttPositionText(q: Qttt): string {
  const fields: string[] = [];
  for (let s = 0; s < 16; s++) {
    const bit = 1 << s;
    if ((q.xs | q.os) & bit) {
      fields.push(`${q.xs & bit ? "X" : "O"}${q.moveAt[s]}`);
      continue;
    }
    const marks: number[] = [];
    for (let n = q.adj[s]; n !== 0; n &= n - 1) marks.push(q.edge[s * 16 + lowest(n)]);
    marks.sort((a, b) => a - b);
    const texts = marks.map((m) => `${m & 1 ? "x" : "o"}${m}`);
    // The pending mark is not in the entanglement graph yet: it is always the newest.
    if (q.pendingA === s || q.pendingB === s) {
      texts.push(`${q.moves & 1 ? "x" : "o"}${q.moves}!`);
    }
    fields.push(texts.length === 0 ? "." : texts.join(","));
  }
  return fields.join(" ");
}

class QtttGame implements RefereeGame {
  private readonly q = new Qttt();
  private readonly moves: string[] = [];
  private readonly log: MoveLog[] = [];
  private lastCycle = false;
  private readonly faults: [string, string] = ["", ""];
  private stopped = false;

  get turn(): Seat {
    return this.q.toMove();
  }

  get over(): boolean {
    return this.q.over || this.stopped;
  }

  message(): string {
    if (this.moves.length === 0) return "Start";
    return this.moves[this.moves.length - 1] + (this.lastCycle ? "!" : "");
  }

  submit(line: string, ms?: number): Judgement {
    if (this.over) return { status: "ILLEGAL", reason: "the game is already over" };
    const seat = this.turn;
    const r = applyTurn(this.q, line);
    if (typeof r === "string") {
      this.record(seat, shownMove(line.trim()), "ILLEGAL", r, false, false, ms);
      this.fault(seat, "ILLEGAL");
      return { status: "ILLEGAL", reason: r };
    }
    this.moves.push(r.text);
    this.lastCycle = r.cycle;
    this.recordTurn(seat, r.text, false, ms);
    this.runAuto();
    if (!this.q.over) return { status: "OK", reason: "" };
    const o = this.q.outcome();
    const status = o.winner < 0 ? "DRAW" : o.winner === seat ? "WIN" : "LOSE";
    return { status, reason: describeEnd(this.q) };
  }

  forfeit(seat: Seat, status: string, reason: string, ms?: number): void {
    if (this.over) return;
    this.record(seat, "", status, reason, false, false, ms);
    this.fault(seat, status);
  }

  autoplay(seat: Seat): boolean {
    return this.faults[seat] !== "" && !this.stopped;
  }

  autoMove(): string {
    return firstLegalTurn(this.q);
  }

  result(): GameResult {
    const o = this.q.outcome();
    const bonus = o.bonus;
    let points: [number, number];
    let statuses: [string, string];
    const [f0, f1] = this.faults;
    if (f0 !== "" && f1 !== "") {
      points = [0, 0];
      statuses = [f0, f1];
    } else if (f0 !== "") {
      points = [0, 20 + bonus[1]];
      statuses = [f0, "WIN"];
    } else if (f1 !== "") {
      points = [20 + bonus[0], 0];
      statuses = ["WIN", f1];
    } else {
      points = [o.points[0], o.points[1]];
      statuses = o.winner < 0
        ? ["DRAW", "DRAW"]
        : o.winner === 0
        ? ["WIN", "LOSE"]
        : ["LOSE", "WIN"];
    }
    return {
      points,
      statuses,
      moves: [...this.moves],
      summary: this.q.board(),
      extra: { bonus: [bonus[0], bonus[1]] },
      start: qtttPositionText(new Qttt()),
      log: [...this.log],
    };
  }

  /** Log a turn just played: OK while the game goes on, else how it ended for the mover. */
  private recordTurn(seat: Seat, text: string, auto: boolean, ms?: number): void {
    let status = "OK";
    let reason = "";
    if (this.q.over) {
      const o = this.q.outcome();
      status = o.winner < 0 ? "DRAW" : o.winner === seat ? "WIN" : "LOSE";
      reason = describeEnd(this.q);
    }
    this.record(seat, text, status, reason, true, auto, ms);
  }

  private record(
    seat: Seat,
    move: string,
    status: string,
    reason: string,
    played: boolean,
    auto: boolean,
    ms?: number,
  ): void {
    this.log.push({
      seat,
      move,
      status,
      reason,
      played,
      auto,
      position: qtttPositionText(this.q),
      ...(ms === undefined ? {} : { ms }),
    });
  }

  private fault(seat: Seat, status: string): void {
    if (this.faults[seat] !== "") return;
    this.faults[seat] = status;
    if (this.faults[1 - seat] !== "") {
      this.stopped = true;
      return;
    }
    this.runAuto();
  }

  /** Play the referee's turns for a faulted seat while it is that seat's turn. */
  private runAuto(): void {
    while (!this.q.over && !this.stopped && this.faults[this.q.toMove()] !== "") {
      const seat = this.q.toMove();
      const r = applyTurn(this.q, firstLegalTurn(this.q));
      if (typeof r === "string") throw new Error(`first legal turn rejected: ${r}`);
      this.moves.push(r.text);
      this.lastCycle = r.cycle;
      this.recordTurn(seat, r.text, true);
    }
  }
}

/**
 * The quantum tic-tac-toe game for the match runner: 5 s per game per player.
 *
 * CSV rows follow the CodeCup table layout (`Game,Round,IsSwiss,User1,Score1,Status1,
 * User2,Score2,Status2,Moves,Solution`): Round is 1, IsSwiss is `match`, Moves are the
 * outputs separated by spaces (without the referee's `!`), and Solution holds the final
 * board as 16 characters `A`..`P` (`X`, `O`, `.` for uncollapsed).
 */
export const qtttGame: GameFactory = {
  name: "qttt",
  defaultTime: 5,
  csvHeader: RECORD_HEADER,
  create: () => new QtttGame(),
  csvRow: (index: number, players: readonly [string, string], r: GameResult): string =>
    recordRow(index, 1, players, r),
};

/**
 * Judge the last of `turns` (a game from its start, X first) in the verdict grammar that
 * `check-move` shares with the sudoku game; an illegal earlier turn is an error.
 */
export function judgeQttt(turns: readonly string[]): SequenceOutcome {
  if (turns.length === 0) return { kind: "error", message: "no move to judge" };
  const q = new Qttt();
  const last = turns.length - 1;
  for (let i = 0; i < turns.length; i++) {
    const { turn, cycle } = parseInput(turns[i]);
    const r = applyTurn(q, turn);
    // The game's reasons may quote the turn as written.
    let reason = typeof r === "string" ? escapeText(r) : "";
    if (typeof r !== "string" && cycle && !r.cycle) {
      reason = `turn ${shownMove(turns[i])} carries ! but closed no cycle`;
    }
    if (reason === "") continue;
    if (i < last) {
      return {
        kind: "error",
        message: `turn ${i + 1} (${shownMove(turns[i])}) is not legal: ${reason}`,
      };
    }
    return {
      kind: "verdict",
      judged: { status: "ILLEGAL", reason, move: turns[i], index: i + 1, good: false },
    };
  }
  const base = { move: turns[last], index: last + 1 };
  if (!q.over) {
    return { kind: "verdict", judged: { status: "OK", reason: "", good: true, ...base } };
  }
  const o = q.outcome();
  // Turns alternate from X: the judged one is X's when its number is odd.
  const mover = last % 2;
  const status = o.winner === -1 ? "DRAW" : o.winner === mover ? "WIN" : "LOSE";
  return {
    kind: "verdict",
    judged: {
      status,
      points: [o.points[mover], o.points[1 - mover]],
      reason: describeEnd(q),
      // A turn that ends the game is legal whoever it makes win: only faults exit 1.
      good: true,
      extra: { board: q.board() },
      ...base,
    },
  };
}
