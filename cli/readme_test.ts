/**
 * Every command the README shows is run here, as a user would type it from the
 * repository's root, and its output compared with what the README prints under it.
 *
 * The README's `sh` blocks are transcripts: a line `$ COMMAND` is run (a block's commands
 * in one shell, so `echo $?` sees the command before), and the lines up to the next
 * command are its expected standard output and error. In an expected output, a line `...`
 * stands for any number of lines, and a line ending in `...` for any line that starts with
 * what comes before it.
 *
 * @module
 */

import assert from "node:assert/strict";
import { repoPath } from "./test_util.ts";

/** One command of a transcript and what the README says it prints. */
interface Step {
  readonly command: string;
  readonly expected: string[];
}

/** The transcripts of the README's `sh` blocks, in order. */
function transcripts(markdown: string): Step[][] {
  const blocks: Step[][] = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== "```sh") continue;
    const steps: { command: string; expected: string[] }[] = [];
    for (i++; lines[i] !== "```"; i++) {
      if (i >= lines.length) throw new Error("an sh block of the README is not closed");
      const line = lines[i];
      if (line.startsWith("$ ")) steps.push({ command: line.slice(2), expected: [] });
      else if (steps.length === 0) throw new Error(`README: output before any command: ${line}`);
      else steps[steps.length - 1].expected.push(line);
    }
    blocks.push(steps);
  }
  return blocks;
}

/** Whether `actual` lines are what `expected` shows, with its `...` elisions. */
function matches(expected: readonly string[], actual: readonly string[]): boolean {
  const at = (e: number, a: number): boolean => {
    if (e === expected.length) return a === actual.length;
    const want = expected[e];
    if (want === "...") {
      for (let k = a; k <= actual.length; k++) if (at(e + 1, k)) return true;
      return false;
    }
    if (a === actual.length) return false;
    const ok = want.endsWith("...") ? actual[a].startsWith(want.slice(0, -3)) : actual[a] === want;
    return ok && at(e + 1, a + 1);
  };
  return at(0, 0);
}

const README = Deno.readTextFileSync(repoPath("README.md"));
const MARK = "@@sudokit-readme-step@@";
/** The README's test command: `.ci/run` runs it (a test cannot run the tests it is part of). */
const TEST_COMMAND = "npx -y deno@2.9.6 task test";

/** Where Deno and npm keep what they downloaded, so that a home of the test's finds it. */
const CACHES = (() => {
  const info = new Deno.Command(Deno.execPath(), { args: ["info", "--json"], stdout: "piped" })
    .outputSync();
  const denoDir: string = JSON.parse(new TextDecoder().decode(info.stdout)).denoDir;
  const npm = Deno.env.get("npm_config_cache") ?? `${Deno.env.get("HOME")}/.npm`;
  return { DENO_DIR: denoDir, npm_config_cache: npm };
})();

/**
 * Run one transcript in one bash, from the root, in a home of the test's (the install
 * steps write to `~/.deno` as a user's would, and put its bin folder on the PATH
 * themselves); the output of each command, as lines.
 */
async function runBlock(steps: readonly Step[], home: string): Promise<string[][]> {
  const script = steps.map((s) =>
    `{ ${s.command}\n} 2>&1; __status=$?; printf '\\n${MARK}\\n'; (exit $__status)`
  ).join("\n");
  const denoDir = Deno.execPath().replace(/\/[^/]*$/, "");
  const env = {
    ...Deno.env.toObject(),
    ...CACHES,
    NO_COLOR: "1",
    HOME: home,
    PATH: `${denoDir}:${Deno.env.get("PATH") ?? ""}`,
  };
  // `deno install -g` then writes to the home's `.deno`, where the README says it does.
  delete (env as Record<string, string>).DENO_INSTALL_ROOT;
  const { stdout, code } = await new Deno.Command("bash", {
    args: ["-c", script],
    cwd: repoPath(""),
    clearEnv: true,
    env,
    stdin: "null",
    stdout: "piped",
    stderr: "inherit",
  }).output();
  const parts = new TextDecoder().decode(stdout).split(`\n${MARK}\n`);
  assert.equal(parts.length, steps.length + 1, `the shell stopped early (status ${code})`);
  return parts.slice(0, -1).map((p) => (p === "" ? [] : p.replace(/\n$/, "").split("\n")));
}

Deno.test("README: every command prints what the README shows", async (t) => {
  const blocks = transcripts(README);
  const home = Deno.makeTempDirSync({ prefix: "sudokit-readme-" });
  try {
    let commands = 0;
    for (const [b, block] of blocks.entries()) {
      const steps = block.filter((s) => s.command !== TEST_COMMAND);
      if (steps.length === 0) continue;
      await t.step(`block ${b + 1}: ${steps[0].command.slice(0, 60)}`, async () => {
        const outputs = await runBlock(steps, home);
        for (const [k, step] of steps.entries()) {
          assert.ok(
            matches(step.expected, outputs[k]),
            `$ ${step.command}\nREADME shows:\n${step.expected.join("\n")}\n` +
              `it printed:\n${outputs[k].join("\n")}`,
          );
        }
      });
      commands += steps.length;
    }
    // The README is short; this guards the parser against reading no block at all.
    assert.ok(commands >= 15, `only ${commands} commands found`);
  } finally {
    Deno.removeSync(home, { recursive: true });
  }
});

Deno.test("README: the test command is the one .ci/run runs", () => {
  assert.ok(README.includes("$ " + TEST_COMMAND + "\n"));
  const ci = Deno.readTextFileSync(repoPath(".ci/run"));
  assert.match(ci, /\ndeno task test /);
  assert.match(ci, /npm install -g deno@2\.9\.6/);
});

Deno.test("README: the transcript matcher", async (t) => {
  await t.step("lines must be equal, and all of them", () => {
    assert.ok(matches(["a", "b"], ["a", "b"]));
    assert.ok(!matches(["a", "b"], ["a", "c"]));
    assert.ok(!matches(["a"], ["a", "b"]));
    assert.ok(!matches(["a", "b"], ["a"]));
  });
  await t.step("'...' stands for any lines, a trailing '...' for the rest of a line", () => {
    assert.ok(matches(["a", "..."], ["a"]));
    assert.ok(matches(["a", "...", "z"], ["a", "b", "c", "z"]));
    assert.ok(!matches(["a", "...", "z"], ["a", "b"]));
    assert.ok(matches(["time: ..."], ["time: 13.0 ms"]));
    assert.ok(!matches(["time: ..."], ["nodes: 5"]));
  });
  await t.step("transcripts: commands, their output, blocks without commands skipped", () => {
    const md = "x\n```sh\n$ a\n1\n2\n$ b\n```\n```\n$ not sh\n```\n";
    assert.deepEqual(transcripts(md), [[{ command: "a", expected: ["1", "2"] }, {
      command: "b",
      expected: [],
    }]]);
  });
});
