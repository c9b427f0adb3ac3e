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

import { applyTurn, parseInput, PLAYER_NAMES, Qttt } from "../lib/qttt/game.ts";
import { QtttSolver } from "../lib/qttt/endgame.ts";
import { MctsBot, playRandomTurn, turnBudget } from "../lib/qttt/bot.ts";
import { describeEnd } from "../lib/qttt/referee.ts";
import { escapeText } from "../lib/grid/parse.ts";
import { type SequenceOutcome, shownMove, VERDICT_GRAMMAR } from "./move_verdict.ts";
import { Rng } from "../lib/grid/random.ts";
import {
  choiceFlag,
  CommandError,
  EXIT_OK,
  EXIT_USAGE,
  intFlag,
  numberFlag,
  Output,
  parseFlags,
  printError,
  printHelp,
  stdinLines,
  UsageError,
  writeLineNow,
} from "./io.ts";

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

/** Help of `play --game qttt`. */
export const playQtttHelp =
  `Usage: sudokit play --game qttt [--level random|mcts] [--seed N] [--time SECONDS]
       sudokit play --game qttt --analyze "TURN..." [--time SECONDS]

Play quantum tic-tac-toe (CodeCup 2012, 4×4) on standard input/output: read \`Start\` (then
play X) or X's first turn (then play O), answer each opponent turn (ending in \`!\` when it
closed a cycle, so the answer starts with the collapse square) with one line, and stop on
\`Quit\` or at the end of input. Empty lines are ignored.

Options:
  --level random|mcts   uniform random legal turns, or Monte-Carlo tree search (default mcts)
  --seed N              seed of the random choices (default 1)
  --time SECONDS        thinking time for the whole game (default 5); with
                        --analyze, a limit on the search (default none)
  --analyze "TURN..."   print the exact value of the position after these turns
                        (the players' outputs from the start, X first, as for
                        check-move; "" for the empty board) instead of playing:
                        the final score difference for the player to move with
                        best play by both, every turn that reaches it, and the
                        effort. Exact search: instant from move 10 or so, slow
                        on early positions (UNKNOWN when --time runs out)

Example:
  sudokit play --game qttt --analyze "AB AB ACD CD CEF EF EGJ IM IM"
`;

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

/** `play --game qttt --analyze TURNS`: value, best turns, effort. */
function analyzeQttt(text: string, limitSeconds: number | undefined): number {
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
  out.write(`position: ${at}, board ${q.board()}\n`);
  if (r === null) {
    out.write("value: UNKNOWN\nbest turns: -\n");
  } else {
    const sign = r.value > 0 ? "+" : "";
    out.write(`value: ${sign}${r.value} for ${me} (final score difference with best play)\n`);
    out.write(`best turns: ${r.turns.join(" ")}\n`);
  }
  out.write(`nodes: ${solver.totalNodes}\n`);
  out.write(`time: ${(performance.now() - t0).toFixed(1)} ms\n`);
  out.flush();
  return EXIT_OK;
}

/**
 * `play --game qttt`: the bot speaking the CodeCup protocol on standard input/output.
 */
export async function playQttt(args: string[]): Promise<number> {
  const { values, positionals } = await parseFlags(args, {
    level: { type: "string" },
    seed: { type: "string" },
    time: { type: "string" },
    analyze: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return printHelp(playQtttHelp);
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  if (values.analyze !== undefined) {
    const limit = values.time === undefined
      ? undefined
      : numberFlag("time", values.time, 0.001, 86_400, 5);
    return analyzeQttt(values.analyze, limit);
  }
  const level = choiceFlag("level", values.level, ["random", "mcts"] as const, "mcts");
  const seed = intFlag("seed", values.seed, 0, 2 ** 32 - 1, 1);
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
        printError(`line ${lineNo}: Start after the game began`);
        return EXIT_USAGE;
      }
    } else {
      const r = applyTurn(q, parseInput(line).turn);
      if (typeof r === "string") {
        printError(`line ${lineNo}: opponent turn ${line}: ${r}`);
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
