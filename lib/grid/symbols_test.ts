import assert from "node:assert/strict";
import {
  lowestBit,
  popcount,
  SymbolSets,
  symbolsProblem,
  SymbolTable,
  zeroBasedSymbols,
} from "./symbols.ts";
import { Rng } from "./random.ts";

/** Deterministic floats in [0, 1), so failures reproduce. */
function rng(seed: number): () => number {
  const g = new Rng(seed);
  return () => g.float();
}

function refPopcount(x: number): number {
  let n = 0;
  for (let k = 0; k < 32; k++) if ((x >>> k) & 1) n++;
  return n;
}

function refLowestBit(x: number): number {
  for (let k = 0; k < 32; k++) if ((x >>> k) & 1) return k;
  return -1;
}

Deno.test("popcount and lowestBit", async (t) => {
  const rand = rng(1);
  const words = [0, 1, 2, 3, 0x80000000, 0xffffffff, -1, 0x7fffffff, 0x55555555, 0xaaaaaaaa];
  for (let k = 0; k < 32; k++) words.push(1 << k, (1 << k) - 1, ~(1 << k));
  for (let k = 0; k < 5000; k++) words.push((rand() * 4294967296) >>> 0);
  await t.step("popcount counts bits like a loop does", () => {
    for (const w of words) assert.equal(popcount(w), refPopcount(w), `word ${w}`);
  });
  await t.step("lowestBit finds the lowest set bit like a loop does", () => {
    for (const w of words) {
      if ((w | 0) === 0) continue;
      assert.equal(lowestBit(w), refLowestBit(w), `word ${w}`);
    }
  });
});

/** Random adds/queries on SymbolSets mirrored on plain JS Sets. */
function compareWithSets(sets: SymbolSets, count: number, symbols: number, rand: () => number) {
  sets.reset(count, symbols);
  const ref: Set<number>[] = Array.from({ length: count }, () => new Set<number>());
  const check = (s: number) => {
    assert.equal(sets.isEmpty(s), ref[s].size === 0, `set ${s} isEmpty (symbols ${symbols})`);
    assert.deepEqual(
      sets.values(s),
      [...ref[s]].sort((a, b) => a - b),
      `set ${s} values (symbols ${symbols})`,
    );
  };
  for (let s = 0; s < count; s++) check(s);
  const ops = 20 * count * Math.max(1, Math.ceil(symbols / 4));
  for (let k = 0; k < ops; k++) {
    const s = Math.floor(rand() * count);
    // Favour the edges of the word boundaries: 1, 32, 33, symbols.
    const edge = [1, 31, 32, 33, symbols].filter((v) => v <= symbols);
    const v = rand() < 0.2
      ? edge[Math.floor(rand() * edge.length)]
      : 1 + Math.floor(rand() * symbols);
    if (rand() < 0.6) {
      const fresh = !ref[s].has(v);
      assert.equal(sets.add(s, v), fresh, `add(${s}, ${v}) symbols ${symbols}`);
      ref[s].add(v);
    } else {
      assert.equal(sets.has(s, v), ref[s].has(v), `has(${s}, ${v}) symbols ${symbols}`);
    }
    if (k % 7 === 0) check(s);
  }
  for (let s = 0; s < count; s++) {
    check(s);
    for (let v = 1; v <= symbols; v++) assert.equal(sets.has(s, v), ref[s].has(v));
  }
}

Deno.test("SymbolSets agrees with JS Sets", async (t) => {
  const rand = rng(2);
  await t.step("sizes 1..32 (one word per set)", () => {
    const sets = new SymbolSets(4);
    for (let symbols = 1; symbols <= 32; symbols++) {
      compareWithSets(sets, 1 + Math.floor(rand() * 12), symbols, rand);
    }
  });
  await t.step("sizes 33..64 (two words per set)", () => {
    const sets = new SymbolSets(4);
    for (let symbols = 33; symbols <= 64; symbols++) {
      compareWithSets(sets, 1 + Math.floor(rand() * 12), symbols, rand);
    }
  });
  await t.step("reset empties sets reused across sizes, growing and shrinking", () => {
    const sets = new SymbolSets(0);
    for (let k = 0; k < 60; k++) {
      const symbols = 1 + Math.floor(rand() * 64);
      compareWithSets(sets, 1 + Math.floor(rand() * 30), symbols, rand);
    }
  });
  await t.step("a full set of 64 symbols lists 1..64", () => {
    const sets = new SymbolSets(1);
    sets.reset(2, 64);
    for (let v = 64; v >= 1; v--) assert.equal(sets.add(1, v), true);
    assert.deepEqual(sets.values(1), Array.from({ length: 64 }, (_, i) => i + 1));
    assert.equal(sets.isEmpty(0), true);
    assert.equal(sets.add(1, 64), false);
  });
});

