/**
 * Command-line side of quantum tic-tac-toe (`--game qttt`): the judge of `check-move`
 * and the `play` bot.
 *
 * `check-move` calls {@linkcode judgeQttt} per sequence; `play` calls `playQttt` with the
 * arguments left after removing `--game qttt`, which returns the exit code and never
 * exits the process itself.
 *
 * @module
 */

import { escapeText, quoteInput } from "../../lib/text/mod.ts";
import {
  applyTurn,
  describeEnd,
  MctsBot,
  parseInput,
  PLAYER_NAMES,
  playRandomTurn,
  Qttt,
  QtttSolver,
  turnBudget,
} from "../../lib/qttt/mod.ts";
import { shownMove } from "../../lib/referee/mod.ts";
import { analyzeFormat, type BotFlags, formatWithoutAnalyze } from "./flags.ts";
import { Rng } from "../../lib/grid/mod.ts";
import {
  CommandError,
  EXIT_OK,
  EXIT_USAGE,
  Output,
  printError,
  printHelp,
  stdinLines,
  writeLineNow,
  writeStderr,
} from "../io.ts";
import { choiceFlag, numberFlag, seedFlag } from "../flags.ts";

/** Help of `play --game qttt`. */
export const playQtttHelp =
  `Usage: sudokit play --game qttt [--level random|mcts] [--seed N] [--time SECONDS]
       sudokit play --game qttt --analyze "TURN..." [--time SECONDS] [--format text|json]

Play quantum tic-tac-toe (CodeCup 2012, 4×4) on standard input/output: read \`Start\` (then
play X) or X's first turn (then play O), answer each opponent turn (ending in \`!\` when it
closed a cycle, so the answer starts with the collapse square) with one line, and stop on
\`Quit\` or at the end of input. Empty lines are ignored.

Options:
  --level random|mcts   uniform random legal turns, or Monte-Carlo tree search (default mcts)
  --seed N              seed of the random choices (default: a fresh one per
                        run, written to standard error as 'seed N'); the same
                        seed and the same opponent turns give the same game
  --time SECONDS        thinking time for the whole game (default 5; in a
                        match, --time {time} is the match's clock); with
                        --analyze, a limit on the search (default none)
  --analyze "TURN..."   print the exact value of the position after these turns
                        (the players' outputs from the start, X first, as for
                        check-move; "" for the empty board) instead of playing:
                        the final score difference for the player to move with
                        best play by both, every turn that reaches it, and the
                        effort. Exact search: instant from move 10 or so, slow
                        on early positions (UNKNOWN when --time runs out)
  --format text|json    with --analyze: text lines (default), or one JSON object
                        {"position", "player" (X or O, to move), "board",
                        "value" (null when UNKNOWN), "best_turns" (a list),
                        "nodes", "ms"}

Example:
  sudokit play --game qttt --analyze "AB AB ACD CD CEF EF EGJ IM IM"
`;

/** `play --game qttt --analyze TURNS`: value, best turns, effort. */
function analyzeQttt(
  text: string,
  limitSeconds: number | undefined,
  format: "text" | "json",
): number {
  const t0 = performance.now();
  const turns = text.trim() === "" ? [] : text.trim().split(/\s+/);
  const q = new Qttt();
  for (let i = 0; i < turns.length; i++) {
    const { turn, cycle } = parseInput(turns[i]);
    const r = applyTurn(q, turn);
    const shown = shownMove(turns[i]);
    if (typeof r === "string") {
      throw new CommandError(`--analyze: turn ${i + 1} (${shown}) is not legal: ${escapeText(r)}`);
    }
    if (cycle && !r.cycle) {
      throw new CommandError(`--analyze: turn ${i + 1} (${shown}) carries ! but closed no cycle`);
    }
  }
  if (q.over) throw new CommandError(`--analyze: the game is over: ${describeEnd(q)}`);
  const solver = new QtttSolver(22);
  const r = solver.bestTurns(
    q,
    limitSeconds === undefined ? {} : { deadline: t0 + limitSeconds * 1000 },
  );
  const me = PLAYER_NAMES[q.toMove()];
  const out = new Output();
  const at = q.pending()
    ? `mark ${q.moves} closed a cycle, ${me} to collapse it and move`
    : `${me} to play mark ${q.moves + 1}`;
  const ms = performance.now() - t0;
  if (format === "json") {
    out.write(
      JSON.stringify({
        position: at,
        player: me,
        board: q.board(),
        value: r === null ? null : r.value,
        best_turns: r === null ? [] : r.turns,
        nodes: solver.totalNodes,
        ms: Math.round(ms * 1000) / 1000,
      }) + "\n",
    );
    out.flush();
    return EXIT_OK;
  }
  out.write(`position: ${at}, board ${q.board()}\n`);
  if (r === null) {
    out.write("value: UNKNOWN\nbest turns: -\n");
  } else {
    const sign = r.value > 0 ? "+" : "";
    out.write(`value: ${sign}${r.value} for ${me} (final score difference with best play)\n`);
    out.write(`best turns: ${r.turns.join(" ")}\n`);
  }
  out.write(`nodes: ${solver.totalNodes}\n`);
  out.write(`time: ${ms.toFixed(1)} ms\n`);
  out.flush();
  return EXIT_OK;
}

/**
 * `play --game qttt`: the bot speaking the CodeCup protocol on standard input/output, or
 * `--analyze`; `values` are the flags `play` parsed.
 */
export async function playQttt(values: BotFlags): Promise<number> {
  if (values.help) return printHelp(playQtttHelp);
  if (values.analyze !== undefined) {
    const limit = values.time === undefined
      ? undefined
      : numberFlag("time", values.time, 0.001, 86_400, 5);
    return analyzeQttt(values.analyze, limit, analyzeFormat(values.format));
  }
  if (values.format !== undefined) throw formatWithoutAnalyze();
  const level = choiceFlag("level", values.level, ["random", "mcts"] as const, "mcts");
  const seed = seedFlag(values.seed, 2 ** 32 - 1);
  // The seed repeats the game: said where the bot's debug would go, never on its protocol.
  writeStderr(`seed ${seed}\n`);
  const time = numberFlag("time", values.time, 0.1, 3600, 5);
  // Keep a margin for pipe and scheduling delays the referee's clock also counts.
  const total = Math.max(50, time * 1000 * 0.95 - 150);
  let remaining = total;
  const rng = new Rng(seed);
  const bot = level === "mcts" ? new MctsBot({ seed }) : null;
  const q = new Qttt();
  let lineNo = 0;
  let started = false;
  for await (const raw of stdinLines()) {
    lineNo++;
    const line = raw.trim();
    if (line === "") continue;
    if (line === "Quit") return 0;
    // X's clock starts when `Start` is sent, which may be before this process was even
    // up: count its first turn from the process's time origin.
    const t0 = line === "Start" ? 0 : performance.now();
    if (line === "Start") {
      if (started) {
        printError(`line ${lineNo}: 'Start' after the game began: it may only come first`);
        return EXIT_USAGE;
      }
    } else {
      const r = applyTurn(q, parseInput(line).turn);
      if (typeof r === "string") {
        printError(
          `line ${lineNo}: the opponent's turn ${quoteInput(line, 40)} is not legal: ` +
            escapeText(r),
        );
        return EXIT_USAGE;
      }
    }
    started = true;
    if (q.over) continue;
    const text = bot ? bot.playTurn(q, turnBudget(remaining, q, total)) : playRandomTurn(q, rng);
    writeLineNow(text);
    remaining -= performance.now() - t0;
  }
  return 0;
}
