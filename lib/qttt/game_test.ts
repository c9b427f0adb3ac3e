import assert from "node:assert/strict";
import {
  applyTurn,
  bonusOf,
  checkTurn,
  firstLegalTurn,
  LINES3,
  parseInput,
  Qttt,
  replay,
  SQUARE_NAMES,
} from "./game.ts";
import { playRandomTurn } from "./bot.ts";
import { Rng } from "../grid/mod.ts";
import { EXAMPLE } from "../../testdata/qttt/example_game.ts";

/** Play outputs from the start, failing on any illegal one; returns the position. */
function play(turns: readonly string[]): Qttt {
  const q = new Qttt();
  for (const t of turns) {
    const r = applyTurn(q, t);
    assert.equal(typeof r, "object", `turn ${t}: ${r}`);
  }
  return q;
}

/** The reason the last of `turns` is illegal, after the others were played. */
function illegal(turns: string[]): string {
  const q = play(turns.slice(0, -1));
  const r = applyTurn(q, turns[turns.length - 1]);
  assert.equal(typeof r, "string", `turn ${turns[turns.length - 1]} was accepted`);
  return r as string;
}

// The statement's example game (outputs) and the turns whose input carries `!`.
const BANG_INPUT_TURNS = [3, 5, 7, 10, 11, 14];

Deno.test("statement example game", async (t) => {
  await t.step("every turn legal, `!` exactly on the statement's inputs", () => {
    const q = new Qttt();
    const inputs: string[] = ["Start"];
    for (let i = 0; i < EXAMPLE.length; i++) {
      const r = applyTurn(q, EXAMPLE[i]);
      if (typeof r === "string") throw new Error(`turn ${i + 1} ${EXAMPLE[i]}: ${r}`);
      assert.equal(r.text, EXAMPLE[i]);
      assert.equal(r.over, i === EXAMPLE.length - 1, `turn ${i + 1}`);
      inputs.push(EXAMPLE[i] + (r.cycle ? "!" : ""));
    }
    const bang = inputs.flatMap((s, i) => s.endsWith("!") ? [i + 1] : []);
    assert.deepEqual(bang, BANG_INPUT_TURNS);
    assert.deepEqual(inputs.slice(0, 4), ["Start", "AB", "AB!", "ACD"]);
  });
  await t.step("final board and scores by hand", () => {
    const q = play(EXAMPLE);
    // Column B F J N is X's; A E I and C G K are O's runs of three.
    assert.equal(q.board(), "OXOXOXOXOXO.XX..");
    const o = q.outcome();
    assert.equal(o.winner, 0);
    assert.equal(o.double, false);
    assert.deepEqual(o.bonus, [2, 2]);
    assert.deepEqual(o.points, [22, 2]);
    // N was reached only through mark 11 (H–N) hanging off the H–K cycle.
    assert.equal(q.moveAt[SQUARE_NAMES.indexOf("N")], 11);
  });
  await t.step("the other collapse choice on turn 14 also gives X column B", () => {
    const q = play([...EXAMPLE.slice(0, -1), "K"]);
    assert.equal(q.board(), "OXOXOXOOOXX.XX..");
    assert.deepEqual(q.outcome().points, [22, 1]);
  });
  await t.step("replay reports the first illegal turn", () => {
    const r = replay(["AB", "AB", "CD"]);
    assert.ok("error" in r);
    assert.equal(r.index, 2);
  });
});

