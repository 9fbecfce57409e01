// What the page accepts from the worker that runs a person's code (web/custom/sandbox-messages.js):
// the worker protocol's messages, each field of its type; anything else is refused.
import assert from "node:assert/strict";
import { test } from "node:test";

import { readMessage } from "../../web/custom/sandbox-messages.js";

const text = (message) => JSON.stringify(message);

test("every message of the worker protocol, as the worker core sends it, is taken as it is", () => {
  const messages = [
    { type: "loading", stage: "Loading Python" },
    { type: "ready", info: { version: "0.1.0" }, startup: { origin: 1 }, memory: 123 },
    { type: "fatal", message: "Python failed" },
    { type: "refused", message: "no id" },
    { id: 3, type: "progress", progress: { states: 1, total: 2 } },
    { id: 3, type: "progress", progress: null, solution: { length: 4 }, trace_delta: { samples: [] } },
    { id: 3, type: "answer", answer: { ok: true, check: {} }, memory: 4096 },
    { id: 3, type: "answer", answer: { ok: false, error: { field: "heuristic_code", message: "h raised", line: 4 } } },
    { type: "table", name: "pdb-4x4-663x2.bin" },
  ];
  for (const message of messages) assert.deepEqual(readMessage(text(message)), message);
});

test("anything else is refused: not JSON, not an object, an unknown type, a field of the wrong type", () => {
  const refused = [
    "not JSON", "[]", "null", "7", '"answer"', text([{ type: "answer" }]),
    text({ type: "answerx", id: 1 }), text({ type: "__proto__" }), text({ type: "toString" }), text({ id: 1 }),
    text({ type: "loading", stage: 4 }), text({ type: "ready", info: "x" }), text({ type: "ready", info: [] }),
    text({ type: "fatal" }), text({ type: "progress", id: "1", progress: {} }), text({ type: "progress", id: 1, progress: [] }),
    text({ type: "progress", id: 1, progress: {}, solution: "x" }), text({ type: "progress", id: 1, progress: {}, trace_delta: 3 }),
    text({ type: "answer", id: 1, answer: null }), text({ type: "answer", id: 1, answer: { ok: "yes" } }),
    text({ type: "answer", id: 1, answer: { ok: false } }), text({ type: "answer", id: 1, answer: { ok: false, error: { field: 1, message: "m" } } }),
    text({ type: "answer", id: 1, answer: { ok: false, error: { field: "f" } } }),
    text({ type: "answer", id: 1, answer: { ok: true }, memory: "big" }), text({ type: "table", name: ["a"] }),
  ];
  for (const message of refused) assert.equal(readMessage(message), null, message);
});

test("markup stays text: it is a string field like any other (the page writes it as text)", () => {
  const mark = '<img src=x onerror="window.__pwned = 1">';
  const message = readMessage(text({ id: 1, type: "answer", answer: { ok: false, error: { field: "heuristic_code", message: mark } } }));
  assert.equal(message.answer.error.message, mark);
});
