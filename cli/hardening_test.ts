/**
 * Hardening: huge, endless and hostile input, long searches, closed or full output. One
 * test per behaviour, each spawning the real program, then a property test that feeds
 * random bytes, truncations and huge lines to every subcommand.
 */

import assert from "node:assert/strict";
import { repoPath, runCli } from "./test_util.ts";
import { Rng } from "../lib/grid/mod.ts";

const MAIN = repoPath("cli/main.ts");
const ROOT = repoPath("");
const TIME = "/usr/bin/time";
const SCRIPT = "/usr/bin/script";

function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Measuring peak memory needs GNU time; without it those steps are skipped, and say so. */
const hasTime = exists(TIME);

/** What a raw run produced, with its peak memory when measured. */
interface Run {
  code: number;
  stdout: string;
  stderr: string;
  /** Peak resident memory in MB (0 when not measured). */
  peakMb: number;
  ms: number;
}

/**
 * Run `deno run [perms] cli/main.ts args...` with `stdin` (bytes or text), under GNU time
 * when `memory` is asked, and `env` added (NO_COLOR by default).
 */
async function run(
  args: string[],
  options: {
    perms?: string[];
    stdin?: string | Uint8Array;
    memory?: boolean;
    env?: Record<string, string>;
  } = {},
): Promise<Run> {
  const deno = ["run", "--quiet", ...(options.perms ?? ["--allow-read"]), MAIN, ...args];
  const memFile = options.memory && hasTime ? await Deno.makeTempFile() : undefined;
  const argv = memFile === undefined
    ? [Deno.execPath(), ...deno]
    : [TIME, "-o", memFile, "-f", "%M", Deno.execPath(), ...deno];
  const t0 = performance.now();
  const child = new Deno.Command(argv[0], {
    args: argv.slice(1),
    cwd: ROOT,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    env: options.env ?? { NO_COLOR: "1" },
  }).spawn();
  const writer = child.stdin.getWriter();
  const input = typeof options.stdin === "string"
    ? new TextEncoder().encode(options.stdin)
    : options.stdin;
  // Written while the output is read, so that neither side can block the other.
  const feeding = (async () => {
    try {
      if (input !== undefined) await writer.write(input);
      await writer.close();
    } catch {
      // The program stopped reading (it refused the input): that is its answer.
    }
  })();
  const out = await child.output();
  await feeding;
  const ms = performance.now() - t0;
  let peakMb = 0;
  if (memFile !== undefined) {
    const text = await Deno.readTextFile(memFile);
    await Deno.remove(memFile);
    peakMb = Number(text.trim().split("\n").pop()) / 1024;
  }
  const d = new TextDecoder();
  return { code: out.code, stdout: d.decode(out.stdout), stderr: d.decode(out.stderr), peakMb, ms };
}

