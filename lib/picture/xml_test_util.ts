/**
 * Test helper: a small strict XML reader for the pictures' tests, shared by every test
 * that reads an SVG back (`svg_test.ts`, the classify tests). Well-formedness as XML 1.0
 * demands it, and a little more: no raw `>` in text, no comments, CDATA, DOCTYPE or
 * processing instructions other than the XML declaration; the root must be `<svg>` in the
 * SVG namespace. Returns the element tree with entities decoded.
 *
 * @module
 */

import { SVG_NAMESPACE } from "./svg.ts";

/** An element: its name, attributes and children (text decoded). */
export interface XmlElement {
  /** Tag name. */
  readonly name: string;
  /** Attributes, values decoded. */
  readonly attrs: Map<string, string>;
  /** Child elements and text runs, in order. */
  readonly children: (XmlElement | string)[];
}

const NAME = /[A-Za-z_:][A-Za-z0-9._:-]*/y;
const SPACE = /[ \t\r\n]*/y;
const ILLEGAL_CHAR = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
/** The only XML declaration accepted. */
export const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Decode the references of text or an attribute value; throws on any other `&`. */
function decode(raw: string, where: number): string {
  return raw.replace(/&([^;]*);|&/g, (whole, body: string | undefined) => {
    if (body === undefined) throw new SyntaxError(`bare & at ${where}`);
    if (body in ENTITIES) return ENTITIES[body];
    const m = /^#(?:x([0-9A-Fa-f]+)|([0-9]+))$/.exec(body);
    if (m === null) throw new SyntaxError(`unknown entity ${whole} at ${where}`);
    const code = m[1] !== undefined ? parseInt(m[1], 16) : parseInt(m[2], 10);
    const ch = code <= 0x10ffff ? String.fromCodePoint(code) : "\0";
    if (ILLEGAL_CHAR.test(ch)) throw new SyntaxError(`reference to illegal ${whole}`);
    return ch;
  });
}

/** Parse a whole SVG document strictly; throws `SyntaxError` at the first fault. */
export function parseXml(src: string): XmlElement {
  const bad = ILLEGAL_CHAR.exec(src);
  if (bad !== null) throw new SyntaxError(`illegal character at ${bad.index}`);
  let pos = 0;
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at ${pos}: ${JSON.stringify(src.slice(pos, pos + 30))}`);
  };
  const skipSpace = () => {
    SPACE.lastIndex = pos;
    SPACE.exec(src);
    pos = SPACE.lastIndex;
  };
  const name = (): string => {
    NAME.lastIndex = pos;
    const m = NAME.exec(src);
    if (m === null) return fail("expected a name");
    pos = NAME.lastIndex;
    return m[0];
  };
  if (src.startsWith("<?")) {
    if (!src.startsWith(DECLARATION)) fail("bad XML declaration");
    pos = DECLARATION.length;
  }
  skipSpace();
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  while (pos < src.length) {
    if (stack.length === 0) {
      if (root !== undefined) fail("content after the root element");
      if (src[pos] !== "<") fail("text outside the root element");
    }
    if (src[pos] !== "<") {
      const end = src.indexOf("<", pos);
      if (end < 0) fail("unterminated text");
      const raw = src.slice(pos, end);
      if (raw.includes(">")) fail("raw > in text");
      stack[stack.length - 1].children.push(decode(raw, pos));
      pos = end;
      continue;
    }
    if (src.startsWith("</", pos)) {
      pos += 2;
      const n = name();
      skipSpace();
      if (src[pos] !== ">") fail("bad end tag");
      pos++;
      const open = stack.pop();
      if (open === undefined || open.name !== n) fail(`end tag ${n} does not match`);
      if (stack.length === 0) skipSpace();
      continue;
    }
    pos++;
    if (src[pos] === "!" || src[pos] === "?") fail("markup declaration or instruction");
    const element: XmlElement = { name: name(), attrs: new Map(), children: [] };
    for (;;) {
      const before = pos;
      skipSpace();
      if (src.startsWith("/>", pos) || src[pos] === ">") break;
      if (pos === before) fail("attributes must be separated by white space");
      const a = name();
      skipSpace();
      if (src[pos] !== "=") fail("expected =");
      pos++;
      skipSpace();
      const quote = src[pos];
      if (quote !== '"' && quote !== "'") fail("unquoted attribute value");
      const end = src.indexOf(quote, pos + 1);
      if (end < 0) fail("unterminated attribute value");
      const raw = src.slice(pos + 1, end);
      if (raw.includes("<")) fail("< in attribute value");
      if (element.attrs.has(a)) fail(`duplicate attribute ${a}`);
      element.attrs.set(a, decode(raw, pos));
      pos = end + 1;
    }
    if (stack.length > 0) stack[stack.length - 1].children.push(element);
    else root = element;
    if (src[pos] === "/") {
      pos += 2;
      if (stack.length === 0) skipSpace();
    } else {
      pos++;
      stack.push(element);
    }
  }
  if (stack.length > 0) fail(`unclosed <${stack[stack.length - 1].name}>`);
  if (root === undefined) return fail("no root element");
  if (root.name !== "svg") fail(`root is <${root.name}>, not <svg>`);
  if (root.attrs.get("xmlns") !== SVG_NAMESPACE) fail("root lacks the SVG namespace");
  return root;
}

/** The element and all its descendants, in document order. */
export function* elements(e: XmlElement): Generator<XmlElement> {
  yield e;
  for (const c of e.children) if (typeof c !== "string") yield* elements(c);
}

/** The text content of an element and its descendants. */
export function textOf(e: XmlElement): string {
  return e.children.map((c) => (typeof c === "string" ? c : textOf(c))).join("");
}

/** The element's own children with that name. */
export function childrenNamed(e: XmlElement, name: string): XmlElement[] {
  return e.children.filter((c): c is XmlElement => typeof c !== "string" && c.name === name);
}

/** The element and descendants whose `class` list holds `cls`. */
export function byClass(e: XmlElement, cls: string): XmlElement[] {
  return [...elements(e)].filter((x) => (x.attrs.get("class") ?? "").split(" ").includes(cls));
}

/** The boards of a picture: elements with `data-grid`, in document order. */
export function grids(root: XmlElement): XmlElement[] {
  return [...elements(root)].filter((e) => e.attrs.has("data-grid"));
}
