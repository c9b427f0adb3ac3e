/**
 * Text shared by every part of the toolkit: input quoted safely in messages.
 *
 * The lowest floor of the library: it imports nothing else of `lib/`.
 *
 * @example Input quoted for a message: invisible characters escaped, long input cut
 * ```ts
 * import assert from "node:assert/strict";
 * import { describeChar, quoteInput } from "@sudokit/sudokit/text";
 *
 * assert.equal(quoteInput("12\x1b[2J"), "'12\\x1b[2J'");
 * assert.equal(quoteInput("x".repeat(50), 5), "'xxxxx…'");
 * assert.equal(describeChar("\t"), "character U+0009");
 * ```
 *
 * @module
 */

export { describeChar, escapeText, MAX_QUOTE, quoteInput } from "./escape.ts";
