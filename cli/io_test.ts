import assert from "node:assert/strict";
import { readLineChunks, readLines } from "./io.ts";
import { InputError } from "../lib/grid/parse.ts";

/** A byte stream that delivers `parts` as separate chunks. */
function streamOf(...parts: string[]): ReadableStream<Uint8Array> {
  const bytes = parts.map((p) => new TextEncoder().encode(p));
  return new ReadableStream({
    pull(controller) {
      const next = bytes.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(next);
    },
  });
}

async function chunksOf(stream: ReadableStream<Uint8Array>, maxLine?: number) {
  const got: string[][] = [];
  let error: unknown;
  try {
    for await (const lines of readLineChunks(stream, { maxLine })) got.push(lines);
  } catch (e) {
    error = e;
  }
  return { got, error };
}

Deno.test("readLineChunks", async (t) => {
  await t.step("the complete lines of each chunk, split across chunks and CRLF", async () => {
    const { got, error } = await chunksOf(streamOf("ab\ncd\r", "\nef", "gh\n\nlast"));
    assert.equal(error, undefined);
    assert.deepEqual(got, [["ab"], ["cd"], ["efgh", ""], ["last"]]);
  });

  await t.step("multi-byte characters split between chunks", async () => {
    const bytes = new TextEncoder().encode("é×\n25×25\n");
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (const b of bytes) c.enqueue(Uint8Array.of(b));
        c.close();
      },
    });
    const lines: string[] = [];
    for await (const chunk of readLineChunks(stream)) lines.push(...chunk);
    assert.deepEqual(lines, ["é×", "25×25"]);
  });

  await t.step("a line that is too long comes after the lines before it", async () => {
    const { got, error } = await chunksOf(streamOf("12\n34\n" + "x".repeat(20) + "\n"), 10);
    assert.deepEqual(got, [["12", "34"]]);
    assert.ok(error instanceof InputError);
    assert.equal(
      error.message,
      "line 3, column 11: line is longer than 10 characters, more than any grid or move list needs",
    );
  });

  await t.step("endless input without a line end is refused after maxLine characters", async () => {
    let reads = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        reads++;
        c.enqueue(new Uint8Array(8).fill(48));
      },
    });
    const { got, error } = await chunksOf(stream, 20);
    assert.deepEqual(got, []);
    assert.ok(error instanceof InputError);
    assert.ok(reads < 10, `read ${reads} chunks`);
  });

  await t.step(
    "beforeWait runs before every read, after the chunk's lines were taken",
    async () => {
      const events: string[] = [];
      const options = { beforeWait: () => void events.push("wait") };
      for await (const lines of readLineChunks(streamOf("a\nb\n", "c\n"), options)) {
        events.push(lines.join("+"));
      }
      assert.deepEqual(events, ["wait", "a+b", "wait", "c", "wait"]);
    },
  );
});

Deno.test("readLines yields the same lines one by one", async () => {
  const parts = ["ab\ncd\r", "\nef", "gh\n\nlast"];
  const lines: string[] = [];
  for await (const line of readLines(streamOf(...parts))) lines.push(line);
  assert.deepEqual(lines, ["ab", "cd", "efgh", "", "last"]);
});
