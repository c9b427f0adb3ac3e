/**
 * `sudokit match`: plays two bot programs against each other under a CodeCup game's
 * protocol and rules, as the competition's referee would, and reports the results.
 *
 * The runner knows games only through {@linkcode GameFactory}: it asks the game what to
 * send, relays the reply, keeps each side's clock, and turns a crash, an early exit or
 * silence into a fault the game scores. Every wait is bounded and every child is reaped.
 *
 * @module
 */

import { qtttGame } from "../lib/qttt/referee.ts";
import type { GameFactory, GameResult, RefereeGame } from "../lib/referee/contract.ts";
import { sudokuGameFor } from "../lib/sudoku_game/referee.ts";
import { RULE_SETS } from "../lib/sudoku_game/rules.ts";
import {
  choiceFlag,
  CommandError,
  describeOsError,
  EXIT_OK,
  intFlag,
  numberFlag,
  Output,
  parseFlags,
  printHelp,
  requirePermission,
  UsageError,
  WriteError,
  writeStderr,
} from "./io.ts";

/** Help text of `match`. */
export const matchHelp = `Usage: sudokit match [options] [--] "COMMAND A" "COMMAND B"

Play games between two bot programs under a CodeCup game's protocol and rules,
judging every move as the competition's referee would. Each game starts both
bots afresh as child processes; A moves first in odd games, B in even ones.

Each COMMAND is split into words like a shell would (single and double quotes,
backslash); one with pipes, redirections, variables or globs is run by 'sh -c'.
'{game}' in a COMMAND is replaced by the game number, e.g. to vary a seed:
"sudokit play --seed {game}".

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
                         for sudoku, 5 for qttt)
  --rules final|classic  sudoku rule set (default final)
  --jobs N               games played at once (default 1; one is fairest for
                         timing)
  --out FILE             write one CSV row per game, in the layout of the
                         CodeCup 2024 record files (Game,Round,IsSwiss,User1,
                         Score1,Status1,User2,Score2,Status2,Moves,Solution;
                         User1 moved first)
  --bot-stderr           pass the bots' standard error through (default: drop)
  -h, --help             show this help

Output: progress on standard error when it is a terminal; at the end a table
on standard output, one row per bot: games, wins, points, mean and maximum time
used per game in seconds, and the final statuses with their counts (WIN, LOSE,
DRAW, or the fault: ILLEGAL, TIMEOUT, CRASH, ...); then the two commands, one
line for each game lost by a fault (the first 10), and a note for each bot
that had to be killed after 'Quit'.

Exit status: 0 when every game was played, 2 on bad usage, when a bot cannot be
started, or on a referee error.

Example:
  sudokit match --games 10 -- "sudokit play --level random" "python3 mybot.py"
`;

/** Characters that make a command need a real shell. */
const SHELL_SPECIAL = new Set("|&;<>()$`*?[]{}~#".split(""));

/**
 * Split a command line into words like a POSIX shell for simple commands: blanks separate
 * words, single quotes keep everything, double quotes keep all but `\\`, `\"`, `\$` and
 * `` \` `` escapes, a backslash outside quotes escapes the next character. Returns
 * undefined when the command needs a real shell (pipes, redirections, variables, globs,
 * unbalanced quotes) or has no words.
 */
export function splitCommand(command: string): string[] | undefined {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let i = 0;
  while (i < command.length) {
    const ch = command[i];
    if (ch === "'") {
      const j = command.indexOf("'", i + 1);
      if (j < 0) return undefined;
      word += command.slice(i + 1, j);
      inWord = true;
      i = j + 1;
    } else if (ch === '"') {
      let j = i + 1;
      for (; j < command.length && command[j] !== '"'; j++) {
        const c = command[j];
        if (c === "\\" && j + 1 < command.length && '"\\$`'.includes(command[j + 1])) {
          word += command[++j];
        } else if (c === "$" || c === "`") {
          return undefined;
        } else {
          word += c;
        }
      }
      if (j >= command.length) return undefined;
      inWord = true;
      i = j + 1;
    } else if (ch === "\\") {
      if (i + 1 >= command.length) return undefined;
      word += command[i + 1];
      inWord = true;
      i += 2;
    } else if (ch === " " || ch === "\t" || ch === "\n") {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
      i++;
    } else if (SHELL_SPECIAL.has(ch)) {
      return undefined;
    } else {
      word += ch;
      inWord = true;
      i++;
    }
  }
  if (inWord) words.push(word);
  return words.length > 0 ? words : undefined;
}

