import assert from "node:assert/strict";
import { repoPath, runCli } from "../test_util.ts";

const DIR = "testdata/count/";

/** Puzzle lines of a one-per-line file ('#' and blank lines skipped). */
function puzzles(path: string): string[] {
  return Deno.readTextFileSync(repoPath(path)).split(/\r?\n/).map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"));
}

Deno.test("count: grids arriving in bursts are printed as they come, in input order", async () => {
  // Three puzzles arrive alone and are printed before the other 600 are sent; the output
  // keeps the input's order, as with one thread. (Which thread counts them is the pool's
  // business: `pool_test.ts`.)
  const all = puzzles(DIR + "serg_benchmark_2000.txt").slice(0, 603);
  const want = await runCli(["count", "--jobs", "1", "--format", "json"], all.join("\n") + "\n");
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", "--allow-read", "cli/main.ts", "count", "--format", "json"],
    cwd: repoPath(""),
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const timer = setTimeout(() => child.kill(), 30_000);
  let seen = "";
  try {
    await writer.write(new TextEncoder().encode(all.slice(0, 3).join("\n") + "\n"));
    while (seen.split("\n").length <= 3) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += value;
    }
    await writer.write(new TextEncoder().encode(all.slice(3).join("\n") + "\n"));
    await writer.close();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += value;
    }
  } finally {
    clearTimeout(timer);
  }
  const status = await child.status;
  const noTime = (s: string) => s.replace(/"ms":[0-9.]+/g, "");
  assert.equal(status.code, 0);
  assert.equal(want.code, 0);
  assert.equal(noTime(seen), noTime(want.stdout));
  assert.equal(seen.trimEnd().split("\n").length, 603);
});

Deno.test("count: an input fault after thousands of hard puzzles keeps every count before it", async () => {
  // 6,000 hard puzzles take this thread over 100 ms, so a worker starts and shares them;
  // the fault on the next line must still find every earlier count printed, in order.
  const hard = puzzles(DIR + "forum_hardest_1905_11plus_2000.txt");
  const input = [...hard, ...hard, ...hard, "12345", hard[0]].join("\n") + "\n";
  // A file: through a pipe, this test would have to read the output while it writes.
  const file = await Deno.makeTempFile({ suffix: ".txt" });
  await Deno.writeTextFile(file, input);
  const [two, one] = await Promise.all([
    runCli(["count", "--format", "json", file]),
    runCli(["count", "--jobs", "1", "--format", "json", file]),
  ]).finally(() => Deno.remove(file));
  const noTime = (s: string) => s.replace(/"ms":[0-9.]+/g, "");
  assert.equal(two.code, 2);
  assert.equal(
    two.stderr,
    `error: ${file}: grid 6001, line 6001, column 1: line has 5 cells; a puzzle needs a ` +
      "square number of cells: 4 for 2×2, 9 for 3×3\n",
  );
  assert.equal(two.stdout.split("\n").length, 6001);
  assert.deepEqual([one.code, one.stderr, noTime(one.stdout)], [2, two.stderr, noTime(two.stdout)]);
});

