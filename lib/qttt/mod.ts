/**
 * CodeCup 2012 quantum tic-tac-toe: the game (entanglement, cycles, collapse, scoring),
 * its referee, an exact solver and a Monte-Carlo tree search bot that uses it.
 *
 * @example Turns applied and judged; the exact best turns late in a game
 * ```ts
 * import assert from "node:assert/strict";
 * import { applyTurn, judgeQttt, Qttt, QtttSolver } from "@sudokit/sudokit/qttt";
 *
 * const q = new Qttt();
 * assert.deepEqual(applyTurn(q, "AB"), { cycle: false, over: false, text: "AB" });
 * // X's and O's marks both on A and B: a cycle, which the next turn collapses first.
 * assert.deepEqual(applyTurn(q, "AB"), { cycle: true, over: false, text: "AB" });
 * // The turn after a cycle starts with the square that collapses it: `CD` does not.
 * const judged = judgeQttt(["AB", "AB", "CD"]);
 * assert.ok(judged.kind === "verdict");
 * assert.equal(judged.judged.status, "ILLEGAL");
 * assert.match(judged.judged.reason, /^collapse letter missing/);
 *
 * const late = new Qttt();
 * for (const t of "AB AB ACD CD CEF EF EGJ IM IM IJK".split(" ")) applyTurn(late, t);
 * const best = new QtttSolver(16).bestTurns(late, {})!;
 * assert.equal(best.value, 2); // X, to move, wins by 2 with best play
 * assert.ok(best.turns.includes("GH"));
 * ```
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