/** Run through `sh -c`, for redirections (`> /dev/full`). */
async function shell(command: string): Promise<Run> {
  const t0 = performance.now();
  const out = await new Deno.Command("sh", {
    args: ["-c", command],
    cwd: ROOT,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const d = new TextDecoder();
  return {
    code: out.code,
    stdout: d.decode(out.stdout),
    stderr: d.decode(out.stderr),
    peakMb: 0,
    ms: performance.now() - t0,
  };
}

const DENO_RUN = `'${Deno.execPath()}' run --quiet`;
const TEST1 = "testdata/classify/test1.txt";
const LINE_LIMIT = "line is longer than 65536 characters, more than any grid or move list needs";

/** A control character other than the newline, anywhere in a text. */
// deno-lint-ignore no-control-regex
const RAW_CONTROL = /[\x00-\x09\x0b-\x1f\x7f]/;

Deno.test("count --time-limit bounds each grid; progress only on a terminal", async (t) => {
  const runs = {
    one: run(["count", "--jobs", "1", "--time-limit", "0.5", TEST1]),
    two: run(["count", "--jobs", "2", "--time-limit", "0.5", "--format", "json", TEST1]),
    nine: run(["count", "--limit", "9007199254740991", "--time-limit", "0.3"], {
      stdin: ".".repeat(81) + "\n",
    }),
  };
  await t.step("the 36×36 grid prints 0?, the grids before and after it their counts", async () => {
    const r = await runs.one;
    assert.deepEqual([r.code, r.stdout, r.stderr], [0, "1\n0?\n0\n1\n", ""]);
  });
  await t.step("JSON: exact false, timed_out true for it alone (--jobs 2)", async () => {
    const r = await runs.two;
    assert.deepEqual([r.code, r.stderr], [0, ""]);
    const lines = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
    assert.deepEqual(
      lines.map((o) => [o.puzzle, o.count, o.exact, o.timed_out]),
      [[1, 1, true, false], [2, 0, false, true], [3, 0, true, false], [4, 1, true, false]],
    );
    assert.ok(lines[1].ms >= 500, r.stdout);
  });
  await t.step("a 9×9 count with a huge limit stops on time too", async () => {
    const r = await runs.nine;
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^[1-9][0-9]*\?\n$/);
  });
  await t.step({
    name: "on a terminal, a slow grid shows grid, nodes, solutions and seconds",
    ignore: !exists(SCRIPT),
    fn: async () => {
      // The line shows from the grid's first second; a limit well past it leaves room for a
      // loaded machine, whose first poll after that second may come late.
      const cmd = `${DENO_RUN} --allow-read cli/main.ts count --jobs 1 --time-limit 3 ${TEST1}`;
      // script(1) gives the command a terminal; stdout goes to /dev/null, stderr stays on it.
      const r = await shell(`${SCRIPT} -qfec "${cmd} > /dev/null" /dev/null`);
      assert.equal(r.code, 0, r.stderr);
      assert.match(
        r.stdout,
        // deno-lint-ignore no-control-regex
        /\rgrid 2 \(line 28\): [0-9,]+ nodes, 0 solutions so far, [12] s\x1b\[K/,
      );
    },
  });
});

/** Spawn a subcommand, feed `first`, and return its output once `want` appears in it. */
async function outputWhileOpen(
  args: string[],
  perms: string[],
  first: string,
  want: string,
): Promise<{ seen: string; code: number }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", ...perms, MAIN, ...args],
    cwd: ROOT,
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(first));
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  const timer = setTimeout(() => child.kill(), 30_000);
  try {
    while (!seen.includes(want)) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += value;
    }
  } finally {
    clearTimeout(timer);
  }
  // The input is still open: what was seen was printed before the end of input.
  await writer.close();
  while (!(await reader.read()).done);
  return { seen, code: (await child.status).code };
}

Deno.test("results stream while the input is still open", async (t) => {
  const grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
  const cases: [string, string[], string[], string, string][] = [
    ["count --jobs 1", ["count", "--jobs", "1"], [], "................\n", "2+\n"],
    ["count --jobs 2", ["count", "--jobs", "2"], ["--allow-read"], "................\n", "2+\n"],
    ["classify", ["classify"], [], "1\n1\n1\n", "Solved Sudoku-X"],
    ["verdict", ["verdict"], [], grid + "\n", "Case 1: Unique.\n"],
    ["check-move", ["check-move"], [], "Ec8\n", "OK\n"],
    ["check-move --game qttt", ["check-move", "--game", "qttt"], [], "AB\n", "OK\n"],
  ];
  const runs = cases.map(([, args, perms, first, want]) =>
    outputWhileOpen(args, perms, first, want)
  );
  for (const [k, [name, , , , want]] of cases.entries()) {
    await t.step(name, async () => {
      const r = await runs[k];
      assert.ok(r.seen.includes(want), r.seen);
      assert.equal(r.code, 0);
    });
  }
  await t.step("a grid's count comes out while a slow grid after it is searched", async () => {
    // Grid 1 (9×9) and the hard 36×36 grid travel in one batch, to one worker.
    const lines = Deno.readTextFileSync(repoPath(TEST1)).split("\n");
    const input = "2\n" + lines.slice(64, 74).join("\n") + "\n" + lines.slice(27, 64).join("\n");
    for (const jobs of ["1", "2"]) {
      const child = new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "--quiet",
          "--allow-read",
          MAIN,
          "count",
          "--jobs",
          jobs,
          "--time-limit",
          "60",
        ],
        cwd: ROOT,
        stdin: "piped",
        stdout: "piped",
        stderr: "null",
      }).spawn();
      const writer = child.stdin.getWriter();
      await writer.write(new TextEncoder().encode(input + "\n"));
      await writer.close();
      const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
      const timer = setTimeout(() => child.kill(), 30_000);
      const { value } = await reader.read();
      clearTimeout(timer);
      // The 9×9 breaks the rules (count 0); the 36×36 would take minutes.
      assert.equal(value, "0\n", `--jobs ${jobs}`);
      child.kill();
      await reader.cancel();
      await child.status;
    }
  });
});

