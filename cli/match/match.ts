/**
 * `sudokit match`: plays two bot programs against each other under a CodeCup game's
 * protocol and rules, as the competition's referee would, and reports the results.
 *
 * The runner knows games only through the referee contract's `GameFactory`: it asks the
 * game what to send, relays the reply, keeps each side's clock, and turns a crash, an early
 * exit or silence into a fault the game scores. Every wait is bounded and every child is
 * reaped. The bots live in `bots.ts`, one game in `game.ts`, the report in `table.ts`, the
 * replays (`--replay DIR`) in `replay.ts`.
 *
 * @module
 */

import { qtttGame } from "../../lib/qttt/mod.ts";
import { RULE_SETS, sudokuGameFor } from "../../lib/sudoku_game/mod.ts";
import {
  CommandError,
  describeOsError,
  EXIT_OK,
  Output,
  printHelp,
  requirePermission,
  UsageError,
  WriteError,
  writeStderr,
} from "../io.ts";
import { choiceFlag, intFlag, numberFlag, parseFlags } from "../flags.ts";
import { canSetsid, interrupted, listenFor, runnable, splitCommand, withGame } from "./bots.ts";
import { type GameOptions, type GameRecord, playGame } from "./game.ts";
import {
  makeReplayDir,
  REPLAY_SOLUTION_LIMIT,
  type ReplaySettings,
  writeReplay,
} from "./replay.ts";
import { addRecord, faultLines, formatTable, newTally, type Tally } from "./table.ts";

export { commandArgv, splitCommand, withGame } from "./bots.ts";

/** Help text of `match`. */
export const matchHelp = `Usage: sudokit match [options] [--] "COMMAND A" "COMMAND B"

Play games between two bot programs under a CodeCup game's protocol and rules,
judging every move as the competition's referee would. Each game starts both
bots afresh as child processes; A moves first in odd games, B in even ones.

Each COMMAND is split into words like a shell would (single and double quotes,
backslash); one with pipes, redirections, variables or globs is run by 'sh -c'.
'{game}' in a COMMAND is replaced by the game number, e.g. to vary a seed:
"sudokit play --seed {game}"; '{time}' by the seconds each side has for the
game (--time), so that a bot plans for the match's clock: "sudokit play
--time {time}" (the sudoku bot plans for 30 s unless told; at --time 5 it
would lose on TIMEOUT).

Protocol: the first player reads 'Start', then each reads its opponent's move
and answers with its own, one per line; blank lines from a bot are skipped.
When the game ends both get 'Quit'; a bot still running 1 s later is killed.
Each bot runs in a process group of its own (through setsid, when available),
killed as a whole at the end of its game, so helpers it started go too.
Clock: a side's time runs from writing the opponent's move to reading its
reply, summed over the game. A bot that exceeds it loses on TIMEOUT and is
killed; one that exits or closes its output before answering loses on CRASH;
a reply the referee rejects loses with the game's status (ILLEGAL, ...).

Options:
  --game sudoku|qttt     the game: CodeCup 2024 sudoku (default) or CodeCup 2012
                         quantum tic-tac-toe
  --games N              number of games (default 20)
  --time SECONDS         time per game for each bot (default: the game's, 30
                         for sudoku, 5 for qttt); '{time}' in a COMMAND
  --rules final|classic  sudoku rule set (default final)
  --jobs N               games played at once (default 1, not one per core:
                         bots playing at once share the cores, and their
                         clocks with them)
  --out FILE             write one CSV row per game, in the layout of the
                         CodeCup 2024 record files (Game,Round,IsSwiss,User1,
                         Score1,Status1,User2,Score2,Status2,Moves,Solution;
                         User1 moved first)
  --replay DIR           write each game's replay into DIR (made if missing):
                         game-N.html, one self-contained page showing the board
                         after every move (arrow keys, Home/End, a slider),
                         each side's moves and clock, the solution count after
                         each sudoku move (counted up to 1000), the claim and
                         the verdict; and game-N.json, the same as data: per
                         move the line, the referee's status and reason, the
                         position after it, the solution count, the time used
                         and both clocks
  --bot-stderr           pass the bots' standard error through (default: drop)
  --format text          the table below (its only format; --out writes CSV)
  -h, --help             show this help

Output: progress on standard error when it is a terminal; at the end a table
on standard output, one row per bot: games, wins, points, mean and maximum time
used per game in seconds, and the final statuses with their counts (WIN, LOSE,
DRAW, or the fault: ILLEGAL, TIMEOUT, CRASH, ...); then the two commands, one
line for each game lost by a fault (the first 10), and a note for each bot
that had to be killed after 'Quit'.

Exit status: 0 when every game was played, 2 on bad usage, when a bot cannot be
started, or on a referee error.

Examples:
  sudokit match --games 10 -- "sudokit play --level random" "python3 mybot.py"
  sudokit match --time 5 -- "sudokit play --time {time}" "sudokit play --time {time}"
`;

