/**
 * `sudokit check-move`: the referee's verdict on the last move of a sequence, for the
 * CodeCup 2024 sudoku or (`--game qttt`) the CodeCup 2012 quantum tic-tac-toe, both in
 * one verdict grammar.
 *
 * @module
 */

import { escapeText } from "../lib/text/mod.ts";
import { judgeSequence, RULE_SETS } from "../lib/sudoku_game/mod.ts";
import { judgeQttt } from "../lib/qttt/mod.ts";
import { formatJudged, jsonJudged, type Judged } from "../lib/referee/mod.ts";
import {
  EXIT_NEGATIVE,
  EXIT_OK,
  EXIT_USAGE,
  hintAtTerminal,
  Output,
  printError,
  printHelp,
  readLines,
  UsageError,
} from "./io.ts";
import { choiceFlag, parseFlags } from "./flags.ts";

/** The verdict grammar, shared by both games' help texts and the README. */
const VERDICT_GRAMMAR = `Text output is one line per judged move: 'OK' when the game goes on, else
'STATUS M-O: reason', M and O being the points of the mover and of the
opponent when the move settles them, or 'STATUS: reason' when it does not
(a qttt fault: the opponent's bonus is still to be played for). JSON output is
one object per verdict: {"status", "points" ([mover, opponent] or null),
"reason", "move", "index" (1-based number of the judged move)}, plus the
game's own fields ("solution" after a sudoku WIN, "board" when a qttt game
ends). In batch mode a sequence that cannot be judged prints 'ERROR: line N:
message' (or {"error": message, "line": N}) in its place, N being its line of
standard input, and the run exits 2.`;

/** Help text of `check-move`. */
export const checkMoveHelp = `Usage: sudokit check-move [options] [GRID] MOVE...
       sudokit check-move [options] < sequences.txt

Judge the last MOVE of a CodeCup 2024 sudoku game against the position the
earlier moves make, as the referee would. Moves are 'Dg7' (row A..I top to
bottom, column a..i left to right, digit 1..9), 'Dg7!' (a move claiming that
exactly one solution is left) or '!' (claiming the opponent left one). A
leading GRID of 81 characters ('1'..'9', '.' or '0' for empty) gives the
starting position instead of the empty grid; it must be a position a game can
be in: no digit repeated in a row, column or box, and at least one solution.

With no MOVE arguments, each line of standard input is such a sequence (moves
separated by spaces) and gets one verdict line, printed as soon as it is
judged; blank lines and lines starting with '#' are skipped. A line may hold
at most 65536 characters.

Verdicts (points: mover-opponent), judged by the first rule broken:
  OK                          the move is legal, the game goes on
  WIN 2-1                     a correct claim: exactly one solution is left
  ILLEGAL 0-2                 it does not parse, or the cell is occupied
  DOUBLED_SOMEWHERE 0-2       the digit is already in the row, column or box
  NO_SOLUTIONS_LEFT 1-2       no solution is left
  NO_SOLUTION_DECREASED 1-2   every solution has this digit here (final rules)
  NO_UNIQUE_CLAIM 0-2         a claim, but zero or two or more solutions are left
  DRAW 1-1                    the grid is full and nobody claimed (classic rules)
e.g. NO_SOLUTION_DECREASED 1-2: every solution has 8 at Ai

${VERDICT_GRAMMAR}

Options:
  --rules final|classic  final: the competition's rules (default); classic:
                         the earlier draft without NO_SOLUTION_DECREASED, where
                         a full grid without a claim is a 1-1 draw
  --format text|json     output format (default text)
  --game sudoku|qttt     the game (qttt: CodeCup 2012 quantum tic-tac-toe; see
                         'check-move --game qttt --help')
  -h, --help             show this help

Exit status: 0 when every judged move is OK, WIN or DRAW; 1 when one loses;
2 on bad usage, when the starting grid cannot start a game, or when an
earlier move of a sequence is not itself legal (bad input, not the mover's
loss); 1 also when the output cannot be written.

Examples:
  sudokit check-move Ec8 Ia6 Fg6 Dg7
  sudokit check-move 1234567...........................8.............................................. Ai8
  sudokit check-move --rules classic 1234567...........................8.............................................. Ai8
`;