Deno.test("collapse cases", async (t) => {
  await t.step("2-cycle: the closing mark takes the chosen square, the other mark the rest", () => {
    assert.equal(play(["AB", "AB", "ACD"]).board(), "OX" + ".".repeat(14));
    assert.equal(play(["AB", "AB", "BCD"]).board(), "XO" + ".".repeat(14));
  });
  await t.step("3-cycle", () => {
    // X1 A-B, O2 B-C, X3 C-A closes; O chooses where X3 falls.
    assert.equal(play(["AB", "BC", "CA", "ADE"]).board(), "XXO" + ".".repeat(13));
    assert.equal(play(["AB", "BC", "CA", "CDE"]).board(), "XOX" + ".".repeat(13));
  });
  await t.step("marks hanging off the cycle collapse too, other components stay", () => {
    // Cycle A-B-C (marks 1, 5, 6), chain B-E-F (marks 2, 3) hanging, M-N (mark 4) apart.
    const base = ["AB", "BE", "EF", "MN", "BC", "AC"];
    const a = play([...base, "AGH"]);
    assert.equal(a.board(), "OXX.OX" + "..........");
    assert.deepEqual([...a.moveAt.slice(0, 6)], [6, 1, 5, 0, 2, 3]);
    const c = play([...base, "CGH"]);
    assert.equal(c.board(), "XXO.OX" + "..........");
    assert.deepEqual([...c.moveAt.slice(0, 6)], [1, 5, 6, 0, 2, 3]);
    // Mark 4 is still live: M-N again closes a cycle.
    const r = applyTurn(c, "MN");
    assert.ok(typeof r === "object" && r.cycle);
  });
  await t.step("one collapse gives both a line of four: X first gets 15", () => {
    const seq = ["AE", "AE", "EBF", "BF", "FCG", "CG", "GDH", "DH"];
    const q = play([...seq, "H"]);
    assert.ok(q.over);
    assert.equal(q.board(), "XXXXOOOO" + "........");
    const o = q.outcome();
    assert.equal(o.winner, 0);
    assert.ok(o.double);
    assert.deepEqual(o.bonus, [2, 2]);
    assert.deepEqual(o.points, [17, 7]);
    // The other choice makes no line, so the game goes on and a move is due.
    assert.match(illegal([...seq, "D"]), /move missing/);
    assert.equal(play([...seq, "DIJ"]).board(), "XXXOOOOX" + "........");
  });
  await t.step("one collapse gives both a line of four: O first gets 15", () => {
    const seq = ["AE", "AE", "EBF", "BF", "FCG", "CG", "GMN", "DH", "DH"];
    const q = play([...seq, "D"]);
    assert.equal(q.board(), "XXXXOOOO" + "........");
    const o = q.outcome();
    assert.equal(o.winner, 1);
    assert.ok(o.double);
    assert.deepEqual(o.points, [7, 17]);
  });
  await t.step("last square: O collapses, then claims the square left with PP", () => {
    const seq = [
      "AB",
      "AB",
      "BCD",
      "CD",
      "DEF",
      "EF",
      "FGH",
      "GH",
      "HJI",
      "JI",
      "ILK",
      "LK",
      "KMN",
      "NO",
      "OM",
    ];
    const before = play(seq);
    assert.ok(before.pending());
    assert.match(illegal([...seq, "M"]), /move missing/);
    assert.match(illegal([...seq, "MPA"]), /only square P is left: O must play PP/);
    assert.match(illegal([...seq, "MAB"]), /only square P is left/);
    const q = play([...seq, "MPP"]);
    assert.ok(q.over);
    assert.equal(q.board(), "XOXOXOXOOXOXXXOO");
    assert.equal(q.moveAt[15], 16);
    const o = q.outcome();
    // No line of four; X has G J M, O has F K P.
    assert.equal(o.winner, -1);
    assert.deepEqual(o.bonus, [1, 1]);
    assert.deepEqual(o.points, [11, 11]);
    assert.equal(firstLegalTurn(before), "MPP");
  });
  await t.step(
    "a collapse that fills the board ends the game; the letter alone is the turn",
    () => {
      // Seven 2-cycles, then X15 and O16 on the last two squares (another 2-cycle).
      const seq = [
        "AB",
        "AB",
        "BCD",
        "CD",
        "DEF",
        "EF",
        "FGH",
        "GH",
        "HJI",
        "JI",
        "ILK",
        "LK",
        "KMN",
        "MN",
        "NOP",
        "OP",
      ];
      const q = play([...seq, "O"]);
      assert.ok(q.over);
      assert.equal(q.free(), 0);
      // Extra letters after a game-ending collapse are tolerated and not recorded.
      const q2 = play(seq);
      const r = applyTurn(q2, "OAB");
      assert.ok(typeof r === "object" && r.over && r.text === "O");
    },
  );
});

Deno.test("illegal turns", async (t) => {
  const cases: [string[], RegExp][] = [
    [["AB", "AB", "CD"], /collapse letter missing/],
    [["AB", "AB", "CCD"], /collapse square C is not a square of the closing mark \(A or B\)/],
    [["AB", "AB", "ACD", "AE"], /square A already holds a classical mark/],
    [["AB", "AB", "ACD", "EB"], /square B already holds a classical mark/],
    [["AA"], /same square A twice/],
    [["AB", "CC"], /same square C twice/],
    [["AB", "ACD"], /unexpected collapse letter/],
    [["A"], /unexpected collapse letter/],
    [["AQ"], /malformed/],
    [["ab"], /malformed/],
    [["A1"], /malformed/],
    [["ABCD"], /malformed/],
    [[""], /empty turn/],
    [["AB", "AB", "ACDE"], /malformed/],
    [["AB", "AB", "A"], /move missing/],
    [[...EXAMPLE, "AB"], /already over/],
  ];
  for (const [turns, re] of cases) {
    await t.step(turns.join(" ") || "(empty)", () => assert.match(illegal(turns), re));
  }
  await t.step("a rejected turn leaves the position unchanged", () => {
    const q = play(["AB", "AB"]);
    const before = q.board() + q.moves + q.pendingA;
    assert.equal(typeof checkTurn(q, "CCD"), "string");
    assert.equal(typeof applyTurn(q, "CD"), "string");
    assert.equal(q.board() + q.moves + q.pendingA, before);
  });
  await t.step("input lines", () => {
    assert.deepEqual(parseInput("AB!"), { turn: "AB", cycle: true });
    assert.deepEqual(parseInput("ACD\r"), { turn: "ACD", cycle: false });
  });
});

