import assert from "node:assert/strict";
import { runCli } from "./test_util.ts";

/** Row A is 1..7 then two empty cells, and an 8 sits at Dh: so Ah must be 9 and Ai 8. */
const FORCED = "1234567.." + ".".repeat(18) + ".......8." + ".".repeat(45);
const SOLUTION =
  "714892356862153749395476128941527683573648291286319574429731865637985412158264937";
/** A recorded game (test-4, 243593) ending in a winning claim. */
const GAME =
  "Eb7 Dh8 Fb8 Ei1 Ac4 Be5 Fc6 Gd7 Dc1 Cc5 Bf3 Id2 Hh1 Fa2 Gh6 Ce7 Df7 Gb2 Hc7 Ai6 Aa7 Ig9 Bg7 Ff9 Ic8 If4 Hb3 Fd3 Ad8!";

/** The reason of a move that does not parse teaches the form, after the quoted move. */
const FORM = "a move is a row A-I, a column a-i and a digit 1-9, like Dg7 " +
  "(Dg7! or a lone ! claims one solution is left)";

/** Input line, expected text verdict. */
const STATUSES: [string, string][] = [
  ["Ec8", "OK"],
  [GAME, "WIN 2-1: one solution left"],
  ["." + SOLUTION.slice(1) + " !", "WIN 2-1: one solution left"],
  ["Ec8 Ec7", "ILLEGAL 0-2: cell Ec already holds 8"],
  ["Ec8 e5", `ILLEGAL 0-2: cannot parse 'e5': ${FORM}`],
  ["ec8", `ILLEGAL 0-2: cannot parse 'ec8': ${FORM}`],
  ["Ec8 Ea8", "DOUBLED_SOMEWHERE 0-2: 8 is already in row E"],
  [`${FORCED} Ai9`, "NO_SOLUTIONS_LEFT 1-2: no solution has 9 at Ai"],
  [`${FORCED} Ai8`, "NO_SOLUTION_DECREASED 1-2: every solution has 8 at Ai"],
  ["Ec8 Ia6!", "NO_UNIQUE_CLAIM 0-2: two or more solutions left"],
  ["Ec8 !", "NO_UNIQUE_CLAIM 0-2: two or more solutions left"],
];

Deno.test("check-move: every status through the CLI", async (t) => {
  await t.step("batch, text", async () => {
    const input = STATUSES.map(([line]) => line).join("\n") + "\n";
    const r = await runCli(["check-move"], input);
    assert.equal(r.stdout, STATUSES.map(([, want]) => want).join("\n") + "\n");
    assert.equal(r.code, 1);
    assert.equal(r.stderr, "");
  });
  await t.step("batch, json", async () => {
    const input = STATUSES.map(([line]) => line).join("\n") + "\n";
    const r = await runCli(["check-move", "--format", "json"], input);
    const got = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
    assert.equal(got.length, STATUSES.length);
    for (let i = 0; i < got.length; i++) {
      const want = STATUSES[i][1];
      assert.equal(got[i].status, want.split(/[ :]/)[0]);
      assert.equal(got[i].reason, want.includes(": ") ? want.slice(want.indexOf(": ") + 2) : "");
      const pts = /^\S+ (\d)-(\d)/.exec(want);
      assert.deepEqual(got[i].points, pts === null ? null : [Number(pts[1]), Number(pts[2])]);
    }
    assert.equal(got[1].move, "Ad8!");
    assert.equal(got[1].index, 29);
    assert.equal(
      got[1].solution,
      "714892356862153749395476128941527683573648291286319574429731865637985412158264937",
    );
    assert.equal(got[0].solution, undefined);
  });
  await t.step("classic rules", async () => {
    const input = [
      `${FORCED} Ai8`,
      `${FORCED} Ai9`,
      `${".." + SOLUTION.slice(2)} Aa7 Ab1`,
      `${".." + SOLUTION.slice(2)} Aa7 Ab1!`,
    ].join("\n");
    const r = await runCli(["check-move", "--rules", "classic"], input);
    assert.equal(
      r.stdout,
      [
        "OK",
        "NO_SOLUTIONS_LEFT 1-2: no solution has 9 at Ai",
        "DRAW 1-1: the grid is full and nobody claimed",
        "WIN 2-1: one solution left",
      ].join("\n") + "\n",
    );
    assert.equal(r.code, 1);
  });
});