/** A word for a POSIX shell, quoted. */
function shellWord(s: string): string {
  return `'${s.replaceAll("'", `'\\''`)}'`;
}

/**
 * The lines a terminal shows for `raw`: `\r` goes back to the start of the line, `\x1b[K`
 * erases from there to its end, `\n` ends it; the line not ended comes last.
 */
function screenLines(raw: string): string[] {
  const lines: string[] = [];
  let line = "";
  let column = 0;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i];
    if (ch === "\r") column = 0;
    else if (ch === "\n") {
      lines.push(line);
      line = "";
      column = 0;
    } else if (raw.startsWith("\x1b[K", i)) {
      line = line.slice(0, column);
      i += 2;
    } else {
      line = line.slice(0, column) + ch + line.slice(column + 1);
      column++;
    }
  }
  lines.push(line);
  return lines;
}

Deno.test({
  // util-linux `script` (on every Debian) gives the program a pseudo-terminal.
  name: "count on a terminal: the progress line is cleared before a result is written",
  fn: async (t) => {
    // Two empty 16×16 grids, each counted until --time-limit stops it: the progress line
    // shows after 1 s (3 s leave it time to on a loaded machine), and each result comes
    // after it was drawn. Standard output and standard error are the same pseudo-terminal,
    // as in a user's shell.
    const file = await Deno.makeTempFile({ suffix: ".txt" });
    await Deno.writeTextFile(file, (".".repeat(256) + "\n").repeat(2));
    const onTerminal = (jobs: string) => {
      const command = [Deno.execPath(), "run", "--quiet", "--allow-read", repoPath("cli/main.ts")]
        .concat(["count", "--jobs", jobs, "--limit", "1000000000", "--time-limit", "3", file])
        .map(shellWord).join(" ");
      return new Deno.Command("script", {
        args: ["-qfec", command, "/dev/null"],
        stdin: "null",
        stdout: "piped",
        stderr: "piped",
        env: { NO_COLOR: "1" },
      }).output();
    };
    const runs = await Promise.all([onTerminal("1"), onTerminal("2")])
      .finally(() => Deno.remove(file));
    for (const [k, jobs] of ["1", "2"].entries()) {
      await t.step(`--jobs ${jobs}`, () => {
        const r = runs[k];
        const raw = new TextDecoder().decode(r.stdout);
        const shown = JSON.stringify(raw.slice(-600));
        assert.equal(r.code, 0, shown);
        // The progress line was drawn before the first result, and again before the second.
        const drawn = (text: string) =>
          text.split("\x1b[K").some((part) => /solutions so far, \d+ s$/.test(part));
        const [first, second] = raw.split("\n");
        assert.ok(drawn(first) && drawn(second), shown);
        // Yet each result stands on a line of its own, and the progress line is gone.
        const screen = screenLines(raw);
        assert.equal(screen.length, 3, shown);
        for (const line of screen.slice(0, 2)) assert.match(line, /^[0-9]+\?$/, shown);
        assert.equal(screen[2], "", shown);
      });
    }
  },
});

Deno.test("count through GNU parallel: blocks on two processes, output identical to one", async () => {
  // Several real collections (9×9 of every hardness, 16×16): 7,565 lines, eight blocks.
  const sets = [
    "17_clue_2000.txt",
    "serg_benchmark_2000.txt",
    "forum_hardest_1905_11plus_2000.txt",
    "magictour_top1465.txt",
    "sudoku16_vu_kr_100.txt",
  ].map((f) => Deno.readTextFileSync(repoPath(`testdata/count/${f}`)));
  const file = await Deno.makeTempFile({ suffix: ".txt" });
  try {
    await Deno.writeTextFile(file, sets.join(""));
    const count = `${Deno.execPath()} run --quiet --allow-read ${repoPath("cli/main.ts")} count`;
    const run = async (command: string) => {
      const out = await new Deno.Command("bash", {
        args: ["-c", `${command} < '${file}'`],
        env: { NO_COLOR: "1" },
        stdout: "piped",
        stderr: "piped",
      }).output();
      const d = new TextDecoder();
      return { code: out.code, stdout: d.decode(out.stdout), stderr: d.decode(out.stderr) };
    };
    // The parallel of Debian's package (.ci/run installs it); --pipe cuts the input into
    // blocks of whole lines, --keep-order prints each block's output in input order.
    const split = await run(`parallel --will-cite --pipe --keep-order -N 1000 -j 2 ${count}`);
    const one = await run(count);
    assert.deepEqual([split.code, split.stderr], [0, ""]);
    assert.deepEqual([one.code, one.stderr], [0, ""]);
    assert.equal(one.stdout.split("\n").length, 7565 + 1);
    assert.equal(split.stdout, one.stdout);
  } finally {
    await Deno.remove(file);
  }
});
