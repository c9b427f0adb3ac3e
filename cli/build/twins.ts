/**
 * Build script of the generated solver files (`deno task twins`): the one-word (S ≤ 32) and
 * two-word (S ≤ 64) twins of the general engine's core, and the unrolled blocks of the 9×9
 * engine's `settle`, each written once in a template `lib/solve/NAME.ts.in`. `--check`
 * writes nothing and exits 1 when a generated file is not what its template gives now (the
 * tests run the same check, so a generated file never goes stale).
 *
 * A template is TypeScript with three kinds of marks, all expanded here:
 *
 * - Lines `//#if NAME`, `//#else`, `//#end`: the lines between go only to the outputs where
 *   NAME is true (`one` in the one-word twin, `two` in the two-word one).
 * - Lines `//#for NAME in A B C` ... `//#end`: the lines between, once for each value (whole
 *   numbers).
 * - `$(EXPR)` in a line: the value of EXPR, a sum or product of whole numbers and names
 *   (`W` is 32 or 64; a `//#for` name is its value). `$one(TEXT)`: TEXT in the one-word
 *   twin, nothing in the two-word one; `$two(TEXT)` the other way round.
 *
 * The marks may be indented; blocks nest.
 *
 * @module
 */

/** Values a template sees: numbers for `$(...)`, flags for `//#if`. */
export type Vars = Readonly<Record<string, number | boolean>>;

/** One generated file: its template, its path, what the template sees. */
export interface Twin {
  /** The template, from the repository's root. */
  readonly template: string;
  /** The generated file, from the repository's root. */
  readonly out: string;
  /** The names the template's marks read. */
  readonly vars: Vars;
  /** What the header calls this output. */
  readonly what: string;
}

const ONE: Vars = { one: true, two: false, W: 32 };
const TWO: Vars = { one: false, two: true, W: 64 };

/** Every generated file, in the order they are written. */
export const TWINS: readonly Twin[] = [
  {
    template: "lib/solve/general_places.ts.in",
    out: "lib/solve/general_places32.ts",
    vars: ONE,
    what: "the one-word twin",
  },
  {
    template: "lib/solve/general_places.ts.in",
    out: "lib/solve/general_places64.ts",
    vars: TWO,
    what: "the two-word twin",
  },
  {
    template: "lib/solve/general_core.ts.in",
    out: "lib/solve/general_core32.ts",
    vars: ONE,
    what: "the one-word twin",
  },
  {
    template: "lib/solve/general_core.ts.in",
    out: "lib/solve/general_core64.ts",
    vars: TWO,
    what: "the two-word twin",
  },
  {
    template: "lib/solve/general_match.ts.in",
    out: "lib/solve/general_match.ts",
    vars: ONE,
    what: "the one-word twin",
  },
  {
    template: "lib/solve/general_match.ts.in",
    out: "lib/solve/general_match64.ts",
    vars: TWO,
    what: "the two-word twin",
  },
  {
    template: "lib/solve/engine9_board.ts.in",
    out: "lib/solve/engine9_board.ts",
    vars: {},
    what: "its loops unrolled",
  },
];

/** The first line of every generated file. */
export function header(twin: Twin): string {
  const from = twin.template.slice(twin.template.lastIndexOf("/") + 1);
  return `// Generated from ${from} (${twin.what}) by 'deno task twins': edit the template.\n`;
}

type Node =
  | { readonly kind: "text"; readonly line: string; readonly at: number }
  | { readonly kind: "if"; readonly name: string; readonly yes: Node[]; readonly no: Node[] }
  | {
    readonly kind: "for";
    readonly name: string;
    readonly values: readonly string[];
    readonly body: Node[];
  };

const MARK = /^\s*\/\/#(\w+)\s*(.*)$/;

/** The template's lines as a tree of blocks; throws on a mark out of place. */
function parse(text: string, file: string): Node[] {
  const top: Node[] = [];
  // The open blocks, innermost last, each with the list its lines go to now.
  const open: { node: Node & { kind: "if" | "for" }; into: Node[]; line: number }[] = [];
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  lines.forEach((line, i) => {
    const at = i + 1;
    const into = open.length === 0 ? top : open[open.length - 1].into;
    const mark = MARK.exec(line);
    if (mark === null) {
      into.push({ kind: "text", line, at });
      return;
    }
    const [, word, rest] = mark;
    const where = `${file}, line ${at}`;
    if (word === "if") {
      if (!/^\w+$/.test(rest)) throw new Error(`${where}: '//#if' wants one name`);
      const node: Node & { kind: "if" } = { kind: "if", name: rest, yes: [], no: [] };
      into.push(node);
      open.push({ node, into: node.yes, line: at });
    } else if (word === "for") {
      const m = /^(\w+) in (.+)$/.exec(rest);
      if (m === null) throw new Error(`${where}: '//#for' wants 'NAME in VALUE ...'`);
      const bad = m[2].trim().split(/\s+/).find((v) => !/^-?\d+$/.test(v));
      if (bad !== undefined) {
        throw new Error(`${where}: '//#for' value '${bad}' is not a whole number`);
      }
      const node: Node & { kind: "for" } = {
        kind: "for",
        name: m[1],
        values: m[2].trim().split(/\s+/),
        body: [],
      };
      into.push(node);
      open.push({ node, into: node.body, line: at });
    } else if (word === "else") {
      const last = open.at(-1);
      if (last === undefined || last.node.kind !== "if" || last.into === last.node.no) {
        throw new Error(`${where}: '//#else' outside an '//#if'`);
      }
      last.into = last.node.no;
    } else if (word === "end") {
      if (open.pop() === undefined) throw new Error(`${where}: '//#end' without a block`);
    } else {
      throw new Error(`${where}: unknown mark '//#${word}'`);
    }
  });
  const left = open.at(-1);
  if (left !== undefined) {
    throw new Error(`${file}, line ${left.line}: '//#${left.node.kind}' without '//#end'`);
  }
  return top;
}