Deno.test("huge and endless input is refused at once, in bounded memory", async (t) => {
  const huge = new Uint8Array(50_000_000).fill(49); // fifty million '1', no newline
  const head = new TextEncoder().encode("................\n");
  const input = new Uint8Array(head.length + huge.length);
  input.set(head);
  input.set(huge, head.length);
  const runs = {
    huge: run(["count"], { stdin: input, memory: true }),
    zero: run(["count", "/dev/zero"], { memory: true }),
    verdict: run(["verdict", "/dev/zero"]),
    blank: run(["count"], { stdin: "\n".repeat(200_000) + "................\n" }),
    moves: run(["check-move"], { stdin: "Ec8\n" + "x".repeat(100_000) + "\n" }),
    turns: run(["check-move", "--game", "qttt"], { stdin: "AB\n" + "x".repeat(100_000) }),
  };
  await t.step("a 50 MB line: the count before it, one short error, exit 2", async () => {
    const r = await runs.huge;
    assert.equal(r.stdout, "2+\n");
    assert.equal(r.stderr, `error: line 2, column 65537: ${LINE_LIMIT}\n`);
    assert.equal(r.code, 2);
  });
  await t.step("count /dev/zero ends at once", async () => {
    const r = await runs.zero;
    assert.deepEqual([r.code, r.stdout], [2, ""]);
    assert.equal(r.stderr, `error: /dev/zero: line 1, column 65537: ${LINE_LIMIT}\n`);
    const v = await runs.verdict;
    assert.equal(v.code, 2);
    assert.match(v.stderr, /^error: \/dev\/zero: grid 1, line 1, column 65537: line is longer/);
  });
  await t.step({
    name: "memory stays under 150 MB (it was 550 MB on a 50 MB line)",
    ignore: !hasTime,
    fn: async () => {
      for (const r of [await runs.huge, await runs.zero]) {
        assert.ok(r.peakMb < 150, `${r.peakMb} MB`);
      }
    },
  });
  await t.step("check-move: the verdicts before a huge line, then the error", async () => {
    for (const r of [await runs.moves, await runs.turns]) {
      assert.deepEqual([r.code, r.stdout], [2, "OK\n"]);
      assert.equal(r.stderr, `error: line 2, column 65537: ${LINE_LIMIT}\n`);
    }
  });
  await t.step("endless blank lines before the first grid do not pile up", async () => {
    const r = await runs.blank;
    assert.deepEqual([r.code, r.stdout, r.stderr], [0, "2+\n", ""]);
  });
});

