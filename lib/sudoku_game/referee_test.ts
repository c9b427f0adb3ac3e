import assert from "node:assert/strict";
import { SudokuGame, sudokuGame, sudokuGameFor } from "./referee.ts";
import { csvField, RECORD_HEADER } from "../referee/mod.ts";
import { parseGrid81 } from "./rules.ts";

const RECORDS = new URL(
  "../../testdata/check_move/test-5-competition-312-games.csv",
  import.meta.url,
);
const SOLUTION =
  "714892356862153749395476128941527683573648291286319574429731865637985412158264937";

Deno.test("sudoku referee game", async (t) => {
  await t.step("relays Start, then the opponent's last move", () => {
    const g = sudokuGame.create();
    assert.equal(g.turn, 0);
    assert.equal(g.message(), "Start");
    assert.deepEqual(g.submit("Ec8"), { status: "OK", reason: "" });
    assert.equal(g.turn, 1);
    assert.equal(g.message(), "Ec8");
    assert.deepEqual(g.submit("  Ia6\r"), { status: "OK", reason: "" });
    assert.equal(g.message(), "Ia6");
    assert.equal(g.over, false);
    assert.equal(g.autoplay(0), false);
    assert.equal(g.autoplay(1), false);
  });
  await t.step("a rejected move ends the game and is left out of the record", () => {
    const g = sudokuGame.create();
    g.submit("Ec8");
    const j = g.submit("Ea8");
    assert.equal(j.status, "DOUBLED_SOMEWHERE");
    assert.equal(g.over, true);
    const r = g.result();
    assert.deepEqual(r.points, [2, 0]);
    assert.deepEqual(r.statuses, ["WIN", "DOUBLED_SOMEWHERE"]);
    assert.deepEqual(r.moves, ["Ec8"]);
    assert.equal(r.summary, "");
    assert.throws(() => g.submit("Aa1"));
  });
  await t.step("garbage is ILLEGAL 0-2", () => {
    const g = sudokuGame.create();
    assert.equal(g.submit("hello").status, "ILLEGAL");
    assert.deepEqual(g.result().points, [0, 2]);
    assert.deepEqual(g.result().statuses, ["ILLEGAL", "WIN"]);
  });
  await t.step("runner faults: TIMEOUT 1-2, CRASH 0-2", () => {
    const a = sudokuGame.create();
    a.submit("Ec8");
    a.forfeit(1, "TIMEOUT", "used more than 30 s");
    assert.equal(a.over, true);
    assert.deepEqual(a.result().points, [2, 1]);
    assert.deepEqual(a.result().statuses, ["WIN", "TIMEOUT"]);
    const b = sudokuGame.create();
    b.forfeit(0, "CRASH", "exited");
    assert.deepEqual(b.result().points, [0, 2]);
    assert.deepEqual(b.result().statuses, ["CRASH", "WIN"]);
  });
  await t.step("a lone claim on a unique position wins 2-1 with the solution", () => {
    const g = new SudokuGame("final", parseGrid81("." + SOLUTION.slice(1))!);
    assert.equal(g.submit("!").status, "WIN");
    const r = g.result();
    assert.deepEqual(r.points, [2, 1]);
    assert.deepEqual(r.statuses, ["WIN", "LOSE"]);
    assert.deepEqual(r.moves, ["!"]);
    assert.equal(r.summary, SOLUTION);
  });
  await t.step("classic: filling the grid without a claim is a 1-1 draw", () => {
    const g = new SudokuGame("classic", parseGrid81(".." + SOLUTION.slice(2))!);
    assert.equal(g.submit("Aa7").status, "OK");
    assert.equal(g.submit("Ab1").status, "DRAW");
    const r = g.result();
    assert.deepEqual(r.points, [1, 1]);
    assert.deepEqual(r.statuses, ["DRAW", "DRAW"]);
    assert.equal(r.summary, SOLUTION);
  });
});