/** The value of a sum or product of whole numbers and names. */
function evaluate(expr: string, vars: Vars, where: string): number {
  const tokens = expr.match(/\d+|\w+|[-+*()]|\S/g) ?? [];
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`${where}: $(${expr}): ${why}`);
  };
  const atom = (): number => {
    const t = tokens[i++];
    if (t === undefined) return fail("ends too soon");
    if (t === "(") {
      const v = sum();
      if (tokens[i++] !== ")") fail("a '(' is not closed");
      return v;
    }
    if (t === "-") return -atom();
    if (/^\d+$/.test(t)) return Number(t);
    const v = vars[t];
    if (typeof v !== "number") return fail(`'${t}' is not a number here`);
    return v;
  };
  const product = (): number => {
    let v = atom();
    while (tokens[i] === "*") {
      i++;
      v *= atom();
    }
    return v;
  };
  const sum = (): number => {
    let v = product();
    while (tokens[i] === "+" || tokens[i] === "-") {
      const t = tokens[i++];
      v = t === "+" ? v + product() : v - product();
    }
    return v;
  };
  const v = sum();
  if (i !== tokens.length) fail(`unexpected '${tokens[i]}'`);
  return v;
}

/**
 * A text line with its `$(...)`, `$one(...)` and `$two(...)` filled in (the parentheses
 * nest); `where` names the line in errors.
 */
function fill(line: string, vars: Vars, where: string): string {
  let out = "";
  let i = 0;
  for (;;) {
    const m = /\$(one|two)?\(/g;
    m.lastIndex = i;
    const hit = m.exec(line);
    if (hit === null) return out + line.slice(i);
    let depth = 1;
    let j = m.lastIndex;
    for (; j < line.length && depth > 0; j++) {
      if (line[j] === "(") depth++;
      else if (line[j] === ")") depth--;
    }
    if (depth > 0) throw new Error(`${where}: '${hit[0]}' is not closed`);
    const inner = line.slice(m.lastIndex, j - 1);
    out += line.slice(i, hit.index);
    if (hit[1] === undefined) out += String(evaluate(inner, vars, where));
    else {
      const flag = vars[hit[1]];
      if (typeof flag !== "boolean") throw new Error(`${where}: '${hit[0]}...)' outside a twin`);
      // The text is the template's own: it may hold marks of its own.
      if (flag) out += fill(inner, vars, where);
    }
    i = j;
  }
}

function emit(nodes: readonly Node[], vars: Vars, file: string, out: string[]): void {
  for (const node of nodes) {
    if (node.kind === "text") {
      out.push(fill(node.line, vars, `${file}, line ${node.at}`));
    } else if (node.kind === "if") {
      const flag = vars[node.name];
      if (typeof flag !== "boolean") throw new Error(`${file}: '//#if ${node.name}': no such flag`);
      emit(flag ? node.yes : node.no, vars, file, out);
    } else {
      for (const value of node.values) {
        emit(node.body, { ...vars, [node.name]: Number(value) }, file, out);
      }
    }
  }
}

/**
 * The text of a template (named `file` in errors) expanded with `vars`; throws an error
 * naming the file and line of a mark it cannot expand.
 */
export function expand(text: string, vars: Vars, file: string): string {
  const out: string[] = [];
  emit(parse(text, file), vars, file, out);
  return out.join("\n") + "\n";
}

const ROOT = new URL("../../", import.meta.url);

/**
 * What each generated file should hold now: its path and its text, header first; `root` is
 * the repository's root (a URL ending in `/`).
 */
export async function generate(root: URL = ROOT): Promise<{ out: string; text: string }[]> {
  const made = [];
  for (const twin of TWINS) {
    const template = await Deno.readTextFile(new URL(twin.template, root));
    made.push({ out: twin.out, text: header(twin) + expand(template, twin.vars, twin.template) });
  }
  return made;
}

/**
 * The generated files under `root` (the repository's root by default) whose text is not
 * what their template gives now, a missing one included.
 */
export async function staleFiles(root: URL = ROOT): Promise<string[]> {
  const stale = [];
  for (const { out, text } of await generate(root)) {
    let kept: string | undefined;
    try {
      kept = await Deno.readTextFile(new URL(out, root));
    } catch {
      kept = undefined;
    }
    if (kept !== text) stale.push(out);
  }
  return stale;
}

/** Write every generated file, or with `check` compare them; returns the exit status. */
export async function twins(check: boolean): Promise<number> {
  if (check) {
    const stale = await staleFiles();
    for (const out of stale) console.error(`error: ${out} is stale: run 'deno task twins'`);
    return stale.length === 0 ? 0 : 1;
  }
  for (const { out, text } of await generate()) {
    await Deno.writeTextFile(new URL(out, ROOT), text);
    console.log(`wrote ${out} (${text.split("\n").length - 1} lines)`);
  }
  return 0;
}

if (import.meta.main) {
  const check = Deno.args.includes("--check");
  const unknown = Deno.args.find((a) => a !== "--check");
  if (unknown !== undefined) {
    console.error(`error: unknown argument '${unknown}'\nusage: deno task twins [--check]`);
    Deno.exit(2);
  }
  try {
    Deno.exit(await twins(check));
  } catch (e) {
    console.error(`error: ${e instanceof Error ? e.message : e}`);
    Deno.exit(2);
  }
}
