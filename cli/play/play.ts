/**
 * `sudokit play`: the CodeCup 2024 sudoku bot on standard input/output, and `--analyze`,
 * the exact game value of one position.
 *
 * @module
 */

import { SudokuBot } from "../../lib/sudoku_game/bot.ts";
import { BotSession } from "../../lib/sudoku_game/session.ts";
import { analyzeSolutions, MAX_SOLUTIONS, SolutionGame } from "../../lib/sudoku_game/endgame.ts";
import { formatGrid81, formatMove, parseGrid81 } from "../../lib/sudoku_game/rules.ts";
import { collectSolutions } from "../../lib/solve/count.ts";
import { quoteInput } from "../../lib/text/escape.ts";
import {
  choiceFlag,
  CommandError,
  EXIT_OK,
  intFlag,
  numberFlag,
  Output,
  parseFlags,
  printHelp,
  stdinLines,
  UsageError,
  writeLineNow,
} from "../io.ts";

/** Help text of `play`. */
export const playHelp = `Usage: sudokit play [options]
       sudokit play --analyze GRID [--time SECONDS]
       sudokit play --game qttt [qttt options]

A bot for the CodeCup 2024 two-player sudoku, speaking the competition's
protocol: it reads 'Start' (it moves first) or the opponent's move, and writes
its moves one per line ('Dg7', 'Dg7!' when its move leaves one solution, or
'!' when the opponent left one). Empty lines are ignored; it exits on 'Quit'
or at the end of input. A little debug goes to standard error.

Every move is checked exactly with the solution counter: the bot never plays
a move the referee would reject. An opponent's move that does not parse, goes
to a filled cell or breaks the rules ends the game with one line naming it.

Options:
  --level random|strong  random: uniformly random legal moves (claims when it
                         can); strong (default): random opening, then keeps
                         the solution count high; from a million solutions
                         down, searches each turn exactly on the enumerated
                         solution set (a win first, then the safest move)
  --seed N               random seed (default: a fresh one per run); the same
                         seed and the same opponent moves give the same game
  --time SECONDS         thinking time for the whole game (default 30); the
                         bot keeps a safety margin. With --analyze: a limit on
                         the search (default none)
  --analyze GRID         print the game value of the position for the side to
                         move instead of playing: GRID is 81 characters, row by
                         row, '1'..'9' for givens and '.' or '0' for empty cells.
                         Prints value (LOSS, WIN1: a move wins at once, WIN2:
                         it wins later, UNKNOWN: out of time), the winning moves,
                         the number of solutions, nodes and time
  --game sudoku|qttt     the game (default sudoku); 'qttt' runs the CodeCup
                         2012 quantum tic-tac-toe bot with the remaining options
                         (see 'sudokit play --game qttt --help')
  -h, --help             show this help

Exit status: 0 normally, 2 on bad usage, an unsolvable grid or an opponent's
move that cannot be taken.

Examples:
  sudokit match -- "sudokit play" "sudokit play --level random"
  sudokit play --analyze 3...86.........3..2.1....658...5..2........4.4.....87...7....96..52.....6....1...
`;

/** Solutions `--analyze` enumerates at most. */
const ANALYZE_MAX = MAX_SOLUTIONS;
/** Debug characters written to stderr per game at most (the competition keeps ~10,000). */
const DEBUG_MAX = 3_000;

/** The flags of `play`, for both games: each game reads the ones it takes. */
export interface BotFlags {
  readonly level?: string;
  readonly seed?: string;
  readonly time?: string;
  readonly analyze?: string;
  readonly help?: boolean;
}

