/**
 * One game of a match: start both bots, relay the referee's messages and the bots' replies,
 * keep each side's clock (passed to the referee per move, for the game's log), turn silence,
 * an early exit or a crash into the fault the game scores, and end both bots.
 *
 * @module
 */

import type { GameFactory, GameResult, RefereeGame } from "../../lib/referee/mod.ts";
import { type Bot, describeExit, startBot } from "./bots.ts";

/** Judgement statuses that are not a fault of the mover. */
const NORMAL_STATUSES = new Set(["OK", "WIN", "LOSE", "DRAW"]);

/** How long a bot may take to exit after `Quit` before it is killed. */
export const QUIT_GRACE_MS = 1000;

/** What one game produced, by seat. */
export interface GameRecord {
  /** 1-based game number. */
  readonly index: number;
  /** Which bot (0 = A, 1 = B) sat in seat 0 and seat 1. */
  readonly bots: readonly [number, number];
  /** The game's outcome, with its log (dropped once written, to keep long matches small). */
  readonly result: GameResult;
  /** Milliseconds of thinking time used, by seat. */
  readonly used: readonly [number, number];
  /** Why each seat's game ended badly (empty when it did not), by seat. */
  readonly faults: readonly [string, string];
  /** Whether each seat had to be killed after `Quit`, by seat. */
  readonly unquit: readonly [boolean, boolean];
}

/** Options of one game. */
export interface GameOptions {
  /** The game. */
  readonly factory: GameFactory;
  /** Thinking time per game per seat. */
  readonly limitMs: number;
  /** Where the bots' standard error goes. */
  readonly stderr: "inherit" | "null";
  /** Whether bots get process groups of their own (`setsid`). */
  readonly groups: boolean;
}

/** Play one game between `commands` (by seat); throws on a referee error or a failed start. */
export async function playGame(
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
      // This turn's thinking time: the clock's increment, and the move's time in the log.
      let spent = 0;
      while (reply === undefined && fault === undefined) {
        const r = await bot.next(deadline - performance.now());
        if (r === "timeout") {
          spent = performance.now() - sentAt;
          used[seat] += spent;
          fault = ["TIMEOUT", `used more than ${opts.limitMs / 1000} s`];
        } else if (r === "eof") {
          spent = performance.now() - sentAt;
          used[seat] += spent;
          fault = ["CRASH", describeExit(await bot.exitStatus(500))];
        } else if (r.text.trim() !== "") {
          spent = Math.max(0, r.at - sentAt);
          used[seat] += spent;
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
        game.forfeit(seat, fault[0], fault[1], spent);
        continue;
      }
      const j = game.submit(reply!, spent);
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
