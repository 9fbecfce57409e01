// What the page accepts from the worker that runs a person's code (sandbox-host.js): one of the
// worker protocol's messages (solver/worker-core.js lists them), each field of the type the
// protocol gives it. Anything else is refused (null), and the worker that sent it is ended.

const FIELDS = {
  loading: { stage: "string" },
  ready: { info: "object" },
  fatal: { message: "string" },
  refused: { message: "string" },
  progress: { id: "number", progress: "object?" },
  answer: { id: "number", answer: "object" },
  table: { name: "string" },
};

function ofType(value, type) {
  if (type.endsWith("?") && (value === null || value === undefined)) return true;
  const base = type.replace("?", "");
  return base === "object" ? value !== null && typeof value === "object" && !Array.isArray(value) : typeof value === base;
}

// A message from the worker as the protocol has it, or null.
export function readMessage(text) {
  let message;
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  if (!message || typeof message !== "object" || Array.isArray(message)) return null;
  const fields = Object.hasOwn(FIELDS, message.type) ? FIELDS[message.type] : null;
  if (!fields) return null;
  for (const [name, type] of Object.entries(fields)) if (!ofType(message[name], type)) return null;
  if (message.type === "answer") {
    const { ok, error } = message.answer;
    if (typeof ok !== "boolean") return null;
    if (!ok && !(ofType(error, "object") && typeof error.field === "string" && typeof error.message === "string")) return null;
  }
  if ("memory" in message && !Number.isFinite(message.memory)) return null;
  for (const key of ["solution", "trace_delta"]) if (key in message && !ofType(message[key], "object")) return null;
  return message;
}
