import assert from "node:assert/strict";
import { startHelpers } from "./helpers.ts";
import {
  MoveStatus,
  parseGrid81,
  SolutionGame,
  solveSplit,
  tableBytes,
} from "../../lib/sudoku_game/mod.ts";
import { collectSolutions } from "../../lib/solve/mod.ts";
import { cases, outcomes } from "../../testdata/play/labelled.ts";

const BITS = 18;

/** Every solution of a labelled position, 81 digits each. */
function solutionsOf(grid: string): { buf: Uint8Array; n: number } {
  const r = collectSolutions(parseGrid81(grid)!, 9, { limit: 1 << 20 });
  return { buf: r.solutions, n: r.count };
}

Deno.test("play helpers: an endgame search divided between threads", async (t) => {
  const table = new SharedArrayBuffer(tableBytes(BITS));
  const pool = startHelpers(1, BITS, table);
  try {
    const game = new SolutionGame({ tableBits: BITS, tableBuffer: table });
    // A second game, single-threaded with a table of its own, checks each claimed win.
    const check = new SolutionGame({ tableBits: 16 });

    await t.step("every 5th labelled position gets its label, and the win it names wins", () => {
      for (let i = 0; i < cases.length; i += 5) {
        const { buf, n } = solutionsOf(cases[i]);
        new Int32Array(table).fill(0);
        game.load(buf, n);
        const moves = game.rootMoves();
        const value = solveSplit(game, moves, {}, pool.helpers);
        assert.equal(value, outcomes[i], `position ${i + 1} (${n} solutions)`);
        const win = moves.find((m) => m.status === MoveStatus.Win);
        assert.equal(win !== undefined, value !== "LOSS", `position ${i + 1}`);
        if (win === undefined || win.count === 1) continue;
        // The opponent's position after the winning move is lost for the opponent.
        check.clearTable();
        check.load(buf, n);
        check.keep(win.cell, win.digit);
        const reply = check.solveMoves(check.rootMoves());
        assert.equal(reply, "LOSS", `position ${i + 1}: the win ${win.cell}:${win.digit}`);
      }
    });

    await t.step("threads made to join each other's moves at once still get every label", () => {
      // Join rule 0: a thread always helps with a move in progress before taking a new
      // one, searching its replies from the other end, and stops when the other decides it.
      for (let i = 2; i < cases.length; i += 5) {
        const { buf, n } = solutionsOf(cases[i]);
        new Int32Array(table).fill(0);
        game.load(buf, n);
        const value = solveSplit(game, game.rootMoves(), {}, pool.helpers, {
          factor: 0,
          floor: 0,
        });
        assert.equal(value, outcomes[i], `position ${i + 1} (${n} solutions)`);
      }
    });

    await t.step("a LOSS needs every move decided: each is, and each loses", () => {
      let losses = 0;
      for (let i = 0; i < cases.length && losses < 5; i++) {
        if (outcomes[i] !== "LOSS") continue;
        losses++;
        const { buf, n } = solutionsOf(cases[i]);
        game.load(buf, n);
        const moves = game.rootMoves();
        assert.equal(solveSplit(game, moves, {}, pool.helpers), "LOSS", `position ${i + 1}`);
        assert.ok(moves.every((m) => m.status === MoveStatus.Loss), `position ${i + 1}`);
      }
      assert.equal(losses, 5);
    });

    await t.step("a search cut short by its deadline leaves the next one right", () => {
      const now = () => performance.now();
      for (let i = 0; i < 40; i++) {
        const { buf, n } = solutionsOf(cases[i]);
        game.load(buf, n);
        // The helpers may still finish a move before they look at the stop flag: a value
        // then is a proven one.
        const cut = solveSplit(game, game.rootMoves(), { deadline: now() - 1, now }, pool.helpers);
        assert.ok(cut === undefined || cut === outcomes[i], `position ${i + 1}: ${cut}`);
        const next = solutionsOf(cases[i + 500]);
        game.load(next.buf, next.n);
        const value = solveSplit(game, game.rootMoves(), {}, pool.helpers);
        assert.equal(value, outcomes[i + 500], `position ${i + 501}`);
      }
    });
  } finally {
    pool.close();
  }
});
