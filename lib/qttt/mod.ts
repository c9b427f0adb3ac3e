/**
 * CodeCup 2012 quantum tic-tac-toe: the game (entanglement, cycles, collapse, scoring),
 * its referee, an exact solver and a Monte-Carlo tree search bot that uses it.
 *
 * @module
 */

export {
  applyTurn,
  checkTurn,
  firstLegalTurn,
  type Outcome,
  parseInput,
  type Player,
  PLAYER_NAMES,
  Qttt,
  SQUARE_NAMES,
  type Turn,
  type TurnEffect,
} from "./game.ts";
export { describeEnd, judgeQttt, qtttGame, qtttPositionText } from "./referee.ts";
export { EXACT_FROM, MctsBot, type MctsOptions, playRandomTurn, turnBudget } from "./bot.ts";
export {
  type Action,
  ACTION_CLAIM,
  ACTION_COLLAPSE,
  type Objective,
  QtttSolver,
  type Solved,
  type SolveLimits,
} from "./endgame.ts";
