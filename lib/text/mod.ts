/**
 * Text shared by every part of the toolkit: input quoted safely in messages.
 *
 * The lowest floor of the library: it imports nothing else of `lib/`.
 *
 * @module
 */

export { describeChar, escapeText, MAX_QUOTE, quoteInput } from "./escape.ts";