Deno.test("input quoted in messages is escaped and cut", async (t) => {
  const cases: [string, string[], string, RegExp][] = [
    ["classify", ["classify"], "1\n9\x1b[31mred\n", /size '9\\x1b\[31mred' is not an integer/],
    ["count", ["count"], "ab\x1b]0;x\x07cd\r\n", /'ab\\x1b\]0;x\\x07cd' has 10 characters/],
    ["verdict", ["verdict"], "..\x00...\n", /'\.\.\\x00\.\.\.' has 6 characters/],
    ["count, one bad character", ["count"], "...\x00" + ".".repeat(12) + "\n", /character U\+0000/],
    ["check-move", ["check-move"], "Ec8 E\x1b[2Jc8\r\n", /cannot parse 'E\\x1b\[2Jc8'/],
    ["qttt", ["check-move", "--game", "qttt"], "AB A\x1b[2JB\n", /"A\\x1b\[2JB"/],
    ["an invisible character", ["check-move"], "Ec\u202e8\n", /cannot parse 'Ec\\u\{202e\}8'/],
  ];
  const runs = cases.map(([, args, stdin]) => run(args, { perms: ["--allow-read"], stdin }));
  for (const [k, [name, , , want]] of cases.entries()) {
    await t.step(name, async () => {
      const r = await runs[k];
      assert.match(r.stdout + r.stderr, want);
      assert.doesNotMatch(r.stdout + r.stderr, RAW_CONTROL);
      assert.doesNotMatch(r.stdout + r.stderr, /\u202e/);
    });
  }
  await t.step("a 5,000-character token or move is quoted cut, with …", async () => {
    const long = "x".repeat(5000);
    const [c, m, q] = await Promise.all([
      run(["classify"], { stdin: `1\n${long}\n` }),
      run(["check-move"], { stdin: `Ec8 ${long}\n` }),
      run(["check-move", "--game", "qttt"], { stdin: `AB ${long}\n` }),
    ]);
    assert.equal(
      c.stderr,
      `error: grid 1, line 2, column 1: size '${"x".repeat(20)}…' is not an integer\n`,
    );
    assert.equal(
      m.stdout,
      `ILLEGAL 0-2: cannot parse '${"x".repeat(24)}…': a move is a row A-I, a column a-i ` +
        "and a digit 1-9, like Dg7 (Dg7! or a lone ! claims one solution is left)\n",
    );
    assert.ok(q.stdout.length < 300 && q.stdout.endsWith("…\n"), q.stdout);
  });
});

Deno.test("an announced grid count the input cannot hold is bad input", async (t) => {
  const [pipe, file] = await Promise.all([
    run(["classify"], { stdin: "100000000000000000000000\n" }),
    run(["classify", "testdata/classify/err_count_too_many.txt"]),
  ]);
  await t.step("from a pipe: beyond 2^53 - 1, no 'Analyzing 1e+23 Grids'", () => {
    assert.deepEqual([pipe.code, pipe.stdout], [2, ""]);
    assert.equal(
      pipe.stderr,
      "error: line 1, column 1: grid count '10000000000000000000…' is more than any input can hold\n",
    );
  });
  await t.step("from a file: more than its bytes can hold", () => {
    assert.deepEqual([file.code, file.stdout], [2, ""]);
    assert.equal(
      file.stderr,
      "error: testdata/classify/err_count_too_many.txt: line 1, column 1: grid count 1000 " +
        "is more than this input of 9 bytes can hold (at most 2, at 4 bytes a grid)\n",
    );
  });
});

/** Row A is 1..8 and an empty Ai, and column i holds the 9: no solution. */
const DEAD = "12345678." + "........9" + ".".repeat(63);
const DOUBLED = "11" + ".".repeat(79);

Deno.test("a start that is not a game position is bad input", async (t) => {
  const runs = {
    dead: runCli(["check-move", DEAD, "Ai9"]),
    doubled: runCli(["check-move", DOUBLED, "Ai9"]),
    batch: runCli(["check-move"], `Ec8\n${DEAD} Ai9\n`),
    json: runCli(["check-move", "--format", "json"], `${DEAD} Bb1\n`),
    qttt: runCli(["check-move", "--game", "qttt", "AB", "AB", "CD", "EF"]),
  };
  await t.step("no solution: exit 2, never NO_SOLUTIONS_LEFT 1-2", async () => {
    const r = await runs.dead;
    assert.deepEqual([r.code, r.stdout], [2, ""]);
    assert.equal(r.stderr, "error: the starting grid cannot start a game: it has no solution\n");
  });
  await t.step("repeated givens: exit 2", async () => {
    const r = await runs.doubled;
    assert.deepEqual([r.code, r.stdout], [2, ""]);
    assert.match(r.stderr, /^error: the starting grid cannot start a game: it breaks the rules: /);
  });
  await t.step("batch: an ERROR line in its place, the others judged, exit 2", async () => {
    const r = await runs.batch;
    assert.equal(r.code, 2);
    assert.equal(
      r.stdout,
      "OK\nERROR: line 2: the starting grid cannot start a game: it has no solution\n",
    );
    const j = await runs.json;
    assert.deepEqual(JSON.parse(j.stdout), {
      error: "the starting grid cannot start a game: it has no solution",
      line: 1,
    });
  });
  await t.step(
    "qttt: a game no legal play reaches (illegal earlier turn) is bad input",
    async () => {
      const r = await runs.qttt;
      assert.deepEqual([r.code, r.stdout], [2, ""]);
      assert.match(r.stderr, /^error: turn 3 \(CD\) is not legal: collapse letter missing/);
    },
  );
});

