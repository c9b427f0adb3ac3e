/**
 * End to end, in a real browser: play short matches with `match --replay`, open each replay
 * page in headless Chromium, step through it with the keys and the slider, and check that
 * the board shown after move k is the position after move k, computed here from the CSV
 * record's moves with the rules engines (not from the replay's own data); check the
 * verdict; take screenshots. Then the same browser reads a `classify --format svg` sheet and
 * a puzzle sheet of `generate --format svg --answers`.
 *
 * Screenshots go to a temporary directory, removed at the end, or to the directory named
 * by `SUDOKIT_SCREENSHOTS`, kept, to look at them.
 *
 * @module
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { Browser, isPng, type Page } from "../browser_test_util.ts";
import { repoPath, runCli } from "../test_util.ts";
import { judge, Position } from "../../lib/sudoku_game/mod.ts";
import { applyTurn, Qttt } from "../../lib/qttt/mod.ts";

const DENO = Deno.execPath();
/** A `sudokit play` bot as a command line; `{game}` varies its seed per game. */
const play = (args: string) => `'${DENO}' run --quiet cli/main.ts play ${args}`;
/** A fake sudoku bot of testdata/match/fake_bot.ts (for qttt it writes garbage). */
const fake = (mode: string) => `'${DENO}' run --quiet testdata/match/fake_bot.ts ${mode}`;

/** The fields of the CSV rows of a match record (no field there holds a comma). */
async function csvRows(path: string): Promise<string[][]> {
  const lines = (await Deno.readTextFile(path)).trim().split("\n").slice(1);
  return lines.map((l) => l.split(","));
}

/**
 * What the page shows: the step, the slider, and each cell as `R,C=text|kind`, kind the
 * cell's first class (`empty`, `p0`/`p1` for the seat that placed a digit, `classical`,
 * `spooky`).
 */
interface Shown {
  readonly move: number;
  readonly slider: number;
  readonly cells: readonly string[];
}

async function shown(page: Page): Promise<Shown> {
  return await page.evaluate<Shown>(`(() => {
    const board = document.getElementById("board");
    return {
      move: Number(board.getAttribute("data-move")),
      slider: Number(document.getElementById("step").value),
      cells: [...board.querySelectorAll("[data-cell]")]
        .map((g) => g.getAttribute("data-cell") + "=" +
          g.textContent.replace(/\\s+/g, " ").trim() + "|" + g.classList[0]),
    };
  })()`);
}

/**
 * The board after each step as `R,C=text|kind` per cell, for a sudoku game: `moves` as the
 * record lists them, `played` whether each judged line was one of them.
 */
function sudokuBoards(moves: readonly string[], played: readonly boolean[]): string[][] {
  const p = new Position();
  const seatOf = new Int8Array(81).fill(-1);
  const board = () =>
    Array.from({ length: 81 }, (_, i) => {
      const v = p.grid[i];
      const kind = seatOf[i] < 0 ? "empty" : `p${seatOf[i]}`;
      return `${Math.floor(i / 9) + 1},${(i % 9) + 1}=${v === 0 ? "" : v}|${kind}`;
    });
  const boards = [board()];
  let next = 0;
  for (const isPlayed of played) {
    if (isPlayed) {
      const v = judge(p, moves[next]);
      assert.ok(v.move !== undefined, `move ${moves[next]} does not parse`);
      // Moves alternate from the first seat.
      if (v.move.cell >= 0) seatOf[v.move.cell] = next % 2;
      p.play(v.move, v.witness);
      next++;
    }
    boards.push(board());
  }
  assert.equal(next, moves.length, "every recorded move is a played step");
  return boards;
}

/**
 * A qttt square as `text|kind`: `X3|classical` collapsed, `X1 O4|spooky` its spooky marks
 * (the pending one last), `|empty`.
 */