Deno.test("check-move: arguments and exit status", async (t) => {
  await t.step("a legal move exits 0", async () => {
    const r = await runCli(["check-move", "Ec8", "Ia6", "Fg6", "Dg7"]);
    assert.deepEqual([r.code, r.stdout, r.stderr], [0, "OK\n", ""]);
  });
  await t.step("a winning claim exits 0", async () => {
    const r = await runCli(["check-move", ...GAME.split(" ")]);
    assert.deepEqual([r.code, r.stdout], [0, "WIN 2-1: one solution left\n"]);
  });
  await t.step("a losing move exits 1", async () => {
    const r = await runCli(["check-move", FORCED, "Ai8", "--format", "json"]);
    assert.equal(r.code, 1);
    assert.deepEqual(JSON.parse(r.stdout), {
      status: "NO_SOLUTION_DECREASED",
      points: [1, 2],
      reason: "every solution has 8 at Ai",
      move: "Ai8",
      index: 1,
    });
  });
  await t.step("an earlier move that is not legal exits 2 and says which", async () => {
    const r = await runCli(["check-move", "Ec8", "Ec8", "Ia6"]);
    assert.equal(r.code, 2);
    assert.equal(r.stdout, "");
    assert.equal(
      r.stderr,
      "error: move 2 (Ec8) is not legal: ILLEGAL 0-2: cell Ec already holds 8\n",
    );
  });
  await t.step("a move after the game ended exits 2", async () => {
    const r = await runCli(["check-move", ...GAME.split(" "), "Aa1"]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^error: move 29 \(Ad8!\) ends the game: WIN 2-1/);
  });
  await t.step("batch errors keep one line per sequence and exit 2", async () => {
    const r = await runCli(["check-move"], "Ec8\n\n# comment\nEc8 Ec8 Ia6\nEc8 Ea8\n");
    assert.equal(r.code, 2);
    assert.equal(
      r.stdout,
      "OK\nERROR: line 4: move 2 (Ec8) is not legal: ILLEGAL 0-2: cell Ec already holds 8\n" +
        "DOUBLED_SOMEWHERE 0-2: 8 is already in row E\n",
    );
    assert.equal(
      r.stderr,
      "error: line 4: move 2 (Ec8) is not legal: ILLEGAL 0-2: cell Ec already holds 8\n",
    );
  });
  await t.step("batch errors in JSON carry their line", async () => {
    const r = await runCli(
      ["check-move", "--format", "json"],
      "Ec8\n# comment\n\nEc8 Ec8 Ia6\nEc8\nEc8 Ec8 Ec8\n",
    );
    assert.equal(r.code, 2);
    const got = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
    assert.deepEqual(got[1], {
      error: "move 2 (Ec8) is not legal: ILLEGAL 0-2: cell Ec already holds 8",
      line: 4,
    });
    assert.equal(got[2].status, "OK");
    assert.deepEqual(got[3], {
      error: "move 2 (Ec8) is not legal: ILLEGAL 0-2: cell Ec already holds 8",
      line: 6,
    });
    assert.equal(
      r.stderr,
      "error: line 4: move 2 (Ec8) is not legal: ILLEGAL 0-2: cell Ec already holds 8\n" +
        "error: 1 more sequence could not be judged either\n",
    );
  });
  await t.step("a move that does not parse: the reason shows the form", async () => {
    const r = await runCli(["check-move", "ec8"]);
    assert.deepEqual(
      [r.code, r.stdout, r.stderr],
      [1, `ILLEGAL 0-2: cannot parse 'ec8': ${FORM}\n`, ""],
    );
  });
  await t.step("a grid and no move, a grid with a bad character: exit 2, what to do", async () => {
    const alone = await runCli(["check-move", FORCED]);
    assert.deepEqual([alone.code, alone.stdout], [2, ""]);
    assert.equal(
      alone.stderr,
      "error: no move to judge after the starting grid: add one or more moves, like Ec8\n" +
        "Run 'sudokit check-move --help' for usage.\n",
    );
    const bad = await runCli(["check-move", "x".repeat(81), "Ec8"]);
    assert.deepEqual([bad.code, bad.stdout], [2, ""]);
    assert.equal(
      bad.stderr,
      "error: the starting grid must be 81 characters of 1..9, '.' or '0' for empty: " +
        "character 1 is 'x'\n",
    );
    const batch = await runCli(
      ["check-move"],
      `${FORCED}\n${FORCED.slice(0, 40)}\x1b${FORCED.slice(41)} Ec8\n`,
    );
    assert.equal(batch.code, 2);
    assert.equal(
      batch.stdout,
      "ERROR: line 1: no move to judge after the starting grid: add one or more moves, like Ec8\n" +
        "ERROR: line 2: the starting grid must be 81 characters of 1..9, '.' or '0' for empty: " +
        "character 41 is character U+001B\n",
    );
  });
  await t.step("bad usage exits 2", async () => {
    // A grid alone, and one with a bad character: the step above checks their messages.
    for (
      const args of [
        [],
        ["--rules", "modern", "Ec8"],
        ["--format", "xml", "Ec8"],
        ["--bogus", "Ec8"],
        ["1".repeat(81), "Ec8"],
      ]
    ) {
      const r = await runCli(["check-move", ...args], args.length === 0 ? "" : undefined);
      if (args.length === 0) {
        // No arguments means batch mode; empty input judges nothing.
        assert.deepEqual([r.code, r.stdout], [0, ""]);
        continue;
      }
      assert.equal(r.code, 2, args.join(" "));
      assert.match(r.stderr, /^error: /, args.join(" "));
    }
  });
  // Both games' help documents the one grammar of their verdicts (hardening_test.ts).
  const grammar = (help: string) => {
    assert.match(help, /'STATUS M-O: reason'/);
    assert.match(help, /'STATUS: reason'/);
  };
  await t.step("--help", async () => {
    const r = await runCli(["check-move", "--help"]);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^Usage: sudokit check-move/);
    grammar(r.stdout);
  });
  await t.step("--game qttt is delegated", async () => {
    const r = await runCli(["check-move", "--game", "qttt", "--help"]);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /--game qttt/);
    grammar(r.stdout);
  });
});

Deno.test("check-move: batch replay of 400 recorded games", async () => {
  const url = new URL("../testdata/check_move/test-6-competition-311-games.csv", import.meta.url);
  // Games lost on the very first move have no moves to replay.
  const rows = (await Deno.readTextFile(url)).trim().split("\n").slice(1)
    .filter((row) => row.split(",")[9] !== "").slice(0, 400);
  const lines = rows.map((row) => row.split(",")[9]);
  const r = await runCli(["check-move"], lines.join("\n") + "\n");
  const got = r.stdout.trim().split("\n");
  assert.equal(got.length, rows.length);
  for (let i = 0; i < rows.length; i++) {
    // A win by claim ends the list; a fault's losing move is left out, so the last is OK.
    assert.equal(got[i], lines[i].endsWith("!") ? "WIN 2-1: one solution left" : "OK", rows[i]);
  }
  assert.equal(r.code, 0);
});
