/**
 * The `sudokit` command line: dispatches to one module per subcommand, loaded only when
 * used so that start-up stays fast.
 *
 * @module
 */

import { quoteInput } from "../lib/text/escape.ts";
import denoJson from "../deno.json" with { type: "json" };
import { EXIT_USAGE, guard, printError, printHelp, writeStderr } from "./io.ts";

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

/** Run the tool with its arguments; returns the exit status. */
export async function main(args: string[]): Promise<number> {
  const [first, ...rest] = args;
  if (first === undefined) {
    writeStderr(mainHelp);
    return EXIT_USAGE;
  }
  if (first === "-h" || first === "--help" || first === "help") {
    if (first === "help" && rest[0] !== undefined && rest[0] in commands) {
      return main([rest[0], "--help"]);
    }
    return printHelp(mainHelp);
  }
  if (first === "-V" || first === "--version") return printHelp(`sudokit ${denoJson.version}\n`);
  const load = Object.hasOwn(commands, first) ? commands[first] : undefined;
  if (load === undefined) {
    const name = quoteInput(first, 40);
    printError(first.startsWith("-") ? `unknown option ${name}` : `unknown command ${name}`);
    writeStderr("\n" + mainHelp);
    return EXIT_USAGE;
  }
  const command = await load();
  return await guard(first, () => command(rest));
}

if (import.meta.main) {
  const status = await main(Deno.args);
  Deno.exit(status);
}
