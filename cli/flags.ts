/**
 * The flags of every subcommand: `node:util` parseArgs with messages in the toolkit's
 * words, and the checks of numbers, choices and `--color`, each naming the option and what
 * it takes.
 *
 * @module
 */

import type { ParseArgsConfig } from "node:util";
import { UsageError } from "./io.ts";
import { quoteInput } from "../lib/text/mod.ts";

/** The option values `parseArgs` gives for `options`. */
type FlagValues<T extends ParseArgsConfig["options"]> = ReturnType<
  typeof import("node:util").parseArgs<{ options: T; allowPositionals: true }>
>["values"];

/**
 * `node:util` parseArgs, strict, with its errors turned into {@linkcode UsageError}s that
 * read like the rest of the toolkit's messages. A value that looks like a negative number
 * (`--limit -5`) is taken as the option's value, so that the option's own range check
 * can answer, instead of being read as an unknown option.
 */
export async function parseFlags<T extends ParseArgsConfig["options"]>(
  args: string[],
  options: T,
): Promise<{ values: FlagValues<T>; positionals: string[] }> {
  // No arguments, nothing to parse (no option has a default): `node:util` costs about
  // 6 ms to load, a sixth of the start-up of `sudokit verdict < FILE`.
  if (args.length === 0) return { values: {} as FlagValues<T>, positionals: [] };
  const { parseArgs } = await import("node:util");
  const valued = new Set<string>();
  const specs: Record<string, { type: string; short?: string }> = options ?? {};
  for (const [name, o] of Object.entries(specs)) {
    if (o.type !== "string") continue;
    valued.add(`--${name}`);
    if (o.short !== undefined) valued.add(`-${o.short}`);
  }
  // Only the options and their values go to parseArgs, which takes time quadratic in the
  // number of arguments (100,000 moves for check-move: 3 s); the positionals are set apart
  // here, in order.
  const flags: string[] = [];
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--") {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (!a.startsWith("-") || a === "-") {
      positionals.push(a);
      continue;
    }
    const next = args[i + 1];
    // A short group (`-hj`) takes the next argument when its last letter does.
    const takes = valued.has(a) || (!a.startsWith("--") && valued.has(`-${a.at(-1)}`));
    if (takes && next !== undefined && /^-[0-9.]/.test(next)) {
      flags.push(`${a}=${next}`);
      i++;
    } else if (takes && next !== undefined) {
      flags.push(a, next);
      i++;
    } else {
      flags.push(a);
    }
  }
  try {
    const parsed = parseArgs({ args: flags, options, allowPositionals: true, strict: true });
    return { values: parsed.values, positionals: [...parsed.positionals, ...positionals] };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const unknown = /Unknown option '([^']+)'/.exec(message);
    if (unknown) throw new UsageError(`unknown option ${quoteInput(unknown[1], 40)}`);
    const missing = /Option '([^']+?)(?: <value>)?' argument missing/.exec(message);
    if (missing) {
      throw new UsageError(`option '${missing[1].split(",").pop()!.trim()}' needs a value`);
    }
    const noValue = /Option '([^']+?)' does not take an argument/.exec(message);
    if (noValue) {
      throw new UsageError(`option '${noValue[1].split(",").pop()!.trim()}' takes no value`);
    }
    throw new UsageError(message.split("\n")[0].replace(/\.$/, ""));
  }
}

/**
 * Parse a whole-number flag value within `min..max`, or throw a {@linkcode UsageError}
 * that names the option and its range (for negative, fractional, non-numeric and
 * out-of-range values alike).
 */
export function intFlag(
  name: string,
  value: string | undefined,
  min: number,
  max: number,
  fallback: number,
): number {
  if (value === undefined) return fallback;
  const range = `a whole number from ${min} to ${max}`;
  const n = /^[0-9]{1,20}$/.test(value) ? Number(value) : NaN;
  if (!(n >= min && n <= max)) {
    throw new UsageError(`--${name} must be ${range}, not ${quoteInput(value, 40)}`);
  }
  return n;
}

/**
 * Parse a decimal number flag value (seconds) within `min..max`, or throw a
 * {@linkcode UsageError} naming the option and its range. Only plain decimals are taken
 * (`2`, `0.5`): no exponents, hexadecimal or `Infinity`.
 */
export function numberFlag(
  name: string,
  value: string | undefined,
  min: number,
  max: number,
  fallback: number,
): number {
  if (value === undefined) return fallback;
  const n = /^(?:[0-9]{1,20}(?:\.[0-9]{0,20})?|\.[0-9]{1,20})$/.test(value) ? Number(value) : NaN;
  if (!(n >= min && n <= max)) {
    throw new UsageError(
      `--${name} must be a number from ${min} to ${max}, not ${quoteInput(value, 40)}`,
    );
  }
  return n;
}

/** Check an enumerated flag value, or throw a {@linkcode UsageError}. */
export function choiceFlag<C extends string>(
  name: string,
  value: string | undefined,
  choices: readonly C[],
  fallback: C,
): C {
  if (value === undefined) return fallback;
  if ((choices as readonly string[]).includes(value)) return value as C;
  throw new UsageError(
    `--${name} must be one of ${choices.join(", ")}, not ${quoteInput(value, 40)}`,
  );
}

/**
 * The value of `--seed` (a whole number from 0 to `max`), or without it a fresh one for
 * each run: a command prints the seed it used where a run can be repeated from it.
 */
export function seedFlag(value: string | undefined, max: number): number {
  if (value !== undefined) return intFlag("seed", value, 0, max, 0);
  return crypto.getRandomValues(new Uint32Array(1))[0] % (max + 1);
}

/** The number of cores, which caps worker threads and parallel games. */
export function coreCount(): number {
  return Math.max(1, navigator.hardwareConcurrency || 1);
}

/** What `--color` says: colour always, never, or on a terminal only. */
export type ColorMode = "auto" | "always" | "never";

/**
 * Whether to colour: `always` and `never` say so; `auto` colours only a terminal, and only
 * when NO_COLOR is not set (https://no-color.org: the flag, asked for explicitly, wins).
 */
export function colorWanted(mode: ColorMode, isTerminal: boolean, noColor: boolean): boolean {
  return mode === "always" || (mode === "auto" && isTerminal && !noColor);
}

/** Whether to colour standard output, from the value of `--color` (default `auto`). */
export function colorFlag(value: string | undefined): boolean {
  const mode = choiceFlag("color", value, ["auto", "always", "never"] as const, "auto");
  // `Deno.noColor` reads NO_COLOR without asking for environment access.
  return colorWanted(mode, Deno.stdout.isTerminal(), Deno.noColor);
}
