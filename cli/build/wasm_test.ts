import assert from "node:assert/strict";
import { OUT, SOURCE } from "./wasm.ts";
import { repoPath } from "../test_util.ts";

const ROOT = repoPath(".").replace(/\/$/, "");

/** Run the build script (without a lock file, as the task does) with `args`. */
async function wasmScript(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const r = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--no-lock",
      "--allow-read",
      "--allow-env",
      repoPath("cli/build/wasm.ts"),
      ...args,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder();
  return { code: r.code, out: text.decode(r.stdout), err: text.decode(r.stderr) };
}

Deno.test("wasm: the committed module is what its source gives now, in WebAssembly 1.0", async (t) => {
  // One compile for both steps: `--check` prints the text format with `--text`.
  const r = await wasmScript("--check", "--text");
  await t.step("the committed module is what its AssemblyScript source gives now", () => {
    assert.equal(r.code, 0, `${OUT} is stale: run 'deno task wasm' and commit\n${r.err}`);
  });
  await t.step("the module keeps to WebAssembly 1.0 and out of V8 7.1's baseline compiler", () => {
    assert.match(r.out, /^\(module/);
    // No instruction of a later proposal: V8 7.1 (the competition's d8) has none of them.
    for (const later of ["memory.fill", "memory.copy", "extend8_s", "extend16_s", "trunc_sat"]) {
      assert.ok(!r.out.includes(later), later);
    }
    // Each function that searches counts or scans bits in 64 bits, which V8 7.1's Liftoff
    // cannot compile: the optimising compiler takes it even under `d8 --single-threaded`.
    const bodies = r.out.split("\n (func ").slice(1);
    for (const name of ["node", "childKey", "renumber", "start"]) {
      const body = bodies.find((b) => b.startsWith(`$frames/${name} `));
      assert.ok(body !== undefined, `no function ${name}`);
      assert.match(body, /i64\.(popcnt|ctz)/, `${name} has no 64-bit bit count`);
    }
  });
});

Deno.test("wasm: a generated file edited by hand, or missing, is stale; a broken source fails", async () => {
  const root = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${root}/lib/sudoku_game/assembly`, { recursive: true });
    await Deno.copyFile(`${ROOT}/${SOURCE}`, `${root}/${SOURCE}`);
    const missing = await wasmScript("--check", "--root", root);
    assert.deepEqual([missing.code, missing.err.trim()], [
      1,
      `error: ${OUT} is stale: run \`deno task wasm\` and commit`,
    ]);
    const good = await Deno.readTextFile(`${ROOT}/${OUT}`);
    await Deno.writeTextFile(`${root}/${OUT}`, good.replace("AGFzbQ", "AGFzbR"));
    assert.equal((await wasmScript("--check", "--root", root)).code, 1, "an edited file");
    await Deno.writeTextFile(`${root}/${SOURCE}`, "export function f(): i32 { return nope; }\n");
    const broken = await wasmScript("--check", "--root", root);
    assert.equal(broken.code, 2);
    assert.match(broken.err, new RegExp(`^error: ${SOURCE} does not compile:`));
    assert.match(broken.err, /nope/);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
