/**
 * Entry of the CodeCup 2024 submission `dist/codecup.js` (`deno task codecup`): one plain
 * script for V8's `d8` shell (7.1, `--single-threaded`), which has no modules, no Deno and
 * no workers, only `readline()`, `print()`, `write()` and `printErr()`. The bundler
 * (`cli/build/bundle.ts`) inlines the library bot and lowers the code to ES2018.
 *
 * @module
 */

import { runCodecup } from "../../lib/sudoku_game/mod.ts";

declare function readline(): string | undefined | null;
declare function print(line: string): void;
declare function printErr(line: string): void;

// d8's own start-up is not visible from here; the clock starts when the script runs.
const start = Date.now();

runCodecup({
  readline: () => readline(),
  print: (line) => print(line),
  printErr: (line) => printErr(line),
  now: () => Date.now(),
}, {
  level: "strong",
  // The competition starts d8 with a fixed seed, so this is reproducible there.
  seed: Math.floor(Math.random() * 2 ** 31),
  start,
});
