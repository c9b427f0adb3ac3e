/**
 * Replays the CodeCup 2024 competition records through the referee's judge; shared by
 * lib/sudoku_game/rules_test.ts (one file) and lib/sudoku_game/rules_bench.ts (all four).
 *
 * @module
 */

import assert from "node:assert/strict";
import { judge, POINTS, Position } from "../../lib/sudoku_game/rules.ts";

/**
 * Replay every game of a competition record file move by move: each move must be OK
 * except a final claim, which must WIN with the recorded solution; the recorded loser must
 * be the side the moves make responsible. Returns the games and moves replayed.
 */
export function replayRecords(text: string): { games: number; moves: number } {
  const rows = text.trim().split("\n");
  assert.equal(
    rows[0],
    "Game,Round,IsSwiss,User1,Score1,Status1,User2,Score2,Status2,Moves,Solution",
  );
  let games = 0;
  let moves = 0;
  for (const row of rows.slice(1)) {
    const f = row.split(",");
    const list = f[9].split(" ").filter((m) => m !== "");
    const p = new Position();
    for (let i = 0; i < list.length; i++) {
      const v = judge(p, list[i]);
      const last = i === list.length - 1 && list[i].endsWith("!");
      if (v.status !== (last ? "WIN" : "OK")) {
        assert.fail(`game ${f[0]} move ${i + 1} ${list[i]}: ${v.status} ${v.reason}`);
      }
      if (last) assert.equal(v.solution, f[10], `game ${f[0]} solution`);
      p.play(v.move!, v.witness);
      moves++;
    }
    games++;
    const claimed = list.length > 0 && list[list.length - 1].endsWith("!");
    const loserSeat = f[5] === "WIN" ? 1 : 0;
    if (claimed) {
      assert.equal(loserSeat, list.length & 1, `game ${f[0]}: the claimant wins`);
      assert.deepEqual([f[loserSeat * 3 + 5], f[(1 - loserSeat) * 3 + 5]], ["LOSE", "WIN"]);
    } else {
      // A losing move is left out of the record: the side to move after it lost.
      assert.equal(loserSeat, list.length & 1, `game ${f[0]}: the side to move lost`);
      assert.equal(f[10], "", `game ${f[0]}: no solution after a fault`);
      const status = f[loserSeat * 3 + 5];
      const points = [Number(f[loserSeat * 3 + 4]), Number(f[(1 - loserSeat) * 3 + 4])];
      if (status in POINTS) assert.deepEqual(points, POINTS[status], `game ${f[0]}`);
    }
  }
  return { games, moves };
}