Deno.test("numeric options name their range", async (t) => {
  // `count --limit -5`, a range error and not an ambiguous option: count_test.ts (usage).
  const runs = {
    max: run(["count", "--limit", "9007199254740991"], { stdin: "................\n" }),
    matchTime: run(["match", "--time", "1e9", "--", "a", "b"]),
  };
  await t.step("--limit takes Number.MAX_SAFE_INTEGER", async () => {
    const r = await runs.max;
    assert.deepEqual([r.code, r.stdout, r.stderr], [0, "288\n", ""]);
  });
  await t.step("match --time 1e9: no exponents", async () => {
    const r = await runs.matchTime;
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^error: --time must be a number from 0.001 to 86400, not '1e9'\n/);
  });
});

Deno.test("count --jobs 256 on 90 puzzles starts only the workers it needs", async () => {
  const input = Deno.readTextFileSync(repoPath("testdata/count/17_clue_2000.txt"))
    .split("\n").slice(0, 90).join("\n") + "\n";
  const [many, one] = await Promise.all([
    run(["count", "--jobs", "256"], { stdin: input, memory: true }),
    run(["count", "--jobs", "1"], { stdin: input }),
  ]);
  assert.deepEqual([many.code, many.stderr], [0, ""]);
  assert.equal(many.stdout, one.stdout);
  assert.equal(many.stdout, "1\n".repeat(90));
  // It took 2.9 GB and 37 s: 256 workers. Now one worker (one batch), capped at the cores.
  if (hasTime) assert.ok(many.peakMb < 250, `${many.peakMb} MB`);
});

Deno.test("a full disk is one line and exit 1; a closed pipe ends quietly", async (t) => {
  const full = "error: cannot write the output: no space left on device\n";
  const cases: [string, string][] = [
    ["count --jobs 1", `--allow-read cli/main.ts count --jobs 1 testdata/count/17_clue_2000.txt`],
    ["count --jobs 2", `--allow-read cli/main.ts count --jobs 2 testdata/count/17_clue_2000.txt`],
    ["classify", `--allow-read cli/main.ts classify ${TEST1}`],
    ["verdict", `--allow-read cli/main.ts verdict testdata/verdict/sample.txt`],
    ["check-move", `cli/main.ts check-move Ec8`],
    ["check-move --game qttt", `cli/main.ts check-move --game qttt AB`],
    ["--help", `cli/main.ts count --help`],
  ];
  const runs = cases.map(([, cmd]) => shell(`${DENO_RUN} ${cmd} > /dev/full`));
  for (const [k, [name]] of cases.entries()) {
    await t.step(`${name} > /dev/full`, async () => {
      const r = await runs[k];
      assert.deepEqual([r.code, r.stderr], [1, full]);
    });
  }
  await t.step("match --out /dev/full", async () => {
    const bot = `'${Deno.execPath()}' run --quiet testdata/match/fake_bot.ts random --seed 1`;
    // Deno opens device files only with every permission; a real full disk needs the task's.
    const r = await run(["match", "--games", "1", "--out", "/dev/full", "--", bot, bot], {
      perms: ["-A"],
    });
    assert.deepEqual([r.code, r.stdout], [1, ""]);
    assert.equal(r.stderr, "error: cannot write /dev/full: no space left on device\n");
  });
  await t.step("a reader that goes away ends the program quietly", async () => {
    // 168 KB of output, more than a pipe holds: the writes after the reader left fail.
    const child = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--quiet",
        "--allow-read",
        MAIN,
        "count",
        "--jobs",
        "1",
        "--solutions",
        "testdata/count/17_clue_2000.txt",
      ],
      cwd: ROOT,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const reader = child.stdout.getReader();
    await reader.read();
    await reader.cancel();
    const stderr = new TextDecoder().decode(await new Response(child.stderr).arrayBuffer());
    const { code } = await child.status;
    assert.ok(code === 0 || code === 141, String(code));
    assert.equal(stderr, "");
  });
});

