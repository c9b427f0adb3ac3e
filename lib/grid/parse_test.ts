import assert from "node:assert/strict";
import {
  formatLine,
  GRID_FORMAT_HINT,
  GridFormatParser,
  InputError,
  MAX_LINE_SIZE,
  symbolOf,
  TokenFormatParser,
  valueOfSymbol,
} from "./parse.ts";
import { LineFormatParser } from "./line_form.ts";
import { assertError, cells, run, SUDOKU, SUDOKU_CELLS, SUDOKU_DIGITS } from "./parse_test_util.ts";

Deno.test("GridFormatParser", async (t) => {
  await t.step("reads count, sizes and rows, with grid start lines", () => {
    const r = run(new GridFormatParser(), "2\n2\n1 2\n2 1\n3\n1 2 3\n 2 3 1\n3  1 2\n");
    assert.equal(r.error, undefined);
    assert.deepEqual(r.counts, [2]);
    assert.deepEqual(r.grids.map((g) => [g.index, g.size, g.line]), [[1, 2, 2], [2, 3, 5]]);
    assert.deepEqual(r.grids.map(cells), [[1, 2, 2, 1], [1, 2, 3, 2, 3, 1, 3, 1, 2]]);
  });

  await t.step("tokens may sit anywhere: one line, tabs, indentation, right alignment", () => {
    const r = run(new GridFormatParser(), ["  1 \t 3\t0 1 2", "\t\t3 1 2", "  2   3  1 ", "\v\f"]);
    assert.equal(r.error, undefined);
    assert.deepEqual(r.grids.map(cells), [[0, 1, 2, 3, 1, 2, 2, 3, 1]]);
    assert.equal(r.grids[0].line, 1);
  });

  await t.step("CR left at line ends (CRLF split on LF) is white space", () => {
    const r = run(new GridFormatParser(), "1\r\n2\r\n1 2\r\n2 1\r\n".split("\n"));
    assert.equal(r.error, undefined);
    assert.deepEqual(r.grids.map(cells), [[1, 2, 2, 1]]);
  });

  await t.step("a byte-order mark on the first line is skipped", () => {
    const r = run(new GridFormatParser(), "\ufeff1\n1\n1");
    assert.equal(r.error, undefined);
    assert.deepEqual(r.counts, [1]);
    assert.deepEqual(r.grids.map(cells), [[1]]);
  });

  await t.step("rows of S <= 9 may be runs of S digits, mixed with token rows", () => {
    const rows = [
      "250030901",
      "010004000",
      "407000208",
      "005200000",
      "000098100",
      "040003000",
      "000360072",
      "070000003",
      "903000604",
    ];
    const r = run(new GridFormatParser(), [
      "1",
      "9",
      ...rows.slice(0, 4),
      "0 0 0 0 9 8 1 0 0",
      ...rows.slice(5),
    ]);
    assert.equal(r.error, undefined);
    assert.deepEqual(r.grids.map(cells), [Array.from(rows.join(""), Number)]);
    const r2 = run(new GridFormatParser(), "1\n2\n12\n21");
    assert.deepEqual(r2.grids.map(cells), [[1, 2, 2, 1]]);
    const r4 = run(new GridFormatParser(), "1\n4\n1234\n3412\n2 1 4 3\n4321");
    assert.deepEqual(r4.grids.map(cells), [[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]]);
  });

  await t.step("a digit run with a value above S is located at its digit", () => {
    assertError(
      run(new GridFormatParser(), "1\n3\n123\n231\n  314"),
      "grid 1, line 5, column 5: value 4 is outside 0..3",
      5,
      5,
      1,
    );
  });

  await t.step("a run inside a row is a plain (too large) integer", () => {
    assertError(
      run(new GridFormatParser(), "1\n3\n1 23\n"),
      "grid 1, line 3, column 3: value 23 is outside 0..3",
      3,
      3,
      1,
    );
  });

  await t.step("sizes up to 64 are read", () => {
    const s = 64;
    const lines = ["1", String(s)];
    for (let r = 0; r < s; r++) {
      lines.push(Array.from({ length: s }, (_, c) => ((r + c) % s) + 1).join(" "));
    }
    const r = run(new GridFormatParser(), lines);
    assert.equal(r.error, undefined);
    assert.equal(r.grids[0].size, 64);
    assert.equal(r.grids[0].cells[63], 64);
    assert.equal(r.grids[0].cells[64], 2);
  });

  await t.step("emitted grids are not reused buffers", () => {
    const r = run(new GridFormatParser(), "3\n1\n1\n1\n0\n1\n1");
    assert.deepEqual(r.grids.map(cells), [[1], [0], [1]]);
  });

  await t.step("errors: grid count", () => {
    assertError(
      run(new GridFormatParser(), "x\n"),
      "line 1, column 1: grid count 'x' is not an integer: the grid format starts with the " +
        "number of grids, then gives each grid's size and rows",
      1,
      1,
    );
    assert.ok(GRID_FORMAT_HINT.startsWith("the grid format starts"));
    // A command says what it reads, and what reads the form it was given instead.
    assertError(
      run(new GridFormatParser(64, undefined, "hint"), "3...86......\n"),
      "line 1, column 1: grid count '3...86......' is not an integer: hint",
      1,
      1,
    );
    assertError(
      run(new GridFormatParser(), "  0\n"),
      "line 1, column 3: grid count 0 is less than 1",
      1,
      3,
    );
    assertError(
      run(new GridFormatParser(), [""]),
      "line 1, column 1: input ends before the grid count",
      1,
      1,
    );
    assertError(
      run(new GridFormatParser(), ["", "  "]),
      "line 2, column 3: input ends before the grid count",
      2,
      3,
    );
  });

  await t.step("errors: size", () => {
    for (const [size, col] of [["0", 1], ["65", 1], [" -3", 2]] as const) {
      assertError(
        run(new GridFormatParser(), ["1", size]),
        `grid 1, line 2, column ${col}: size ${size.trim()} is outside 1..64`,
        2,
        col,
        1,
      );
    }
    assertError(
      run(new GridFormatParser(), ["2", "1", "1", "4x"]),
      "grid 2, line 4, column 1: size '4x' is not an integer",
      4,
      1,
      2,
    );
    assertError(
      run(new GridFormatParser(9), ["1", "16"]),
      "grid 1, line 2, column 1: size 16 is outside 1..9",
      2,
      1,
      1,
    );
  });

  await t.step("errors: values", () => {
    assertError(
      run(new GridFormatParser(), "1\n2\n1 2\n2 x"),
      "grid 1, line 4, column 3: value 'x' is not an integer",
      4,
      3,
      1,
    );
    assertError(
      run(new GridFormatParser(), "1\n2\n1\t\t2.0"),
      "grid 1, line 3, column 4: value '2.0' is not an integer",
      3,
      4,
      1,
    );
    assertError(
      run(new GridFormatParser(), "1\n2\n1 2\n2 3"),
      "grid 1, line 4, column 3: value 3 is outside 0..2",
      4,
      3,
      1,
    );
    assertError(
      run(new GridFormatParser(), "1\n2\n1 -1"),
      "grid 1, line 3, column 3: value -1 is outside 0..2",
      3,
      3,
      1,
    );
    assertError(
      run(new GridFormatParser(), "2\n1\n1\n9\n" + "0 ".repeat(40) + "12"),
      "grid 2, line 5, column 81: value 12 is outside 0..9",
      5,
      81,
      2,
    );
  });

  await t.step("errors: input ends mid-grid or before a size", () => {
    assertError(
      run(new GridFormatParser(), ["2", "2", "1 2", "2 1", "3", "1 2 3", "2 3"]),
      "grid 2, line 7, column 4: input ends after 5 of its 9 values",
      7,
      4,
      2,
    );
    assertError(
      run(new GridFormatParser(), ["3", "1", "1", "1", "0"]),
      "grid 3, line 5, column 2: input ends before its size (3 grids were announced)",
      5,
      2,
      3,
    );
  });

  await t.step("errors: extra data after the last grid", () => {
    const r = run(new GridFormatParser(), ["1", "1", "1", "", "  5"]);
    assert.equal(r.grids.length, 1);
    assertError(r, "line 5, column 3: unexpected '5' after grid 1, the last one announced", 5, 3);
  });
});

