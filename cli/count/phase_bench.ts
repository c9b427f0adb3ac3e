/**
 * The phase-transition bench: seeded random grids near the hardest density, counted to 2 by
 * `count --jobs 1` and by CaDiCaL (one-hot CNF, a blocking clause after the first model),
 * paired one after the other, each whole process under a time cap. Grids CaDiCaL does not
 * finish are counted again with every core. Run by `deno task phase-bench [--help]`.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { randomLatinSquare, randomSolution } from "../../lib/generate/mod.ts";
import { dimacs, gridCnf, Rng, type Variant } from "../../lib/grid/mod.ts";

const HELP = `Usage: deno task phase-bench [options]

Random grids near the phase transition (36×36 sudoku 48–52 % empty, 49×49 65–70 %,
Latin squares of order 40–50 42 %, four of each), counted to 2 by 'count --limit 2
--jobs 1' and by CaDiCaL (the 'cadical' on PATH) on the one-hot CNF with a blocking
clause after the first model; writing the CNF is counted in CaDiCaL's time. Prints a
table, the totals and whether the counts agree; exits 1 if they do not.

Options:
  --seed N       the grids' seed (default 1)
  --cap S        seconds allowed each run (default 60)
  --jobs N       threads of the every-core column (default: one per core), run on
                 the grids CaDiCaL does not finish
  --only LIST    grid numbers to run, e.g. 1,5,9 (default: all 12)
  --no-sat       skip CaDiCaL (and the every-core column)
  --keep DIR     write the grid files to DIR and keep them (default: a temporary
                 folder, removed at the end)
  --help         this text`;

/** One bench grid: its puzzle and how it was made. */
export interface PhaseGrid {
  /** Side length. */
  readonly size: number;
  /** Rule set. */
  readonly variant: Variant;
  /** Share of the cells emptied, in percent. */
  readonly emptyPct: number;
  /** The puzzle, row-major, 0 empty. */
  readonly grid: Uint8Array;
}

/** The plan: size, rule set, empty percent; four of each family, spread over its band. */
const PLAN: readonly [number, Variant, number][] = [
  [36, "sudoku", 48],
  [36, "sudoku", 49.33],
  [36, "sudoku", 50.67],
  [36, "sudoku", 52],
  [49, "sudoku", 65],
  [49, "sudoku", 66.67],
  [49, "sudoku", 68.33],
  [49, "sudoku", 70],
  [40, "latin", 42],
  [44, "latin", 42],
  [47, "latin", 42],
  [50, "latin", 42],
];

/** A random full grid with `pct` % of its cells (rounded) emptied at random. */
export function holedGrid(size: number, variant: Variant, pct: number, rng: Rng): Uint8Array {
  const grid = variant === "latin"
    ? randomLatinSquare(size, rng)
    : randomSolution(size, variant, rng);
  const order = rng.shuffle(Array.from({ length: size * size }, (_, i) => i));
  const holes = Math.round(size * size * pct / 100);
  for (let k = 0; k < holes; k++) grid[order[k]] = 0;
  return grid;
}

/** The bench's grids for `seed`, each from its own generator (`seed`, index). */
export function phaseGrids(
  seed: number,
  plan: readonly [number, Variant, number][] = PLAN,
): PhaseGrid[] {
  return plan.map(([size, variant, emptyPct], i) => ({
    size,
    variant,
    emptyPct,
    grid: holedGrid(size, variant, emptyPct, new Rng(Math.imul(seed, 7919) + i)),
  }));
}

/** The grid in the `grid` input form: 1, the size, then its rows. */
export function gridText(g: PhaseGrid): string {
  const rows: string[] = [];
  for (let r = 0; r < g.size; r++) {
    rows.push(g.grid.subarray(r * g.size, (r + 1) * g.size).join(" "));
  }
  return `1\n${g.size}\n${rows.join("\n")}\n`;
}

interface Run {
  /** Solutions found (0..2), or -1 when the cap stopped the run. */
  count: number;
  seconds: number;
}

const decoder = new TextDecoder();

/** Runs `cmd` until it exits or `seconds` pass (then kills it); null when killed. */
async function runCapped(
  cmd: string,
  args: string[],
  seconds: number,
): Promise<Deno.CommandOutput | null> {
  if (seconds <= 0) return null;
  const child = new Deno.Command(cmd, { args, stdout: "piped", stderr: "piped" }).spawn();
  let killed = false;
  const timer = setTimeout(() => {
    killed = true;
    child.kill("SIGKILL");
  }, seconds * 1000);
  const out = await child.output();
  clearTimeout(timer);
  return killed ? null : out;
}

const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));

/** `count --limit 2` over `file` with `jobs` threads, whole process. */
async function runSudokit(g: PhaseGrid, file: string, jobs: number, cap: number): Promise<Run> {
  const args = ["run", "--allow-read", "--allow-env=SUDOKIT_DEBUG", MAIN, "count"];
  args.push("--limit", "2", "--jobs", String(jobs), "--variant", g.variant, file);
  const t0 = performance.now();
  const out = await runCapped("deno", args, cap);
  const seconds = (performance.now() - t0) / 1000;
  if (out === null) return { count: -1, seconds };
  if (!out.success) throw new Error(`count failed on ${file}: ${decoder.decode(out.stderr)}`);
  const line = decoder.decode(out.stdout).split("\n")[0];
  return { count: line === "2+" ? 2 : Number(line), seconds };
}

