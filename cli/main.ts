/**
 * The `sudokit` command line: dispatches to one module per subcommand, loaded only when
 * used so that start-up stays fast.
 *
 * @module
 */

import { quoteInput } from "../lib/text/mod.ts";
import denoJson from "../deno.json" with { type: "json" };
import {
  EXIT_USAGE,
  guard,
  printError,
  printHelp,
  reportInternalError,
  writeStderr,
} from "./io.ts";

/** Help text of the tool. */
export const mainHelp =
  `sudokit ${denoJson.version}: Latin-square and sudoku grids, and CodeCup games

Usage: sudokit <command> [options] [args]

Commands:
  classify    Latin square / Sudoku / Sudoku-X report with every duplicate
  verdict     'Case N: Unique.' / Ambiguous / Illegal / Impossible per 9×9 grid
  count       count the solutions of grids, up to a limit, any size and variant
  solve       the solution of each puzzle (or none, several), as text or SVG
  generate    new puzzles with one solution, of a QQWing level or technique
  rate        the level and hardest technique of each puzzle, step by step
  play        a bot for the CodeCup 2024 sudoku game (or 2012 qttt: --game qttt)
  check-move  the referee's verdict on one move of a CodeCup game
  match       play two bot programs against each other under the CodeCup rules

Options:
  -h, --help     show this help
  -V, --version  show the version

Run 'sudokit <command> --help' for the options of a command.

Exit status: 0 success; 1 a negative answer (see the command's help) or output that could
not be written; 2 bad usage or bad input; 3 an internal error (a bug: please report it;
SUDOKIT_DEBUG=1 adds the stack).
`;

type Command = (args: string[]) => Promise<number>;

const commands: Record<string, () => Promise<Command>> = {
  "classify": async () => (await import("./classify.ts")).classifyCommand,
  "verdict": async () => (await import("./verdict.ts")).verdictCommand,
  "count": async () => (await import("./count/count.ts")).countCommand,
  "solve": async () => (await import("./solve.ts")).solveCommand,
  "generate": async () => (await import("./generate.ts")).generateCommand,
  "rate": async () => (await import("./rate.ts")).rateCommand,
  "play": async () => (await import("./play/play.ts")).play,
  "check-move": async () => (await import("./check_move.ts")).checkMove,
  "match": async () => (await import("./match/match.ts")).match,
};

/** Whether `name` is a command: an own key of the table, not an inherited `toString`. */
function isCommand(name: string): boolean {
  return Object.hasOwn(commands, name);
}

/** Report an unknown command or option `name`, then the usage; returns the status. */
function unknown(name: string): number {
  const quoted = quoteInput(name, 40);
  printError(name.startsWith("-") ? `unknown option ${quoted}` : `unknown command ${quoted}`);
  writeStderr("\n" + mainHelp);
  return EXIT_USAGE;
}

/** Run the tool with its arguments; returns the exit status. */
export async function main(args: string[]): Promise<number> {
  const [first, ...rest] = args;
  if (first === undefined) {
    writeStderr(mainHelp);
    return EXIT_USAGE;
  }
  if (first === "-h" || first === "--help" || first === "help") {
    if (first === "help" && rest[0] !== undefined) {
      return isCommand(rest[0]) ? main([rest[0], "--help"]) : unknown(rest[0]);
    }
    return printHelp(mainHelp);
  }
  if (first === "-V" || first === "--version") return printHelp(`sudokit ${denoJson.version}\n`);
  if (!isCommand(first)) return unknown(first);
  const command = await commands[first]();
  return await guard(first, () => command(rest));
}

if (import.meta.main) {
  // A failure outside a command's guard (a worker's, a callback's) is a bug as well.
  globalThis.addEventListener("error", (e) => {
    e.preventDefault();
    Deno.exit(reportInternalError(e.error));
  });
  globalThis.addEventListener("unhandledrejection", (e) => {
    e.preventDefault();
    Deno.exit(reportInternalError(e.reason));
  });
  let status: number;
  try {
    status = await main(Deno.args);
  } catch (e) {
    status = reportInternalError(e);
  }
  Deno.exit(status);
}
