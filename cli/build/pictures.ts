/**
 * Build script of the README's pictures (`deno task pictures`): each is the real output of
 * a command on a fixture, written under `testdata/pictures/`, so the README shows what the
 * tool draws today. `--check` writes nothing and exits 1 when a committed picture is not
 * what the command draws now (the tests run it, so a picture never goes stale).
 *
 * @module
 */

/** Each picture: its file under `testdata/pictures/`, and the `sudokit` arguments drawing it. */
export const PICTURES: readonly { readonly file: string; readonly args: readonly string[] }[] = [
  {
    file: "classify_sample2.svg",
    args: ["classify", "--format", "svg", "testdata/classify/sample2.txt"],
  },
  {
    file: "solve_three.svg",
    args: ["solve", "--format", "svg", "testdata/pictures/three_puzzles.txt"],
  },
  {
    file: "generate_sheet.svg",
    args: ["generate", "--count", "6", "--seed", "3", "--format", "svg", "--answers"],
  },
];

const ROOT = new URL("../../", import.meta.url);

/** What `sudokit args...` writes on standard output, run from the repository's root. */
async function draw(args: readonly string[]): Promise<Uint8Array> {
  const main = new URL("cli/main.ts", ROOT).pathname;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", "--allow-read", main, ...args],
    cwd: ROOT.pathname,
    stdout: "piped",
    stderr: "inherit",
  }).output();
  // `solve` exits 1 when a puzzle has no unique solution, which a picture may show.
  if (out.code > 1) throw new Error(`sudokit ${args.join(" ")} failed (exit ${out.code})`);
  return out.stdout;
}

function same(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Write every picture, or with `check` compare them; returns the exit status. */
export async function pictures(check: boolean): Promise<number> {
  let stale = 0;
  for (const p of PICTURES) {
    const path = new URL(`testdata/pictures/${p.file}`, ROOT).pathname;
    const drawn = await draw(p.args);
    if (!check) {
      await Deno.writeFile(path, drawn);
      console.log(`wrote testdata/pictures/${p.file} (${drawn.length} bytes)`);
      continue;
    }
    let kept: Uint8Array | undefined;
    try {
      kept = await Deno.readFile(path);
    } catch {
      kept = undefined;
    }
    if (kept === undefined || !same(kept, drawn)) {
      console.error(`error: testdata/pictures/${p.file} is stale: run 'deno task pictures'`);
      stale++;
    }
  }
  return stale === 0 ? 0 : 1;
}

if (import.meta.main) {
  const check = Deno.args.includes("--check");
  const unknown = Deno.args.find((a) => a !== "--check");
  if (unknown !== undefined) {
    console.error(`error: unknown argument '${unknown}'\nusage: deno task pictures [--check]`);
    Deno.exit(2);
  }
  Deno.exit(await pictures(check));
}
