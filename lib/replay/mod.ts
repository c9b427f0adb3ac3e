/**
 * Replays of played games: a game's log as JSON data (every line judged, the position after
 * it, solution counts, each side's time per move and clock) and a self-contained HTML page
 * that steps through it, for the CodeCup 2024 sudoku and the 2012 quantum tic-tac-toe. Pure:
 * `match --replay` writes what these return.
 *
 * @example A short game's log and its HTML page
 * ```ts
 * import assert from "node:assert/strict";
 * import { replayLog, replayPage } from "@sudokit/sudokit/replay";
 * import { sudokuGame } from "@sudokit/sudokit/sudoku-game";
 *
 * const game = sudokuGame.create();
 * game.submit("Ec8", 12.5);
 * game.forfeit(1, "TIMEOUT", "used more than 30 s", 30000);
 * const log = replayLog({
 *   game: "sudoku",
 *   index: 1,
 *   players: ["bot-a", "bot-b"],
 *   result: game.result(),
 * });
 * assert.deepEqual(log.result.statuses, ["WIN", "TIMEOUT"]);
 * assert.deepEqual(log.steps.map((s) => s.move), ["Ec8", ""]);
 * assert.match(replayPage(log), /^<!DOCTYPE html>/);
 * ```
 *
 * @module
 */

export type { MoveLog, SolutionCount } from "../referee/mod.ts";
export {
  type GameLog,
  gameLog,
  LOG_FORMAT,
  type LoggedMove,
  logJson,
  type ReplayInput,
  scriptJson,
} from "./log.ts";
export { replayLog, replayPage, solutionsText } from "./page.ts";
