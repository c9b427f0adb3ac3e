import assert from "node:assert/strict";
import { replayLog, replayPage, solutionsText } from "./page.ts";
import { durationText } from "./chart.ts";
import { REPLAY_SCRIPT } from "./script.ts";
import { qtttView } from "./qttt.ts";
import { sudokuView } from "./sudoku.ts";
import type { GameLog } from "./log.ts";
import { parseGrid81, SudokuGame } from "../sudoku_game/mod.ts";
import { qtttGame } from "../qttt/mod.ts";
import type { RefereeGame } from "../referee/mod.ts";

/** A start with two solutions (Ab/Ac/Db/Dc hold 1 and 4 either way round). */
const TWO_SOLUTIONS =
  "7..8923568621537493954761289..527683573648291286319574429731865637985412158264937";

/** Play `lines` in `game`, each after 2 ms of thought; the log of the result. */
function played(game: RefereeGame, name: "sudoku" | "qttt", lines: readonly string[]): GameLog {
  for (const line of lines) if (!game.over) game.submit(line, 2);
  return replayLog({
    game: name,
    rules: name === "sudoku" ? "final" : undefined,
    index: 7,
    players: ["<img src=x onerror=alert(1)>", "bot & co"],
    timeLimitMs: 5000,
    result: game.result(),
  });
}