/** A command with each `{game}` replaced by the game number (to vary a bot's seed). */
export function withGame(command: string, index: number): string {
  return command.replaceAll("{game}", String(index));
}

/** The argv to start a command with: its words, or `sh -c` when it needs a shell. */
export function commandArgv(command: string): string[] {
  return splitCommand(command) ?? ["sh", "-c", command];
}

/** One line a bot wrote, with the time it arrived. */
interface Line {
  readonly text: string;
  readonly at: number;
}

/** Longest line kept whole; a bot that writes more without a newline is cut (and loses). */
const MAX_LINE = 1 << 16;

/** `promise`, or `fallback` after `ms`; the timer never outlives the race. */
async function within<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<F>((resolve) => {
    timer = setTimeout(() => resolve(fallback), Math.max(0, ms));
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Bots started and not yet reaped, to kill them all when the runner is interrupted. */
const live = new Set<Bot>();

/** Kill every running bot and end the runner (on Ctrl-C or SIGTERM). */
function interrupted(): void {
  for (const bot of live) bot.kill();
  Deno.exit(130);
}

/** Call {@linkcode interrupted} on these signals; returns those the platform supports. */
function listenFor(signals: Deno.Signal[]): Deno.Signal[] {
  return signals.filter((signal) => {
    try {
      Deno.addSignalListener(signal, interrupted);
      return true;
    } catch {
      return false;
    }
  });
}

/** Whether `command args...` runs and succeeds with no input or output; `fallback` if it cannot start. */
async function succeeds(command: string, args: string[], fallback: boolean): Promise<boolean> {
  try {
    const r = await new Deno.Command(command, {
      args,
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).output();
    return r.success;
  } catch {
    return fallback;
  }
}

/** Whether `setsid` can start bots in process groups of their own on this machine. */
function canSetsid(): Promise<boolean> {
  return succeeds("setsid", ["true"], false);
}

/**
 * Whether a program name resolves to something runnable, asked of `sh` (bots started through
 * `setsid` cannot report a missing program themselves).
 */
function runnable(program: string): Promise<boolean> {
  return succeeds("sh", ["-c", 'command -v "$1" >/dev/null 2>&1', "sh", program], true);
}

/** A running bot: its process, a line queue fed from its stdout, and a way to end it. */
class Bot {
  readonly #child: Deno.ChildProcess;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #queue: Line[] = [];
  #eof = false;
  #wake: (() => void) | undefined;
  #status: Deno.CommandStatus | undefined;
  readonly #exited: Promise<Deno.CommandStatus>;
  readonly #pumped: Promise<void>;

  /** Whether the bot leads its own process group (started through `setsid`). */
  readonly #group: boolean;

  /**
   * Start `argv`, in a process group of its own when `group` (so that killing it also
   * kills whatever it started); throws what `Deno.Command.spawn` throws when it cannot.
   */
  constructor(argv: readonly string[], stderr: "inherit" | "null", group: boolean) {
    const full = group ? ["setsid", ...argv] : argv;
    this.#child = new Deno.Command(full[0], {
      args: full.slice(1),
      stdin: "piped",
      stdout: "piped",
      stderr,
    }).spawn();
    this.#group = group;
    live.add(this);
    this.#exited = this.#child.status.then((s) => (this.#status = s));
    this.#writer = this.#child.stdin.getWriter();
    this.#reader = this.#child.stdout.getReader();
    this.#pumped = this.#pump();
  }

  async #pump(): Promise<void> {
    const decoder = new TextDecoder();
    let rest = "";
    const push = (text: string, at: number) => {
      this.#queue.push({ text: text.endsWith("\r") ? text.slice(0, -1) : text, at });
    };
    try {
      for (;;) {
        const { value, done } = await this.#reader.read();
        if (done) break;
        const at = performance.now();
        rest += decoder.decode(value, { stream: true });
        let nl = rest.indexOf("\n");
        while (nl >= 0) {
          push(rest.slice(0, nl), at);
          rest = rest.slice(nl + 1);
          nl = rest.indexOf("\n");
        }
        if (rest.length > MAX_LINE) {
          push(rest, at);
          rest = "";
        }
        this.#notify();
      }
      rest += decoder.decode();
      if (rest.length > 0) push(rest, performance.now());
    } catch {
      // Cancelled at the end of the game, or the pipe broke: either way no more lines.
    }
    this.#eof = true;
    this.#notify();
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  /** Write one line; a bot that has gone away shows up as end of output on the next read. */
  send(line: string): void {
    this.#writer.write(new TextEncoder().encode(line + "\n")).catch(() => {});
  }

  /** The next line, or `eof` when the bot closed its output, or `timeout` after `ms`. */
  async next(ms: number): Promise<Line | "eof" | "timeout"> {
    const deadline = performance.now() + ms;
    for (;;) {
      const line = this.#queue.shift();
      if (line !== undefined) return line;
      if (this.#eof) return "eof";
      const left = deadline - performance.now();
      if (left <= 0) return "timeout";
      let timer: ReturnType<typeof setTimeout> | undefined;
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
        timer = setTimeout(resolve, left + 1);
      });
      clearTimeout(timer);
      this.#wake = undefined;
    }
  }

  /** How the process ended, waiting at most `ms` for it; undefined if it is still running. */
  async exitStatus(ms: number): Promise<Deno.CommandStatus | undefined> {
    return this.#status ?? await within(this.#exited, ms, undefined);
  }

  /** Kill the process (and its process group) at once: it keeps nothing worth waiting for. */
  kill(): void {
    if (this.#group) {
      try {
        Deno.kill(-this.#child.pid, "SIGKILL");
      } catch {
        // The whole group is gone already.
      }
    }
    if (this.#status !== undefined) return;
    try {
      this.#child.kill("SIGKILL");
    } catch {
      // It exited in the meantime.
    }
  }

  /**
   * End the bot: send `Quit` (when `quit`), close its input, give it `graceMs` to exit,
   * then kill it; always reaps the process and stops reading. Returns whether it exited
   * by itself.
   */
  async stop(quit: boolean, graceMs: number): Promise<boolean> {
    if (quit) this.send("Quit");
    await within(this.#writer.close().catch(() => {}), graceMs, undefined);
    const status = await this.exitStatus(graceMs);
    // Also ends anything the bot left running in its group.
    if (status === undefined || this.#group) this.kill();
    await this.#exited;
    live.delete(this);
    try {
      await this.#reader.cancel();
    } catch {
      // Already closed.
    }
    await this.#pumped;
    return status !== undefined;
  }
}

/** Describe how a process ended, for a CRASH reason. */
function describeExit(status: Deno.CommandStatus | undefined): string {
  if (status === undefined) return "closed its output before answering";
  if (status.signal !== null) return `was killed by ${status.signal} before answering`;
  return `exited with code ${status.code} before answering`;
}

/** Judgement statuses that are not a fault of the mover. */
const NORMAL_STATUSES = new Set(["OK", "WIN", "LOSE", "DRAW"]);

/** How long a bot may take to exit after `Quit` before it is killed. */
const QUIT_GRACE_MS = 1000;

/** What one game produced, by seat. */
interface GameRecord {
  /** 1-based game number. */
  readonly index: number;
  /** Which bot (0 = A, 1 = B) sat in seat 0 and seat 1. */
  readonly bots: readonly [number, number];
  readonly result: GameResult;
  /** Milliseconds of thinking time used, by seat. */
  readonly used: readonly [number, number];
  /** Why each seat's game ended badly (empty when it did not), by seat. */
  readonly faults: readonly [string, string];
  /** Whether each seat had to be killed after `Quit`, by seat. */
  readonly unquit: readonly [boolean, boolean];
}

/** Options of one game. */
interface GameOptions {
  readonly factory: GameFactory;
  readonly limitMs: number;
  readonly stderr: "inherit" | "null";
  /** Whether bots get process groups of their own (`setsid`). */
  readonly groups: boolean;
}

/** Start a bot, or fail the match with a clear message. */
function startBot(command: string, stderr: "inherit" | "null", group: boolean): Bot {
  const argv = commandArgv(command);
  try {
    return new Bot(argv, stderr, group);
  } catch (e) {
    throw new CommandError(`cannot start '${command}': ${describeOsError(e)}`);
  }
}

/** Play one game between `commands` (by seat); throws on a referee error or a failed start. */
async function playGame(
  index: number,
  commands: readonly [string, string],
  bots: readonly [number, number],
  opts: GameOptions,
): Promise<GameRecord> {
  const game: RefereeGame = opts.factory.create();
  const procs: Bot[] = [];
  const used: [number, number] = [0, 0];
  const faults: [string, string] = ["", ""];
  const gone: [boolean, boolean] = [false, false];
  let unquit: [boolean, boolean] = [false, false];
  try {
    procs.push(startBot(commands[0], opts.stderr, opts.groups));
    procs.push(startBot(commands[1], opts.stderr, opts.groups));
    while (!game.over) {
      const seat = game.turn;
      if (game.autoplay(seat)) {
        game.submit(game.autoMove());
        continue;
      }
      const bot = procs[seat];
      const sentAt = performance.now();
      bot.send(game.message());
      const deadline = sentAt + opts.limitMs - used[seat];
      let reply: string | undefined;
      let fault: [string, string] | undefined;
      while (reply === undefined && fault === undefined) {
        const r = await bot.next(deadline - performance.now());
        if (r === "timeout") {
          used[seat] += performance.now() - sentAt;
          fault = ["TIMEOUT", `used more than ${opts.limitMs / 1000} s`];
        } else if (r === "eof") {
          used[seat] += performance.now() - sentAt;
          fault = ["CRASH", describeExit(await bot.exitStatus(500))];
        } else if (r.text.trim() !== "") {
          used[seat] += Math.max(0, r.at - sentAt);
          if (used[seat] > opts.limitMs) {
            fault = ["TIMEOUT", `used more than ${opts.limitMs / 1000} s`];
          } else {
            reply = r.text;
          }
        }
      }
      if (fault !== undefined) {
        bot.kill();
        gone[seat] = true;
        faults[seat] = `${fault[0]}: ${fault[1]}`;
        game.forfeit(seat, fault[0], fault[1]);
        continue;
      }
      const j = game.submit(reply!);
      if (!NORMAL_STATUSES.has(j.status)) {
        const shown = reply!.length > 24 ? reply!.slice(0, 24) + "..." : reply!;
        faults[seat] = `${j.status} (${JSON.stringify(shown)}): ${j.reason}`;
      }
      // Games that play on for a faulty seat (qttt) stop talking to its program.
      if (!game.over && game.autoplay(seat) && !gone[seat]) {
        gone[seat] = true;
        bot.kill();
      }
    }
  } finally {
    const stopped = await Promise.all(procs.map((p, s) => p.stop(!gone[s], QUIT_GRACE_MS)));
    unquit = [
      procs.length > 0 && !gone[0] && !stopped[0],
      procs.length > 1 && !gone[1] && !stopped[1],
    ];
  }
  return { index, bots, result: game.result(), used, faults, unquit };
}

/** Per-bot totals for the final table. */
interface Tally {
  games: number;
  wins: number;
  points: number;
  timeSum: number;
  timeMax: number;
  unquit: number;
  readonly statuses: Map<string, number>;
  readonly extra: Map<string, number>;
}

function newTally(): Tally {
  return {
    games: 0,
    wins: 0,
    points: 0,
    timeSum: 0,
    timeMax: 0,
    unquit: 0,
    statuses: new Map(),
    extra: new Map(),
  };
}

function addRecord(tallies: readonly [Tally, Tally], rec: GameRecord): void {
  for (const seat of [0, 1] as const) {
    const t = tallies[rec.bots[seat]];
    const status = rec.result.statuses[seat];
    t.games++;
    if (status === "WIN") t.wins++;
    t.points += rec.result.points[seat];
    t.timeSum += rec.used[seat];
    t.timeMax = Math.max(t.timeMax, rec.used[seat]);
    if (rec.unquit[seat]) t.unquit++;
    t.statuses.set(status, (t.statuses.get(status) ?? 0) + 1);
    for (const [key, values] of Object.entries(rec.result.extra ?? {})) {
      t.extra.set(key, (t.extra.get(key) ?? 0) + values[seat]);
    }
  }
}

/** How many faulty games the report lists one by one. */
const FAULTS_SHOWN = 10;

/** The report line of each seat that lost a game by a fault in `rec`. */
function faultLines(rec: GameRecord): string[] {
  const lines: string[] = [];
  for (const seat of [0, 1] as const) {
    if (rec.faults[seat] === "") continue;
    const bot = rec.bots[seat] === 0 ? "A" : "B";
    const moves = rec.result.moves.length;
    lines.push(
      `game ${rec.index}: ${bot} (${seat === 0 ? "first" : "second"}, ${moves} moves recorded) ${
        rec.faults[seat]
      }`,
    );
  }
  return lines;
}

/** The final table: one row per bot, then the commands, then faults and notes. */
function formatTable(
  commands: readonly [string, string],
  tallies: readonly [Tally, Tally],
  faults: readonly string[] = [],
): string {
  const extraKeys = [...new Set([...tallies[0].extra.keys(), ...tallies[1].extra.keys()])];
  const header = ["bot", "games", "wins", "points", ...extraKeys, "mean_s", "max_s", "statuses"];
  const rows = tallies.map((t, i) => [
    i === 0 ? "A" : "B",
    String(t.games),
    String(t.wins),
    String(t.points),
    ...extraKeys.map((k) => String(t.extra.get(k) ?? 0)),
    (t.games === 0 ? 0 : t.timeSum / t.games / 1000).toFixed(3),
    (t.timeMax / 1000).toFixed(3),
    [...t.statuses.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([s, n]) => `${s} ${n}`).join(", "),
  ]);
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const last = header.length - 1;
  const fmt = (cells: string[]) =>
    cells.map((cell, c) =>
      c === last ? cell : c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c])
    ).join("  ");
  const lines = [fmt(header), ...rows.map(fmt)];
  lines.push("", `A: ${commands[0]}`, `B: ${commands[1]}`);
  for (const f of faults.slice(0, FAULTS_SHOWN)) lines.push(f);
  if (faults.length > FAULTS_SHOWN) {
    lines.push(`... and ${faults.length - FAULTS_SHOWN} more faults (see the statuses above)`);
  }
  tallies.forEach((t, i) => {
    if (t.unquit > 0) {
      lines.push(
        `note: ${i === 0 ? "A" : "B"} did not exit within ${
          QUIT_GRACE_MS / 1000
        } s of Quit in ${t.unquit} game(s) and was killed`,
      );
    }
  });
  return lines.join("\n") + "\n";
}

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
    "bot-stderr": { type: "boolean" },
  });
  if (values.help) return printHelp(matchHelp);
  const gameName = choiceFlag("game", values.game, ["sudoku", "qttt"] as const, "sudoku");
  if (gameName === "qttt" && values.rules !== undefined) {
    throw new UsageError("--rules applies to --game sudoku only");
  }
  const rules = choiceFlag("rules", values.rules, RULE_SETS, "final");
  const factory = gameName === "qttt" ? qtttGame : sudokuGameFor(rules);
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
    const argv = splitCommand(withGame(c, 1));
    if (argv !== undefined && !(await runnable(argv[0]))) {
      throw new CommandError(`cannot start '${c}': ${argv[0]} is not found`);
    }
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
          withGame(commands[bots[0]], index),
          withGame(commands[bots[1]], index),
        ];
        rec = await playGame(index, seated, bots, opts);
      } catch (e) {
        failure ??= e instanceof CommandError || e instanceof WriteError ? e : new CommandError(
          `game ${index}: referee error: ${e instanceof Error ? e.message : String(e)}`,
        );
        return;
      }
      addRecord(tallies, rec);
      records.push(rec);
      finished++;
      done.set(index, rec);
      try {
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