function qtttSquare(q: Qttt, s: number): string {
  const bit = 1 << s;
  if ((q.xs | q.os) & bit) return `${q.xs & bit ? "X" : "O"}${q.moveAt[s]}|classical`;
  const marks: number[] = [];
  for (let t = 0; t < 16; t++) if (q.edge[s * 16 + t] !== 0) marks.push(q.edge[s * 16 + t]);
  marks.sort((a, b) => a - b);
  if (q.pendingA === s || q.pendingB === s) marks.push(q.moves);
  if (marks.length === 0) return "|empty";
  return marks.map((k) => `${k % 2 === 1 ? "X" : "O"}${k}`).join(" ") + "|spooky";
}

function qtttBoards(moves: readonly string[], played: readonly boolean[]): string[][] {
  const q = new Qttt();
  const board = () =>
    Array.from(
      { length: 16 },
      (_, s) => `${Math.floor(s / 4) + 1},${(s % 4) + 1}=${qtttSquare(q, s)}`,
    );
  const boards = [board()];
  let next = 0;
  for (const isPlayed of played) {
    if (isPlayed) {
      const r = applyTurn(q, moves[next++]);
      assert.equal(typeof r, "object", `turn ${moves[next - 1]}: ${r}`);
    }
    boards.push(board());
  }
  assert.equal(next, moves.length, "every recorded turn is a played step");
  return boards;
}

/** The steps' played flags from the game's log beside the page (the CSV lists moves only). */
async function playedFlags(json: string): Promise<boolean[]> {
  const log = JSON.parse(await Deno.readTextFile(json));
  return log.steps.map((s: { played: boolean }) => s.played);
}

async function expectStep(page: Page, k: number, boards: readonly string[][]): Promise<void> {
  const s = await shown(page);
  assert.equal(s.move, k, `the board shows step ${s.move}, not ${k}`);
  assert.equal(s.slider, k, `the slider is at ${s.slider}, not ${k}`);
  assert.deepEqual(s.cells, boards[k], `the board after move ${k}`);
}

/** Move the slider to `k` as a drag does: a new value, then an input event. */
async function slide(page: Page, k: number): Promise<void> {
  await page.evaluate(`(() => {
    const slider = document.getElementById("step");
    slider.value = "${k}";
    slider.dispatchEvent(new Event("input", { bubbles: true }));
  })()`);
}

/**
 * Open a replay page, step through every move with the keys, jump with Home, End and the
 * slider, compare each board with `boards`, check the verdict, and take screenshots.
 */
async function checkPage(
  page: Page,
  file: string,
  boards: readonly string[][],
  verdicts: readonly RegExp[],
  shot: string,
): Promise<void> {
  await page.goto("about:blank");
  await page.goto(`file://${file}`);
  const n = boards.length - 1;
  // The page opens on the final position.
  await expectStep(page, n, boards);
  await page.press("Home");
  await expectStep(page, 0, boards);
  await page.press("ArrowLeft");
  await expectStep(page, 0, boards);
  for (let k = 1; k <= n; k++) {
    await page.press("ArrowRight");
    await expectStep(page, k, boards);
    if (k === Math.ceil(n / 2)) {
      const png = await page.screenshot(`${shot}-middle.png`);
      assert.ok(isPng(png) && png.length > 5000, `screenshot of ${file}: ${png.length} bytes`);
    }
  }
  await page.press("ArrowRight");
  await expectStep(page, n, boards);
  await page.press("ArrowLeft");
  await expectStep(page, n - 1, boards);
  await page.press("End");
  await expectStep(page, n, boards);
  for (const k of [0, Math.floor(n / 3), n, 1]) {
    await slide(page, k);
    await expectStep(page, k, boards);
  }
  await page.press("End");
  const verdict = await page.evaluate<string>(
    `document.getElementById("verdict").textContent.replace(/\\s+/g, " ")`,
  );
  for (const v of verdicts) assert.match(verdict, v);
  const png = await page.screenshot(`${shot}-end.png`);
  assert.ok(isPng(png) && png.length > 5000, `screenshot of ${file}: ${png.length} bytes`);
}

