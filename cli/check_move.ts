/**
 * `sudokit check-move`: the CodeCup 2024 referee's verdict on the last move of a sequence.
 *
 * @module
 */

import {
  formatMove,
  judge,
  parseGrid81,
  Position,
  RULE_SETS,
  type Rules,
  type Verdict,
} from "../lib/sudoku_game/rules.ts";
import { findConflict } from "../lib/grid/validate.ts";
import {
  choiceFlag,
  EXIT_NEGATIVE,
  EXIT_OK,
  EXIT_USAGE,
  guard,
  Output,
  parseFlags,
  printError,
  printHelp,
  readLines,
  UsageError,
} from "./io.ts";
import { checkMoveQttt } from "./qttt.ts";

/** Help text of `check-move`. */
export const checkMoveHelp = `Usage: sudokit check-move [options] [GRID] MOVE...
       sudokit check-move [options] < sequences.txt

Judge the last MOVE of a CodeCup 2024 sudoku game against the position the
earlier moves make, as the referee would. Moves are 'Dg7' (row A..I top to
bottom, column a..i left to right, digit 1..9), 'Dg7!' (a move claiming that
exactly one solution is left) or '!' (claiming the opponent left one). A
leading GRID of 81 characters ('1'..'9', '.' or '0' for empty) gives the
starting position instead of the empty grid.

With no MOVE arguments, each line of standard input is such a sequence (moves
separated by spaces) and gets one verdict line; blank lines and lines starting
with '#' are skipped.

Verdicts (points: mover-opponent), judged by the first rule broken:
  OK                          the move is legal, the game goes on
  WIN 2-1                     a correct claim: exactly one solution is left
  ILLEGAL 0-2                 it does not parse, or the cell is occupied
  DOUBLED_SOMEWHERE 0-2       the digit is already in the row, column or box
  NO_SOLUTIONS_LEFT 1-2       no solution is left
  NO_SOLUTION_DECREASED 1-2   every solution has this digit here (final rules)
  NO_UNIQUE_CLAIM 0-2         a claim, but zero or two or more solutions are left
  DRAW 1-1                    the grid is full and nobody claimed (classic rules)
Text output is 'STATUS' for OK, else 'STATUS M-O: reason', e.g.
  NO_SOLUTION_DECREASED 1-2: every solution has 8 at Ai
JSON output is one object per verdict: {"status", "points" ([mover, opponent]
or null), "reason", "move", "index" (1-based number of the judged move),
"solution" (81 digits, after a WIN only)}. In batch mode a sequence that
cannot be judged prints 'ERROR: message' (or {"error": message}) in its place.

Options:
  --rules final|classic  final: the competition's rules (default); classic:
                         the earlier draft without NO_SOLUTION_DECREASED, where
                         a full grid without a claim is a 1-1 draw
  --format text|json     output format (default text)
  --game sudoku|qttt     the game (qttt: CodeCup 2012 quantum tic-tac-toe)
  -h, --help             show this help

Exit status: 0 when every judged move is OK, WIN or DRAW; 1 when one loses;
2 on bad usage, or when an earlier move of a sequence is not itself legal.

Examples:
  sudokit check-move Ec8 Ia6 Fg6 Dg7
  sudokit check-move 1234567...........................8.............................................. Ai8
  sudokit check-move --rules classic 1234567...........................8.............................................. Ai8
`;

/** Result of judging one sequence: the verdict of its last move, or why it has none. */
export type SequenceOutcome =
  | {
    readonly kind: "verdict";
    readonly verdict: Verdict;
    readonly index: number;
    readonly move: string;
  }
  | { readonly kind: "error"; readonly message: string };

