import assert from "node:assert/strict";
import { gameLog, LOG_FORMAT, logJson, scriptJson } from "./log.ts";
import { replayLog } from "./page.ts";
import { SudokuGame } from "../sudoku_game/mod.ts";
import { qtttGame } from "../qttt/mod.ts";
import type { GameResult } from "../referee/mod.ts";

/** A short sudoku game: two moves, then a doubled digit by the first seat. */
function shortSudoku(): GameResult {
  const g = new SudokuGame("final", undefined, { solutionLimit: 10 });
  g.submit("Ec8", 12.5);
  g.submit("Ia6", 3.25);
  g.submit("Ea8", 1);
  return g.result();
}

Deno.test("game log", async (t) => {
  await t.step("steps, clocks and the result from a referee's log", () => {
    const log = gameLog({
      game: "sudoku",
      rules: "final",
      index: 3,
      players: ["bot one", "bot two"],
      labels: ["B", "A"],
      timeLimitMs: 30000,
      result: shortSudoku(),
    });
    assert.equal(log.format, LOG_FORMAT);
    assert.deepEqual([log.game, log.rules, log.index], ["sudoku", "final", 3]);
    assert.deepEqual(log.labels, ["B", "A"]);
    assert.equal(log.start, ".".repeat(81));
    assert.deepEqual(log.steps.map((s) => [s.step, s.seat, s.move, s.status, s.played]), [
      [1, 0, "Ec8", "OK", true],
      [2, 1, "Ia6", "OK", true],
      [3, 0, "Ea8", "DOUBLED_SOMEWHERE", false],
    ]);
    assert.deepEqual(log.steps.map((s) => s.clockMs), [[12.5, 0], [12.5, 3.25], [13.5, 3.25]]);
    assert.deepEqual(log.steps.map((s) => s.ms), [12.5, 3.25, 1]);
    // Far from unique after two moves: the count stops at the limit.
    assert.deepEqual(log.steps[0].solutions, { count: 10, exact: false });
    // The rejected move leaves the position as it was.
    assert.equal(log.steps[2].position, log.steps[1].position);
    assert.equal(log.steps[1].position[4 * 9 + 2], "8");
    assert.equal(log.steps[1].position[8 * 9], "6");
    assert.deepEqual(log.result.statuses, ["DOUBLED_SOMEWHERE", "WIN"]);
    assert.deepEqual(log.result.moves, ["Ec8", "Ia6"]);
    assert.deepEqual(log.result.timeMs, [13.5, 3.25]);
  });

  await t.step("a result without a log: steps from its moves, positions replayed", () => {
    const full = shortSudoku();
    const bare: GameResult = { ...full, log: undefined, start: undefined };
    const log = replayLog({ game: "sudoku", index: 1, players: ["a", "b"], result: bare });
    assert.equal(log.start, ".".repeat(81));
    assert.deepEqual(log.steps.map((s) => [s.move, s.status, s.ms]), [
      ["Ec8", "OK", null],
      ["Ia6", "OK", null],
    ]);
    assert.equal(log.steps[1].position, full.log![1].position);
    assert.deepEqual(log.labels, ["A", "B"]);
    assert.equal(log.timeLimitMs, null);

    const q = qtttGame.create();
    for (const turn of ["AB", "AB", "ACD"]) q.submit(turn);
    q.forfeit(1, "CRASH", "exited");
    const qr = q.result();
    const qlog = replayLog({
      game: "qttt",
      index: 1,
      players: ["a", "b"],
      result: { ...qr, log: undefined, start: undefined },
    });
    assert.deepEqual(
      qlog.steps.map((s) => s.position),
      qr.log!.filter((e) => e.played).map((e) => e.position),
    );
  });

  await t.step("logJson: one step per line, and it parses back", () => {
    const log = gameLog({ game: "sudoku", index: 1, players: ["a", "b"], result: shortSudoku() });
    const text = logJson(log);
    assert.deepEqual(JSON.parse(text), log);
    const lines = text.split("\n");
    assert.equal(lines.filter((l) => l.startsWith('    {"step":')).length, 3);
    assert.ok(text.indexOf('"steps"') < text.indexOf('"result"'));
    assert.ok(text.endsWith("}\n"));
    const empty = gameLog({
      game: "sudoku",
      index: 1,
      players: ["a", "b"],
      result: { ...shortSudoku(), log: [] },
    });
    assert.deepEqual(JSON.parse(logJson(empty)), empty);
  });

  await t.step("scriptJson cannot close its script element", () => {
    const text = scriptJson({ name: "</script><script>alert(1)</script>" });
    assert.equal(text.includes("<"), false);
    assert.deepEqual(JSON.parse(text), { name: "</script><script>alert(1)</script>" });
  });
});