/** The JSON inside `<script ... id="ID">`. */
function embedded(page: string, id: string): unknown {
  const m = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`, "s")
    .exec(page);
  assert.ok(m !== null, `no ${id} in the page`);
  return JSON.parse(m[1]);
}

/** Each cell of a board SVG as `R,C=text|class`, tags stripped. */
function cells(svg: string): string[] {
  return [...svg.matchAll(/<g data-cell="(\d+,\d+)" transform="[^"]*" class="([^"]*)">(.*?)<\/g>/g)]
    .map((m) => `${m[1]}=${m[3].replace(/<[^>]*>/g, "")}|${m[2]}`);
}

Deno.test("replay page", async (t) => {
  const sudoku = played(new SudokuGame("final", undefined, { solutionLimit: 50 }), "sudoku", [
    "Ec8",
    "Ia6",
    "Ea8",
  ]);

  await t.step("self-contained: nothing fetched, no link, the log embedded", () => {
    const page = replayPage(sudoku);
    assert.match(page, /^<!DOCTYPE html>\n<html lang="en">/);
    for (const outside of [/<[a-z]+[^>]*\s(src|href)=/i, /url\(/, /@import/, /https?:/]) {
      assert.doesNotMatch(page, outside);
    }
    assert.deepEqual(embedded(page, "game-log"), sudoku);
    const view = embedded(page, "replay-view") as { frames: number[][]; info: string[] };
    assert.equal(view.frames.length, 4);
    assert.ok(view.frames.every((f) => f.length === 81));
    assert.equal(view.info[0], "Start: A (first) to move.");
    assert.equal(
      view.info[3],
      "Move 3 of 3: A (first) wrote 'Ea8' · DOUBLED_SOMEWHERE: 8 is already in row E · " +
        "thought 2.0 ms · 50+ solutions",
    );
    // The footer says how to link to a move, not what reads as the current one.
    assert.ok(page.includes("copy the page's address:\nit ends in #N for the move shown"));
    assert.doesNotMatch(page, /remembers the move/);
    // The players' commands are shown, escaped.
    assert.equal(page.includes("<img"), false);
    assert.ok(page.includes("&lt;img src=x onerror=alert(1)&gt;"));
    assert.ok(page.includes("bot &amp; co"));
  });

  await t.step("the verdict and the opening step: the last one", () => {
    const page = replayPage(sudoku);
    assert.match(page, /<svg id="board" class="board sudoku" data-move="3"/);
    assert.match(page, /<input id="step" type="range" min="0" max="3" value="3"/);
    assert.match(
      page,
      /<b class="status">DOUBLED_SOMEWHERE<\/b>, 0 points.*<b class="status">WIN<\/b>, 2 points/,
    );
    assert.match(
      page,
      /Move 3: A \(first\) wrote &apos;Ea8&apos; — DOUBLED_SOMEWHERE: 8 is already in row E/,
    );
  });

  await t.step("sudoku boards: every step's digits, owners and marks", () => {
    const board = sudokuView.board(sudoku);
    const at = (k: number) => cells(board.svg(k));
    assert.equal(at(0).length, 81);
    assert.ok(at(0).every((c) => c.endsWith("=|empty")));
    assert.ok(at(1).includes("5,3=8|p0 last"));
    assert.ok(at(2).includes("5,3=8|p0"));
    assert.ok(at(2).includes("9,1=6|p1 last"));
    // The rejected move: its cell outlined, the board unchanged.
    assert.ok(at(3).includes("5,1=|empty rejected"));
    assert.deepEqual(at(3).map((c) => c.split("|")[0]), at(2).map((c) => c.split("|")[0]));
  });

  await t.step("sudoku notes: a unique position, then a missed claim", () => {
    const g = new SudokuGame("final", parseGrid81(TWO_SOLUTIONS)!);
    const log = played(g, "sudoku", ["Ab1", "Ac4"]);
    assert.deepEqual(log.steps.map((s) => s.status), ["OK", "NO_SOLUTION_DECREASED"]);
    assert.deepEqual(log.steps[0].solutions, { count: 1, exact: true });
    const board = sudokuView.board(log);
    assert.equal(board.notes[0], "");
    assert.match(board.notes[1], /^Exactly one solution is left/);
    assert.match(board.notes[2], /^One solution was left: a claim/);
    // The givens of the start are drawn as such.
    assert.ok(cells(board.svg(0)).includes("1,1=7|given"));
    assert.match(replayPage(log), /<td class="sol unique">1 solution<\/td>/);
  });

  await t.step("qttt boards: spooky marks, a pending cycle, its collapse", () => {
    const turns = ["AB", "AB", "ACD", "CD", "CEF", "EF", "EGJ", "IM", "IM", "MGJ"];
    const log = played(qtttGame.create(), "qttt", turns);
    const board = qtttView.board(log);
    assert.equal(board.frames.length, 11);
    const at = (k: number) => cells(board.svg(k));
    assert.equal(at(0).length, 16);
    assert.deepEqual(at(1).slice(0, 2), ["1,1=X1|spooky new", "1,2=X1|spooky new"]);
    // Move 2 closes the cycle A-B: it awaits X's choice, outlined in both squares.
    assert.deepEqual(at(2).slice(0, 2), [
      "1,1=X1 O2|spooky pending new",
      "1,2=X1 O2|spooky pending new",
    ]);
    assert.match(board.notes[2], /^O2 closed a cycle: X chooses whether it collapses into A or B/);
    // ACD: O2 falls into A, so X1 into B; then X3 on C and D.
    assert.deepEqual(at(3).slice(0, 4), [
      "1,1=O2|classical o collapsed",
      "1,2=X1|classical x collapsed",
      "1,3=X3|spooky new",
      "1,4=X3|spooky new",
    ]);
    assert.match(board.notes[3], /^X collapsed O2 into A: 2 squares became classical/);
    assert.equal(at(4)[0], "1,1=O2|classical o");
    const page = replayPage(log);
    assert.match(page, /<svg id="board" class="board qttt" data-move="10"/);
    // Each step's text position agrees with the board drawn from the replayed moves.
    log.steps.forEach((s, i) => {
      const texts = at(i + 1).map((c) => c.split("=")[1].split("|")[0]);
      const fields = s.position.split(" ").map((f) =>
        f === "." ? "" : f.split(",").map((m) => m.replace("!", "").toUpperCase()).join(" ")
      );
      assert.deepEqual(texts, fields, `step ${s.step}`);
    });
  });

  await t.step("a log that does not replay, or of an unknown game, is refused", () => {
    const bad: GameLog = {
      ...sudoku,
      game: "qttt",
      steps: [{ ...sudoku.steps[0], move: "ZZ" }],
    };
    assert.throws(() => replayPage(bad), RangeError);
    assert.throws(() => replayPage({ ...sudoku, game: "chess" }), /no replay for the game 'chess'/);
  });

  await t.step("texts: solution counts and durations", () => {
    assert.equal(solutionsText({ count: 0, exact: true }), "no solution");
    assert.equal(solutionsText({ count: 1, exact: true }), "1 solution");
    assert.equal(solutionsText({ count: 12, exact: true }), "12 solutions");
    assert.equal(solutionsText({ count: 1000, exact: false }), "1000+ solutions");
    assert.equal(durationText(0.25), "0.25 ms");
    assert.equal(durationText(12.34), "12.3 ms");
    assert.equal(durationText(139.2), "139 ms");
    assert.equal(durationText(1234.5), "1.234 s");
  });

  await t.step("the script is plain ES2018: no modules, no later syntax", () => {
    // Parses (as a function body) without running.
    new Function(REPLAY_SCRIPT);
    for (const later of ["?.", "??", "import ", "export ", "async ", "await "]) {
      assert.equal(REPLAY_SCRIPT.includes(later), false, later);
    }
  });
});
