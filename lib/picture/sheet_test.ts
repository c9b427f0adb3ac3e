import assert from "node:assert/strict";
import {
  answersText,
  answersTextParts,
  puzzleSheetSvg,
  puzzleText,
  type SheetPuzzle,
} from "./sheet.ts";
import { byClass, elements, grids, parseXml, textOf } from "./xml_test_util.ts";

/** Cells of a one-line grid. */
function cells(line: string): Uint8Array {
  return Uint8Array.from(line, (ch) => (ch === "." ? 0 : parseInt(ch, 36)));
}

const SOLUTION =
  "784956213653172948219843675927638451431795862865214739372481596546329187198567324";
/** The solution with every other cell taken out. */
const PUZZLE = SOLUTION.replace(/.(.)/g, ".$1");

function sheetPuzzle(number: number, solution = true): SheetPuzzle {
  return {
    size: 9,
    puzzle: cells(PUZZLE),
    ...(solution ? { solution: cells(SOLUTION) } : {}),
    number,
    title: `Puzzle ${number} · easy`,
  };
}

Deno.test("puzzleSheetSvg: the givens alone, then the answers", async (t) => {
  await t.step("puzzles: given cells are the clues, no cell filled", () => {
    const root = parseXml(puzzleSheetSvg([sheetPuzzle(1), sheetPuzzle(2)]));
    const boards = grids(root);
    assert.deepEqual(boards.map((g) => g.attrs.get("class")), ["puzzle", "puzzle"]);
    for (const g of boards) {
      const shown = [...elements(g)].filter((e) => e.attrs.has("data-cell"))
        .map((e) => e.attrs.get("class") === "given" ? textOf(e) : ".").join("");
      assert.equal(shown, PUZZLE);
      assert.equal(byClass(g, "filled").length, 0);
      assert.equal(
        byClass(g, "caption").map(textOf).join(" "),
        `Puzzle ${g.attrs.get("data-grid")} · easy`,
      );
    }
  });
  await t.step("answers: the solutions, givens bold, smaller, from a new page", () => {
    const root = parseXml(puzzleSheetSvg([sheetPuzzle(1), sheetPuzzle(2, false)], true));
    const answers = grids(root).filter((g) => g.attrs.get("class") === "answer");
    // A puzzle without a solution has no answer.
    assert.deepEqual(answers.map((g) => g.attrs.get("data-grid")), ["1"]);
    const cellsOf = [...elements(answers[0])].filter((e) => e.attrs.has("data-cell"));
    assert.equal(cellsOf.map(textOf).join(""), SOLUTION);
    const kinds = cellsOf.map((e) => e.attrs.get("class"));
    assert.deepEqual(kinds, [...PUZZLE].map((ch) => (ch === "." ? "filled" : "given")));
    assert.equal(byClass(answers[0], "caption").map(textOf).join(""), "Solution 1");
    const pages = [...elements(root)].filter((e) => e.attrs.get("class") === "page");
    assert.equal(pages.length, 2);
    assert.equal(grids(pages[1]).length, 1);
  });
});

Deno.test("puzzleText and answersText", () => {
  const text = puzzleText(sheetPuzzle(3));
  const lines = text.split("\n");
  assert.equal(lines[0], "Puzzle 3 · easy");
  assert.equal(lines[1], " . 8 . | 9 . 6 | . 1 .");
  assert.equal(lines.length, 1 + 11 + 2);
  assert.ok(text.endsWith("\n\n"));
  // Nine 9×9 answers: six fit in 80 columns (6 × 10 + 5 × 4), then three.
  const answers = answersText(Array.from({ length: 9 }, (_, k) => sheetPuzzle(k + 1)));
  const rows = answers.split("\n");
  assert.equal(rows[0], "Solutions");
  assert.equal(rows[1], "");
  assert.equal(
    rows[2],
    ["Solution 1", "Solution 2", "Solution 3", "Solution 4", "Solution 5", "Solution 6"].join(
      "    ",
    ),
  );
  assert.equal(rows[3], Array(6).fill("784956213").join(" ".repeat(5)));
  assert.equal(rows[12], "");
  assert.equal(rows[13], ["Solution 7", "Solution 8", "Solution 9"].join("    "));
  assert.ok(rows.every((r) => r.length <= 80));
  assert.equal(answersText([sheetPuzzle(1, false)]), "");
});

Deno.test("answersTextParts: a row of answers a part, from puzzles made one at a time", () => {
  function* made(n: number): Generator<SheetPuzzle> {
    for (let k = 1; k <= n; k++) yield sheetPuzzle(k, k !== 4);
  }
  // Puzzle 4 has no answer: eight answers, six in the first row, two in the second.
  const parts = [...answersTextParts(made(9))];
  assert.equal(parts.length, 3);
  assert.equal(parts[0], "Solutions\n");
  assert.equal(parts.join(""), answersText([...made(9)]));
  assert.match(
    parts[1],
    /^\nSolution 1 {4}Solution 2 {4}Solution 3 {4}Solution 5 {4}Solution 6 {4}Solution 7\n/,
  );
  assert.match(parts[2], /^\nSolution 8 {4}Solution 9\n/);
  assert.deepEqual([...answersTextParts(made(0))], []);
});
