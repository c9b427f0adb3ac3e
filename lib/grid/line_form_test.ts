import assert from "node:assert/strict";
import { InputError, type ParseEvent, symbolOf } from "./parse.ts";
import { LineFormatParser } from "./line_form.ts";
import { Rng } from "./random.ts";
import {
  assertError,
  cells,
  type Result,
  run,
  SUDOKU,
  SUDOKU_CELLS,
  SUDOKU_DIGITS,
} from "./parse_test_util.ts";

Deno.test("LineFormatParser", async (t) => {
  await t.step("one puzzle per line, sizes from the length, '#' and blank lines skipped", () => {
    const r = run(new LineFormatParser(), [
      "\ufeff# header",
      "",
      SUDOKU,
      "  \t",
      "  # indented comment",
      "................",
      "  1234341221434321 \r",
      ".",
      "1",
      "0".repeat(25 * 25),
      "abcdefghijklmnopqrstuvwxyzABCDEFGHI" + ".".repeat(35 * 35 - 35),
    ]);
    assert.equal(r.error, undefined);
    assert.deepEqual(r.grids.map((g) => [g.index, g.size, g.line]), [
      [1, 9, 3],
      [2, 4, 6],
      [3, 4, 7],
      [4, 1, 8],
      [5, 1, 9],
      [6, 25, 10],
      [7, 35, 11],
    ]);
    assert.deepEqual(cells(r.grids[0]), SUDOKU_CELLS);
    assert.deepEqual(cells(r.grids[2]), [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
    assert.deepEqual(cells(r.grids[3]), [0]);
    assert.deepEqual(
      cells(r.grids[6]).slice(0, 36),
      [
        ...Array.from({ length: 26 }, (_, i) => i + 10),
        ...Array.from({ length: 9 }, (_, i) => i + 10),
        0,
      ],
    );
  });

  await t.step("16×16 and 25×25 symbols", () => {
    const row16 = "123456789ABCDEFG";
    const r = run(new LineFormatParser(), [
      row16.repeat(16),
      "9ABCDEFGHIJKLMNOP12345678".repeat(25),
    ]);
    assert.equal(r.error, undefined);
    assert.deepEqual(cells(r.grids[0]).slice(0, 16), Array.from({ length: 16 }, (_, i) => i + 1));
    assert.deepEqual(cells(r.grids[1]).slice(0, 3), [9, 10, 11]);
    assert.equal(cells(r.grids[1])[16], 25);
  });

  await t.step("grids kept from many lines stay apart and intact (mixed sizes)", () => {
    // Enough lines to fill several of the blocks the parser cuts its grids from: a block
    // reused too early would overwrite the grids read before.
    const lines: string[] = [];
    for (let k = 0; k < 3000; k++) {
      const n = k % 7 === 0 ? 625 : 81;
      let line = "";
      for (let i = 0; i < n; i++) line += ".123456789"[(k * 7 + i * 3) % 10];
      lines.push(line);
    }
    const want = (k: number) => Array.from(lines[k], (ch) => (ch === "." ? 0 : Number(ch)));
    const r = run(new LineFormatParser(), lines);
    assert.equal(r.error, undefined);
    assert.equal(r.grids.length, lines.length);
    for (let k = 0; k < lines.length; k++) assert.deepEqual(cells(r.grids[k]), want(k), `${k}`);
    // Writing into one grid changes no other grid's cells.
    for (const k of [1, 7, 404, 809, 1500, 2998]) {
      r.grids[k].cells.fill(9);
      assert.deepEqual(cells(r.grids[k - 1]), want(k - 1), `before ${k}`);
      assert.deepEqual(cells(r.grids[k + 1]), want(k + 1), `after ${k}`);
    }
  });

  await t.step("errors: a length not a square, with the nearest squares", () => {
    assertError(
      run(new LineFormatParser(), ["................", "", "   12"]),
      "grid 2, line 3, column 4: line has 2 cells; a puzzle needs a square number of cells: " +
        "1 for 1×1, 4 for 2×2",
      3,
      4,
      2,
    );
    // The 80-symbol line of the issue.
    assertError(
      run(new LineFormatParser(), [SUDOKU.slice(0, 80)]),
      "grid 1, line 1, column 1: line has 80 cells; a puzzle needs a square number of cells: " +
        "81 for 9×9, 64 for 8×8",
      1,
      1,
      1,
    );
    assertError(
      run(new LineFormatParser(), ["0".repeat(250)]),
      "grid 1, line 1, column 1: line has 250 cells; a puzzle needs a square number of " +
        "cells: 256 for 16×16, 225 for 15×15",
      1,
      1,
      1,
    );
    assertError(
      run(new LineFormatParser(), ["1".repeat(1240)]),
      "grid 1, line 1, column 1: line has 1240 cells; a puzzle needs a square number of " +
        "cells: 1225 for 35×35",
      1,
      1,
      1,
    );
    assertError(
      run(new LineFormatParser(4), ["........."]),
      "grid 1, line 1, column 1: line has 9 cells; a 4×4 puzzle needs 16",
      1,
      1,
      1,
    );
    assertError(
      run(new LineFormatParser(4), ["7"]),
      "grid 1, line 1, column 1: line has 1 cell; a 4×4 puzzle needs 16",
      1,
      1,
      1,
    );
  });

  await t.step("errors: a line larger than the form holds points to the grid format", () => {
    const larger = "one puzzle per line holds at most 35×35 (1225 cells): write larger " +
      "grids in the grid format, or with --symbols of their size";
    assertError(
      run(new LineFormatParser(), [".".repeat(36 * 36)]),
      `grid 1, line 1, column 1: line has 1296 cells, a 36×36 puzzle; ${larger}`,
      1,
      1,
      1,
    );
    assertError(
      run(new LineFormatParser(), [".".repeat(1300)]),
      `grid 1, line 1, column 1: line has 1300 cells; ${larger}`,
      1,
      1,
      1,
    );
  });

  await t.step("errors: a character that is no symbol of the size, with those that are", () => {
    assertError(
      run(new LineFormatParser(), ["...G............"]),
      "grid 1, line 1, column 4: 'G' is not a symbol of a 4×4 puzzle; use 1-4, '.' or '0' " +
        "for empty",
      1,
      4,
      1,
    );
    assertError(
      run(new LineFormatParser(), [SUDOKU.slice(0, 40) + "x" + SUDOKU.slice(41)]),
      "grid 1, line 1, column 41: 'x' is not a symbol of a 9×9 puzzle; use 1-9, '.' or '0' " +
        "for empty",
      1,
      41,
      1,
    );
    assertError(
      run(new LineFormatParser(), ["  ...!............"]),
      "grid 1, line 1, column 6: '!' is not a symbol of a 4×4 puzzle; use 1-4, '.' or '0' " +
        "for empty",
      1,
      6,
      1,
    );
    assertError(
      run(new LineFormatParser(), ["-" + ".".repeat(255)]),
      "grid 1, line 1, column 1: '-' is not a symbol of a 16×16 puzzle; use 1-9 and A-G, " +
        "'.' or '0' for empty",
      1,
      1,
      1,
    );
    assertError(
      run(new LineFormatParser(), ["\u0007"]),
      "grid 1, line 1, column 1: character U+0007 is not a symbol of a 1×1 puzzle; use 1, " +
        "'.' or '0' for empty",
      1,
      1,
      1,
    );
  });

  await t.step("16×16 and up: a line with both '.' and '0' is refused, located", () => {
    const line16 = "123456789ABCDEFG".repeat(15) + "..0" + "1".repeat(13);
    assertError(
      run(new LineFormatParser(), [SUDOKU, " " + line16]),
      "grid 2, line 2, column 244: the line holds both '.' and '0', and '0' is read as " +
        "empty; if 0 is a digit here, pass --symbols 0123456789ABCDEF",
      2,
      244,
      2,
    );
    const line25 = "0" + ".".repeat(624);
    assertError(
      run(new LineFormatParser(), [line25]),
      "grid 1, line 1, column 1: the line holds both '.' and '0', and '0' is read as " +
        "empty; if 0 is a digit here, pass --symbols 0123456789ABCDEFGHIJKLMNO",
      1,
      1,
      1,
    );
    // Either alone is empty; below 16×16, both are too.
    const r = run(new LineFormatParser(), [
      "0".repeat(256),
      ".".repeat(256),
      "0.".repeat(40) + "0",
      "0.".repeat(8),
    ]);
    assert.equal(r.error, undefined);
    assert.deepEqual(r.grids.map((g) => cells(g).every((v) => v === 0)), [true, true, true, true]);
  });

  await t.step("symbols of the caller's: 0-F for a 16×16, in either case, '.' empty", () => {
    const hex = "0123456789ABCDEF";
    const row = "0123456789abcdef";
    const r = run(new LineFormatParser(0, hex), [
      "# 0 is a digit",
      (hex + row).repeat(8),
      ".".repeat(255) + "0",
    ]);
    assert.equal(r.error, undefined);
    assert.deepEqual(r.grids.map((g) => [g.index, g.size, g.line]), [[1, 16, 2], [2, 16, 3]]);
    assert.deepEqual(cells(r.grids[0]).slice(0, 32), [
      ...Array.from({ length: 16 }, (_, i) => i + 1),
      ...Array.from({ length: 16 }, (_, i) => i + 1),
    ]);
    assert.deepEqual(cells(r.grids[1]).slice(254), [0, 1]);
    // Both cases listed: each is its own symbol.
    const both = run(new LineFormatParser(0, "aA"), ["aA.A"]);
    assert.deepEqual(both.grids.map(cells), [[1, 2, 0, 2]]);
  });

  await t.step("symbols of the caller's: errors say them", () => {
    const hex = "0123456789ABCDEF";
    assertError(
      run(new LineFormatParser(0, hex), [hex.repeat(15) + "G" + hex.slice(1)]),
      "grid 1, line 1, column 241: 'G' is not a symbol of a 16×16 puzzle; use the symbols " +
        "'0123456789ABCDEF', '.' for empty",
      1,
      241,
      1,
    );
    assertError(
      run(new LineFormatParser(0, hex), [SUDOKU]),
      "grid 1, line 1, column 1: line has 81 cells; a 16×16 puzzle (16 symbols in --symbols) " +
        "needs 256",
      1,
      1,
      1,
    );
    // '0' is no symbol of 1-9: neither empty nor a digit.
    assertError(
      run(new LineFormatParser(0, "123456789"), [SUDOKU_DIGITS]),
      "grid 1, line 1, column 1: '0' is not a symbol of a 9×9 puzzle; use the symbols " +
        "'123456789', '.' for empty",
      1,
      1,
      1,
    );
  });

  await t.step("symbols that will not do, or disagree with the size, are refused", () => {
    assert.throws(
      () => new LineFormatParser(0, "0123456789ABCDE1"),
      new RangeError("symbols '0123456789ABCDE1' repeats '1': give each value its own character"),
    );
    assert.throws(() => new LineFormatParser(0, ".123"), RangeError);
    assert.throws(
      () => new LineFormatParser(9, "1234"),
      new RangeError("size 9 needs 9 symbols, not 4"),
    );
    assert.throws(
      () => new LineFormatParser(36),
      new RangeError("size 36 is more than one puzzle per line can hold"),
    );
    assert.equal(run(new LineFormatParser(4, "1234"), ["1234".repeat(4)]).grids.length, 1);
  });
});

/**
 * `lines` as `count` reads them: each line's UTF-8 bytes to `feedBytes`, and to `feed`
 * (decoded) when that declines. Also says how many lines `feedBytes` took.
 */
function runBytes(parser: LineFormatParser, lines: string[]): Result & { taken: number } {
  const encoder = new TextEncoder(), decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  const bytes = encoder.encode(lines.join("\n"));
  const out: Result & { taken: number } = { counts: [], grids: [], taken: 0 };
  const emit = (e: ParseEvent) => {
    if (e.kind === "count") out.counts.push(e.count);
    else out.grids.push(e.grid);
  };
  try {
    let start = 0;
    for (let i = 0; i < lines.length; i++) {
      const end = start + encoder.encode(lines[i]).length;
      if (parser.feedBytes(bytes, start, end, emit)) out.taken++;
      else parser.feed(decoder.decode(bytes.subarray(start, end)), emit);
      start = end + 1;
    }
    parser.finish();
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    out.error = e;
  }
  return out;
}

/** The same grids (with their numbers and lines) and the same error. */
function assertSameResult(got: Result, want: Result, what: string): void {
  assert.deepEqual(
    got.grids.map((g) => [g.index, g.size, g.line, cells(g).join(",")]),
    want.grids.map((g) => [g.index, g.size, g.line, cells(g).join(",")]),
    what,
  );
  assert.deepEqual(
    [got.error?.message, got.error?.line, got.error?.column, got.error?.grid],
    [want.error?.message, want.error?.line, want.error?.column, want.error?.grid],
    what,
  );
}

Deno.test("LineFormatParser.feedBytes", async (t) => {
  await t.step("takes every plain ASCII grid, blank and comment line", () => {
    const lines = [
      "# header",
      "",
      SUDOKU,
      "  \t",
      "  1234341221434321 \r",
      "0".repeat(25 * 25),
      "abcdefghijklmnopqrstuvwxyzABCDEFGHI" + ".".repeat(35 * 35 - 35),
    ];
    const got = runBytes(new LineFormatParser(), lines);
    assert.equal(got.taken, lines.length);
    assertSameResult(got, run(new LineFormatParser(), lines), "plain lines");
  });

  await t.step("declines a character beyond ASCII, even where its bytes read as symbols", () => {
    // '°' is C2 B0: with the top bits cut, 'B' and '0'; 625 bytes, but 624 characters.
    const lines = [".".repeat(623) + "°"];
    const got = runBytes(new LineFormatParser(), lines);
    assert.equal(got.taken, 0);
    assertError(
      got,
      "grid 1, line 1, column 1: line has 624 cells; a puzzle needs a square number of " +
        "cells: 625 for 25×25, 576 for 24×24",
      1,
      1,
      1,
    );
  });

  await t.step("declines a 16×16 line with both '.' and '0', which feed reports", () => {
    const lines = ["0".repeat(256), "." + "0".repeat(255), SUDOKU_DIGITS];
    const got = runBytes(new LineFormatParser(), lines);
    assert.equal(got.taken, 1);
    assertSameResult(got, run(new LineFormatParser(), lines), "'.' and '0'");
    assert.equal(got.error?.column, 2);
  });

  await t.step("reads the caller's symbols as feed does", () => {
    const hex = "0123456789ABCDEF";
    const lines = [(hex + hex.toLowerCase()).repeat(8), "." + hex.repeat(16).slice(1), SUDOKU];
    const got = runBytes(new LineFormatParser(0, hex), lines);
    assert.equal(got.taken, 2);
    assertSameResult(got, run(new LineFormatParser(0, hex), lines), "0-F");
    assert.equal(got.grids.length, 2);
    assert.match(got.error?.message ?? "", /line has 81 cells; a 16×16 puzzle/);
  });

  await t.step("with feed for the lines it declines: what feed alone gives", () => {
    const rng = new Rng(20261125);
    const pick = <T>(xs: readonly T[]): T => xs[rng.below(xs.length)];
    const odd = ["!", "é", "×", "G", "Z", "\ufeff", " ", "#", "0", ".", "\u{1F600}"];
    let taken = 0;
    for (let round = 0; round < 400; round++) {
      const fixed = pick([0, 0, 0, 4]);
      // Sometimes, for a fixed 4×4, symbols of the caller's (written in either case).
      const symbols = fixed === 0 || rng.below(2) === 0 ? undefined : "abcd";
      const write = symbols === undefined
        ? symbolOf
        : (v: number) =>
          v === 0 ? "." : rng.below(2) ? symbols[v - 1] : symbols[v - 1].toUpperCase();
      const lines: string[] = [];
      const n = 1 + rng.below(12);
      for (let i = 0; i < n; i++) {
        const kind = rng.below(10);
        if (kind === 0) lines.push(pick(["", "  ", "# note é", " #x", "\t"]));
        else {
          const size = fixed || pick([1, 4, 9, 16, 25]);
          let line = "";
          for (let k = 0; k < size * size; k++) line += write(rng.below(size + 1));
          if (kind === 1) {
            // One odd character put in, or one symbol cut out.
            const at = rng.below(line.length);
            line = rng.below(2) === 0
              ? line.slice(0, at) + pick(odd) + line.slice(at + 1)
              : line.slice(0, at) + line.slice(at + 1);
          }
          if (kind === 2) line = pick([" ", "\t", "  "]) + line + pick(["", " ", "\r"]);
          lines.push(line);
        }
      }
      if (rng.below(8) === 0) lines[0] = "\ufeff" + lines[0];
      const parser = () => new LineFormatParser(fixed, symbols);
      const got = runBytes(parser(), lines);
      taken += got.taken;
      assertSameResult(got, run(parser(), lines), JSON.stringify([symbols, lines]));
    }
    // The fast path did most of the work (a declining stub would pass the comparison).
    assert.ok(taken > 1500, `feedBytes took ${taken} lines`);
  });
});

Deno.test("LineFormatParser without latin: sizes without blocks refused, naming the cure", () => {
  const message = (n: number, s: number) =>
    `line has ${n} cells, a ${s}×${s} grid, and ${s}×${s} has no blocks: it can only be a ` +
    "Latin square; if it is one, pass --variant latin";
  // Every size up to 35: refused exactly when it has no blocks (is not a perfect square).
  for (let s = 1; s <= 35; s++) {
    const lines = ["1234341221434321", "  " + ".".repeat(s * s)];
    const blocks = Number.isInteger(Math.sqrt(s));
    for (const r of [run(new LineFormatParser(0, undefined, false), lines)]) {
      if (blocks) {
        assert.equal(r.error, undefined, `size ${s}`);
        assert.deepEqual(r.grids.map((g) => g.size), [4, s]);
      } else {
        assertError(r, `grid 2, line 2, column 3: ${message(s * s, s)}`, 2, 3, 2);
      }
    }
    // The bytes path declines such a line, and `feed` reports it the same.
    const bytes = runBytes(new LineFormatParser(0, undefined, false), lines);
    assertSameResult(bytes, run(new LineFormatParser(0, undefined, false), lines), `size ${s}`);
    // With latin (the default), every size is read.
    assert.equal(run(new LineFormatParser(), lines).error, undefined, `size ${s}`);
  }
  // The symbols' number fixes the size: 10 symbols make a 10×10, refused as well.
  const r = run(new LineFormatParser(0, "0123456789", false), [".".repeat(100)]);
  assertError(r, `grid 1, line 1, column 1: ${message(100, 10)}`, 1, 1, 1);
});
