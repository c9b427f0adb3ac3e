import assert from "node:assert/strict";
import { generateHelp } from "./generate.ts";
import { repoPath, runCli } from "./test_util.ts";
import { byClass, elements, grids, parseXml, textOf } from "../lib/picture/xml_test_util.ts";
import { plainMinimal, plainSolutions } from "../lib/human/test_util.ts";

const SAMPLE = Deno.readTextFileSync(repoPath("testdata/generate/qqwing_sample.csv"))
  .split("\n").filter((l) => l !== "" && !l.startsWith("#")).map((l) => l.split(","));

Deno.test("generate: puzzles, levels, seeds and formats", async (t) => {
  const runs = {
    easy: runCli(["generate", "--count", "5", "--seed", "2026", "--difficulty", "easy"]),
    json: runCli([
      "generate",
      "--count",
      "3",
      "--seed",
      "2026",
      "--difficulty",
      "expert",
      "--format",
      "json",
    ]),
    symmetric: runCli(["generate", "--seed", "3", "--symmetry", "rotate180", "--format", "json"]),
    random: runCli([
      "generate",
      "--count",
      "6",
      "--seed",
      "1",
      "--symmetry",
      "random",
      "--format",
      "json",
    ]),
    x: runCli(["generate", "--seed", "5", "--variant", "x", "--difficulty", "intermediate"]),
    four: runCli(["generate", "--size", "4", "--count", "3", "--seed", "8"]),
    jobs: runCli([
      "generate",
      "--count",
      "5",
      "--seed",
      "2026",
      "--difficulty",
      "easy",
      "--jobs",
      "2",
    ]),
    noSeed: runCli(["generate", "--count", "2"]),
  };
  await t.step("one puzzle per line, the recorded ones for the same seed", async () => {
    const r = await runs.easy;
    assert.deepEqual([r.code, r.stderr], [0, ""]);
    const want = SAMPLE.filter((s) => s[1] === "easy").slice(0, 5).map((s) => s[0]);
    assert.deepEqual(r.stdout.trimEnd().split("\n"), want);
    assert.equal((await runs.jobs).stdout, r.stdout);
  });
  await t.step("rate agrees with the level asked for", async () => {
    const r = await runCli(["rate"], (await runs.easy).stdout);
    assert.equal(r.stdout, "easy hidden-single\n".repeat(5));
  });
  await t.step("--format json: puzzle, solution, level, technique, clues, seed", async () => {
    const r = await runs.json;
    assert.equal(r.code, 0);
    const objects = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
    assert.equal(objects.length, 3);
    for (const o of objects) {
      assert.equal(o.level, "expert");
      assert.equal(o.clues, o.puzzle.replace(/\./g, "").length);
      assert.match(o.solution, /^[1-9]{81}$/);
      assert.ok(typeof o.hardest === "string" && o.minimal === true);
    }
    assert.equal(objects[0].seed, 2026);
    // A puzzle's own seed gives it back.
    const again = await runCli([
      "generate",
      "--seed",
      String(objects[2].seed),
      "--difficulty",
      "expert",
    ]);
    assert.equal(again.stdout, objects[2].puzzle + "\n");
  });
  await t.step("symmetry, Sudoku-X, 4×4", async () => {
    const s = JSON.parse((await runs.symmetric).stdout);
    assert.equal(s.symmetry, "rotate180");
    for (let i = 0; i < 81; i++) assert.equal(s.puzzle[i] === ".", s.puzzle[80 - i] === ".");
    const kinds = (await runs.random).stdout.trimEnd().split("\n").map((l) =>
      JSON.parse(l).symmetry
    );
    assert.ok(kinds.length === 6 && kinds.every((k: string) => k !== undefined));
    const x = await runs.x;
    assert.equal(x.code, 0);
    const rx = await runCli(["rate", "--variant", "x"], x.stdout);
    assert.match(rx.stdout, /^intermediate /);
    const f = await runs.four;
    assert.match(f.stdout, /^([.1-4]{16}\n){3}$/);
    assert.equal((await runs.noSeed).stdout.trimEnd().split("\n").length, 2);
  });
});

