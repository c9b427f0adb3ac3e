/**
 * CodeCup 2012 quantum tic-tac-toe: the game (entanglement, cycles, collapse, scoring),
 * its referee and a Monte-Carlo tree search bot.
 *
 * @module
 */

export {
  applyTurn,
  checkTurn,
  firstLegalTurn,
  type Outcome,
  type Player,
  Qttt,
  type Turn,
  type TurnEffect,
} from "./game.ts";
export { qtttGame } from "./referee.ts";
export { MctsBot, type MctsOptions } from "./bot.ts";
