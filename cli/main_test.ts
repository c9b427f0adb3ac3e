import assert from "node:assert/strict";
import denoJson from "../deno.json" with { type: "json" };
import { mainHelp } from "./main.ts";
import { repoPath, runCli, taskPermissions } from "./test_util.ts";

const SUBCOMMANDS = [
  "classify",
  "verdict",
  "count",
  "solve",
  "generate",
  "rate",
  "play",
  "check-move",
  "match",
];

/**
 * `sudokit c --help` and `sudokit c -h` for each subcommand, started by the first test that
 * asks and shared with the other.
 */
let subHelps: { long: ReturnType<typeof runCli>; short: ReturnType<typeof runCli> }[] | undefined;
function subHelpRuns() {
  subHelps ??= SUBCOMMANDS.map((c) => ({ long: runCli([c, "--help"]), short: runCli([c, "-h"]) }));
  return subHelps;
}

Deno.test("sudokit top level", async (t) => {
  const unknownCommand = runCli(["frobnicate"]);
  const runs = {
    none: runCli([]),
    help: runCli(["--help"]),
    h: runCli(["-h"]),
    helpWord: runCli(["help"]),
    version: runCli(["--version"]),
    v: runCli(["-V"]),
    unknownCommand,
    unknownOption: runCli(["--frob"]),
    inherited: ["toString", "constructor", "__proto__", "frobnicate"].map((name) => ({
      name,
      direct: name === "frobnicate" ? unknownCommand : runCli([name]),
      help: runCli(["help", name]),
    })),
    helpCount: runCli(["help", "count"]),
    sub: subHelpRuns(),
  };
  await t.step("no arguments: usage on stderr, exit 2", async () => {
    const r = await runs.none;
    assert.deepEqual([r.code, r.stdout, r.stderr], [2, "", mainHelp]);
    assert.ok(mainHelp.includes("Usage: sudokit <command>"));
  });
  await t.step("--help, -h and help: usage on stdout, exit 0", async () => {
    for (const run of [runs.help, runs.h, runs.helpWord]) {
      const r = await run;
      assert.deepEqual([r.code, r.stdout, r.stderr], [0, mainHelp, ""]);
    }
    for (const c of SUBCOMMANDS) assert.ok(mainHelp.includes(`  ${c} `), c);
  });
  await t.step("--version and -V", async () => {
    for (const run of [runs.version, runs.v]) {
      const r = await run;
      assert.deepEqual([r.code, r.stdout, r.stderr], [0, `sudokit ${denoJson.version}\n`, ""]);
    }
  });
  await t.step("unknown command and unknown option: error, usage, exit 2", async () => {
    const c = await runs.unknownCommand;
    assert.deepEqual([c.code, c.stdout], [2, ""]);
    assert.equal(c.stderr, "error: unknown command 'frobnicate'\n\n" + mainHelp);
    const o = await runs.unknownOption;
    assert.deepEqual([o.code, o.stdout], [2, ""]);
    assert.equal(o.stderr, "error: unknown option '--frob'\n\n" + mainHelp);
  });
  await t.step("an inherited name (toString) is an unknown command, after help too", async () => {
    for (const { name, direct, help } of runs.inherited) {
      for (const r of [await direct, await help]) {
        assert.deepEqual([r.code, r.stdout], [2, ""], name);
        assert.equal(r.stderr, `error: unknown command '${name}'\n\n` + mainHelp, name);
      }
    }
  });
  await t.step("help <command> is <command> --help", async () => {
    const r = await runs.helpCount;
    const direct = await runs.sub[SUBCOMMANDS.indexOf("count")].long;
    assert.deepEqual([r.code, r.stderr], [0, ""]);
    assert.equal(r.stdout, direct.stdout);
  });
  for (const [k, c] of SUBCOMMANDS.entries()) {
    await t.step(`${c} --help and -h: its usage on stdout, exit 0`, async () => {
      const long = await runs.sub[k].long;
      const short = await runs.sub[k].short;
      assert.deepEqual([long.code, long.stderr], [0, ""]);
      assert.ok(long.stdout.startsWith(`Usage: sudokit ${c}`), long.stdout.slice(0, 80));
      assert.deepEqual([short.code, short.stderr, short.stdout], [0, "", long.stdout]);
    });
  }
});

