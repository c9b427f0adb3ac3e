import assert from "node:assert/strict";
import {
  cellName,
  formatGrid81,
  formatMove,
  judge,
  parseGrid81,
  parseMove,
  POINTS,
  Position,
  type Rules,
  startProblem,
} from "./rules.ts";
import { replayRecords } from "../../testdata/check_move/replay.ts";

const DATA = new URL("../../testdata/check_move/", import.meta.url);

/** What the reason of a move that does not parse teaches, spelled out. */
const PARSE_HINT = "a move is a row A-I, a column a-i and a digit 1-9, like Dg7 " +
  "(Dg7! or a lone ! claims one solution is left)";

/** Row A is 1..7 then two empty cells, and an 8 sits at Dh: so Ah must be 9 and Ai 8. */
const FORCED = "1234567.." + ".".repeat(18) + ".......8." + ".".repeat(45);
/** As FORCED, plus an 8 at Gi: Ai can be neither 8 nor 9, so no solution at all. */
const DEAD = "1234567.." + ".".repeat(18) + ".......8." + ".".repeat(27) + "........8" +
  ".".repeat(9);
/** A solution from the competition records (test-4, game 243593). */
const SOLUTION =
  "714892356862153749395476128941527683573648291286319574429731865637985412158264937";

function at(grid: string, rules: Rules = "final"): Position {
  return new Position(rules, parseGrid81(grid)!);
}

/** Every completion of `grid`, by plain backtracking on the emptiest cell. */
function allSolutions(grid: Uint8Array): Uint8Array[] {
  const g = Uint8Array.from(grid);
  const out: Uint8Array[] = [];
  const candidates = (cell: number): number[] => {
    const r = Math.floor(cell / 9), c = cell % 9;
    const used = new Set<number>();
    for (let k = 0; k < 9; k++) {
      used.add(g[r * 9 + k]);
      used.add(g[k * 9 + c]);
      const br = Math.floor(r / 3) * 3 + Math.floor(k / 3);
      const bc = Math.floor(c / 3) * 3 + (k % 3);
      used.add(g[br * 9 + bc]);
    }
    return [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => !used.has(d));
  };
  const search = () => {
    let best = -1;
    let bestCands: number[] = [];
    for (let i = 0; i < 81; i++) {
      if (g[i] !== 0) continue;
      const cs = candidates(i);
      if (best < 0 || cs.length < bestCands.length) {
        best = i;
        bestCands = cs;
      }
    }
    if (best < 0) {
      out.push(Uint8Array.from(g));
      return;
    }
    for (const d of bestCands) {
      g[best] = d;
      search();
    }
    g[best] = 0;
  };
  search();
  return out;
}

/** Whether `digit` is already in a row, column or box of `cell` (plain scan). */
function seesDigit(grid: Uint8Array, cell: number, digit: number): boolean {
  const r = Math.floor(cell / 9), c = cell % 9;
  for (let i = 0; i < 81; i++) {
    if (grid[i] !== digit) continue;
    const ri = Math.floor(i / 9), ci = i % 9;
    if (ri === r || ci === c) return true;
    if (Math.floor(ri / 3) === Math.floor(r / 3) && Math.floor(ci / 3) === Math.floor(c / 3)) {
      return true;
    }
  }
  return false;
}

/** The status of the spec's table from the full solution set (the obviously-correct referee). */
function referenceStatus(
  grid: Uint8Array,
  solutions: readonly Uint8Array[],
  rules: Rules,
  cell: number,
  digit: number,
  claim: boolean,
): string {
  if (grid[cell] !== 0) return "ILLEGAL";
  if (seesDigit(grid, cell, digit)) return "DOUBLED_SOMEWHERE";
  const holding = solutions.filter((s) => s[cell] === digit).length;
  if (holding === 0) return "NO_SOLUTIONS_LEFT";
  if (rules === "final" && holding === solutions.length) return "NO_SOLUTION_DECREASED";
  if (claim) return holding === 1 ? "WIN" : "NO_UNIQUE_CLAIM";
  if (rules === "classic" && grid.filter((v) => v === 0).length === 1) return "DRAW";
  return "OK";
}