/** Run `match` with its arguments; returns the exit status. */
export async function match(args: string[]): Promise<number> {
  const { values, positionals } = await parseFlags(args, {
    help: { type: "boolean", short: "h" },
    games: { type: "string" },
    time: { type: "string" },
    rules: { type: "string" },
    jobs: { type: "string" },
    out: { type: "string" },
    game: { type: "string" },
    replay: { type: "string" },
    "bot-stderr": { type: "boolean" },
    format: { type: "string" },
  });
  if (values.help) return printHelp(matchHelp);
  // The one shape, named as every command that prints text names its own.
  choiceFlag("format", values.format, ["text"] as const, "text");
  const gameName = choiceFlag("game", values.game, ["sudoku", "qttt"] as const, "sudoku");
  if (gameName === "qttt" && values.rules !== undefined) {
    throw new UsageError("--rules applies to --game sudoku only");
  }
  const rules = choiceFlag("rules", values.rules, RULE_SETS, "final");
  const replayDir = values.replay;
  if (replayDir !== undefined && replayDir.trim() === "") {
    throw new UsageError("--replay needs a directory, not an empty name");
  }
  // Replays show how the solution count falls; without them nothing reads the count, and
  // the referee's verdicts already count what the rules need.
  const solutionLimit = replayDir === undefined ? 0 : REPLAY_SOLUTION_LIMIT;
  const factory = gameName === "qttt" ? qtttGame : sudokuGameFor(rules, { solutionLimit });
  const games = intFlag("games", values.games, 1, 1_000_000, 20);
  const time = numberFlag("time", values.time, 0.001, 86_400, factory.defaultTime);
  const jobs = intFlag("jobs", values.jobs, 1, 64, 1);
  if (positionals.length !== 2) {
    throw new UsageError(
      `match needs two bot commands after '--', not ${positionals.length}`,
    );
  }
  const commands: [string, string] = [positionals[0], positionals[1]];
  for (const c of commands) {
    if (splitCommand(c) === undefined && c.trim() === "") {
      throw new UsageError("a bot command is empty");
    }
  }
  // Records name each bot by its command; the same command twice gets told apart.
  const names: [string, string] = commands[0] === commands[1]
    ? [`${commands[0]} (A)`, `${commands[1]} (B)`]
    : [commands[0], commands[1]];

  requirePermission("match", { name: "run" }, "to start the bots");
  let csv: Deno.FsFile | undefined;
  if (values.out !== undefined) {
    requirePermission("match", { name: "write", path: values.out }, `to ${values.out}`);
    try {
      csv = await Deno.open(values.out, { write: true, create: true, truncate: true });
    } catch (e) {
      throw new CommandError(`cannot write ${values.out}: ${describeOsError(e)}`);
    }
  }
  const encoder = new TextEncoder();
  const writeCsv = (text: string) => {
    let bytes = encoder.encode(text);
    try {
      while (bytes.length > 0) bytes = bytes.subarray(csv!.writeSync(bytes));
    } catch (e) {
      throw new WriteError(`cannot write ${values.out}: ${describeOsError(e)}`);
    }
  };
  for (const c of commands) {
    const argv = splitCommand(withGame(c, 1, time));
    if (argv !== undefined && !(await runnable(argv[0]))) {
      throw new CommandError(`cannot start '${c}': ${argv[0]} is not found`);
    }
  }
  let replay: ReplaySettings | undefined;
  if (replayDir !== undefined) {
    requirePermission("match", { name: "write", path: replayDir }, `to ${replayDir}`);
    // Made once the bots are known to start, so a typo leaves no empty directory behind.
    await makeReplayDir(replayDir);
    replay = {
      dir: replayDir,
      game: factory.name,
      rules: gameName === "sudoku" ? rules : undefined,
      names,
      limitMs: time * 1000,
    };
  }
  const opts: GameOptions = {
    factory,
    limitMs: time * 1000,
    stderr: values["bot-stderr"] ? "inherit" : "null",
    groups: await canSetsid(),
  };
  const tallies: [Tally, Tally] = [newTally(), newTally()];
  const done = new Map<number, GameRecord>();
  let nextRow = 1;
  let finished = 0;
  const progress = Deno.stderr.isTerminal();
  const showProgress = () => {
    if (!progress) return;
    const [a, b] = tallies;
    const text = `\rgame ${finished}/${games}: A ${a.wins} wins ${a.points} points, ` +
      `B ${b.wins} wins ${b.points} points`;
    writeStderr(text);
  };
  const records: GameRecord[] = [];
  let failure: unknown;
  let nextGame = 1;
  const worker = async () => {
    while (failure === undefined && nextGame <= games) {
      const index = nextGame++;
      // Odd games: A moves first; even games: B does.
      const bots: [number, number] = index % 2 === 1 ? [0, 1] : [1, 0];
      let rec: GameRecord;
      try {
        const seated: [string, string] = [
          withGame(commands[bots[0]], index, time),
          withGame(commands[bots[1]], index, time),
        ];
        rec = await playGame(index, seated, bots, opts);
      } catch (e) {
        failure ??= e instanceof CommandError || e instanceof WriteError ? e : new CommandError(
          `game ${index}: referee error: ${e instanceof Error ? e.message : String(e)}`,
        );
        return;
      }
      addRecord(tallies, rec);
      // The log is only for the replay: a long match keeps just what the report needs.
      const kept: GameRecord = { ...rec, result: { ...rec.result, log: undefined } };
      records.push(kept);
      finished++;
      done.set(index, kept);
      try {
        if (replay !== undefined) await writeReplay(replay, rec);
        while (done.has(nextRow)) {
          const r = done.get(nextRow)!;
          done.delete(nextRow);
          if (csv !== undefined) {
            if (nextRow === 1) writeCsv(factory.csvHeader + "\n");
            const seatNames: [string, string] = [names[r.bots[0]], names[r.bots[1]]];
            writeCsv(factory.csvRow(r.index, seatNames, r.result) + "\n");
          }
          nextRow++;
        }
      } catch (e) {
        failure ??= e;
        return;
      }
      showProgress();
    }
  };
  // Bots in their own process groups miss the terminal's Ctrl-C: pass it on.
  const signals = listenFor(["SIGINT", "SIGTERM"]);
  try {
    await Promise.all(Array.from({ length: Math.min(jobs, games) }, worker));
  } finally {
    for (const signal of signals) Deno.removeSignalListener(signal, interrupted);
    csv?.close();
    if (progress) writeStderr("\n");
  }
  if (failure !== undefined) throw failure;
  const out = new Output();
  records.sort((a, b) => a.index - b.index);
  out.write(formatTable(commands, tallies, records.flatMap(faultLines)));
  out.flush();
  return EXIT_OK;
}
