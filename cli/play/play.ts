/**
 * `sudokit play`: the CodeCup 2024 sudoku bot on standard input/output, and `--analyze`,
 * the exact game value of one position.
 *
 * @module
 */

import {
  ANALYZE_MAX,
  analyzePosition,
  BotSession,
  ENUM_LIMIT,
  ENUM_TRIGGER,
  formatGrid81,
  formatMove,
  OPENING_GIVENS,
  parseGrid81,
  SudokuBot,
  tableBytes,
} from "../../lib/sudoku_game/mod.ts";
import { describeChar, quoteInput } from "../../lib/text/mod.ts";
import { analyzeFormat, formatWithoutAnalyze, parseBotFlags } from "./flags.ts";
import {
  CommandError,
  EXIT_OK,
  Output,
  printHelp,
  requirePermission,
  stdinLines,
  UsageError,
  writeLineNow,
  writeStderr,
} from "../io.ts";
import { choiceFlag, coreCount, intFlag, numberFlag, seedFlag } from "../flags.ts";
import { workerSources } from "../worker_url.ts";
import { startHelpers } from "./helpers.ts";

/** The numbers of the help, as it writes them: 750,000 and so on. */
const ENUM_FROM = thousands(ENUM_TRIGGER * ENUM_LIMIT);
const ENUM_MOST = thousands(ENUM_LIMIT);
const CAP = thousands(ANALYZE_MAX);

/** Help text of `play`. */
export const playHelp = `Usage: sudokit play [options]
       sudokit play --analyze GRID [--time SECONDS] [--format text|json]
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
                         can); strong (default): random opening (under ${OPENING_GIVENS}
                         givens), then keeps the solution count high; once an
                         estimate is below ${ENUM_FROM} solutions it enumerates
                         them, at most ${ENUM_MOST} (more: it tries again later),
                         and from then on searches each turn exactly on that
                         set (a win first; else a set of 100,000 or more that
                         no reply can hand back; else the safest move)
  --seed N               random seed (default: a fresh one per run, written to
                         standard error as 'seed N'); the same seed and the
                         same opponent moves give the same game
  --jobs N               threads for the endgame search, at most the number of
                         cores (default 2, not one per core: the search is
                         built for two threads, which split a long move from
                         both ends; 1 on one core, or when the worker module
                         may not be read, as 'deno task play' allows). The
                         competition ran one thread: use --jobs 1 to play as
                         its bot did
  --time SECONDS         thinking time for the whole game (default 30); the
                         bot keeps a safety margin. With --analyze: a limit on
                         the whole analysis, enumeration and search (default
                         none); when it runs out the value is UNKNOWN, exit 0
  --analyze GRID         print the game value of the position for the side to
                         move instead of playing: GRID is 81 characters, row by
                         row, '1'..'9' for givens and '.' or '0' for empty cells.
                         All its solutions are enumerated first, at most
                         ${CAP}: a grid with more is refused (fill in more
                         cells). Prints value (LOSS, WIN1: a move wins at
                         once, WIN2: it wins later, UNKNOWN: out of time), the
                         winning moves, the number of solutions ('at least N'
                         when the time ran out while enumerating), nodes, time
  --format text|json     with --analyze: text lines (default), or one JSON
                         object {"grid", "value", "winning_moves" (a list),
                         "solutions", "solutions_exact" (false when the time
                         ran out while enumerating), "nodes", "ms"}
  --game sudoku|qttt     the game (default sudoku); 'qttt' runs the CodeCup
                         2012 quantum tic-tac-toe bot with the remaining options
                         (see 'sudokit play --game qttt --help')
  -h, --help             show this help

Exit status: 0 normally (also when --time runs out), 2 on bad usage, a grid
with no solution or too many, or an opponent's move that cannot be taken.

Examples:
  sudokit match -- "sudokit play" "sudokit play --level random"
  sudokit play --analyze 3...86.........3..2.1....658...5..2........4.4.....87...7....96..52.....6....1...
`;

/** Debug characters written to stderr per game at most (the competition keeps ~10,000). */
const DEBUG_MAX = 3_000;

/** Run `play` with its arguments (after the subcommand); returns the exit status. */
export async function play(args: string[]): Promise<number> {
  const { game, values, positionals } = await parseBotFlags(args);
  if (game === "qttt") {
    if (positionals.length > 0 && !values.help) throw unexpected(positionals[0]);
    const { playQttt } = await import("./qttt.ts");
    return await playQttt(values);
  }
  if (values.help) return printHelp(playHelp);
  if (positionals.length > 0) throw unexpected(positionals[0]);
  const level = choiceFlag("level", values.level, ["random", "strong"] as const, "strong");
  // Without --seed every game differs (the match runner starts bots with the same command).
  const seed = seedFlag(values.seed, 2 ** 31 - 1);
  if (values.analyze !== undefined) {
    if (values.jobs !== undefined) {
      throw new UsageError("--jobs is for the bot's games: --analyze searches in one thread");
    }
    const limit = values.time === undefined
      ? undefined
      : numberFlag("time", values.time, 0.001, 86_400, 30);
    return analyze(values.analyze, limit, analyzeFormat(values.format));
  }
  if (values.format !== undefined) throw formatWithoutAnalyze();
  const time = numberFlag("time", values.time, 0.1, 86_400, 30);
  const helpers = helperCount(values.jobs);
  // The seed repeats the game: said where the bot's debug goes, never on its protocol.
  writeStderr(`seed ${seed}\n`);
  return await runBot(level, seed, time, helpers);
}

/**
 * Helper threads for `--jobs` (one less than the threads): by default one per core beyond
 * the first, up to one, when the worker module may be read (`deno task play` grants it);
 * asked for explicitly, a missing permission is an error.
 */
