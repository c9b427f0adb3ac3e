/**
 * The library's layout, held against every import of `cli/` and `lib/` as Deno itself
 * resolves them (`deno info --json`, static and dynamic imports, types included):
 *
 * - each `lib/` folder is a package face: a file outside it imports its `mod.ts` only. The
 *   one exception: a test or a bench (`*_test.ts`, `*test_util.ts`, `*_bench.ts`) may
 *   import another folder's test utility (`test_util.ts`, `*_test_util.ts`), which no face
 *   exports;
 * - a file inside a folder imports its neighbours, never its own `mod.ts` (a cycle; tests
 *   and benches may), and never `lib/mod.ts`, the face of the whole library;
 * - nothing in `lib/` imports `cli/` (the CLI, its workers and build scripts);
 * - folders import downward only: each stands on a floor of {@linkcode FLOORS} and
 *   imports folders on lower floors, so there is no cycle between folders;
 * - `deno.json` exports `lib/mod.ts` as `.` and each folder's `mod.ts` as `./name`
 *   (`sudoku_game` as `./sudoku-game`), and nothing else.
 *
 * @module
 */

import assert from "node:assert/strict";
import denoJson from "../deno.json" with { type: "json" };

/**
 * The floors of the library's folders, from the ground up, as the import graph stands: a
 * folder imports only folders on lower floors. A new folder must be placed here.
 */
const FLOORS: readonly (readonly string[])[] = [
  ["text"],
  ["grid", "referee"],
  ["solve", "picture", "qttt"],
  ["human", "sudoku_game", "report"],
  ["generate", "replay"],
  ["se"],
];

const ROOT = new URL("../", import.meta.url);

/** One import: repository paths of the importing and the imported file. */
interface Edge {
  readonly from: string;
  readonly to: string;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of Deno.readDirSync(new URL(dir, ROOT))) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory) out.push(...sourceFiles(path));
    else if (e.name.endsWith(".ts")) out.push(path);
  }
  return out;
}

/** Every import of `files`, resolved by `deno info` from one root that imports them all. */
async function importEdges(files: readonly string[]): Promise<Edge[]> {
  const root = files.map((f) => `import "${new URL(f, ROOT).href}";`).join("\n");
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", "data:application/typescript," + encodeURIComponent(root)],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  assert.equal(code, 0, decoder.decode(stderr));
  const graph: {
    modules: {
      specifier: string;
      dependencies?: { code?: { specifier: string }; type?: { specifier: string } }[];
    }[];
  } = JSON.parse(decoder.decode(stdout));
  const local = (url: string) => url.startsWith(ROOT.href) ? url.slice(ROOT.href.length) : "";
  const edges: Edge[] = [];
  for (const m of graph.modules) {
    const from = local(m.specifier);
    if (!files.includes(from)) continue;
    for (const d of m.dependencies ?? []) {
      for (const r of [d.code, d.type]) {
        const to = r === undefined ? "" : local(r.specifier);
        if (to !== "") edges.push({ from, to });
      }
    }
  }
  return edges;
}

/** The lib folder of a path (`lib/grid/parse.ts`: `grid`), or undefined outside one. */
function folderOf(path: string): string | undefined {
  const parts = path.split("/");
  return parts[0] === "lib" && parts.length > 2 ? parts[1] : undefined;
}

const isTest = (path: string) => /(_test|test_util|_bench)\.ts$/.test(path);
const isTestUtil = (path: string) => /(^|\/|_)test_util\.ts$/.test(path);

