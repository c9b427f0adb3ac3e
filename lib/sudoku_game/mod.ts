/**
 * The CodeCup 2024 two-player sudoku: rules and move notation, the referee, the exact
 * endgame solver on the solution set, and the bot.
 *
 * @module
 */

export {
  cellName,
  formatMove,
  judge,
  type Move,
  type MoveVerdict,
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
export { type Analysis, analyzeSolutions } from "./endgame_analyze.ts";
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
export { type BotTuning, DEFAULT_TUNING } from "./settings.ts";
