import assert from "node:assert/strict";
import { parseArgs } from "node:util";
import { parseFlags } from "./flags.ts";

const OPTIONS = {
  help: { type: "boolean", short: "h" },
  quiet: { type: "boolean" },
  limit: { type: "string" },
  symbols: { type: "string" },
} as const;

/**
 * Plain reference: `node:util` parseArgs on the whole list, after the one rewrite
 * parseFlags makes (a valued option followed by a negative number takes it). The outcome
 * is the values and positionals, or the option that parsing failed on.
 */
function reference(args: string[]): string {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--") {
      joined.push(...args.slice(i));
      break;
    }
    const valued = args[i] === "--limit" || args[i] === "--symbols";
    if (valued && i + 1 < args.length && /^-[0-9.]/.test(args[i + 1])) {
      joined.push(`${args[i]}=${args[++i]}`);
    } else {
      joined.push(args[i]);
    }
  }
  try {
    const r = parseArgs({ args: joined, options: OPTIONS, allowPositionals: true, strict: true });
    return JSON.stringify({ values: { ...r.values }, positionals: r.positionals });
  } catch (e) {
    return failedOn(e);
  }
}

/** The option a parse error names (parseArgs' words and the toolkit's both quote it). */
function failedOn(e: unknown): string {
  return `error ${/'(-[^' ]*)/.exec(String(e))?.[1]}`;
}

async function outcome(args: string[]): Promise<string> {
  try {
    const r = await parseFlags(args, OPTIONS);
    return JSON.stringify({ values: { ...r.values }, positionals: r.positionals });
  } catch (e) {
    return failedOn(e);
  }
}

Deno.test("parseFlags: the same values and positionals as parseArgs on the whole list", async (t) => {
  const tokens = [
    "a",
    "b.txt",
    "-",
    "5",
    "-5",
    "--help",
    "-h",
    "--quiet",
    "--limit",
    "--limit=3",
    "--symbols",
    "--symbols=-x",
    "3",
    "-2.5",
    "abc",
    "--",
    "--bogus",
    "-x",
    "--quiet=1",
  ];
  let seed = 12345;
  const rand = (n: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  await t.step("2,000 random lists of up to 8 arguments", async () => {
    const seen = new Set<string>();
    for (let k = 0; k < 2000; k++) {
      const args = Array.from({ length: rand(9) }, () => tokens[rand(tokens.length)]);
      const want = reference(args);
      assert.equal(await outcome(args), want, JSON.stringify(args));
      seen.add(want.startsWith("error") ? "error" : "ok");
    }
    assert.deepEqual([...seen].sort(), ["error", "ok"], "both outcomes must occur");
  });
  await t.step("100,000 positionals around options, in order", async () => {
    const moves = Array.from({ length: 100_000 }, (_, i) => `m${i}`);
    const args = [...moves.slice(0, 50_000), "--limit", "-4", ...moves.slice(50_000), "-h"];
    const r = await parseFlags(args, OPTIONS);
    assert.deepEqual({ ...r.values }, { limit: "-4", help: true });
    assert.deepEqual(r.positionals, moves);
  });
});
