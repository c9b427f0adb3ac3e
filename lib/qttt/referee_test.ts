import assert from "node:assert/strict";
import { qtttGame, qtttPositionText } from "./referee.ts";
import { Qttt } from "./game.ts";
import type { RefereeGame } from "../referee/mod.ts";
import { EXAMPLE } from "../../testdata/qttt/example_game.ts";

// The statement's "Input" column, turn by turn.
const EXAMPLE_INPUTS = [
  "Start",
  "AB",
  "AB!",
  "ACD",
  "CD!",
  "CEF",
  "EF!",
  "EGJ",
  "IM",
  "IM!",
  "MGJ!",
  "GHN",
  "HK",
  "HK!",
];

/** Drive a game like the runner: ask the seat to move, relay its line. */
function drive(g: RefereeGame, reply: (seat: number, msg: string) => string): string[] {
  const statuses: string[] = [];
  while (!g.over) {
    const seat = g.turn;
    const line = reply(seat, g.message());
    statuses.push(g.submit(line).status);
  }
  return statuses;
}

Deno.test("qttt referee", async (t) => {
  await t.step("factory", () => {
    assert.equal(qtttGame.name, "qttt");
    assert.equal(qtttGame.defaultTime, 5);
    assert.equal(
      qtttGame.csvHeader,
      "Game,Round,IsSwiss,User1,Score1,Status1,User2,Score2,Status2,Moves,Solution",
    );
  });

  await t.step("the example game: messages, judgements, result, CSV row", () => {
    const g = qtttGame.create();
    const seen: string[] = [];
    const seats: number[] = [];
    let i = 0;
    const statuses = drive(g, (seat, msg) => {
      seen.push(msg);
      seats.push(seat);
      return EXAMPLE[i++];
    });
    assert.deepEqual(seen, EXAMPLE_INPUTS);
    assert.deepEqual(seats, EXAMPLE.map((_, k) => k % 2));
    // O's final collapse hands X the line: LOSE for the seat that wrote it.
    assert.deepEqual(statuses, [...new Array(13).fill("OK"), "LOSE"]);
    const r = g.result();
    assert.deepEqual(r.points, [22, 2]);
    assert.deepEqual(r.statuses, ["WIN", "LOSE"]);
    assert.deepEqual(r.moves, EXAMPLE);
    assert.equal(r.summary, "OXOXOXOXOXO.XX..");
    assert.deepEqual(r.extra?.bonus, [2, 2]);
    assert.equal(
      qtttGame.csvRow(7, ["bot, one", "two"], r),
      `7,1,match,"bot, one",22,WIN,two,2,LOSE,${EXAMPLE.join(" ")},OXOXOXOXOXO.XX..`,
    );
  });

  await t.step("an illegal turn: the referee plays on for the offender", () => {
    const g = qtttGame.create();
    assert.equal(g.message(), "Start");
    const j = g.submit("AA");
    assert.equal(j.status, "ILLEGAL");
    assert.match(j.reason, /same square A twice/);
    // X's first legal turn AB was played at once; O now sees it.
    assert.ok(g.autoplay(0));
    assert.ok(!g.autoplay(1));
    assert.equal(g.turn, 1);
    assert.equal(g.message(), "AB");
    // O plays AB (closing a cycle); the referee's X collapses into A and plays CD.
    assert.equal(g.submit("AB").status, "OK");
    assert.equal(g.turn, 1);
    assert.equal(g.message(), "ACD");
    // O plays its own first legal turns to the end.
    const statuses = drive(g, () => g.autoMove());
    assert.ok(g.over);
    const r = g.result();
    assert.deepEqual(r.statuses, ["ILLEGAL", "WIN"]);
    assert.equal(r.points[0], 0);
    assert.equal(r.points[1], 20 + (r.extra?.bonus[1] ?? -99));
    assert.equal(r.moves[0], "AB");
    assert.ok(statuses.every((s) => s !== "ILLEGAL"), statuses.join(" "));
  });

  await t.step("a timeout of O: X is still scored on the board", () => {
    const g = qtttGame.create();
    assert.equal(g.submit("AB").status, "OK");
    g.forfeit(1, "TIMEOUT", "no answer in 5 s");
    assert.ok(g.autoplay(1));
    // The referee played O's first legal turn (A-B, closing a cycle).
    assert.equal(g.turn, 0);
    assert.equal(g.message(), "AB!");
    // X collapses so that it owns A, then keeps pairing; the referee answers for O.
    const moves = ["BCD", "DEF", "FGH"];
    for (const m of moves) assert.equal(g.submit(m).status === "ILLEGAL", false);
    while (!g.over) g.submit(g.autoMove());
    const r = g.result();
    assert.deepEqual(r.statuses, ["WIN", "TIMEOUT"]);
    assert.equal(r.points[1], 0);
    assert.equal(r.points[0], 20 + (r.extra?.bonus[0] ?? -99));
  });

  await t.step("faults by both seats end the game with 0 for both", () => {
    const g = qtttGame.create();
    g.forfeit(0, "CRASH", "exit code 1");
    assert.ok(!g.over);
    assert.equal(g.submit("ZZ").status, "ILLEGAL");
    assert.ok(g.over);
    const r = g.result();
    assert.deepEqual(r.points, [0, 0]);
    assert.deepEqual(r.statuses, ["CRASH", "ILLEGAL"]);
    assert.equal(g.submit("AB").status, "ILLEGAL");
  });

  await t.step("the log: every turn, the board after it, faults and the referee's turns", () => {
    const g = qtttGame.create();
    g.submit("AB", 4);
    g.submit("AB", 5);
    assert.equal(g.submit("Q", 6).status, "ILLEGAL");
    // X faulted: the referee collapsed into A and played CD for it at once.
    g.forfeit(1, "TIMEOUT", "no answer in 5 s", 5000);
    assert.ok(g.over);
    const log = g.result().log!;
    assert.deepEqual(
      log.map((e) => [e.seat, e.move, e.status, e.played, e.auto, e.ms]),
      [
        [0, "AB", "OK", true, false, 4],
        [1, "AB", "OK", true, false, 5],
        [0, "Q", "ILLEGAL", false, false, 6],
        [0, "ACD", "OK", true, true, undefined],
        [1, "", "TIMEOUT", false, false, 5000],
      ],
    );
    assert.equal(log[0].position, "x1 x1 . . . . . . . . . . . . . .");
    // The cycle-closing mark awaits its collapse: marked with '!'.
    assert.equal(log[1].position, "x1,o2! x1,o2! . . . . . . . . . . . . . .");
    assert.equal(log[2].position, log[1].position);
    assert.equal(log[3].position, "O2 X1 x3 x3 . . . . . . . . . . . .");
    assert.equal(log[4].position, log[3].position);
    assert.equal(g.result().start, qtttPositionText(new Qttt()));
  });

  await t.step("the log of the example game ends with the board of the record", () => {
    const g = qtttGame.create();
    for (const turn of EXAMPLE) g.submit(turn);
    const r = g.result();
    assert.equal(r.log!.length, EXAMPLE.length);
    assert.deepEqual(r.log!.map((e) => e.status), [...new Array(13).fill("OK"), "LOSE"]);
    assert.match(r.log![13].reason, /X has a line of four/);
    const last = r.log![13].position.split(" ").map((f) => /^[XO]\d+$/.test(f) ? f[0] : ".");
    assert.equal(last.join(""), r.summary);
  });
});