/** Run `play` with its arguments (after the subcommand); returns the exit status. */
export async function play(args: string[]): Promise<number> {
  const { values, positionals } = await parseFlags(args, {
    game: { type: "string" },
    level: { type: "string" },
    seed: { type: "string" },
    time: { type: "string" },
    analyze: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  const game = choiceFlag("game", values.game, ["sudoku", "qttt"] as const, "sudoku");
  if (game === "qttt") {
    if (positionals.length > 0 && !values.help) throw unexpected(positionals[0]);
    const { playQttt } = await import("./qttt.ts");
    return await playQttt(values);
  }
  if (values.help) return printHelp(playHelp);
  if (positionals.length > 0) throw unexpected(positionals[0]);
  const level = choiceFlag("level", values.level, ["random", "strong"] as const, "strong");
  // Without --seed every game differs (the match runner starts bots with the same command).
  const seed = intFlag("seed", values.seed, 0, 2 ** 31 - 1, Math.floor(Math.random() * 2 ** 31));
  if (values.analyze !== undefined) {
    const limit = values.time === undefined
      ? undefined
      : numberFlag("time", values.time, 0.001, 86_400, 30);
    return analyze(values.analyze, limit);
  }
  const time = numberFlag("time", values.time, 0.1, 86_400, 30);
  return await runBot(level, seed, time);
}

function unexpected(arg: string): UsageError {
  return new UsageError(`unexpected argument ${quoteInput(arg, 40)}`);
}

/** `--analyze GRID`: value, winning moves, solutions, effort. */
function analyze(text: string, limitSeconds: number | undefined): number {
  const t0 = performance.now();
  const grid = parseGrid81(text.trim());
  if (grid === undefined) {
    throw new UsageError(
      `--analyze takes 81 characters ('1'..'9', '.' or '0'), not ${JSON.stringify(text)}`,
    );
  }
  const counted = collectSolutions(grid, 9, { limit: ANALYZE_MAX + 1 });
  const buf = counted.solutions;
  const n = counted.count;
  if (counted.conflict !== undefined) {
    throw new CommandError(`--analyze: the grid breaks the rules: ${counted.conflict}`);
  }
  if (counted.count === 0) throw new CommandError("--analyze: the grid has no solution");
  if (counted.count > ANALYZE_MAX) {
    throw new CommandError(
      `--analyze: the grid has more than ${ANALYZE_MAX} solutions, too many to enumerate`,
    );
  }
  const out = new Output();
  let value: string;
  let winning: string[];
  let nodes = 0;
  if (n === 1) {
    // The opponent left one solution: claiming it wins at once.
    value = "WIN1";
    winning = ["!"];
  } else {
    const game = new SolutionGame({ tableBits: 20 });
    const now = () => performance.now();
    const a = analyzeSolutions(
      game,
      buf,
      n,
      limitSeconds === undefined ? {} : { deadline: t0 + limitSeconds * 1000, now },
      true,
    );
    value = a.value ?? "UNKNOWN";
    nodes = a.nodes;
    winning = a.winning.map((m) =>
      formatMove({ cell: m.cell, digit: m.digit, claim: m.count === 1 })
    );
  }
  const ms = performance.now() - t0;
  out.write(`grid: ${formatGrid81(grid)}\n`);
  out.write(`value: ${value}\n`);
  out.write(`winning moves: ${winning.length === 0 ? "-" : winning.join(" ")}\n`);
  out.write(`solutions: ${n}\n`);
  out.write(`nodes: ${nodes}\n`);
  out.write(`time: ${ms.toFixed(1)} ms\n`);
  out.flush();
  return EXIT_OK;
}

/** The protocol loop: one bot, one game. */
async function runBot(
  level: "random" | "strong",
  seed: number,
  timeSeconds: number,
): Promise<number> {
  const now = () => performance.now();
  const totalMs = timeSeconds * 1000;
  const bot = new SudokuBot({ level, seed, now, totalMs });
  // performance.now() counts from the process start: the runtime's start-up is counted.
  const session = new BotSession(bot, { totalMs, startedAt: 0, debugMax: DEBUG_MAX });
  let debugOpen = true;
  for await (const raw of stdinLines()) {
    const step = session.line(raw, now(), now);
    if (step.reply !== undefined) writeLineNow(step.reply);
    if (step.debug !== undefined && debugOpen) {
      try {
        Deno.stderr.writeSync(new TextEncoder().encode(step.debug + "\n"));
      } catch {
        // Debug is optional: a closed standard error must not end the game.
        debugOpen = false;
      }
    }
    if (step.error !== undefined) throw new CommandError(step.error);
    if (step.stop) break;
  }
  return EXIT_OK;
}
