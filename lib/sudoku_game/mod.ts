/**
 * The CodeCup 2024 two-player sudoku: rules and move notation, the referee, the exact
 * endgame solver on the solution set, and the bot.
 *
 * @example Moves judged as the referee does; the random bot's reply; a position's value
 * ```ts
 * import assert from "node:assert/strict";
 * import {
 *   analyzePosition,
 *   formatMove,
 *   judge,
 *   parseGrid81,
 *   parseMove,
 *   Position,
 *   SudokuBot,
 * } from "@sudokit/sudokit/sudoku-game";
 *
 * const position = new Position();
 * assert.equal(judge(position, "Ec8").status, "OK");
 * assert.equal(judge(position, "Ec8!").status, "NO_UNIQUE_CLAIM"); // many solutions left
 * position.play(parseMove("Ec8")!);
 * assert.equal(judge(position, "Ea8").status, "DOUBLED_SOMEWHERE");
 *
 * const bot = new SudokuBot({ level: "random", seed: 1, tableBits: 10 });
 * bot.opponent("Ec8");
 * assert.equal(judge(position, bot.move(30_000)).status, "OK");
 *
 * // A solved grid with one cell emptied: claiming its one solution wins at once.
 * const grid = parseGrid81(
 *   ".34678912672195348198342567859761423426853791713924856961537284287419635345286179",
 * )!;
 * const a = analyzePosition(grid);
 * assert.ok(a.kind === "value");
 * assert.deepEqual([a.value, a.winning.map(formatMove)], ["WIN1", ["!"]]);
 * ```
 *
 * @module
 */

export {
  cellName,
  formatGrid81,
  formatMove,
  judge,
  type Move,
  type MoveVerdict,
  parseGrid81,
  parseMove,
  POINTS,
  Position,
  RULE_SETS,
  type Rules,
  type Status,
} from "./rules.ts";
export { judgeSequence, SudokuGame, sudokuGame, sudokuGameFor } from "./referee.ts";
export { type CodecupOptions, type LineIo, runCodecup } from "./codecup.ts";
export { type BotOptions, largestReply, type Level, type MoveInfo, SudokuBot } from "./bot.ts";
export { BotSession, type SessionOptions, type SessionStep } from "./session.ts";
export {
  type Analysis,
  ANALYZE_MAX,
  analyzePosition,
  analyzeSolutions,
  type PositionAnalysis,
} from "./endgame_analyze.ts";
export {
  type CheckResult,
  type GameValue,
  MoveStatus,
  type RootMove,
  type SearchLimits,
  SolutionGame,
} from "./endgame.ts";
export { helpSolve, solveSplit, type SplitHelper } from "./endgame_split.ts";
export {
  DEFAULT_JOIN,
  type JoinRule,
  type SharedMove,
  SharedMoves,
  Stop,
} from "./endgame_shared.ts";
export { tableBytes } from "./endgame_table.ts";
export {
  type BotTuning,
  DEFAULT_TUNING,
  ENUM_LIMIT,
  ENUM_TRIGGER,
  OPENING_GIVENS,
} from "./settings.ts";
