/**
 * Build script of the one-file distributions (`deno task bundle`, `deno task codecup`):
 *
 * - `sudokit`: `dist/sudokit.js`, the whole CLI as one ES module for `deno run`, with the
 *   worker threads (`count --jobs`, `generate --jobs`) bundled on their own and inlined as
 *   strings (see `cli/worker_url.ts`);
 * - `codecup`: `dist/codecup.js`, the CodeCup 2024 bot (`cli/build/codecup_d8.ts`) as one plain
 *   script for V8 7.1's `d8` shell, lowered to ES2018.
 *
 * It drives esbuild from npm, a build-time-only dependency: `deno bundle` runs the same
 * esbuild but cannot set the target language level (ES2018 for the competition) nor
 * define the inlined worker. esbuild is imported through a computed specifier so that
 * `deno check` and the other tasks never download it nor write a lock file.
 *
 * Usage: `deno run --no-lock -A cli/build/bundle.ts sudokit|codecup [--out FILE]`.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { WORKER_MODULES } from "../worker_url.ts";

/** esbuild from npm, pinned to the version `deno bundle` 2.9.6 runs. */
const ESBUILD = "npm:esbuild@0.25.5";

/** The largest source file the CodeCup accepts, in bytes. */
export const CODECUP_MAX_BYTES = 1_474_560;

/** The language level of V8 7.1, the competition's `d8`. */
export const CODECUP_TARGET = "es2018";

/** The part of esbuild's API this script uses. */
interface Esbuild {
  build(options: Record<string, unknown>): Promise<{
    outputFiles: { text: string; contents: Uint8Array }[];
    warnings: unknown[];
  }>;
  stop(): Promise<void> | void;
}

const ROOT = new URL("../../", import.meta.url);

function path(relative: string): string {
  return new URL(relative, ROOT).pathname;
}

/** Options shared by every build: one file in memory, no packages but Node's built-ins. */
function common(entry: string): Record<string, unknown> {
  return {
    entryPoints: [path(entry)],
    absWorkingDir: path("."),
    bundle: true,
    write: false,
    platform: "neutral",
    logLevel: "warning",
    charset: "utf8",
  };
}

/** The CLI for `deno run`, with the workers inlined. */
async function buildSudokit(esbuild: Esbuild): Promise<Uint8Array> {
  const deno = { format: "esm", target: "esnext", external: ["node:*"] };
  const sources: Record<string, string> = {};
  for (const [name, module] of Object.entries(WORKER_MODULES)) {
    const worker = await esbuild.build({ ...common(`cli/${module.slice(2)}`), ...deno });
    sources[name] = worker.outputFiles[0].text;
  }
  const main = await esbuild.build({
    ...common("cli/main.ts"),
    ...deno,
    define: { SUDOKIT_WORKER_SOURCES: JSON.stringify(sources) },
    banner: { js: "// sudokit: the whole CLI in one file (deno task bundle); run with deno run" },
  });
  return main.outputFiles[0].contents;
}

/** The CodeCup bot for `d8`: a plain script (no module syntax) in ES2018. */
async function buildCodecup(esbuild: Esbuild): Promise<Uint8Array> {
  const out = await esbuild.build({
    ...common("cli/build/codecup_d8.ts"),
    format: "iife",
    target: CODECUP_TARGET,
    // ES2018 has no class fields. Lowered with define semantics (TypeScript's default for
    // ESNext), each field becomes an `Object.defineProperty` helper call, V8 sizes the
    // objects without them, and the fields land out of line: the endgame ran ~1.4x
    // slower. As plain `this.x = ...` assignments the objects keep their fields in place.
    // No class here relies on define semantics (no field shadows an inherited accessor).
    tsconfigRaw: { compilerOptions: { useDefineForClassFields: false } },
    banner: { js: "// sudokit CodeCup 2024 sudoku bot for d8 (deno task codecup)" },
  });
  const bytes = out.outputFiles[0].contents;
  if (bytes.length > CODECUP_MAX_BYTES) {
    throw new Error(
      `codecup bundle is ${bytes.length} bytes, over the limit of ${CODECUP_MAX_BYTES}`,
    );
  }
  return bytes;
}

/** Build `which` into `out`; returns the number of bytes written. */
export async function bundle(which: "sudokit" | "codecup", out: string): Promise<number> {
  const esbuild: Esbuild = await import(ESBUILD);
  try {
    const bytes = which === "sudokit" ? await buildSudokit(esbuild) : await buildCodecup(esbuild);
    const slash = out.lastIndexOf("/");
    if (slash > 0) await Deno.mkdir(out.slice(0, slash), { recursive: true });
    await Deno.writeFile(out, bytes);
    return bytes.length;
  } finally {
    await esbuild.stop();
  }
}

if (import.meta.main) {
  const usage = "usage: deno run -A cli/build/bundle.ts sudokit|codecup [--out FILE]";
  let which: string | undefined;
  let out: string | undefined;
  try {
    const { values, positionals } = parseArgs({
      args: Deno.args,
      options: { out: { type: "string" } },
      allowPositionals: true,
    });
    which = positionals.length === 1 ? positionals[0] : undefined;
    out = values.out;
  } catch (e) {
    console.error(`error: ${(e as Error).message}\n${usage}`);
    Deno.exit(2);
  }
  if (which !== "sudokit" && which !== "codecup") {
    console.error(`error: name one bundle, sudokit or codecup\n${usage}`);
    Deno.exit(2);
  }
  const target = out ?? path(`dist/${which}.js`);
  try {
    const n = await bundle(which, target);
    console.log(`wrote ${target} (${n} bytes)`);
  } catch (e) {
    console.error(`error: ${which} bundle failed: ${(e as Error).message}`);
    Deno.exit(2);
  }
}
