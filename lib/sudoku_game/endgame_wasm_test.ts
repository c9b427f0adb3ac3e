import assert from "node:assert/strict";
import { MoveStatus, SolutionGame } from "./endgame.ts";
import { analyzeSolutions } from "./endgame_analyze.ts";
import { collectSolutions } from "../solve/mod.ts";
import { parseGrid81 } from "./rules.ts";
import { cases, outcomes } from "../../testdata/play/labelled.ts";

/** The solutions of a grid (at most 10,000). */
function solutionsOf(text: string): { buf: Uint8Array; n: number } {
  const r = collectSolutions(parseGrid81(text)!, 9, { limit: 10_000 });
  return { buf: r.solutions, n: r.count };
}

/** What a search said of every root move: status and the nodes it took, in order. */
function moveLog(game: SolutionGame, buf: Uint8Array, n: number, all: boolean): string {
  game.clearTable();
  const a = analyzeSolutions(game, buf, n, {}, all);
  return `${a.value} ${a.nodes} ${a.winning.map((m) => `${m.cell}:${m.digit}`).join(",")}`;
}

Deno.test("codecup_endgame_wasm", async (t) => {
  // The JavaScript frames are checked against plain references in endgame_test.ts; here the
  // WebAssembly ones must search exactly the same nodes and find the same values.
  const js = new SolutionGame({ tableBits: 16 });
  const wasm = new SolutionGame({ tableBits: 16, wasm: true });

  await t.step("the same values, winning moves and nodes on the labelled positions", () => {
    let framed = 0;
    for (let i = 0; i < cases.length; i += 12) {
      const { buf, n } = solutionsOf(cases[i]);
      if (n > 4) framed++;
      // Listing every winning move searches much more: every third of these.
      for (const all of i % 36 === 0 ? [false, true] : [false]) {
        const want = moveLog(js, buf, n, all);
        assert.equal(moveLog(wasm, buf, n, all), want, `position ${i + 1}, all=${all}`);
        assert.ok(want.startsWith(outcomes[i]), `position ${i + 1}: ${want}`);
      }
    }
    assert.ok(framed > 60, `only ${framed} positions reach the frames`);
  });

  await t.step("the same on positions of about 5,000 solutions (deep frames)", () => {
    const grids = Deno.readTextFileSync(
      new URL("../../testdata/play/positions_5k.txt", import.meta.url),
    ).trim().split("\n");
    for (const grid of grids) {
      const { buf, n } = solutionsOf(grid);
      assert.ok(n > 4000);
      assert.equal(moveLog(wasm, buf, n, false), moveLog(js, buf, n, false), grid);
    }
  });

  await t.step("a node budget stops both after the same nodes, without a value", () => {
    // Position 54: a win that takes 137,585 nodes.
    const { buf, n } = solutionsOf(cases[53]);
    for (const maxNodes of [3, 50, 400, 3000, 20_000]) {
      const seen: string[] = [];
      for (const game of [js, wasm]) {
        game.clearTable();
        game.load(buf, n);
        const moves = game.rootMoves();
        const value = game.solveMoves(moves, { maxNodes });
        const open = moves.filter((m) => m.status === MoveStatus.Unknown).length;
        seen.push(`${value} ${game.nodes} ${game.aborted} ${open}`);
      }
      assert.equal(seen[1], seen[0], `maxNodes ${maxNodes}`);
    }
    // Most of the search is in the frames, so the module's own node count must stop it.
    wasm.clearTable();
    wasm.load(buf, n);
    assert.equal(wasm.solveMoves(wasm.rootMoves(), { maxNodes: 3000 }), undefined);
    assert.ok(wasm.aborted);
  });

  await t.step("a clock read inside the module stops the search at its deadline", () => {
    const { buf, n } = solutionsOf(cases[53]);
    // The clock passes the deadline at its second read: the first read comes before the
    // search, later ones about every 2^20 units of work, from inside the module too.
    let reads = 0;
    const now = () => reads++;
    wasm.clearTable();
    wasm.load(buf, n);
    const moves = wasm.rootMoves();
    const value = wasm.solveMoves(moves, { deadline: 1, now }, true);
    assert.equal(value, undefined);
    assert.ok(wasm.aborted);
    assert.ok(reads >= 2);
    // Without limits the same game finishes with the labelled value.
    wasm.load(buf, n);
    assert.equal(wasm.solveMoves(wasm.rootMoves()), outcomes[53]);
  });

  await t.step("where WebAssembly cannot run, the game searches in JavaScript", () => {
    assert.equal(wasm.wasm, true);
    assert.equal(js.wasm, false);
    const saved = globalThis.WebAssembly;
    let game: SolutionGame;
    try {
      // A runtime without it (or one refusing its memory) makes the module throw.
      Object.defineProperty(globalThis, "WebAssembly", { value: undefined, configurable: true });
      game = new SolutionGame({ tableBits: 16, wasm: true });
    } finally {
      Object.defineProperty(globalThis, "WebAssembly", { value: saved, configurable: true });
    }
    assert.equal(game.wasm, false);
    const { buf, n } = solutionsOf(cases[53]);
    assert.equal(moveLog(game, buf, n, false), moveLog(js, buf, n, false));
  });

  await t.step("the table lives in the module: no shared buffer with it", () => {
    assert.throws(
      () => new SolutionGame({ tableBits: 12, wasm: true, tableBuffer: new ArrayBuffer(1 << 18) }),
      /WebAssembly search has its own table/,
    );
  });
});