/** Judge the last move of a sequence of tokens (an optional leading 81-character grid, then moves). */
export function judgeSequence(tokens: readonly string[], rules: Rules): SequenceOutcome {
  let start: Uint8Array | undefined;
  let moves = tokens;
  if (tokens.length > 0 && tokens[0].length === 81) {
    start = parseGrid81(tokens[0]);
    if (start === undefined) {
      return {
        kind: "error",
        message: "the starting grid must be 81 characters of 1..9, '.' or '0'",
      };
    }
    const conflict = findConflict(start, 9, "sudoku");
    if (conflict !== undefined) {
      return { kind: "error", message: `the starting grid is not valid: ${conflict}` };
    }
    moves = tokens.slice(1);
  }
  if (moves.length === 0) return { kind: "error", message: "no move to judge" };
  const position = new Position(rules, start);
  for (let i = 0; i < moves.length - 1; i++) {
    const v = judge(position, moves[i]);
    if (v.status !== "OK") {
      const what = v.status === "WIN" || v.status === "DRAW" ? "ends the game" : "is not legal";
      return {
        kind: "error",
        message: `move ${i + 1} (${moves[i]}) ${what}: ${formatVerdict(v)}`,
      };
    }
    position.play(v.move!, v.witness);
  }
  const last = moves.length - 1;
  return {
    kind: "verdict",
    verdict: judge(position, moves[last]),
    index: last + 1,
    move: moves[last],
  };
}

/** The text form of a verdict: `OK`, or `STATUS M-O: reason`. */
export function formatVerdict(v: Verdict): string {
  if (v.points === undefined) return v.reason === "" ? v.status : `${v.status}: ${v.reason}`;
  return `${v.status} ${v.points[0]}-${v.points[1]}: ${v.reason}`;
}

function jsonVerdict(o: SequenceOutcome & { kind: "verdict" }): string {
  const v = o.verdict;
  const obj: Record<string, unknown> = {
    status: v.status,
    points: v.points === undefined ? null : [v.points[0], v.points[1]],
    reason: v.reason,
    move: v.move === undefined ? o.move : formatMove(v.move),
    index: o.index,
  };
  if (v.solution !== undefined) obj.solution = v.solution;
  return JSON.stringify(obj);
}

function exitFor(v: Verdict): number {
  return v.status === "OK" || v.status === "WIN" || v.status === "DRAW" ? EXIT_OK : EXIT_NEGATIVE;
}

/** Run `check-move` with its arguments; returns the exit status. */
export function checkMove(args: string[]): Promise<number> {
  return guard("check-move", () => run(args));
}

async function run(args: string[]): Promise<number> {
  const gameAt = args.findIndex((a, i) =>
    a === "--game=qttt" || (a === "--game" && args[i + 1] === "qttt")
  );
  if (gameAt >= 0) {
    const rest = [...args];
    rest.splice(gameAt, args[gameAt] === "--game" ? 2 : 1);
    return await checkMoveQttt(rest);
  }
  const { values, positionals } = parseFlags(args, {
    help: { type: "boolean", short: "h" },
    rules: { type: "string" },
    format: { type: "string" },
    game: { type: "string" },
  });
  if (values.help) return printHelp(checkMoveHelp);
  const rules = choiceFlag("rules", values.rules, RULE_SETS, "final");
  const format = choiceFlag("format", values.format, ["text", "json"] as const, "text");
  choiceFlag("game", values.game, ["sudoku", "qttt"] as const, "sudoku");
  const out = new Output(positionals.length > 0 ? 0 : 1 << 16);
  if (positionals.length > 0) {
    const o = judgeSequence(positionals, rules);
    if (o.kind === "error") {
      if (o.message === "no move to judge") throw new UsageError(o.message);
      printError(o.message);
      return EXIT_USAGE;
    }
    out.write((format === "json" ? jsonVerdict(o) : formatVerdict(o.verdict)) + "\n");
    out.flush();
    return exitFor(o.verdict);
  }
  let status = EXIT_OK;
  let lineNo = 0;
  for await (const line of readLines(Deno.stdin.readable)) {
    lineNo++;
    const tokens = line.split(/[\s,]+/).filter((t) => t !== "");
    if (tokens.length === 0 || tokens[0].startsWith("#")) continue;
    const o = judgeSequence(tokens, rules);
    if (o.kind === "error") {
      out.write(
        format === "json" ? JSON.stringify({ error: o.message }) + "\n" : `ERROR: ${o.message}\n`,
      );
      out.flush();
      printError(`line ${lineNo}: ${o.message}`);
      status = EXIT_USAGE;
      continue;
    }
    out.write((format === "json" ? jsonVerdict(o) : formatVerdict(o.verdict)) + "\n");
    if (status === EXIT_OK) status = exitFor(o.verdict);
  }
  out.flush();
  return status;
}
