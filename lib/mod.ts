/**
 * sudokit's library: grid geometry and parsing, bitboard validation, the Latin square /
 * Sudoku / Sudoku-X classification, bounded solution counting for every size and variant,
 * and the CodeCup games (2024 sudoku, 2012 quantum tic-tac-toe) with their referees and
 * bots. Everything here is pure: data in, data out, no I/O.
 *
 * ```ts
 * import { countSolutions } from "./mod.ts";
 * const empty4 = new Uint8Array(16);
 * countSolutions(empty4, 4, { limit: 1000 }); // { count: 288, exact: true, ... }
 * ```
 *
 * @module
 */

export { blockSideOf, type Geometry, geometry, MAX_SIZE, type UnitKind } from "./geometry.ts";
export { lowestBit, popcount, SymbolSets } from "./symbols.ts";
export {
  detectForm,
  formatLine,
  GridFormatParser,
  type GridParser,
  InputError,
  type InputForm,
  LineFormatParser,
  type ParsedGrid,
  type ParseEvent,
  parserFor,
  TokenFormatParser,
} from "./parse.ts";
export { describeDuplicate, type Duplicate, findConflict, findDuplicates } from "./validate.ts";
export {
  classify,
  type ClassStatus,
  type ClassVerdict,
  formatHeader,
  formatReport,
  formatReportJson,
  type GridClass,
  type GridReport,
} from "./classify.ts";
export { formatVerdict, type Verdict, verdict } from "./verdict.ts";
export type { Engine, SearchControl, SolutionCallback, Variant } from "./engine.ts";
export { POLL_NODES } from "./engine.ts";
export {
  type CollectedSolutions,
  collectSolutions,
  type CountOptions,
  type CountResult,
  countSolutions,
  defaultVariant,
  engineFor,
} from "./count.ts";
export { Engine9 } from "./engine9.ts";
export { GeneralEngine } from "./engine_general.ts";
export { Rng } from "./random.ts";
export {
  csvField,
  type GameFactory,
  type GameResult,
  type Judgement,
  RECORD_HEADER,
  recordRow,
  type RefereeGame,
  type Seat,
} from "./referee.ts";
export {
  cellName,
  formatMove,
  judge,
  type Move,
  parseMove,
  POINTS,
  Position,
  RULE_SETS,
  type Rules,
  type Status,
  type Verdict as MoveVerdict,
} from "./codecup.ts";
export { SudokuGame, sudokuGame, sudokuGameFor } from "./codecup_referee.ts";
export { type BotOptions, type Level, type MoveInfo, SudokuBot } from "./codecup_bot.ts";
export {
  type Analysis,
  analyzeSolutions,
  type GameValue,
  MoveStatus,
  type RootMove,
  type SearchLimits,
  SolutionGame,
} from "./codecup_endgame.ts";
export {
  applyTurn,
  checkTurn,
  firstLegalTurn,
  type Outcome,
  type Player,
  Qttt,
  type Turn,
  type TurnEffect,
} from "./qttt.ts";
export { qtttGame } from "./qttt_referee.ts";
export { MctsBot, type MctsOptions } from "./qttt_bot.ts";