Deno.test("symbolsProblem: what makes symbols unfit for one puzzle per line", () => {
  for (const ok of ["0123456789ABCDEF", "123456789", "x", "aA", "!$%&()*+,-/:;<=>?@[]^_{|}~"]) {
    assert.equal(symbolsProblem(ok), undefined, ok);
  }
  const cases: [string, string][] = [
    ["", "is empty: give one character per value, e.g. 123456789"],
    ["0123456789ABCDE1", "repeats '1': give each value its own character"],
    [".123", "holds '.', which always marks an empty cell: use another character"],
    ["12#4", "holds '#', which starts a comment line: use another character"],
    ["12 4", "holds a space: use printable ASCII characters (letters, digits, punctuation)"],
    [
      "12\t4",
      "holds character U+0009: use printable ASCII characters (letters, digits, punctuation)",
    ],
    [
      "12é4",
      "holds character U+00E9: use printable ASCII characters (letters, digits, punctuation)",
    ],
    [
      "12\x7f",
      "holds character U+007F: use printable ASCII characters (letters, digits, punctuation)",
    ],
  ];
  for (const [chars, problem] of cases) assert.equal(symbolsProblem(chars), problem, chars);
  const printable = Array.from({ length: 94 }, (_, i) => String.fromCharCode(33 + i))
    .filter((ch) => ch !== "." && ch !== "#")
    .join("");
  assert.equal(symbolsProblem(printable.slice(0, 64)), undefined);
  assert.equal(
    symbolsProblem(printable.slice(0, 65)),
    "has 65 characters: the largest size is 64×64",
  );
});

Deno.test("SymbolTable", async (t) => {
  await t.step("the default: 1-9, A-Z in either case; '.' and '0' empty", () => {
    const d = SymbolTable.DEFAULT;
    assert.equal(d.custom, false);
    assert.equal(d.zeroIsEmpty, true);
    assert.equal(d.maxSize, 35);
    for (let v = 0; v <= 35; v++) assert.equal(d.value(d.symbol(v).charCodeAt(0)), v);
    assert.equal(d.value(48), 0);
    assert.equal(d.value("g".charCodeAt(0)), 16);
    assert.equal(d.value(200), -1);
    assert.equal(d.value("-".charCodeAt(0)), -1);
  });
  await t.step("the default's symbols for each size, said plainly", () => {
    const d = SymbolTable.DEFAULT;
    assert.equal(d.allowed(1), "1, '.' or '0' for empty");
    assert.equal(d.allowed(4), "1-4, '.' or '0' for empty");
    assert.equal(d.allowed(9), "1-9, '.' or '0' for empty");
    assert.equal(d.allowed(10), "1-9 and A, '.' or '0' for empty");
    assert.equal(d.allowed(16), "1-9 and A-G, '.' or '0' for empty");
    assert.equal(d.allowed(35), "1-9 and A-Z, '.' or '0' for empty");
  });
  await t.step("custom: exactly its symbols, letters in either case unless both listed", () => {
    const hex = SymbolTable.of("0123456789abcdef");
    assert.equal(hex.custom, true);
    assert.equal(hex.zeroIsEmpty, false);
    assert.equal(hex.maxSize, 16);
    assert.equal(hex.value(48), 1);
    assert.equal(hex.value(46), 0);
    assert.equal(hex.value("F".charCodeAt(0)), 16);
    assert.equal(hex.value("f".charCodeAt(0)), 16);
    assert.equal(hex.value("g".charCodeAt(0)), -1);
    assert.equal(hex.symbol(16), "f");
    assert.equal(hex.symbol(0), ".");
    assert.equal(hex.allowed(16), "the symbols '0123456789abcdef', '.' for empty");
    const both = SymbolTable.of("aA");
    assert.deepEqual([both.value(97), both.value(65)], [1, 2]);
    assert.throws(() => SymbolTable.of("11"), RangeError);
  });
  await t.step("zeroBasedSymbols: 0-9 then A.. for a grid written with digit 0", () => {
    assert.equal(zeroBasedSymbols(16), "0123456789ABCDEF");
    assert.equal(zeroBasedSymbols(25), "0123456789ABCDEFGHIJKLMNO");
    assert.equal(zeroBasedSymbols(36).length, 36);
  });
});