Deno.test("codecup notation", async (t) => {
  await t.step("every move parses and prints back", () => {
    for (let cell = 0; cell < 81; cell++) {
      for (let d = 1; d <= 9; d++) {
        for (const claim of [false, true]) {
          const text = cellName(cell) + d + (claim ? "!" : "");
          const m = parseMove(text);
          assert.deepEqual(m, { cell, digit: d, claim });
          assert.equal(formatMove(m!), text);
        }
      }
    }
    assert.deepEqual(parseMove("!"), { cell: -1, digit: 0, claim: true });
    assert.equal(formatMove(parseMove("!")!), "!");
  });
  await t.step("rows are A..I top to bottom, columns a..i left to right", () => {
    assert.equal(parseMove("Dg7")!.cell, 3 * 9 + 6);
    assert.equal(parseMove("Aa1")!.cell, 0);
    assert.equal(parseMove("Ii9")!.cell, 80);
    assert.equal(cellName(33), "Dg");
  });
  await t.step("malformed moves do not parse", () => {
    for (
      const bad of [
        "",
        "dg7",
        "DG7",
        "Dg0",
        "Dg10",
        "Dg7!!",
        " Dg7",
        "Dg7 ",
        "Jg7",
        "Dj7",
        "!!",
        "Dg",
        "Start",
        "Dg7?",
      ]
    ) {
      assert.equal(parseMove(bad), undefined, bad);
    }
  });
  await t.step("81-character grids", () => {
    assert.equal(formatGrid81(parseGrid81(FORCED)!), FORCED);
    assert.equal(formatGrid81(parseGrid81(FORCED.replaceAll(".", "0"))!), FORCED);
    assert.equal(parseGrid81(FORCED.slice(1)), undefined);
    assert.equal(parseGrid81("x" + FORCED.slice(1)), undefined);
  });
});

Deno.test("codecup judge: every status on crafted positions", async (t) => {
  const cases: [string, Rules, string, string, string][] = [
    [FORCED, "final", "Aa1", "ILLEGAL", "cell Aa already holds 1"],
    [FORCED, "final", "xyz", "ILLEGAL", `cannot parse 'xyz': ${PARSE_HINT}`],
    [FORCED, "final", "Ah7", "DOUBLED_SOMEWHERE", "7 is already in row A"],
    [FORCED, "final", "Hh8", "DOUBLED_SOMEWHERE", "8 is already in column h"],
    [FORCED, "final", "Bh7", "DOUBLED_SOMEWHERE", "7 is already in the box of Bh (at Ag)"],
    [FORCED, "final", "Ai9", "NO_SOLUTIONS_LEFT", "no solution has 9 at Ai"],
    [FORCED, "final", "Ah8", "DOUBLED_SOMEWHERE", "8 is already in column h"],
    [FORCED, "final", "Ai8", "NO_SOLUTION_DECREASED", "every solution has 8 at Ai"],
    [FORCED, "final", "Ah9", "NO_SOLUTION_DECREASED", "every solution has 9 at Ah"],
    [FORCED, "final", "Ah9!", "NO_SOLUTION_DECREASED", "every solution has 9 at Ah"],
    [FORCED, "final", "Ee9", "OK", ""],
    [FORCED, "final", "Ee9!", "NO_UNIQUE_CLAIM", "two or more solutions left"],
    [FORCED, "final", "!", "NO_UNIQUE_CLAIM", "two or more solutions left"],
    [FORCED, "classic", "Ai8", "OK", ""],
    [FORCED, "classic", "Ai9", "NO_SOLUTIONS_LEFT", "no solution has 9 at Ai"],
    [DEAD, "final", "!", "NO_UNIQUE_CLAIM", "no solution left"],
    [DEAD, "final", "Ee9", "NO_SOLUTIONS_LEFT", "no solution has 9 at Ee"],
  ];
  for (const [grid, rules, move, status, reason] of cases) {
    await t.step(`${rules} ${move} -> ${status}`, () => {
      const p = at(grid, rules);
      const before = formatGrid81(p.grid);
      const v = judge(p, move);
      assert.equal(v.status, status);
      assert.ok(v.reason.startsWith(reason), v.reason);
      assert.deepEqual(v.points, status === "OK" ? undefined : POINTS[status]);
      assert.equal(formatGrid81(p.grid), before, "judge must not change the position");
    });
  }
  await t.step("a lone claim on a unique position wins", () => {
    const p = at("." + SOLUTION.slice(1));
    const v = judge(p, "!");
    assert.equal(v.status, "WIN");
    assert.equal(v.solution, SOLUTION);
    assert.equal(judge(p, "Aa7").status, "NO_SOLUTION_DECREASED");
  });
});