/** Help of `check-move --game qttt`. */
export const checkMoveQtttHelp =
  `Usage: sudokit check-move --game qttt [--format text|json] [TURN...]

Judge the last turn of a quantum tic-tac-toe game (CodeCup 2012, 4×4) given as the
players' outputs from the start, X first, e.g. \`check-move --game qttt AB AB ACD CD\`.
A turn is two squares A..P (\`AB\`), preceded by the collapse square when the previous mark
closed a cycle (\`ACD\`); a collapse that ends the game is written alone (\`H\`); O claims
the single square left with its letter twice (\`PP\`). A trailing \`!\` on a turn is allowed
when that turn did close a cycle. The turns before the judged one must be legal: they are
the position the judged turn is played in, and a game that no legal play reaches is bad
input (exit 2), not the mover's loss.

Verdicts (points: mover-opponent, final scores with bonuses):
  OK                      the turn is legal and the game goes on
  WIN M-O: <how>          the turn ends the game and the mover wins
  LOSE M-O: <how>         the turn ends the game and the opponent wins
  DRAW M-O: <how>         the turn ends the game with no line of four
  ILLEGAL: <reason>       the judged turn breaks the rules (the mover scores 0,
                          the opponent 20 plus the bonus the rest of the game earns)
e.g. WIN 22-2: X has a line of four (X 22, O 2)

${VERDICT_GRAMMAR}

With no TURN arguments, reads games from standard input, one per line (turns separated
by spaces), and prints one verdict per line as soon as it is judged.

Options:
  --format text|json    output format (default text)
  -h, --help            show this help

Exit status: 0 when every judged turn is legal (OK, WIN, LOSE, DRAW); 1 when one is
ILLEGAL; 2 on bad usage or when an earlier turn of a game is itself illegal.
`;

/** Run `check-move` with its arguments; returns the exit status. */
export async function checkMove(args: string[]): Promise<number> {
  const { values, positionals } = await parseFlags(args, {
    help: { type: "boolean", short: "h" },
    rules: { type: "string" },
    format: { type: "string" },
    game: { type: "string" },
  });
  const game = choiceFlag("game", values.game, ["sudoku", "qttt"] as const, "sudoku");
  if (values.help) return printHelp(game === "qttt" ? checkMoveQtttHelp : checkMoveHelp);
  const format = choiceFlag("format", values.format, ["text", "json"] as const, "text");
  if (game === "qttt" && values.rules !== undefined) {
    throw new UsageError("--rules is for the sudoku game only");
  }
  const rules = choiceFlag("rules", values.rules, RULE_SETS, "final");
  const judgeTokens = (tokens: readonly string[]) =>
    game === "qttt" ? judgeQttt(tokens) : judgeSequence(tokens, rules);
  const show = (j: Judged) => (format === "json" ? jsonJudged(j) : formatJudged(j)) + "\n";
  const out = new Output();
  if (positionals.length > 0) {
    const o = judgeTokens(positionals);
    if (o.kind === "error") {
      if (o.message.startsWith("no move to judge")) throw new UsageError(o.message);
      printError(o.message);
      return EXIT_USAGE;
    }
    out.write(show(o.judged));
    out.flush();
    return o.judged.good ? EXIT_OK : EXIT_NEGATIVE;
  }
  let status = EXIT_OK;
  let lineNo = 0;
  let errors = 0;
  hintAtTerminal("check-move");
  const lines = readLines(Deno.stdin.readable, { beforeWait: () => out.flush() });
  try {
    for await (const line of lines) {
      lineNo++;
      const tokens = line.split(/[\s,]+/).filter((t) => t !== "");
      if (tokens.length === 0 || tokens[0].startsWith("#")) continue;
      const o = judgeTokens(tokens);
      if (o.kind === "error") {
        const message = escapeText(o.message);
        out.write(
          format === "json"
            ? JSON.stringify({ error: message, line: lineNo }) + "\n"
            : `ERROR: line ${lineNo}: ${message}\n`,
        );
        // One line on stderr however many sequences fail: the ERROR lines say the rest.
        if (errors++ === 0) {
          out.flush();
          printError(`line ${lineNo}: ${o.message}`);
        }
        status = EXIT_USAGE;
        continue;
      }
      out.write(show(o.judged));
      if (status === EXIT_OK && !o.judged.good) status = EXIT_NEGATIVE;
    }
  } finally {
    // A line too long ends the run with an error: the verdicts before it still go out.
    out.flush();
  }
  if (errors > 1) {
    const more = errors - 1;
    printError(`${more} more sequence${more === 1 ? "" : "s"} could not be judged either`);
  }
  return status;
}
