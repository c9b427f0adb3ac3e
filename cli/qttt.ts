/**
 * Command-line side of quantum tic-tac-toe (`--game qttt`): `check-move` and `play`.
 *
 * The subcommand files call these with the arguments left after removing `--game qttt`;
 * each returns the exit code and never exits the process itself.
 *
 * @module
 */

import { applyTurn, parseInput, PLAYER_NAMES, Qttt } from "../lib/qttt/game.ts";
import { MctsBot, playRandomTurn, turnBudget } from "../lib/qttt/bot.ts";
import { Rng } from "../lib/grid/random.ts";
import {
  choiceFlag,
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
export const checkMoveQtttHelp = `Usage: sudokit check-move --game qttt [TURN...]

Judge the last turn of a quantum tic-tac-toe game (CodeCup 2012, 4×4) given as the
players' outputs from the start, X first, e.g. \`check-move --game qttt AB AB ACD CD\`.
A turn is two squares A..P (\`AB\`), preceded by the collapse square when the previous mark
closed a cycle (\`ACD\`); a collapse that ends the game is written alone (\`H\`); O claims
the single square left with its letter twice (\`PP\`). A trailing \`!\` on a turn is allowed
when that turn did close a cycle.

Prints one verdict:
  OK                    the turn is legal and the game goes on
  WIN X|O <x> <o>       the game is over with a line of four for X or O; final scores
  DRAW <x> <o>          the game is over with no line of four; final scores
  ILLEGAL: <reason>     the judged turn breaks the rules

With no TURN arguments, reads games from standard input, one per line (turns separated
by spaces), and prints one verdict per line; a game whose earlier turn is illegal gets
\`ERROR: turn N (T): <reason>\`.

Exit status: 0 all verdicts OK/WIN/DRAW, 1 a judged turn is illegal, 2 bad usage or an
earlier turn of a game is itself illegal.
`;

/** Help of `play --game qttt`. */
export const playQtttHelp =
  `Usage: sudokit play --game qttt [--level random|mcts] [--seed N] [--time SECONDS]

Play quantum tic-tac-toe (CodeCup 2012, 4×4) on standard input/output: read \`Start\` (then
play X) or X's first turn (then play O), answer each opponent turn (ending in \`!\` when it
closed a cycle, so the answer starts with the collapse square) with one line, and stop on
\`Quit\` or at the end of input. Empty lines are ignored.

Options:
  --level random|mcts   uniform random legal turns, or Monte-Carlo tree search (default mcts)
  --seed N              seed of the random choices (default 1)
  --time SECONDS        thinking time for the whole game (default 5)
`;

type Verdict = { code: 0 | 1 | 2; line: string };

function judge(turns: string[]): Verdict {
  if (turns.length === 0) return { code: 2, line: "ERROR: no turns given" };
  const q = new Qttt();
  for (let i = 0; i < turns.length; i++) {
    const { turn, cycle } = parseInput(turns[i]);
    const r = applyTurn(q, turn);
    let reason = typeof r === "string" ? r : "";
    if (typeof r !== "string" && cycle && !r.cycle) {
      reason = `turn ${turns[i]} carries ! but closed no cycle`;
    }
    if (reason !== "") {
      if (i === turns.length - 1) return { code: 1, line: `ILLEGAL: ${reason}` };
      return { code: 2, line: `ERROR: turn ${i + 1} (${turns[i]}): ${reason}` };
    }
  }
  if (!q.over) return { code: 0, line: "OK" };
  const o = q.outcome();
  const [x, y] = o.points;
  return {
    code: 0,
    line: o.winner === -1 ? `DRAW ${x} ${y}` : `WIN ${PLAYER_NAMES[o.winner]} ${x} ${y}`,
  };
}

/**
 * `check-move --game qttt`: judge the last of the given turns, or one game per stdin line.
 */
export async function checkMoveQttt(args: string[]): Promise<number> {
  const { values, positionals: turns } = parseFlags(args, {
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return printHelp(checkMoveQtttHelp);
  if (turns.length > 0) {
    const v = judge(turns);
    if (v.code === 2) printError(v.line.slice("ERROR: ".length));
    else writeLineNow(v.line);
    return v.code;
  }
  const out = new Output();
  let worst = 0;
  let n = 0;
  for await (const line of stdinLines()) {
    const turnsOfLine = line.trim().split(/\s+/).filter((t) => t !== "");
    if (turnsOfLine.length === 0 || turnsOfLine[0].startsWith("#")) continue;
    n++;
    const v = judge(turnsOfLine);
    out.write(v.line + "\n");
    worst = Math.max(worst, v.code);
  }
  out.flush();
  if (n === 0) throw new UsageError("no turns given and no games on standard input");
  return worst;
}

/**
 * `play --game qttt`: the bot speaking the CodeCup protocol on standard input/output.
 */
export async function playQttt(args: string[]): Promise<number> {
  const { values, positionals } = parseFlags(args, {
    level: { type: "string" },
    seed: { type: "string" },
    time: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return printHelp(playQtttHelp);
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  const level = choiceFlag("level", values.level, ["random", "mcts"] as const, "mcts");
  const seed = intFlag("seed", values.seed, 0, 2 ** 32 - 1, 1);
  const time = numberFlag("time", values.time, 0.1, 3600, 5);
  // Keep a margin for pipe and scheduling delays the referee's clock also counts.
  let remaining = Math.max(50, time * 1000 * 0.9 - 200);
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
    const text = bot ? bot.playTurn(q, turnBudget(remaining, q)) : playRandomTurn(q, rng);
    writeLineNow(text);
    remaining -= performance.now() - t0;
  }
  return 0;
}