Deno.test("without the task's flags, one line names the missing permission", async (t) => {
  const line = (command: string, kind: string, what: string) =>
    `error: ${command} needs ${kind} access ${what}: run it with 'deno task ${command}', ` +
    `which grants it, or add --allow-${kind} to 'deno run'\n`;
  // No NO_COLOR: Deno's own uncaught errors came in colour; ours must be plain.
  const env = { HOME: Deno.env.get("HOME") ?? "/tmp" };
  const cases: [string, string[], string | undefined, string][] = [
    ["count FILE", ["count", TEST1], undefined, line("count", "read", `to ${TEST1}`)],
    [
      "count, workers",
      ["count"],
      "................\n",
      line("count", "read", "to start its worker threads (--jobs 1 needs none)"),
    ],
    ["classify FILE", ["classify", TEST1], undefined, line("classify", "read", `to ${TEST1}`)],
    [
      "verdict FILE",
      ["verdict", "testdata/verdict/sample.txt"],
      undefined,
      line("verdict", "read", "to testdata/verdict/sample.txt"),
    ],
    ["match", ["match", "--", "a", "b"], undefined, line("match", "run", "to start the bots")],
  ];
  const runs = cases.map(([, args, stdin]) => run(args, { perms: [], stdin, env }));
  for (const [k, [name, , , want]] of cases.entries()) {
    await t.step(name, async () => {
      const r = await runs[k];
      assert.deepEqual([r.code, r.stdout, r.stderr], [2, "", want]);
    });
  }
  await t.step("count --jobs 1 on standard input needs nothing", async () => {
    const r = await run(["count", "--jobs", "1"], { perms: [], stdin: "................\n", env });
    assert.deepEqual([r.code, r.stdout, r.stderr], [0, "2+\n", ""]);
  });
});

Deno.test("qttt and sudoku verdicts share options and grammar", async (t) => {
  const draw = "AB AB BCD CD DEF EF FGH GH HJI JI ILK LK KMN NO OM MPP";
  const runs = {
    json: runCli(["check-move", "--game", "qttt", "--format", "json", ...draw.split(" ")]),
    ok: runCli(["check-move", "--game", "qttt", "--format", "json", "AB", "AB"]),
    qtttText: runCli(["check-move", "--game", "qttt"], `AB\nAB AB CD\n${draw}\n`),
    sudokuText: runCli(["check-move"], `Ec8\nEc8 Ec7\nEc8 Ea8\n${DEAD.slice(0, 80)}9 !\n`),
  };
  // That the --help of both games documents the grammar: check_move_test.ts (--help).
  await t.step("--format json for qttt", async () => {
    const r = await runs.json;
    assert.equal(r.code, 0);
    assert.deepEqual(JSON.parse(r.stdout), {
      status: "DRAW",
      points: [11, 11],
      reason: "no line of four (X 11, O 11)",
      move: "MPP",
      index: 16,
      board: JSON.parse(r.stdout).board,
    });
    assert.match(JSON.parse(r.stdout).board, /^[XO.]{16}$/);
    assert.deepEqual(JSON.parse((await runs.ok).stdout), {
      status: "OK",
      points: null,
      reason: "",
      move: "AB",
      index: 2,
    });
  });
  await t.step("one grammar: OK, or STATUS[ M-O]: reason", async () => {
    const qttt = await runs.qtttText;
    const sudoku = await runs.sudokuText;
    assert.equal(
      qttt.stdout,
      "OK\nILLEGAL: collapse letter missing: move 2 closed a cycle, choose A or B first\n" +
        "DRAW 11-11: no line of four (X 11, O 11)\n",
    );
    const grammar = /^(OK|[A-Z_]+(?: [0-9]+-[0-9]+)?: \S.*)$/;
    for (const l of (qttt.stdout + sudoku.stdout).trim().split("\n")) assert.match(l, grammar);
    assert.equal(sudoku.stdout.split("\n")[1], "ILLEGAL 0-2: cell Ec already holds 8");
  });
});