/** What breaks the layout among `edges`, one message an import; empty when nothing. */
function layoutProblems(edges: readonly Edge[]): string[] {
  const floor = new Map<string, number>();
  FLOORS.forEach((names, i) => names.forEach((n) => floor.set(n, i + 1)));
  const problems = new Set<string>();
  for (const { from, to } of edges) {
    const source = folderOf(from);
    const target = folderOf(to);
    const at = `${from} imports ${to}`;
    for (const f of [source, target]) {
      if (f !== undefined && !floor.has(f)) problems.add(`lib/${f}/ stands on no floor (${at})`);
    }
    if (from.startsWith("lib/") && to.startsWith("cli/")) {
      problems.add(`${at}: the library imports the command line`);
    }
    if (source !== undefined && to === "lib/mod.ts") {
      problems.add(`${at}: a folder imports the face of the whole library`);
    }
    if (target === undefined) continue;
    if (source === target) {
      if (to === `lib/${target}/mod.ts` && !isTest(from)) {
        problems.add(`${at}: a file imports its own folder's face (import the neighbour)`);
      }
      continue;
    }
    if (to !== `lib/${target}/mod.ts` && !(isTestUtil(to) && isTest(from))) {
      problems.add(`${at}: past the face lib/${target}/mod.ts`);
    }
    const down = source === undefined ? 0 : floor.get(source)! - floor.get(target)!;
    if (source !== undefined && down <= 0) {
      problems.add(`${at}: lib/${source}/ imports lib/${target}/, not on a floor below it`);
    }
  }
  return [...problems];
}

/** The exports `deno.json` must have: `lib/mod.ts` and every folder's face. */
function expectedExports(): Record<string, string> {
  const exports: Record<string, string> = { ".": "./lib/mod.ts" };
  for (const name of FLOORS.flat().sort()) {
    exports[`./${name.replaceAll("_", "-")}`] = `./lib/${name}/mod.ts`;
  }
  return exports;
}

Deno.test("layout: lib's folders are package faces, imported downward only", async (t) => {
  const files = [...sourceFiles("cli"), ...sourceFiles("lib")];
  const edges = await importEdges(files);

  await t.step("every import of cli/ and lib/ keeps the rules", () => {
    // The graph is whole: the CLI reaches every face, each folder its neighbours.
    assert.ok(edges.length > 500, `${edges.length} imports`);
    assert.ok(edges.some((e) => e.from === "cli/play/worker.ts"));
    assert.deepEqual(layoutProblems(edges), []);
  });

  await t.step("every folder of lib/ stands on a floor, once", () => {
    const folders = new Set(files.map(folderOf).filter((f) => f !== undefined));
    assert.deepEqual([...folders].sort(), FLOORS.flat().sort());
  });

  await t.step("each rule catches its break", () => {
    const cases: [Edge, RegExp][] = [
      [{ from: "cli/rate.ts", to: "lib/human/rate.ts" }, /past the face lib\/human\/mod\.ts/],
      [{ from: "lib/se/rate.ts", to: "lib/solve/count.ts" }, /past the face/],
      [{ from: "lib/generate/generate_test.ts", to: "lib/human/board.ts" }, /past the face/],
      [{ from: "cli/rate.ts", to: "lib/human/test_util.ts" }, /past the face/],
      [{ from: "lib/grid/parse.ts", to: "cli/io.ts" }, /imports the command line/],
      [{ from: "lib/grid/parse.ts", to: "lib/solve/mod.ts" }, /not on a floor below/],
      [{ from: "lib/qttt/bot.ts", to: "lib/picture/mod.ts" }, /not on a floor below/],
      [{ from: "lib/grid/parse.ts", to: "lib/grid/mod.ts" }, /its own folder's face/],
      [{ from: "lib/grid/parse.ts", to: "lib/mod.ts" }, /the whole library/],
      [{ from: "lib/chess/board.ts", to: "lib/grid/mod.ts" }, /lib\/chess\/ stands on no floor/],
    ];
    for (const [edge, why] of cases) {
      const found = layoutProblems([edge]);
      assert.equal(found.length, 1, `${edge.from} -> ${edge.to}: ${found.join("; ")}`);
      assert.match(found[0], why);
    }
    const allowed: Edge[] = [
      { from: "cli/generate_test.ts", to: "lib/human/test_util.ts" },
      { from: "lib/se/rate_test.ts", to: "lib/human/test_util.ts" },
      { from: "lib/grid/parse_test.ts", to: "lib/grid/mod.ts" },
      { from: "lib/mod.ts", to: "lib/se/mod.ts" },
      { from: "cli/main.ts", to: "lib/mod.ts" },
      { from: "lib/grid/parse.ts", to: "lib/text/mod.ts" },
    ];
    assert.deepEqual(layoutProblems(allowed), []);
  });

  await t.step("deno.json exports lib/mod.ts and each folder's face", () => {
    assert.deepEqual(denoJson.exports, expectedExports());
  });
});