/** The verdict line of seat `seat` as the page writes it, from the CSV row. */
function scoreLine(row: readonly string[], seat: 0 | 1, label: string, name: string): RegExp {
  const points = row[4 + 3 * seat], status = row[5 + 3 * seat];
  return new RegExp(`${label} \\(${name}\\) ${status}, ${points} points?`);
}

/** Cells with a value repeated in one of their units, by grid, from the puzzle text. */
function conflictsOf(size: number, rows: number[][], variant: string): string[] {
  const units: [number, number][][] = [];
  const block = Math.round(Math.sqrt(size));
  for (let i = 0; i < size; i++) {
    units.push(Array.from({ length: size }, (_, j) => [i, j]));
    units.push(Array.from({ length: size }, (_, j) => [j, i]));
  }
  if (variant !== "latin" && block * block === size) {
    for (let b = 0; b < size; b++) {
      const r0 = Math.floor(b / block) * block, c0 = (b % block) * block;
      units.push(
        Array.from({ length: size }, (_, j) => [r0 + Math.floor(j / block), c0 + (j % block)]),
      );
    }
  }
  if (variant === "x") {
    units.push(Array.from({ length: size }, (_, j) => [j, j]));
    units.push(Array.from({ length: size }, (_, j) => [j, size - 1 - j]));
  }
  const marked = new Set<string>();
  for (const unit of units) {
    for (const [r, c] of unit) {
      const v = rows[r][c];
      if (v !== 0 && unit.some(([r2, c2]) => (r2 !== r || c2 !== c) && rows[r2][c2] === v)) {
        marked.add(`${r + 1},${c + 1}`);
      }
    }
  }
  return [...marked].sort();
}

