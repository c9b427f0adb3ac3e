/**
 * The CodeCup 2024 two-player sudoku: rules and move notation, the referee, the exact
 * endgame solver on the solution set, and the bot.
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
export {
  type BotOptions,
  ENUM_LIMIT,
  ENUM_TRIGGER,
  largestReply,
  type Level,
  type MoveInfo,
  OPENING_GIVENS,
  SudokuBot,
} from "./bot.ts";
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
export { type BotTuning, DEFAULT_TUNING } from "./settings.ts";