Deno.test("codecup judge: classic rules", async (t) => {
  await t.step("a forced digit may be played", () => {
    const p = at(FORCED, "classic");
    assert.equal(judge(p, "Ai8").status, "OK");
    assert.equal(judge(p, "Ah9").status, "OK");
    assert.equal(at(FORCED, "final").rules, "final");
  });
  await t.step("filling the grid without a claim is a 1-1 draw", () => {
    const p = at("." + SOLUTION.slice(1), "classic");
    const v = judge(p, "Aa7");
    assert.equal(v.status, "DRAW");
    assert.deepEqual(v.points, [1, 1]);
    assert.equal(judge(p, "Aa7!").status, "WIN");
    assert.equal(judge(p, "!").status, "WIN");
  });
  await t.step("play goes on after the solution is unique", () => {
    const p = at("..." + SOLUTION.slice(3), "classic");
    for (const m of ["Aa7", "Ab1"]) {
      const v = judge(p, m);
      assert.equal(v.status, "OK", m);
      p.play(v.move!);
    }
    assert.equal(judge(p, "Ac4").status, "DRAW");
    assert.deepEqual(p.moves, ["Aa7", "Ab1"]);
    assert.equal(p.turn, 0);
  });
});

Deno.test("codecup judge agrees with the full solution set on every move", async (t) => {
  const lines = (await Deno.readTextFile(new URL("positions_2k.txt", DATA))).trim().split("\n");
  for (const line of lines) {
    const [index, , text, outcome] = line.split(" ");
    await t.step(`position ${index} (${outcome})`, () => {
      const grid = parseGrid81(text)!;
      const solutions = allSolutions(grid);
      assert.ok(solutions.length > 1 && solutions.length < 2000);
      const texts = new Set(solutions.map((s) => s.join("")));
      let wins = 0;
      // Without a known solution, and with one that holds or lacks each move's digit.
      const variants: [Rules, Uint8Array | undefined][] = [
        ["final", undefined],
        ["classic", undefined],
        ["final", solutions[0]],
        ["classic", solutions[solutions.length - 1]],
      ];
      for (const [rules, witness] of variants) {
        const p = new Position(rules, grid);
        p.witness = witness;
        assert.equal(judge(p, "!").status, "NO_UNIQUE_CLAIM");
        for (let cell = 0; cell < 81; cell++) {
          for (let d = 1; d <= 9; d++) {
            for (const claim of [false, true]) {
              const move = cellName(cell) + d + (claim ? "!" : "");
              const v = judge(p, move);
              const want = referenceStatus(grid, solutions, rules, cell, d, claim);
              assert.equal(v.status, want, `${rules} ${move}`);
              if (v.status === "WIN") {
                wins++;
                const s = solutions.find((s) => s[cell] === d)!;
                assert.equal(v.solution, s.join(""));
              }
              if (v.status === "OK") {
                // The witness handed back is a solution of the position after the move.
                const w = v.witness!;
                assert.ok(w[cell] === d && texts.has(w.join("")), move);
              }
            }
          }
        }
      }
      // WIN1 positions have a move that wins at once; the others do not.
      assert.equal(wins > 0, outcome === "WIN1");
    });
  }
});

// The suite replays one record file; rules_bench.ts replays all four.
Deno.test("codecup judge replays every game of a competition record", async () => {
  const text = await Deno.readTextFile(new URL("test-4-competition-313-games.csv", DATA));
  assert.deepEqual(replayRecords(text), { games: 1310, moves: 34743 });
});

Deno.test("startProblem: which grids a game can start from", async (t) => {
  await t.step("the empty grid and a grid with one solution left can", () => {
    const witness = new Uint8Array(81);
    assert.equal(startProblem(new Uint8Array(81), witness), undefined);
    assert.ok(witness.every((d) => d >= 1 && d <= 9));
    assert.equal(startProblem(parseGrid81("." + SOLUTION.slice(1))!), undefined);
  });
  await t.step("a grid with no solution cannot", () => {
    assert.equal(startProblem(parseGrid81(DEAD)!), "it has no solution");
  });
  await t.step("repeated givens cannot, whatever else", () => {
    const p = startProblem(parseGrid81("1" + ".".repeat(8) + "1" + ".".repeat(71))!);
    assert.match(p ?? "", /^it breaks the rules: /);
  });
  await t.step("an unparsable move is quoted escaped and cut", () => {
    const v = judge(new Position(), "E\x1bc8" + "x".repeat(100));
    // The cut counts the escaped text: 24 characters, the escape 4 of them.
    assert.equal(v.reason, `cannot parse 'E\\x1bc8${"x".repeat(17)}…': ${PARSE_HINT}`);
  });
});
