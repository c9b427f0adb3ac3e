/**
 * The contract between a two-player game's referee and the match runner: seats,
 * judgements, results and the competition's CSV record row. Both CodeCup games fulfil it.
 *
 * @example A match runner's view: any game through the contract, its record row
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatJudged, type GameFactory, RECORD_HEADER } from "@sudokit/sudokit/referee";
 * import { sudokuGame } from "@sudokit/sudokit/sudoku-game";
 *
 * // Play `moves`, then the side to move runs out of time: the game's CSV record row.
 * function timedOut(factory: GameFactory, moves: string[]): string {
 *   const game = factory.create();
 *   for (const m of moves) assert.equal(game.submit(m).status, "OK");
 *   game.forfeit(moves.length % 2 === 0 ? 0 : 1, "TIMEOUT", "used more than 30 s");
 *   return factory.csvRow(1, ["bot-a", "bot-b"], game.result());
 * }
 * assert.equal(RECORD_HEADER.split(",").length, 11);
 * const row = timedOut(sudokuGame, ["Ec8", "Aa1"]);
 * assert.equal(row, "1,1,match,bot-a,1,TIMEOUT,bot-b,2,WIN,Ec8 Aa1,");
 * const judged = { status: "ILLEGAL", points: [0, 2], reason: "cell Ec holds 8" } as const;
 * assert.equal(formatJudged({ ...judged, move: "Ec9", index: 2 }), "ILLEGAL 0-2: cell Ec holds 8");
 * ```
 *
 * @module
 */

export {
  csvField,
  type GameFactory,
  type GameResult,
  type Judgement,
  type MoveLog,
  RECORD_HEADER,
  recordRow,
  type RefereeGame,
  type Seat,
  type SolutionCount,
} from "./contract.ts";
export {
  formatJudged,
  jsonJudged,
  type Judged,
  type SequenceOutcome,
  shownMove,
} from "./judged.ts";