/** Subcommands fed hostile input, with the exit codes each may give. */
const COMMANDS: [string[], number[]][] = [
  [["classify"], [0, 2]],
  [["verdict"], [0, 2]],
  [["count", "--jobs", "1"], [0, 2]],
  [["count", "--jobs", "2", "--time-limit", "1"], [0, 2]],
  // A judged move may lose: that is a "no" (1), not a failure.
  [["check-move"], [0, 1, 2]],
  [["check-move", "--game", "qttt"], [0, 1, 2]],
];

/** Valid inputs to cut and damage: one per subcommand's forms. */
const SEEDS = [
  "testdata/classify/sample1.txt",
  "testdata/verdict/messy.txt",
  "testdata/count/case_mixed.txt",
  "testdata/count/case_sudoku25_easy.txt",
];

/** Seeded hostile inputs: random bytes, truncations, flipped bytes, huge lines. */
function hostileInputs(rng: Rng): [string, Uint8Array][] {
  const bytes = (n: number, pick: () => number) => Uint8Array.from({ length: n }, pick);
  const seed = (k: number) => Deno.readFileSync(repoPath(SEEDS[k % SEEDS.length]));
  const cut = seed(rng.below(SEEDS.length));
  const flipped = seed(rng.below(SEEDS.length));
  for (let i = 0; i < 8; i++) flipped[rng.below(flipped.length)] = rng.below(256);
  const tail = bytes(2_000_000, () => 48 + rng.below(10));
  const valid = seed(2);
  const withHuge = new Uint8Array(valid.length + tail.length);
  withHuge.set(valid);
  withHuge.set(tail, valid.length);
  return [
    ["random bytes", bytes(4096, () => rng.below(256))],
    [
      "random text lines",
      bytes(4096, () => " \n.0123456789ABCDEFGabc!#\t\r\x1b"[rng.below(28)].charCodeAt(0)),
    ],
    ["a truncated valid input", cut.subarray(0, rng.below(cut.length))],
    ["a valid input with flipped bytes", flipped],
    ["a 2 MB line after valid input", withHuge],
  ];
}

Deno.test("hostile input to any subcommand: an expected exit, no internal error, bounded memory (property)", async (t) => {
  const rng = new Rng(13);
  const inputs = hostileInputs(rng);
  const jobs: { name: string; ok: number[]; run: () => Promise<Run> }[] = [];
  for (const [args, ok] of COMMANDS) {
    for (const [what, stdin] of inputs) {
      jobs.push({
        name: `${args.join(" ")} <- ${what}`,
        ok,
        run: () => run(args, { stdin, memory: true }),
      });
    }
  }
  // A few processes at a time: enough to overlap start-up, few enough for two cores.
  const results = new Array<Promise<Run>>(jobs.length);
  let next = 0;
  const lanes = Array.from({ length: 4 }, async () => {
    while (next < jobs.length) {
      const k = next++;
      results[k] = jobs[k].run();
      await results[k].catch(() => {});
    }
  });
  await Promise.all(lanes);
  for (const [k, job] of jobs.entries()) {
    await t.step(job.name, async () => {
      const r = await results[k];
      assert.ok(job.ok.includes(r.code), `exit ${r.code}: ${r.stderr}`);
      assert.ok(r.stderr.length < 1024, r.stderr.slice(0, 300));
      assert.doesNotMatch(r.stderr, /internal error|Uncaught|at file:/);
      assert.doesNotMatch(r.stdout + r.stderr, RAW_CONTROL);
      if (r.code === 2) assert.match(r.stderr, /^error: [^\n]+\n/);
      if (hasTime) assert.ok(r.peakMb < 200, `${r.peakMb} MB`);
    });
  }
});
