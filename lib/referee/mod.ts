/**
 * The contract between a two-player game's referee and the match runner: seats,
 * judgements, results and the competition's CSV record row. Both CodeCup games fulfil it.
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
