/**
 * `match --replay DIR`: after each game, its replay page `game-N.html` and its log
 * `game-N.json` in DIR. The pages and logs are made in lib/replay; this only writes them.
 *
 * @module
 */

import { join } from "node:path";
import { logJson, replayLog, replayPage } from "../../lib/replay/mod.ts";
import { CommandError, describeOsError, WriteError } from "../io.ts";
import type { GameRecord } from "./game.ts";

/** How far the referee counts solutions after each sudoku move when replays are written. */
export const REPLAY_SOLUTION_LIMIT = 1000;

/** What every game's replay shares: the game, its rules, the bots and the clock. */
export interface ReplaySettings {
  /** The directory the files go to. */
  readonly dir: string;
  /** The game's name (`sudoku`, `qttt`). */
  readonly game: string;
  /** The rule set, for games that have several. */
  readonly rules?: string;
  /** The bots' names (their commands), A first. */
  readonly names: readonly [string, string];
  /** Thinking time per game per bot, in milliseconds. */
  readonly limitMs: number;
}

/** Create the replay directory (and its parents); fails the match before any game. */
export async function makeReplayDir(dir: string): Promise<void> {
  try {
    await Deno.mkdir(dir, { recursive: true });
  } catch (e) {
    throw new CommandError(
      `cannot create the replay directory ${dir}: ${describeOsError(e)}; ` +
        "choose another with --replay",
    );
  }
}

async function write(path: string, text: string): Promise<void> {
  try {
    await Deno.writeTextFile(path, text);
  } catch (e) {
    throw new WriteError(`cannot write ${path}: ${describeOsError(e)}`);
  }
}

/** Write `game-N.json` and `game-N.html` of one game into the replay directory. */
export async function writeReplay(settings: ReplaySettings, rec: GameRecord): Promise<void> {
  const { dir, names } = settings;
  let json: string;
  let html: string;
  try {
    const log = replayLog({
      game: settings.game,
      rules: settings.rules,
      index: rec.index,
      players: [names[rec.bots[0]], names[rec.bots[1]]],
      labels: [rec.bots[0] === 0 ? "A" : "B", rec.bots[1] === 0 ? "A" : "B"],
      timeLimitMs: settings.limitMs,
      result: rec.result,
    });
    json = logJson(log);
    html = replayPage(log);
  } catch (e) {
    // The referee's own log does not replay: a bug, but the match's results still stand.
    throw new CommandError(
      `game ${rec.index}: cannot make the replay: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  const base = join(dir, `game-${rec.index}`);
  await write(`${base}.json`, json);
  await write(`${base}.html`, html);
}