/** CaDiCaL to two models: the CNF written, solved, a blocking clause, solved again. */
async function runCadical(g: PhaseGrid, file: string, cap: number): Promise<Run> {
  const t0 = performance.now();
  const elapsed = () => (performance.now() - t0) / 1000;
  const cnf = gridCnf(g.grid, g.size, g.variant);
  await Deno.writeTextFile(file, dimacs(cnf));
  let count = 0;
  for (const blocking: number[][] = []; count < 2;) {
    if (blocking.length > 0) await Deno.writeTextFile(file, dimacs(cnf, blocking));
    const out = await runCapped("cadical", ["-q", file], cap - elapsed());
    if (out === null) return { count: -1, seconds: elapsed() };
    if (out.code === 20) break;
    if (out.code !== 10) throw new Error(`cadical failed on ${file}: exit ${out.code}`);
    const clause: number[] = [];
    for (const line of decoder.decode(out.stdout).split("\n")) {
      if (!line.startsWith("v ")) continue;
      for (const lit of line.slice(2).trim().split(/\s+/).map(Number)) {
        if (lit > 0) clause.push(-lit);
      }
    }
    blocking.push(clause);
    count++;
  }
  return { count, seconds: elapsed() };
}

const fmt = (r: Run | null) =>
  r === null ? "" : r.count < 0 ? `>${r.seconds.toFixed(1)}` : r.seconds.toFixed(2);

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      seed: { type: "string", default: "1" },
      cap: { type: "string", default: "60" },
      jobs: { type: "string", default: String(navigator.hardwareConcurrency) },
      only: { type: "string" },
      "no-sat": { type: "boolean", default: false },
      keep: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const seed = Number(values.seed), cap = Number(values.cap), jobs = Number(values.jobs);
  if (!Number.isInteger(seed) || !(cap > 0) || !Number.isInteger(jobs) || jobs < 1) {
    console.error("error: --seed and --jobs take integers, --cap a positive number");
    return 2;
  }
  const grids = phaseGrids(seed);
  const only = values.only?.split(",").map(Number) ?? grids.map((_, i) => i + 1);
  if (only.some((i) => !Number.isInteger(i) || i < 1 || i > grids.length)) {
    console.error(`error: --only takes grid numbers 1..${grids.length}, separated by commas`);
    return 2;
  }
  const dir = values.keep ?? await Deno.makeTempDir({ prefix: "phase_bench_" });
  if (values.keep) await Deno.mkdir(dir, { recursive: true });
  console.log(`seed ${seed}, cap ${cap} s, every-core column --jobs ${jobs}\n`);
  console.log(`| # | size | empty % | count | sudokit s | CaDiCaL s | ratio | --jobs ${jobs} s |`);
  console.log("| -: | :- | -: | -: | -: | -: | -: | -: |");
  let totalS = 0, totalC = 0, bad = 0;
  const misses: string[] = [];
  for (const i of only) {
    const g = grids[i - 1];
    const file = `${dir}/grid_${i}.txt`;
    await Deno.writeTextFile(file, gridText(g));
    const s = await runSudokit(g, file, 1, cap);
    const c = values["no-sat"] ? null : await runCadical(g, `${dir}/grid_${i}.cnf`, cap);
    const p = c !== null && c.count < 0 ? await runSudokit(g, file, jobs, cap) : null;
    totalS += s.seconds;
    totalC += c?.seconds ?? 0;
    const counts = [s, c, p].filter((r) => r !== null && r.count >= 0).map((r) => r!.count);
    const agree = counts.every((n) => n === counts[0]);
    if (!agree) bad++;
    if (
      c !== null && c.count >= 0 &&
      (s.count < 0 || s.seconds > Math.max(1.2 * c.seconds, c.seconds + 0.5))
    ) {
      misses.push(`#${i}`);
    }
    const ratio = c === null ? "" : (s.seconds / c.seconds).toFixed(2);
    const name = g.variant === "latin" ? `Latin ${g.size}` : `${g.size}×${g.size}`;
    const count = agree
      ? (counts.length > 0 ? String(counts[0]) : "?")
      : `DIFFER ${counts.join("/")}`;
    console.log(
      `| ${i} | ${name} | ${g.emptyPct} | ${count} | ${fmt(s)} | ${fmt(c)} | ${ratio} | ${
        fmt(p)
      } |`,
    );
  }
  console.log(
    `\ntotal: sudokit ${totalS.toFixed(1)} s` +
      (values["no-sat"]
        ? ""
        : `, CaDiCaL ${totalC.toFixed(1)} s, ratio ${(totalS / totalC).toFixed(2)}`) +
      " (a capped run counts as its cap)",
  );
  if (!values["no-sat"]) {
    console.log(
      `grids CaDiCaL finishes where sudokit is not within 1.2x or 0.5 s: ${
        misses.join(" ") || "none"
      }`,
    );
  }
  console.log(bad === 0 ? "counts agree" : `counts differ on ${bad} grid(s)`);
  if (!values.keep) await Deno.remove(dir, { recursive: true });
  return bad === 0 ? 0 : 1;
}

if (import.meta.main) Deno.exit(await main());
