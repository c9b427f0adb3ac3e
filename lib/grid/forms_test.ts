import assert from "node:assert/strict";
import { GridFormatParser, TokenFormatParser } from "./parse.ts";
import { LineFormatParser } from "./line_form.ts";
import { detectForm, FormDetector, parserFor } from "./forms.ts";
import { SUDOKU, SUDOKU_DIGITS } from "./parse_test_util.ts";

Deno.test("detectForm", async (t) => {
  await t.step("grid format: a lone count then a lone size", () => {
    assert.equal(detectForm(["5", "9", " 2 5 0 0 3 0 9 0 1"]), "grid");
    assert.equal(detectForm(["\ufeff2", "9"]), "grid");
    assert.equal(detectForm(["", "# note", "  1  ", "", "4"]), "grid");
    assert.equal(detectForm(["3"]), "grid");
    // Counts of 10,000 and more, before a size of at most 64.
    assert.equal(detectForm(["10000", "9"]), "grid");
    assert.equal(detectForm(["123456789", "64"]), "grid");
    assert.equal(detectForm(["123456789", "65"]), "tokens");
    assert.equal(detectForm(["1234567890", "9"]), "tokens");
  });
  await t.step("token format: classic rows, runs of 9", () => {
    assert.equal(detectForm(["0 0 3 9 0 0 7 6 0", "0 4 0 0 0 6 0 0 9"]), "tokens");
    assert.equal(detectForm(["003020600", "900305001"]), "tokens");
    assert.equal(detectForm(["0", "0 0"]), "tokens");
  });
  await t.step("one puzzle per line", () => {
    assert.equal(detectForm([SUDOKU, SUDOKU]), "line");
    assert.equal(detectForm(["# puzzles", SUDOKU_DIGITS]), "line");
    assert.equal(detectForm(["\ufeff" + SUDOKU]), "line");
    assert.equal(detectForm(["................"]), "line");
    assert.equal(detectForm(["0".repeat(625)]), "line");
    assert.equal(detectForm([]), "line");
  });
  await t.step("a lone token of 16 characters or more, of any length: one puzzle per line", () => {
    // Its parser then says how many cells the line has and how many a puzzle needs.
    assert.equal(detectForm([SUDOKU.slice(0, 80)]), "line");
    assert.equal(detectForm(["1234567890123456789"]), "line");
    // Shorter ones stay tokens, whose parser tells a run of the wrong length.
    assert.equal(detectForm(["1234567890"]), "tokens");
    assert.equal(detectForm(["ab\x1b]0;x\x07cd"]), "tokens");
  });
  await t.step("parserFor gives the parser of each form", () => {
    assert.ok(parserFor("grid") instanceof GridFormatParser);
    assert.ok(parserFor("tokens") instanceof TokenFormatParser);
    assert.ok(parserFor("line") instanceof LineFormatParser);
  });
});

Deno.test("detectForm with symbols of another size than 9: one short token is a puzzle", () => {
  assert.equal(detectForm(["ab..", "..ab"]), "tokens");
  assert.equal(detectForm(["ab..", "..ab"], "ab"), "line");
  assert.equal(detectForm(["123456789"], "123456789"), "tokens");
  assert.equal(detectForm(["1 2 3 4"], "1234"), "tokens");
});

Deno.test("FormDetector", async (t) => {
  const grids: number[] = [];
  const emit = (e: { kind: string; grid?: { size: number } }) => {
    if (e.kind === "grid") grids.push(e.grid!.size);
  };
  await t.step("decides after two meaningful lines and feeds them to the parser", () => {
    grids.length = 0;
    const d = new FormDetector();
    assert.equal(d.push("# a comment", emit), undefined);
    assert.equal(d.push(SUDOKU, emit), undefined);
    const p = d.push(SUDOKU_DIGITS, emit);
    assert.ok(p instanceof LineFormatParser);
    assert.deepEqual(grids, [9, 9]);
  });
  await t.step("settle waits while the next line could make it the grid format", () => {
    const d = new FormDetector();
    assert.equal(d.push("2", emit), undefined);
    assert.equal(d.settle(emit), undefined);
    const s = new FormDetector();
    assert.equal(s.push(SUDOKU, emit), undefined);
    assert.ok(s.settle(emit) instanceof LineFormatParser);
  });
  await t.step("endless blank lines are not kept: it decides after 1,000", () => {
    const d = new FormDetector();
    let p;
    for (let i = 0; i < 1000 && p === undefined; i++) p = d.push("", emit);
    assert.ok(p instanceof LineFormatParser);
  });
  await t.step("decide at the end of input, on whatever was seen", () => {
    const d = new FormDetector(100);
    d.push("1", emit);
    assert.ok(d.decide(emit) instanceof GridFormatParser);
  });
});