Deno.test("subcommand help texts equal the exported ones", async () => {
  const { classifyHelp } = await import("./classify.ts");
  const { verdictHelp } = await import("./verdict.ts");
  const { countHelp } = await import("./count/count.ts");
  const { solveHelp } = await import("./solve.ts");
  const help = (c: string) => subHelpRuns()[SUBCOMMANDS.indexOf(c)].long;
  const [c, v, n, s] = await Promise.all(["classify", "verdict", "count", "solve"].map(help));
  assert.equal(c.stdout, classifyHelp);
  assert.equal(v.stdout, verdictHelp);
  assert.equal(n.stdout, countHelp);
  assert.equal(s.stdout, solveHelp);
});

/** `sudokit count` on empty input, with `fault` (a file of testdata/main) preloaded. */
async function runWithFault(fault: string, debug: boolean) {
  const output = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      ...taskPermissions("count")!,
      "--preload",
      repoPath(`testdata/main/${fault}.ts`),
      repoPath("cli/main.ts"),
      "count",
    ],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1", SUDOKIT_DEBUG: debug ? "1" : "0" },
  }).output();
  const decoder = new TextDecoder();
  return {
    code: output.code,
    stdout: decoder.decode(output.stdout),
    stderr: decoder.decode(output.stderr),
  };
}

Deno.test("an internal error: exit 3, one line, and the stack only with SUDOKIT_DEBUG=1", async (t) => {
  // Faults are injected by preloading a file that breaks the runtime where a bug would.
  const faults = [
    ["fault_in_command", "TypeError", "injected fault", "in a command"],
    ["fault_at_start", "RangeError", "injected fault at start", "before any command"],
    ["fault_outside_command", "RangeError", "injected fault outside a command", "in a callback"],
  ] as const;
  const runs = faults.map(([file]) => [runWithFault(file, false), runWithFault(file, true)]);
  for (const [k, [file, type, message, where]] of faults.entries()) {
    await t.step(`${where}: one line`, async () => {
      const r = await runs[k][0];
      assert.deepEqual([r.code, r.stdout], [3, ""]);
      assert.equal(r.stderr, `error: internal error: ${message} (SUDOKIT_DEBUG=1 shows where)\n`);
    });
    await t.step(`${where}: with SUDOKIT_DEBUG=1, the line and then the stack`, async () => {
      const r = await runs[k][1];
      assert.deepEqual([r.code, r.stdout], [3, ""]);
      const [first, second, third] = r.stderr.split("\n");
      assert.equal(first, `error: internal error: ${message}`);
      assert.equal(second, `${type}: ${message}`);
      assert.match(third, new RegExp(`^    at .*testdata/main/${file}\\.ts:\\d+:\\d+\\)?$`));
    });
  }
  await t.step("the exit status is documented in --help and the README", async () => {
    assert.match(mainHelp, /3 an internal error/);
    const readme = await Deno.readTextFile(repoPath("README.md"));
    assert.match(readme, /`3` an internal error/);
  });
});

Deno.test("test runs take each command's permissions from its deno.json task", () => {
  assert.deepEqual(taskPermissions("count"), ["--allow-read", "--allow-env=SUDOKIT_DEBUG"]);
  assert.deepEqual(taskPermissions("check-move"), ["--allow-env=SUDOKIT_DEBUG"]);
  for (const c of SUBCOMMANDS) assert.notEqual(taskPermissions(c), undefined, c);
  assert.equal(taskPermissions("frobnicate"), undefined);
});

Deno.test("a command reading standard input from a terminal says so on stderr", async () => {
  // util-linux `script` gives the program a pseudo-terminal as its standard input and
  // output; `script` reads no input here (/dev/null), so the program meets the end at once.
  const main = new URL("./main.ts", import.meta.url).pathname;
  const readers = ["classify", "verdict", "count", "solve", "rate", "check-move"];
  const runs = await Promise.all(readers.map((command) =>
    new Deno.Command("script", {
      args: [
        "-qfec",
        `'${Deno.execPath()}' run --quiet --allow-read '${main}' ${command}`,
        "/dev/null",
      ],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      env: { NO_COLOR: "1" },
    }).output()
  ));
  for (const [k, command] of readers.entries()) {
    const shown = new TextDecoder().decode(runs[k].stdout).replaceAll("\r\n", "\n");
    assert.ok(
      shown.startsWith(
        `sudokit ${command}: reading standard input, this terminal: type or paste the input, ` +
          `then Ctrl-D; or name a file ('sudokit ${command} --help')\n`,
      ),
      `${command}: ${JSON.stringify(shown)}`,
    );
  }
  // Through a pipe, nothing is said: the input is on its way.
  const piped = await runCli(["solve"], "");
  assert.deepEqual([piped.code, piped.stderr], [0, ""]);
});
