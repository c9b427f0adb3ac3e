import assert from "node:assert/strict";
import { lineText, readByteLines, readLineChunks, readLines } from "./io.ts";
import { InputError } from "../lib/grid/mod.ts";

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

/** A byte stream delivering `text` one byte at a time. */
function byteByByte(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream<Uint8Array>({
    start(c) {
      for (const b of bytes) c.enqueue(Uint8Array.of(b));
      c.close();
    },
  });
}

Deno.test("readByteLines", async (t) => {
  await t.step("byte ranges without the line ends, decoded by lineText", async () => {
    const seen: string[] = [];
    for await (const chunk of readByteLines(streamOf("ab\r\ncd\n", "\r\ne"))) {
      for (let i = 0; i < chunk.count; i++) {
        const raw = new TextDecoder().decode(chunk.bytes.subarray(chunk.starts[i], chunk.ends[i]));
        assert.equal(lineText(chunk, i), raw);
        seen.push(raw);
      }
    }
    assert.deepEqual(seen, ["ab", "cd", "", "e"]);
  });

  await t.step("a byte order mark is dropped at the start of the input only", async () => {
    const lines: string[] = [];
    for await (const chunk of readLineChunks(byteByByte("\ufeffab\n\ufeffcd\n\ufeff"))) {
      lines.push(...chunk);
    }
    assert.deepEqual(lines, ["ab", "\ufeffcd", "\ufeff"]);
    const only: string[] = [];
    for await (const chunk of readLineChunks(byteByByte("\ufeff"))) only.push(...chunk);
    assert.deepEqual(only, []);
  });

  await t.step("limits count characters, not bytes", async () => {
    const ok = await chunksOf(streamOf("é".repeat(10) + "\n", "😀".repeat(5)), 10);
    assert.equal(ok.error, undefined);
    assert.deepEqual(ok.got, [["é".repeat(10)], ["😀".repeat(5)]]);
    const { got, error } = await chunksOf(streamOf("a\n" + "é".repeat(11) + "\n"), 10);
    assert.deepEqual(got, [["a"]]);
    assert.ok(error instanceof InputError);
    assert.equal(
      error.message,
      "line 2, column 11: line is longer than 10 characters, more than any grid or move list needs",
    );
  });

  await t.step("endless multi-byte input is refused after maxLine characters", async () => {
    let reads = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        reads++;
        c.enqueue(new TextEncoder().encode("é".repeat(4)));
      },
    });
    const { got, error } = await chunksOf(stream, 20);
    assert.deepEqual(got, []);
    assert.ok(error instanceof InputError);
    assert.ok(reads < 10, `read ${reads} chunks`);
  });
});

Deno.test("readLines yields the same lines one by one", async () => {
  const parts = ["ab\ncd\r", "\nef", "gh\n\nlast"];
  const lines: string[] = [];
  for await (const line of readLines(streamOf(...parts))) lines.push(line);
  assert.deepEqual(lines, ["ab", "cd", "efgh", "", "last"]);
});