Deno.test("sudoku referee log", async (t) => {
  await t.step("each line: the position after it, its solutions, the time", () => {
    const g = new SudokuGame("final", undefined, { solutionLimit: 100 });
    g.submit("Ec8", 1.5);
    g.submit(" Ia6 ", 2.5);
    g.submit("Ea8!", 3.5);
    const r = g.result();
    assert.equal(r.start, ".".repeat(81));
    const log = r.log!;
    assert.deepEqual(log.map((e) => [e.seat, e.move, e.status, e.played, e.auto, e.ms]), [
      [0, "Ec8", "OK", true, false, 1.5],
      [1, "Ia6", "OK", true, false, 2.5],
      [0, "Ea8!", "DOUBLED_SOMEWHERE", false, false, 3.5],
    ]);
    assert.equal(log[1].position, ".".repeat(38) + "8" + ".".repeat(33) + "6" + ".".repeat(8));
    assert.equal(log[2].position, log[1].position);
    assert.deepEqual(log[0].solutions, { count: 100, exact: false });
  });
  await t.step("a winning claim is logged with its one solution; faults too", () => {
    const g = new SudokuGame("final", parseGrid81(".." + SOLUTION.slice(2))!, {
      solutionLimit: 0,
    });
    // Counting nothing, the log has no counts, but the claim knows its one solution.
    assert.equal(g.submit("!", 7).status, "WIN");
    assert.deepEqual(g.result().log, [{
      seat: 0,
      move: "!",
      status: "WIN",
      reason: "one solution left",
      played: true,
      auto: false,
      position: ".." + SOLUTION.slice(2),
      solutions: { count: 1, exact: true },
      ms: 7,
    }]);
    const f = sudokuGame.create();
    f.forfeit(0, "CRASH", "exited with code 3 before answering", 12);
    assert.deepEqual(f.result().log!.map((e) => [e.move, e.status, e.reason, e.played, e.ms]), [
      ["", "CRASH", "exited with code 3 before answering", false, 12],
    ]);
  });
  await t.step("by default positions are counted up to 2: unique or not", () => {
    const g = sudokuGame.create();
    g.submit("Ec8");
    assert.deepEqual(g.result().log![0].solutions, { count: 2, exact: false });
    assert.equal(g.result().log![0].ms, undefined);
  });
});

Deno.test("sudoku referee refuses a start no game can be in", () => {
  // Row A is 1..8 and column i holds the 9 at Bi: Ai has no digit left.
  const dead = parseGrid81("12345678." + "........9" + ".".repeat(63))!;
  assert.throws(() => new SudokuGame("final", dead), {
    name: "RangeError",
    message: "the starting grid is not playable: it has no solution",
  });
  const doubled = parseGrid81("11" + ".".repeat(79))!;
  assert.throws(() => new SudokuGame("final", doubled), /it breaks the rules/);
});

Deno.test("sudoku referee reproduces the competition's records", async () => {
  const rows = (await Deno.readTextFile(RECORDS)).trim().split("\n");
  assert.equal(rows[0], RECORD_HEADER);
  assert.equal(sudokuGame.csvHeader, RECORD_HEADER);
  const factory = sudokuGameFor("final");
  let checked = 0;
  // The first 300 games keep this quick; rules_test.ts replays a whole file.
  for (const row of rows.slice(1, 301)) {
    const f = row.split(",");
    const moves = f[9].split(" ").filter((m) => m !== "");
    const g = factory.create();
    for (const m of moves) {
      const j = g.submit(m);
      assert.ok(j.status === "OK" || j.status === "WIN", `game ${f[0]} ${m}: ${j.status}`);
    }
    if (!g.over) {
      // A fault the record leaves out: the side to move lost with the recorded status.
      const seat = g.turn;
      const status = f[seat * 3 + 5];
      if (status !== "TIMEOUT" && status !== "CRASH") continue;
      g.forfeit(seat, status, "");
    }
    const mine = factory.csvRow(Number(f[0]), [f[3], f[6]], g.result()).split(",");
    assert.deepEqual(mine.slice(3), f.slice(3), `game ${f[0]}`);
    checked++;
  }
  assert.ok(checked > 150, `only ${checked} games checked`);
});

Deno.test("csv fields are quoted when needed", () => {
  assert.equal(csvField("deno run bot.ts"), "deno run bot.ts");
  assert.equal(csvField("a,b"), '"a,b"');
  assert.equal(csvField('say "hi"'), '"say ""hi"""');
  const row = sudokuGame.csvRow(3, ["x,y", "z"], {
    points: [2, 1],
    statuses: ["WIN", "LOSE"],
    moves: ["Aa1", "!"],
    summary: SOLUTION,
  });
  assert.equal(row, `3,2,match,"x,y",2,WIN,z,1,LOSE,Aa1 !,${SOLUTION}`);
});