Deno.test("TokenFormatParser", async (t) => {
  const classic = SUDOKU_DIGITS.match(/.{9}/g)!.map((row) => row.split("").join(" "));

  await t.step("classic form: 9 lines of 9 digits, grids separated by blank lines", () => {
    const r = run(new TokenFormatParser(), [...classic, "", ...classic, "", ""]);
    assert.equal(r.error, undefined);
    assert.deepEqual(r.grids.map((g) => [g.index, g.size, g.line]), [[1, 9, 1], [2, 9, 11]]);
    assert.deepEqual(r.grids.map(cells), [SUDOKU_CELLS, SUDOKU_CELLS]);
  });

  await t.step(
    "reads tokens, not lines: missing, doubled and space-only separators, CR, tabs",
    () => {
      const messy = [
        ...classic.map((l) => l + " \r"),
        " \r",
        " ",
        ...classic.slice(0, 4),
        classic[4] + " " + classic[5],
        "\t" + classic[6].replaceAll(" ", "\t"),
        ...classic.slice(7),
        ...classic,
      ];
      const r = run(new TokenFormatParser(), messy);
      assert.equal(r.error, undefined);
      assert.deepEqual(r.grids.map(cells), [SUDOKU_CELLS, SUDOKU_CELLS, SUDOKU_CELLS]);
      assert.deepEqual(r.grids.map((g) => g.line), [1, 12, 20]);
    },
  );

  await t.step("one-line form with '.' or '0', '#' comments, byte-order mark", () => {
    const r = run(new TokenFormatParser(), [
      "\ufeff# a comment",
      SUDOKU,
      SUDOKU_DIGITS,
      "   " + SUDOKU + "   ",
    ]);
    assert.equal(r.error, undefined);
    assert.deepEqual(r.grids.map(cells), [SUDOKU_CELLS, SUDOKU_CELLS, SUDOKU_CELLS]);
    assert.deepEqual(r.grids.map((g) => g.line), [2, 3, 4]);
    const bom = run(new TokenFormatParser(), ["\ufeff" + SUDOKU]);
    assert.deepEqual(bom.grids.map(cells), [SUDOKU_CELLS]);
  });

  await t.step("rows as runs of 9 digits", () => {
    const r = run(new TokenFormatParser(), SUDOKU_DIGITS.match(/.{9}/g)!);
    assert.deepEqual(r.grids.map(cells), [SUDOKU_CELLS]);
  });

  await t.step("errors: a character that is not a digit, with its column", () => {
    assertError(
      run(new TokenFormatParser(), [...classic, "1 2 x"]),
      "grid 2, line 10, column 5: 'x' is not a digit",
      10,
      5,
      2,
    );
    assertError(
      run(new TokenFormatParser(), ["1\t\t\u0001"]),
      "grid 1, line 1, column 4: character U+0001 is not a digit",
      1,
      4,
      1,
    );
    assertError(
      run(new TokenFormatParser(), [SUDOKU.slice(0, 40) + "x" + SUDOKU.slice(41)]),
      "grid 1, line 1, column 41: 'x' is not a digit",
      1,
      41,
      1,
    );
  });

  await t.step("errors: a value of two digits is out of range", () => {
    assertError(
      run(new TokenFormatParser(), ["0 0 3 9 10"]),
      "grid 1, line 1, column 9: value 10 is outside 0..9",
      1,
      9,
      1,
    );
    assertError(
      run(new TokenFormatParser(), ["0 99"]),
      "grid 1, line 1, column 3: value 99 is outside 0..9",
      1,
      3,
      1,
    );
  });

  await t.step("errors: a run of the wrong length says its length and the right ones", () => {
    const needs = "a 9×9 grid needs 81: single digits, runs of 9 (a row) or one run of 81, " +
      "with '.' or '0' for empty";
    assertError(
      run(new TokenFormatParser(), ["  123"]),
      `grid 1, line 1, column 3: '123' has 3 cells; ${needs}`,
      1,
      3,
      1,
    );
    assertError(
      run(new TokenFormatParser(), ["05"]),
      `grid 1, line 1, column 1: '05' has 2 cells; ${needs}`,
      1,
      1,
      1,
    );
    // The 80-symbol line of the issue: one cell short of a grid.
    assertError(
      run(new TokenFormatParser(), [SUDOKU.slice(0, 80)]),
      `grid 1, line 1, column 1: '..3.2.6..9..3.5..1..…' has 80 cells; ${needs}`,
      1,
      1,
      1,
    );
    assertError(
      run(new TokenFormatParser(), [classic[0], "1,2,3"]),
      `grid 1, line 2, column 1: '1,2,3' has 5 characters; ${needs}`,
      2,
      1,
      1,
    );
  });

  await t.step(
    "a token mixing digits and '.' that is neither one value nor a run is an error",
    () => {
      // '.' belongs to the one-line form (81 characters); "1.2" is not a value.
      const r = run(new TokenFormatParser(), ["1.2 " + "0 ".repeat(78)]);
      assert.ok(r.error instanceof InputError, `'1.2' was accepted as ${r.grids.map(cells)}`);
    },
  );

  await t.step("errors: the last grid incomplete", () => {
    assertError(
      run(new TokenFormatParser(), [...classic, "", ...classic.slice(0, 3), "1 2"]),
      "grid 2, line 14, column 4: input ends after 29 of 81 values",
      14,
      4,
      2,
    );
  });
});

