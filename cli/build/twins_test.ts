import assert from "node:assert/strict";
import { expand, generate, staleFiles, TWINS } from "./twins.ts";
import { repoPath } from "../test_util.ts";
import denoJson from "../../deno.json" with { type: "json" };

const ONE = { one: true, two: false, W: 32 };
const TWO = { one: false, two: true, W: 64 };

Deno.test("twins: each generated file is what its template gives now", async () => {
  const stale = await staleFiles();
  assert.deepEqual(stale, [], `stale: ${stale.join(", ")}: run 'deno task twins' and commit`);
});

Deno.test("twins: a generated file edited by hand, or missing, is named as stale", async () => {
  const root = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${root}/lib/solve`, { recursive: true });
    for (const t of TWINS) await Deno.copyFile(repoPath(t.template), `${root}/${t.template}`);
    const url = new URL(`file://${root}/`);
    assert.equal((await staleFiles(url)).length, TWINS.length);
    for (const { out, text } of await generate(url)) {
      await Deno.writeTextFile(`${root}/${out}`, text);
    }
    assert.deepEqual(await staleFiles(url), []);
    const edited = `${root}/lib/solve/general_core64.ts`;
    await Deno.writeTextFile(edited, (await Deno.readTextFile(edited)).replace("63 -", "62 -"));
    await Deno.remove(`${root}/lib/solve/general_match.ts`);
    assert.deepEqual(await staleFiles(url), [
      "lib/solve/general_core64.ts",
      "lib/solve/general_match.ts",
    ]);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("twins: the marks expand per twin, and loops with their sums", () => {
  const template = [
    "class Core$(W) {",
    "  //#if one",
    "  a = 1;",
    "  //#else",
    "  lo = 1;",
    "  hi = 2;",
    "  //#end",
    "  f(x) { return g(x$two(, y)) + $one(h(x))$two((h(x) + h(y))); }",
    "}",
    "//#for b in 0 1 2",
    "//#for e in 1 2",
    "f[$(3 * e + b)] = u$(b) - $(-(b - 1) * 2);",
    "//#end",
    "//#end",
  ].join("\n");
  assert.equal(
    expand(template, ONE, "t"),
    "class Core32 {\n  a = 1;\n  f(x) { return g(x) + h(x); }\n}\n" +
      "f[3] = u0 - 2;\nf[6] = u0 - 2;\nf[4] = u1 - 0;\nf[7] = u1 - 0;\n" +
      "f[5] = u2 - -2;\nf[8] = u2 - -2;\n",
  );
  assert.equal(
    expand(template, TWO, "t").split("\n").slice(0, 5).join("\n"),
    "class Core64 {\n  lo = 1;\n  hi = 2;\n  f(x) { return g(x, y) + (h(x) + h(y)); }\n}",
  );
});

Deno.test("twins: a mark that cannot be expanded is an error naming its line", () => {
  const cases: [string, string][] = [
    ["a\n//#if one\nb", "t, line 2: '//#if' without '//#end'"],
    ["a\n//#end", "t, line 2: '//#end' without a block"],
    ["//#else", "t, line 1: '//#else' outside an '//#if'"],
    ["//#if one\n//#else\n//#else\n//#end", "t, line 3: '//#else' outside an '//#if'"],
    ["//#if one two", "t, line 1: '//#if' wants one name"],
    ["//#for b 1 2", "t, line 1: '//#for' wants 'NAME in VALUE ...'"],
    ["//#for b in 1 x\n//#end", "t, line 1: '//#for' value 'x' is not a whole number"],
    ["//#loop", "t, line 1: unknown mark '//#loop'"],
    ["//#if three\n//#end", "t: '//#if three': no such flag"],
    ["x = $(W * (2 + 1);", "t, line 1: '$(' is not closed"],
    ["x = $(V + 1);", "t, line 1: $(V + 1): 'V' is not a number here"],
    ["x = $(2 2);", "t, line 1: $(2 2): unexpected '2'"],
    ["x = $(2 +);", "t, line 1: $(2 +): ends too soon"],
  ];
  for (const [template, message] of cases) {
    assert.throws(() => expand(template, ONE, "t"), { message }, template);
  }
  assert.throws(() => expand("$one(x)", {}, "t"), {
    message: "t, line 1: '$one(...)' outside a twin",
  });
});

Deno.test("twins: the task checks with --check and refuses another argument", async () => {
  // Run as the deno.json task runs it, with its permissions.
  const words = denoJson.tasks.twins.split(/\s+/);
  const run = async (arg: string) => {
    const out = await new Deno.Command(Deno.execPath(), {
      args: [...words.slice(1), arg],
      cwd: repoPath(""),
      stdout: "piped",
      stderr: "piped",
    }).output();
    return { code: out.code, stderr: new TextDecoder().decode(out.stderr) };
  };
  assert.deepEqual(await run("--check"), { code: 0, stderr: "" });
  assert.deepEqual(await run("--write"), {
    code: 2,
    stderr: "error: unknown argument '--write'\nusage: deno task twins [--check]\n",
  });
});