Deno.test("generate: puzzle sheets to print, as SVG and as text", async (t) => {
  const args = ["generate", "--count", "6", "--seed", "3"];
  const runs = {
    json: runCli([...args, "--format", "json"]),
    text: runCli([...args, "--format", "text"]),
    line: runCli(args),
    svg: runCli([...args, "--format", "svg"]),
    answers: runCli([...args, "--format", "svg", "--answers", "--jobs", "1"]),
    readable: runCli([...args, "--format", "readable", "--answers"]),
  };
  const made = (await runs.json).stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
  /** A board's cells: `.` for an empty one, else its symbol, and each one's kind. */
  const shown = (board: ReturnType<typeof grids>[number]) => {
    const cells = [...elements(board)].filter((e) => e.attrs.has("data-cell"));
    return {
      line: cells.map((e) => textOf(e) || ".").join(""),
      kinds: cells.map((e) => e.attrs.get("class")!.split(" ")[0]),
    };
  };
  const caption = (o: { level: string; hardest: string; seed: number }, k: number) =>
    `Puzzle ${k + 1} · ${o.level}, ${o.hardest} · seed ${o.seed}`;
  await t.step("--format text is the one-line form, as line and the default", async () => {
    const text = await runs.text;
    assert.deepEqual([text.code, text.stderr], [0, ""]);
    assert.equal(text.stdout, made.map((o) => o.puzzle + "\n").join(""));
    assert.equal((await runs.line).stdout, text.stdout);
  });
  await t.step("svg: six boards, the givens the clues, nothing filled, captioned", async () => {
    const r = await runs.svg;
    assert.deepEqual([r.code, r.stderr], [0, ""]);
    const root = parseXml(r.stdout);
    assert.deepEqual([root.attrs.get("width"), root.attrs.get("height")], ["210mm", "297mm"]);
    const boards = grids(root);
    assert.equal(boards.length, 6);
    boards.forEach((board, k) => {
      assert.equal(board.attrs.get("data-grid"), String(k + 1));
      assert.equal(board.attrs.get("class"), "puzzle");
      const { line, kinds } = shown(board);
      assert.equal(line, made[k].puzzle);
      assert.deepEqual(kinds, [...made[k].puzzle].map((ch) => (ch === "." ? "empty" : "given")));
      assert.equal(byClass(board, "caption").map(textOf).join(" "), caption(made[k], k));
    });
  });
  await t.step("--answers: six more boards, the solutions, from a second page", async () => {
    const r = await runs.answers;
    assert.deepEqual([r.code, r.stderr], [0, ""]);
    const root = parseXml(r.stdout);
    assert.equal(root.attrs.get("height"), "594mm");
    const boards = grids(root);
    assert.equal(boards.length, 12);
    // The puzzles first, as without --answers.
    boards.slice(0, 6).forEach((board, k) => {
      assert.equal(board.attrs.get("class"), "puzzle");
      assert.equal(shown(board).line, made[k].puzzle);
    });
    boards.slice(6).forEach((board, k) => {
      assert.equal(board.attrs.get("class"), "answer");
      assert.equal(board.attrs.get("data-grid"), String(k + 1));
      const { line, kinds } = shown(board);
      assert.equal(line, made[k].solution);
      assert.deepEqual(kinds, [...made[k].puzzle].map((ch) => (ch === "." ? "filled" : "given")));
      assert.equal(byClass(board, "caption").map(textOf).join(" "), `Solution ${k + 1}`);
    });
  });
  await t.step(
    "readable --answers: each puzzle under its caption, then the solutions",
    async () => {
      const r = await runs.readable;
      assert.deepEqual([r.code, r.stderr], [0, ""]);
      const parts = r.stdout.split("\n\n");
      for (const [k, o] of made.entries()) {
        const [head, ...rows] = parts[k].split("\n");
        assert.equal(head, caption(o, k));
        const cells = rows.filter((row) => !row.startsWith("-")).join("").replace(/[ |]/g, "");
        assert.equal(cells, o.puzzle);
      }
      assert.equal(parts[6], "Solutions");
      // Six 9×9 solutions side by side, under their numbers.
      const answers = parts[7].split("\n");
      assert.deepEqual(answers[0].split(/ {2,}/), made.map((_, k) => `Solution ${k + 1}`));
      for (let row = 0; row < 9; row++) {
        assert.deepEqual(
          answers[row + 1].split(/ +/),
          made.map((o) => o.solution.slice(9 * row, 9 * row + 9)),
        );
      }
    },
  );
});

Deno.test("generate --jobs: one thread per core by default, one where threads cannot start", async () => {
  // Without read access to its worker module, the default falls back to this thread; asked
  // for explicitly, threads that cannot start are an error.
  const bare = (args: string[]) =>
    new Deno.Command(Deno.execPath(), {
      args: ["run", "--quiet", repoPath("cli/main.ts"), "generate", ...args],
      stdout: "piped",
      stderr: "piped",
    }).output();
  const args = ["--count", "3", "--seed", "11"];
  const [plain, threads, asked] = await Promise.all([
    bare(args),
    runCli(["generate", ...args]),
    bare([...args, "--jobs", "2"]),
  ]);
  const text = (b: Uint8Array) => new TextDecoder().decode(b);
  assert.deepEqual([plain.code, text(plain.stderr)], [0, ""]);
  assert.equal(text(plain.stdout), threads.stdout);
  assert.equal(asked.code, 2);
  assert.match(text(asked.stderr), /^error: generate needs read access for --jobs /);
});

