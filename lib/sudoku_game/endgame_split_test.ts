import assert from "node:assert/strict";
import { MoveStatus, SolutionGame } from "./endgame.ts";
import { helpSolve, solveSplit, type SplitHelper } from "./endgame_split.ts";
import { collectSolutions } from "../solve/mod.ts";
import { parseGrid81 } from "./rules.ts";
import { cases, outcomes } from "../../testdata/play/labelled.ts";

/** Every solution of a labelled position, 81 digits each. */
function solutionsOf(grid: string): { buf: Uint8Array; n: number } {
  const r = collectSolutions(parseGrid81(grid)!, 9, { limit: 1 << 20 });
  return { buf: r.solutions, n: r.count };
}

/**
 * A helper that does its whole part as soon as it is started, in this thread, with a game
 * and table of its own: the interleaving is then fixed (it takes the moves first).
 */
function inlineHelper(): SplitHelper {
  const game = new SolutionGame({ tableBits: 14 });
  return {
    start(solutions, n, control) {
      helpSolve(game, solutions.slice(0, n * 81), n, control);
      return true;
    },
  };
}

/** A helper whose thread died after it was started: it never counts itself done. */
const deadHelper: SplitHelper = { start: () => true };

/** The first `k` labelled positions of this value and at most `most` solutions. */
function positions(value: string, k: number, most: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < cases.length && out.length < k; i++) {
    if (outcomes[i] === value && solutionsOf(cases[i]).n <= most) out.push(i);
  }
  return out;
}

Deno.test("split search: moves in another order than the helper's get their own results", () => {
  const game = new SolutionGame({ tableBits: 14 });
  const check = new SolutionGame({ tableBits: 14 });
  for (const i of positions("WIN2", 6, 300)) {
    const { buf, n } = solutionsOf(cases[i]);
    game.clearTable();
    game.load(buf, n);
    // The helper lists the moves fewest solutions first; the caller, the other way round.
    const moves = game.rootMoves().reverse();
    assert.equal(solveSplit(game, moves, {}, [inlineHelper()]), "WIN2", `position ${i + 1}`);
    assert.ok(moves.some((m) => m.status === MoveStatus.Win), `position ${i + 1}`);
    for (const m of moves) {
      if (m.status === MoveStatus.Unknown) continue;
      // Each decided move, checked alone: after a win the opponent loses, after a loss not.
      check.clearTable();
      check.load(buf, n);
      check.keep(m.cell, m.digit);
      const reply = m.count === 1 ? "LOSS" : check.solveMoves(check.rootMoves());
      const where = `position ${i + 1}, move ${m.cell}:${m.digit}`;
      assert.equal(reply === "LOSS", m.status === MoveStatus.Win, where);
    }
  }
});

Deno.test("split search: a helper that died costs a bounded wait, not a hang", () => {
  const game = new SolutionGame({ tableBits: 14 });
  // Lost positions: no win stops the search early, this thread decides every move itself
  // (no deadline), then waits for the helper, which never comes.
  for (const i of positions("LOSS", 3, 300)) {
    const { buf, n } = solutionsOf(cases[i]);
    game.load(buf, n);
    const moves = game.rootMoves();
    assert.equal(solveSplit(game, moves, {}, [deadHelper]), "LOSS", `position ${i + 1}`);
    assert.ok(moves.every((m) => m.status === MoveStatus.Loss), `position ${i + 1}`);
  }
});