Deno.test("replay pages, a classify SVG and a puzzle sheet in headless Chromium", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "sudokit-replay-" });
  const kept = Deno.env.get("SUDOKIT_SCREENSHOTS");
  const shots = kept ?? join(dir, "shots");
  await Deno.mkdir(shots, { recursive: true });
  const browser = await Browser.launch();
  const profile = browser.profile;
  try {
    const page = await browser.newPage(1280, 1000);

    await t.step("sudoku: two random bots, both games", async () => {
      const csv = join(dir, "sudoku.csv");
      const replay = join(dir, "sudoku");
      const r = await runCli([
        "match",
        "--games",
        "2",
        "--out",
        csv,
        "--replay",
        replay,
        "--",
        play("--level random --seed {game}"),
        play("--level random --seed 1{game}"),
      ]);
      assert.equal(r.code, 0, r.stderr);
      const rows = await csvRows(csv);
      for (const game of [1, 2]) {
        const row = rows[game - 1];
        const moves = row[9].split(" ");
        const played = await playedFlags(join(replay, `game-${game}.json`));
        const boards = sudokuBoards(moves, played);
        // A moves first in odd games, B in even ones.
        const labels = game === 1 ? ["A", "B"] : ["B", "A"];
        const claim = moves[moves.length - 1].replace("!", "\\!");
        await checkPage(page, join(replay, `game-${game}.html`), boards, [
          scoreLine(row, 0, labels[0], "first"),
          scoreLine(row, 1, labels[1], "second"),
          new RegExp(`Move ${moves.length}: \\S+ \\(\\w+\\) played ${claim} — WIN`),
        ], join(shots, `sudoku-${game}`));
      }
    });

    await t.step("qttt: two random bots, both games", async () => {
      const csv = join(dir, "qttt.csv");
      const replay = join(dir, "qttt");
      const r = await runCli([
        "match",
        "--game",
        "qttt",
        "--games",
        "2",
        "--out",
        csv,
        "--replay",
        replay,
        "--",
        play("--game qttt --level random --seed {game}"),
        play("--game qttt --level random --seed 2{game}"),
      ]);
      assert.equal(r.code, 0, r.stderr);
      const rows = await csvRows(csv);
      for (const game of [1, 2]) {
        const row = rows[game - 1];
        const moves = row[9].split(" ");
        const boards = qtttBoards(moves, await playedFlags(join(replay, `game-${game}.json`)));
        // The final board of the record, square by square, is the last one shown.
        const final = boards[boards.length - 1].map((c) =>
          c.endsWith("|classical") ? c.split("=")[1][0] : "."
        ).join("");
        assert.equal(final, row[10]);
        const labels = game === 1 ? ["A", "B"] : ["B", "A"];
        await checkPage(page, join(replay, `game-${game}.html`), boards, [
          scoreLine(row, 0, labels[0], "X"),
          scoreLine(row, 1, labels[1], "O"),
        ], join(shots, `qttt-${game}`));
      }
    });

    await t.step("qttt: a bot's fault, then the referee's turns for it", async () => {
      const csv = join(dir, "fault.csv");
      const replay = join(dir, "fault");
      const r = await runCli([
        "match",
        "--game",
        "qttt",
        "--games",
        "1",
        "--out",
        csv,
        "--replay",
        replay,
        "--",
        fake("garbage 0"),
        play("--game qttt --level random --seed 7"),
      ]);
      assert.equal(r.code, 0, r.stderr);
      const [row] = await csvRows(csv);
      const played = await playedFlags(join(replay, "game-1.json"));
      // The rejected line is a step that leaves the board as it was.
      assert.equal(played[0], false);
      const boards = qtttBoards(row[9].split(" "), played);
      await checkPage(page, join(replay, "game-1.html"), boards, [
        /A \(X\) ILLEGAL, 0 points/,
        /B \(O\) WIN, \d+ points/,
        /Move 1: A \(X\) wrote 'hello world' — ILLEGAL: malformed turn/,
        /the referee played the turns of A \(X\)/,
      ], join(shots, "qttt-fault"));
    });

    await t.step("classify --format svg: the conflict cells", async () => {
      const input = await Deno.readTextFile(repoPath("testdata/classify/sample1.txt"));
      const r = await runCli(["classify", "--format", "svg"], input);
      assert.equal(r.code, 0, r.stderr);
      const svg = join(dir, "sample1.svg");
      await Deno.writeTextFile(svg, r.stdout);
      await page.goto(`file://${svg}`);
      const grids = await page.evaluate<{ variant: string; size: number; conflicts: string[] }[]>(
        `[...document.querySelectorAll("[data-grid]")].map((g) => ({
          variant: g.getAttribute("data-variant"),
          size: Number(g.getAttribute("data-size")),
          conflicts: [...g.querySelectorAll("[data-cell].conflict")]
            .map((c) => c.getAttribute("data-cell")).sort(),
        }))`,
      );
      // sample1.txt: the number of grids, then each grid's size and rows.
      const numbers = input.trim().split(/\s+/).map(Number);
      let at = 1;
      const expected: { size: number; rows: number[][] }[] = [];
      for (let g = 0; g < numbers[0]; g++) {
        const size = numbers[at++];
        const rows = Array.from({ length: size }, () => numbers.slice(at, at += size));
        expected.push({ size, rows });
      }
      assert.equal(grids.length, expected.length);
      grids.forEach((g, i) => {
        assert.equal(g.size, expected[i].size);
        assert.deepEqual(
          g.conflicts,
          conflictsOf(g.size, expected[i].rows, g.variant),
          `grid ${i + 1}`,
        );
      });
      // The first grid breaks its diagonals: five cells, shaded.
      assert.deepEqual(grids[0].conflicts, ["1,1", "4,4", "5,5", "8,8", "9,1"]);
      const png = await page.screenshot(join(shots, "classify-sample1.png"));
      assert.ok(isPng(png) && png.length > 5000, `screenshot: ${png.length} bytes`);
    });

    await t.step("generate --format svg --answers: a puzzle sheet on A4 pages", async () => {
      const args = ["generate", "--count", "6", "--seed", "3"];
      const [sheet, json] = await Promise.all([
        runCli([...args, "--format", "svg", "--answers"]),
        runCli([...args, "--format", "json"]),
      ]);
      assert.equal(sheet.code, 0, sheet.stderr);
      const made = json.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
      const svg = join(dir, "sheet.svg");
      await Deno.writeTextFile(svg, sheet.stdout);
      await page.goto(`file://${svg}`);
      // As the browser lays it out: each page's box, and each board's box and cells.
      const drawn = await page.evaluate<{
        width: number;
        pages: { top: number; bottom: number; left: number; right: number }[];
        boards: {
          kind: string;
          page: number;
          box: { top: number; bottom: number; left: number; right: number };
          cells: string;
          kinds: string[];
        }[];
      }>(`(() => {
        const box = (e) => {
          const r = e.getBoundingClientRect();
          return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
        };
        const pages = [...document.querySelectorAll("g.page")];
        return {
          width: document.documentElement.getBoundingClientRect().width,
          pages: pages.map((p) => box(p.querySelector("rect.paper"))),
          boards: [...document.querySelectorAll("[data-grid]")].map((g) => ({
            kind: g.getAttribute("class"),
            page: pages.indexOf(g.closest("g.page")),
            box: box(g),
            cells: [...g.querySelectorAll("[data-cell]")]
              .map((c) => c.textContent.trim() || ".").join(""),
            kinds: [...g.querySelectorAll("[data-cell]")].map((c) => c.classList[0]),
          })),
        };
      })()`);
      // 210 mm at 96 pixels to the inch.
      assert.ok(Math.abs(drawn.width - 793.7) < 1, `width ${drawn.width}`);
      assert.equal(drawn.pages.length, 2);
      const puzzles = drawn.boards.filter((b) => b.kind === "puzzle");
      const answers = drawn.boards.filter((b) => b.kind === "answer");
      assert.equal(puzzles.length, 6);
      assert.equal(answers.length, 6);
      puzzles.forEach((b, k) => {
        // The givens are the puzzle's clues, and no cell is filled.
        assert.equal(b.cells, made[k].puzzle);
        assert.ok(b.kinds.every((x) => x === "given" || x === "empty"), `puzzle ${k + 1}`);
        assert.equal(b.page, 0);
      });
      answers.forEach((b, k) => {
        assert.equal(b.cells, made[k].solution);
        assert.equal(b.page, 1);
        // Smaller than the puzzles.
        const side = (x: typeof b) => x.box.right - x.box.left;
        assert.ok(side(b) < 0.6 * side(puzzles[k]), `answer ${k + 1}`);
      });
      // Every board lies inside its page, and no two overlap.
      for (const [k, b] of drawn.boards.entries()) {
        const p = drawn.pages[b.page];
        assert.ok(
          b.box.left >= p.left && b.box.right <= p.right && b.box.top >= p.top &&
            b.box.bottom <= p.bottom,
          `board ${k + 1} inside page ${b.page + 1}`,
        );
        for (const o of drawn.boards.slice(0, k)) {
          const apart = o.box.right <= b.box.left || b.box.right <= o.box.left ||
            o.box.bottom <= b.box.top || b.box.bottom <= o.box.top;
          assert.ok(apart, `board ${k + 1} clear of the others`);
        }
      }
      const png = await page.screenshot(join(shots, "generate-sheet.png"));
      assert.ok(isPng(png) && png.length > 5000, `screenshot: ${png.length} bytes`);
    });
  } finally {
    await browser.close();
    await Deno.remove(dir, { recursive: true });
  }
  // Nothing of the browser is left running.
  const ps = await new Deno.Command("ps", { args: ["-eo", "args"], stdout: "piped" }).output();
  assert.equal(new TextDecoder().decode(ps.stdout).includes(profile), false);
});