Deno.test("symbols of the one-line form", async (t) => {
  await t.step("symbolOf and valueOfSymbol are inverse for 0..35", () => {
    assert.equal(MAX_LINE_SIZE, 35);
    assert.equal(symbolOf(0), ".");
    for (let v = 0; v <= 35; v++) {
      assert.equal(valueOfSymbol(symbolOf(v).charCodeAt(0)), v);
      if (v >= 10) assert.equal(valueOfSymbol(symbolOf(v).toLowerCase().charCodeAt(0)), v);
    }
    assert.equal(valueOfSymbol("0".charCodeAt(0)), 0);
    for (const ch of "!/:@[`{ -#") assert.equal(valueOfSymbol(ch.charCodeAt(0)), -1, ch);
  });

  await t.step("formatLine writes '.' for empty, and numbers above 35", () => {
    assert.equal(formatLine(Uint8Array.from(SUDOKU_CELLS), 9), SUDOKU);
    assert.equal(formatLine(Uint8Array.from([16, 0, 10, 1]), 16), "G.A1");
    const big = new Uint8Array(36 * 36);
    big[0] = 36;
    big[1] = 7;
    assert.equal(formatLine(big, 36), "36 7 " + "0 ".repeat(36 * 36 - 3) + "0");
  });

  await t.step("formatLine writes the caller's symbols, '.' for empty", () => {
    const hex = "0123456789ABCDEF";
    assert.equal(formatLine(Uint8Array.from([16, 0, 10, 1]), 16, hex), "F.90");
    assert.equal(formatLine(Uint8Array.from([1, 2, 2, 1]), 2, "xy"), "xyyx");
    // Each value read back from what is written.
    const cells = Uint8Array.from({ length: 256 }, (_, i) => i % 17);
    const r = run(new LineFormatParser(0, hex), [formatLine(cells, 16, hex)]);
    assert.deepEqual(r.grids.map((g) => Array.from(g.cells)), [Array.from(cells)]);
  });
});