Deno.test("generate --se: puzzles in SE's band", async (t) => {
  /** `generate --se 8.5-9.5 --count 10 --seed 18`, each with SE 1.2.1.3's own ER/EP/ED. */
  const recorded = Deno.readTextFileSync(repoPath("testdata/generate/se_8.5-9.5_seed18.txt"))
    .trimEnd().split("\n").map((l) => l.split(" "));
  const runs = {
    first: runCli(["generate", "--se", "8.5-9.5", "--seed", "18", "--format", "json"]),
    band: runCli(["generate", "--se", "7.0-7.5", "--count", "2", "--seed", "4"]),
    jobs: runCli(["generate", "--se", "7.0-7.5", "--count", "2", "--seed", "4", "--jobs", "2"]),
    sheet: runCli(["generate", "--se", "7.0-7.5", "--seed", "4", "--format", "readable"]),
  };
  await t.step("the recorded run: unique, minimal (plain counter), in the band by SE", () => {
    assert.equal(recorded.length, 10);
    for (const [line, se] of recorded) {
      const grid = Uint8Array.from(line, (ch) => (ch === "." ? 0 : Number(ch)));
      assert.equal(plainSolutions(grid, 9, false, 2).length, 1, line);
      assert.ok(plainMinimal(grid, 9, false), line);
      const er = Number(se.split("/")[0]);
      assert.ok(er >= 8.5 && er <= 9.5, `${line} ${se}`);
    }
  });
  await t.step("the same seed gives the recorded puzzle and SE's numbers", async () => {
    const r = await runs.first;
    assert.deepEqual([r.code, r.stderr], [0, ""]);
    const o = JSON.parse(r.stdout);
    assert.equal(o.puzzle, recorded[0][0]);
    assert.equal([o.er, o.ep, o.ed].map((x: number) => x.toFixed(1)).join("/"), recorded[0][1]);
    assert.equal(o.seed, 18);
    assert.ok(o.minimal && typeof o.technique === "string");
  });
  await t.step("a sheet's caption gives SE's rating and technique", async () => {
    const r = await runs.sheet;
    assert.equal(r.code, 0, r.stderr);
    const first = (await runs.band).stdout.split("\n")[0];
    const er = (await runCli(["rate", "--scale", "se"], first + "\n")).stdout.split(" ")[0];
    assert.match(
      r.stdout,
      new RegExp(`^Puzzle 1 · SE ${er.replace(".", "\\.")}, [A-Z][^·]+ · seed 4\n`),
    );
  });
  await t.step("rate --scale se puts them in the band; --jobs changes nothing", async () => {
    const b = await runs.band;
    assert.equal(b.code, 0);
    assert.equal((await runs.jobs).stdout, b.stdout);
    const r = await runCli(["rate", "--scale", "se"], b.stdout);
    const ers = r.stdout.trimEnd().split("\n").map((l) => Number(l.split(" ")[0]));
    assert.equal(ers.length, 2);
    assert.ok(ers.every((er) => er >= 7 && er <= 7.5), r.stdout);
  });
});

Deno.test("generate: bad usage", async (t) => {
  const runs = {
    help: runCli(["generate", "--help"]),
    size: runCli(["generate", "--size", "10"]),
    difficulty: runCli(["generate", "--difficulty", "hard"]),
    seed: runCli(["generate", "--seed", "-1"]),
    file: runCli(["generate", "puzzles.txt"]),
    answers: runCli(["generate", "--answers"]),
    unreachable: runCli(["generate", "--size", "4", "--count", "2", "--difficulty", "expert"]),
    band: runCli(["generate", "--se", "9.5-8.5"]),
    seSize: runCli(["generate", "--se", "8.5-9.5", "--size", "16"]),
    seX: runCli(["generate", "--se", "8.5-9.5", "--variant", "x"]),
    seDifficulty: runCli(["generate", "--se", "8.5-9.5", "--difficulty", "easy"]),
  };
  await t.step("--help", async () => {
    const r = await runs.help;
    assert.deepEqual([r.code, r.stdout], [0, generateHelp]);
  });
  await t.step("each bad option says what it takes, exit 2", async () => {
    const expect: [Promise<{ code: number; stderr: string }>, RegExp][] = [
      [runs.size, /^error: --size must be one of 4, 9, 16, 25, not '10'\n/],
      [runs.difficulty, /^error: --difficulty must be one of any, simple, easy, .*, not 'hard'\n/],
      [runs.seed, /^error: --seed must be a whole number from 0 to 4294967295, not '-1'\n/],
      [runs.file, /^error: generate takes no file, not 'puzzles.txt'\n/],
      [runs.answers, /^error: --answers is for --format svg and readable \(json holds /],
      [runs.band, /^error: --se takes a band of ratings MIN-MAX from 1.0 to 19.9, .*'9.5-8.5'\n/],
      [runs.seSize, /^error: --se makes 9×9 sudoku puzzles of any difficulty, not --size 16\n/],
      [runs.seX, /^error: --se makes .*, not --variant x\n/],
      [runs.seDifficulty, /^error: --se makes .*, not --difficulty easy\n/],
    ];
    for (const [run, message] of expect) {
      const r = await run;
      assert.equal(r.code, 2);
      assert.match(r.stderr, message);
    }
  });
  await t.step("a target the size cannot reach: exit 2, saying so", async () => {
    const r = await runs.unreachable;
    assert.deepEqual([r.code, r.stdout], [2, ""]);
    assert.match(r.stderr, /^error: puzzle 1: no 4×4 sudoku puzzle of difficulty expert was found/);
  });
});
