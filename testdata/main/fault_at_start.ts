// Preloaded by cli/main_test.ts (`deno run --preload`): reading the arguments throws, as
// a bug before any command starts would.
Object.defineProperty(Deno, "args", {
  get() {
    throw new RangeError("injected fault at start");
  },
});