// A plain reference: marks in a list, cycles by graph search, collapse by a work list,
// lines and bonus from coordinates.
class Ref {
  owner: number[] = new Array(16).fill(-1);
  num: number[] = new Array(16).fill(0);
  marks: { k: number; a: number; b: number; live: boolean }[] = [];
  pending: { k: number; a: number; b: number } | null = null;

  connected(a: number, b: number): boolean {
    const seen = new Set([a]);
    const todo = [a];
    while (todo.length) {
      const s = todo.pop()!;
      if (s === b) return true;
      for (const m of this.marks) {
        if (!m.live) continue;
        const o = m.a === s ? m.b : m.b === s ? m.a : -1;
        if (o >= 0 && !seen.has(o)) {
          seen.add(o);
          todo.push(o);
        }
      }
    }
    return false;
  }
  place(a: number, b: number): boolean {
    const k = this.marks.length + 1;
    const cyc = this.connected(a, b);
    this.marks.push({ k, a, b, live: true });
    if (cyc) this.pending = { k, a, b };
    return cyc;
  }
  collapse(sq: number): void {
    const p = this.pending!;
    this.pending = null;
    const work: [number, number][] = [[p.k, sq]];
    while (work.length) {
      const [k, s] = work.shift()!;
      const m = this.marks[k - 1];
      if (!m.live) continue;
      m.live = false;
      assert.equal(this.owner[s], -1, "square collapsed twice");
      this.owner[s] = (k - 1) % 2;
      this.num[s] = k;
      for (const o of this.marks) {
        if (o.live && (o.a === s || o.b === s)) work.push([o.k, o.a === s ? o.b : o.a]);
      }
    }
  }
  board(): string {
    return this.owner.map((o) => (o < 0 ? "." : "XO"[o])).join("");
  }
  lines(len: number): number[][] {
    const out: number[][] = [];
    for (let r = 0; r < 4; r++) {
      for (let c = 0; c < 4; c++) {
        for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [1, -1]]) {
          const cells = [];
          for (let i = 0; i < len; i++) {
            const rr = r + i * dr, cc = c + i * dc;
            if (rr < 0 || rr > 3 || cc < 0 || cc > 3) break;
            cells.push(rr * 4 + cc);
          }
          if (cells.length === len) out.push(cells);
        }
      }
    }
    return out;
  }
  points(): [number, number] {
    const bonus = [0, 1].map((p) => {
      let b = this.lines(3).filter((l) => l.every((s) => this.owner[s] === p)).length;
      for (let r = 0; r < 3; r++) {
        for (let c = 0; c < 3; c++) {
          if ([0, 1, 4, 5].every((d) => this.owner[r * 4 + c + d] === p)) b += 2;
        }
      }
      return b;
    });
    const first = [0, 1].map((p) => {
      const hi = this.lines(4).filter((l) => l.every((s) => this.owner[s] === p))
        .map((l) => Math.max(...l.map((s) => this.num[s])));
      return hi.length ? Math.min(...hi) : Infinity;
    });
    let base = [10, 10];
    if (first[0] < Infinity && first[1] < Infinity) base = first[0] < first[1] ? [15, 5] : [5, 15];
    else if (first[0] < Infinity) base = [20, 0];
    else if (first[1] < Infinity) base = [0, 20];
    return [base[0] + bonus[0], base[1] + bonus[1]];
  }
}

Deno.test("random games agree with a plain reference", () => {
  const rng = new Rng(2012);
  assert.equal(LINES3.length, 24);
  let doubles = 0, lastSquares = 0;
  for (let g = 0; g < 3000; g++) {
    const q = new Qttt();
    const ref = new Ref();
    while (!q.over) {
      const text = playRandomTurn(q, rng);
      let i = 0;
      if (ref.pending) ref.collapse(SQUARE_NAMES.indexOf(text[i++]));
      if (i < text.length) {
        const a = SQUARE_NAMES.indexOf(text[i]), b = SQUARE_NAMES.indexOf(text[i + 1]);
        if (a === b) {
          lastSquares++;
          ref.owner[a] = 1;
          ref.num[a] = ref.marks.length + 1;
          ref.marks.push({ k: ref.marks.length + 1, a, b, live: false });
        } else {
          assert.equal(ref.place(a, b), q.pending(), `game ${g}: cycle after ${text}`);
        }
      }
      assert.equal(q.board(), ref.board(), `game ${g} after ${text}`);
    }
    const o = q.outcome();
    if (o.double) doubles++;
    assert.deepEqual([...o.points], ref.points(), `game ${g}`);
    assert.equal(q.scoreDiff(), o.points[0] - o.points[1]);
    assert.deepEqual([...o.bonus], [bonusOf(q.xs), bonusOf(q.os)]);
  }
  assert.ok(doubles > 50, `only ${doubles} simultaneous lines`);
  assert.ok(lastSquares > 0, "no last-square game");
});