Deno.test("GridFormatParser: the grid count must fit the input", async (t) => {
  await t.step("beyond what the input's bytes can hold (4 a grid)", () => {
    const r = run(new GridFormatParser(64, 9), "1000\n1\n1\n");
    assertError(
      r,
      "line 1, column 1: grid count 1000 is more than this input of 9 bytes can hold " +
        "(at most 2, at 4 bytes a grid)",
      1,
      1,
    );
    assert.deepEqual(r.counts, []);
  });
  await t.step("exactly what it can hold is fine", () => {
    const r = run(new GridFormatParser(64, 12), "3\n1 1\n1 1\n1 1");
    assert.equal(r.error, undefined);
    assert.equal(r.grids.length, 3);
  });
  await t.step("beyond 2^53 - 1 whatever the input, said as written", () => {
    const r = run(new GridFormatParser(), "100000000000000000000000\n");
    assertError(
      r,
      "line 1, column 1: grid count '10000000000000000000…' is more than any input can hold",
      1,
      1,
    );
  });
  await t.step("a huge size or value is quoted, not printed as 1e+23", () => {
    const r = run(new GridFormatParser(), "1\n100000000000000000000000\n");
    assertError(
      r,
      "grid 1, line 2, column 1: size '10000000000000000000…' is outside 1..64",
      2,
      1,
      1,
    );
  });
});