function helperCount(jobs: string | undefined): number {
  const threads = Math.min(intFlag("jobs", jobs, 1, 64, 2), coreCount());
  if (threads <= 1) return 0;
  for (const path of workerSources("play")) {
    const read = { name: "read", path } as const;
    if (jobs === undefined && Deno.permissions.querySync(read).state !== "granted") return 0;
    requirePermission("play", read, "for --jobs (to start its threads)");
  }
  return threads - 1;
}

function unexpected(arg: string): UsageError {
  return new UsageError(`unexpected argument ${quoteInput(arg, 40)}`);
}

/** What `--analyze` found, printed as text lines or as one JSON object. */
interface Analyzed {
  readonly grid: string;
  /** `LOSS`, `WIN1`, `WIN2`, or `UNKNOWN` when the time ran out. */
  readonly value: string;
  readonly winning: readonly string[];
  /** Solutions enumerated: all of them when `exact`, else as many as the time allowed. */
  readonly solutions: number;
  readonly exact: boolean;
  readonly nodes: number;
  readonly ms: number;
}

/** 4,000,000: a count as help texts and messages write it. */
function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+$)/g, ",");
}

/** `--analyze GRID`: value, winning moves, solutions, effort, within `limitSeconds`. */
function analyze(
  text: string,
  limitSeconds: number | undefined,
  format: "text" | "json",
): number {
  const t0 = performance.now();
  const now = () => performance.now();
  const grid = parseAnalyzeGrid(text.trim());
  const a = analyzePosition(
    grid,
    limitSeconds === undefined ? {} : { deadline: t0 + limitSeconds * 1000, now },
  );
  switch (a.kind) {
    case "conflict":
      throw new CommandError(`--analyze: the grid breaks the rules: ${a.conflict}`);
    case "no-solution":
      throw new CommandError("--analyze: the grid has no solution");
    case "too-many":
      throw new CommandError(
        a.estimate !== undefined
          ? `--analyze: the grid has about ${a.estimate.toExponential(1)} solutions ` +
            `(estimated), far more than the ${CAP} it can enumerate: fill in more cells`
          : `--analyze: the grid has more than ${CAP} solutions, the most it can enumerate: ` +
            "fill in more cells",
      );
  }
  const report: Analyzed = {
    grid: formatGrid81(grid),
    value: a.value ?? "UNKNOWN",
    winning: a.winning.map(formatMove),
    solutions: a.solutions,
    exact: a.exact,
    nodes: a.nodes,
    ms: performance.now() - t0,
  };
  const out = new Output();
  out.write(format === "json" ? analyzedJson(report) : analyzedText(report));
  out.flush();
  return EXIT_OK;
}

/** The grid of `--analyze`, or a usage error that says what is wrong with it. */
function parseAnalyzeGrid(text: string): Uint8Array {
  const grid = parseGrid81(text);
  if (grid !== undefined) return grid;
  const form = "--analyze takes a grid of 81 characters, row by row: '1'..'9' for givens, " +
    "'.' or '0' for empty cells";
  const chars = [...text];
  if (chars.length !== 81) {
    throw new UsageError(`${form}; ${quoteInput(text, 40)} has ${chars.length} characters`);
  }
  const at = chars.findIndex((ch) => !/^[0-9.]$/.test(ch));
  throw new UsageError(`${form}; character ${at + 1} is ${describeChar(chars[at])}`);
}

/** The text lines of an analysis. */
function analyzedText(r: Analyzed): string {
  const solutions = r.exact
    ? String(r.solutions)
    : `at least ${r.solutions} (enumeration stopped at the time limit)`;
  return `grid: ${r.grid}\n` +
    `value: ${r.value}\n` +
    `winning moves: ${r.winning.length === 0 ? "-" : r.winning.join(" ")}\n` +
    `solutions: ${solutions}\n` +
    `nodes: ${r.nodes}\n` +
    `time: ${r.ms.toFixed(1)} ms\n`;
}

/** The JSON line of an analysis: the text's fields. */
function analyzedJson(r: Analyzed): string {
  return JSON.stringify({
    grid: r.grid,
    value: r.value,
    winning_moves: r.winning,
    solutions: r.solutions,
    solutions_exact: r.exact,
    nodes: r.nodes,
    ms: Math.round(r.ms * 1000) / 1000,
  }) + "\n";
}

/** Table size of the bot (2^22 buckets, 256 MiB), shared with its helper threads. */
const TABLE_BITS = 22;

/** The protocol loop: one bot, one game. */
async function runBot(
  level: "random" | "strong",
  seed: number,
  timeSeconds: number,
  helperThreads: number,
): Promise<number> {
  const now = () => performance.now();
  const totalMs = timeSeconds * 1000;
  // Only the strong level searches (the memory is taken as it is touched).
  const tableBuffer = level === "strong"
    ? new SharedArrayBuffer(tableBytes(TABLE_BITS))
    : undefined;
  const pool = tableBuffer !== undefined && helperThreads > 0
    ? startHelpers(helperThreads, TABLE_BITS, tableBuffer)
    : undefined;
  try {
    return await protocol(
      new SudokuBot({
        level,
        seed,
        now,
        totalMs,
        tableBits: TABLE_BITS,
        tableBuffer,
        helpers: pool?.helpers,
      }),
      totalMs,
    );
  } finally {
    pool?.close();
  }
}

async function protocol(bot: SudokuBot, totalMs: number): Promise<number> {
  const now = () => performance.now();
  // performance.now() counts from the process start: the runtime's start-up is counted.
  const session = new BotSession(bot, { totalMs, startedAt: 0, debugMax: DEBUG_MAX });
  bot.calibrate();
  session.ready(now());
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
