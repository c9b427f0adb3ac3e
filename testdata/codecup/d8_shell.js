// A stand-in for the CodeCup's `d8` shell, for node 11.15 (V8 7.0): runs one script as a
// plain script in the global scope after taking every global name away that a fresh V8
// context does not have (process, Buffer, require's kin, timers, URL, TextEncoder, ...),
// then adding d8's `readline`, `print`, `write` and `printErr`. `console` stays (d8 has
// one too). `readline()` returns the next line of standard input synchronously (without
// its newline) and `undefined` at the end; output is written at once.
//
// Not `vm.runInContext`: a contextified global answers every global lookup (Math,
// Int32Array, ...) through an interceptor, and the bot ran about seven times slower there
// than in the plain global scope.
//
// V8 7.0 lacks `globalThis`, which the competition's V8 7.1 has, so it is defined as the
// global object itself (a name, not a capability).
//
// Usage: node d8_shell.js SCRIPT
// Written for old engines: ES2018 and CommonJS only.
"use strict";

const fs = require("fs");
const vm = require("vm");

const file = process.argv[2];
if (file === undefined) {
  process.stderr.write("usage: node d8_shell.js SCRIPT\n");
  process.exit(2);
}

const NodeBuffer = Buffer;
const chunk = NodeBuffer.alloc(65536);
const pause = new Int32Array(new SharedArrayBuffer(4));
let pending = "";
let ended = false;

/** The next line of standard input, or undefined once it has ended. */
function readline() {
  for (;;) {
    const nl = pending.indexOf("\n");
    if (nl >= 0) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      return line.endsWith("\r") ? line.slice(0, -1) : line;
    }
    if (ended) {
      if (pending === "") return undefined;
      const last = pending;
      pending = "";
      return last;
    }
    let n;
    try {
      n = fs.readSync(0, chunk, 0, chunk.length, null);
    } catch (e) {
      if (e.code === "EAGAIN") {
        // A non-blocking pipe with nothing in it yet: wait a little, synchronously.
        Atomics.wait(pause, 0, 0, 1);
        continue;
      }
      if (e.code === "EOF") n = 0;
      else throw e;
    }
    if (n === 0) ended = true;
    else pending += chunk.toString("utf8", 0, n);
  }
}

function text(args) {
  return Array.prototype.map.call(args, String).join(" ");
}

function writeAll(fd, s) {
  const bytes = NodeBuffer.from(s, "utf8");
  let off = 0;
  while (off < bytes.length) {
    try {
      off += fs.writeSync(fd, bytes, off, bytes.length - off);
    } catch (e) {
      if (e.code !== "EAGAIN") throw e;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}

const fsReadFile = fs.readFileSync;
const exit = process.exit.bind(process);
const stderr = process.stderr;
const shell = {
  readline: readline,
  print: function () {
    writeAll(1, text(arguments) + "\n");
  },
  write: function () {
    writeAll(1, text(arguments));
  },
  printErr: function () {
    try {
      writeAll(2, text(arguments) + "\n");
    } catch (_e) {
      // Debug output is optional, as in the competition.
    }
  },
};

const code = fsReadFile(file, "utf8");
const builtin = new Set(vm.runInNewContext("Object.getOwnPropertyNames(this)"));
const g = global;
for (const name of Object.getOwnPropertyNames(g)) {
  if (builtin.has(name)) continue;
  if (!delete g[name]) throw new Error("d8_shell: cannot remove the global " + name);
}
for (const name of Object.keys(shell)) g[name] = shell[name];
if (!("globalThis" in g)) {
  Object.defineProperty(g, "globalThis", { value: g, writable: true, configurable: true });
}

try {
  vm.runInThisContext(code, { filename: file });
} catch (e) {
  stderr.write("d8_shell: " + file + ": " + (e && e.stack ? e.stack : e) + "\n");
  exit(1);
}
