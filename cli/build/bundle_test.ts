import assert from "node:assert/strict";
import denoJson from "../../deno.json" with { type: "json" };
import { WORKER_MODULES, type WorkerName, workerUrl } from "../worker_url.ts";
import { repoPath, runCli } from "../test_util.ts";

const DENO = Deno.execPath();
const ROOT = repoPath("");
const decoder = new TextDecoder();

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run `deno args...` in `cwd`, feeding `stdin` when given. */
async function deno(args: string[], cwd: string, stdin?: string): Promise<Run> {
  const child = new Deno.Command(DENO, {
    args,
    cwd,
    stdin: stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
  if (stdin !== undefined) {
    const w = child.stdin.getWriter();
    await w.write(new TextEncoder().encode(stdin));
    await w.close();
  }
  const { code, stdout, stderr } = await child.output();
  return { code, stdout: decoder.decode(stdout), stderr: decoder.decode(stderr) };
}

/** The words of a task's command line (the tasks here use no quoting). */
function taskWords(name: keyof typeof denoJson.tasks): string[] {
  return denoJson.tasks[name].split(/\s+/);
}

/** The subcommands `sudokit --help` lists. */
function listedCommands(help: string): string[] {
  const section = help.split("Commands:\n")[1].split("\n\n")[0];
  return section.split("\n").map((l) => l.trim().split(/\s+/)[0]);
}

Deno.test("bundle: dist/sudokit.js alone in an empty directory", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "sudokit_bundle_" });
  try {
    const file = `${dir}/sudokit.js`;
    const built = await deno(["task", "--quiet", "bundle", "--out", file], ROOT);
    assert.equal(built.code, 0, built.stderr);
    assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name), ["sudokit.js"]);
    // Only what the task `count` grants: the bundle must not need more than the source.
    const bundled = (args: string[], stdin?: string) =>
      deno(["run", "--quiet", "--allow-read", "sudokit.js", ...args], dir, stdin);

    await t.step("count --jobs 2 prints what the source prints with --jobs 1", async () => {
      const files = [
        "testdata/count/case_mixed.txt",
        "testdata/count/sudoku16_vu_kr_100.txt",
        "testdata/bundle/frisch_2.txt",
      ].map(repoPath);
      const [two, one] = await Promise.all([
        bundled(["count", "--jobs", "2", ...files]),
        runCli(["count", "--jobs", "1", ...files]),
      ]);
      assert.equal(one.code, 0, one.stderr);
      // 90 puzzles, 100 and 1, one line each.
      assert.equal(one.stdout.split("\n").length, 90 + 100 + 1 + 1, one.stdout);
      assert.deepEqual([two.code, two.stderr, two.stdout], [one.code, one.stderr, one.stdout]);
    });

    await t.step("count --jobs 2: the inlined workers share one grid's search", async () => {
      // The 25×25 grid is searched in parts only when a second worker runs and is fed.
      const shared = await bundled([
        "count",
        "--jobs",
        "2",
        "--format",
        "json",
        repoPath("testdata/bundle/frisch_2.txt"),
      ]);
      assert.deepEqual([shared.code, shared.stderr], [0, ""]);
      const o = JSON.parse(shared.stdout);
      assert.deepEqual([o.count, o.exact], [1, true]);
      assert.ok(o.parts >= 2, shared.stdout);
    });

    await t.step("generate --jobs 2 (inlined workers) prints what the source prints", async () => {
      const args = ["generate", "--count", "6", "--seed", "11", "--difficulty", "intermediate"];
      const [two, one] = await Promise.all([
        bundled([...args, "--jobs", "2"]),
        runCli([...args, "--jobs", "1"]),
      ]);
      assert.equal(one.code, 0, one.stderr);
      assert.equal(one.stdout.split("\n").length, 6 + 1);
      assert.deepEqual([two.code, two.stderr, two.stdout], [one.code, one.stderr, one.stdout]);
    });

    await t.step("classify: the official files byte for byte", async () => {
      for (const name of ["sample1", "sample2", "test1"]) {
        const input = Deno.readTextFileSync(repoPath(`testdata/classify/${name}.txt`));
        const expected = Deno.readTextFileSync(repoPath(`testdata/classify/${name}.expected.txt`));
        const r = await bundled(["classify"], input);
        assert.deepEqual([r.code, r.stderr, r.stdout], [0, "", expected], name);
      }
    });

    await t.step("every subcommand: the same help, and it runs", async () => {
      const main = await bundled(["--help"]);
      const source = await runCli(["--help"]);
      assert.deepEqual([main.code, main.stdout], [source.code, source.stdout]);
      const commands = listedCommands(main.stdout);
      // Each listed subcommand is checked below; the list itself must have been read.
      for (const c of ["classify", "verdict", "count", "play", "check-move", "match"]) {
        assert.ok(commands.includes(c), `${c} in ${commands.join(" ")}`);
      }
      const helps = [...commands.map((c) => [c, "--help"]), ["play", "--game", "qttt", "--help"]];
      const runs = await Promise.all(
        helps.map((args) => Promise.all([bundled(args), runCli(args)])),
      );
      for (const [i, [b, s]] of runs.entries()) {
        assert.equal(s.code, 0, helps[i].join(" "));
        assert.deepEqual([b.code, b.stdout, b.stderr], [s.code, s.stdout, s.stderr]);
      }
      const verdict = await bundled(["verdict", repoPath("testdata/verdict/sample.txt")]);
      assert.equal(
        verdict.stdout,
        Deno.readTextFileSync(repoPath("testdata/verdict/sample.expected.txt")),
      );
      const judged = await bundled(["check-move", "Ec8", "Ec8"]);
      assert.deepEqual([judged.code, judged.stdout], [1, "ILLEGAL 0-2: cell Ec already holds 8\n"]);
      for (const game of ["sudoku", "qttt"]) {
        const args = ["play", "--game", game, "--level", "random", "--seed", "3"];
        const [b, s] = await Promise.all([
          bundled(args, "Start\nQuit\n"),
          runCli(args, "Start\nQuit\n"),
        ]);
        assert.deepEqual([s.code, b.code], [0, 0], s.stderr + b.stderr);
        assert.ok(s.stdout.length > 0);
        assert.equal(b.stdout, s.stdout, game);
      }
      const version = await bundled(["--version"]);
      assert.equal(version.stdout, `sudokit ${denoJson.version}\n`);
    });

    /** `match` from the bundle, in the bundle's directory, between bots run from it too. */
    const bundledMatch = (flags: string[], a: string, b: string) =>
      deno(
        ["run", "--quiet", "--allow-write", "--allow-run", "sudokit.js", "match", ...flags, "--"]
          .concat([a, b].map((args) => `'${DENO}' run --quiet sudokit.js play ${args}`)),
        dir,
      );

    // One match for both: the bundle's match, between two bots of the bundle.
    const match = bundledMatch(
      ["--games", "2", "--bot-stderr"],
      // Bot A thinks it has 3 s a game (the match gives 30): every game reaches the endgame,
      // the clock only bounds how long its search runs.
      "--jobs 2 --time 3 --seed {game}",
      "--level random --seed {game}",
    );

    await t.step("play: the inlined helper thread searches the endgame", async () => {
      const r = await match;
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /^A +2 +2 +4 .* WIN 2$/m);
      assert.match(r.stderr, / endgame sols=\d+ .*threads=2 /);
    });

    await t.step("match: the bundle against itself", async () => {
      const r = await match;
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /^A +2 /m);
      assert.match(r.stdout, /^B +2 /m);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("compile: the task includes the workers, the only modules started by URL", () => {
  const words = taskWords("compile");
  assert.deepEqual(words.slice(0, 2), ["deno", "compile"]);
  const included = words.flatMap((w, i) => (words[i - 1] === "--include" ? [w] : []));
  const entry = words[words.length - 1];
  assert.equal(entry, "cli/main.ts");
  for (const f of [...included, entry]) assert.ok(Deno.statSync(repoPath(f)).isFile, f);
  // Outside the bundle the workers start from these files: `deno compile` must embed them.
  const names = Object.keys(WORKER_MODULES) as WorkerName[];
  const workers = names.map((n) => new URL(workerUrl(n)).pathname);
  for (const w of workers) assert.ok(w.startsWith(ROOT), w);
  assert.deepEqual(included, workers.map((w) => w.slice(ROOT.length)));
  // Every `new Worker` of the CLI goes through workerUrl.
  const files = (dir: string): string[] =>
    [...Deno.readDirSync(repoPath(dir))].flatMap((e) =>
      e.isDirectory ? files(`${dir}/${e.name}`) : [`${dir}/${e.name}`]
    );
  const sources = files("cli")
    .filter((f) => f.endsWith(".ts") && !f.endsWith("_test.ts"))
    .filter((f) => /new Worker\(/.test(Deno.readTextFileSync(repoPath(f))));
  assert.deepEqual(sources.sort(), ["cli/count/pool.ts", "cli/generate.ts", "cli/play/helpers.ts"]);
  for (const f of sources) {
    assert.match(Deno.readTextFileSync(repoPath(f)), /new Worker\(workerUrl\("[a-z]+"\)/, f);
  }
});

Deno.test("bundle: the build script's usage errors", async () => {
  const script = repoPath("cli/build/bundle.ts");
  const none = await deno(["run", "--quiet", "--no-lock", "-A", script], ROOT);
  assert.deepEqual(
    [none.code, none.stderr],
    [
      2,
      "error: name one bundle, sudokit or codecup\n" +
      "usage: deno run -A cli/build/bundle.ts sudokit|codecup [--out FILE]\n",
    ],
  );
  const bad = await deno(["run", "--quiet", "--no-lock", "-A", script, "sudokit", "--outt"], ROOT);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /^error: .*'--outt'/);
});
