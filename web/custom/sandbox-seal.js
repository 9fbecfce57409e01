// The limits of the worker that runs a person's code (sandbox-worker.js), in a module of their
// own so that Node can try them against the sealed runtime (tests/test_sandbox_seal.py).
//
// Every byte the code can make the worker hold is counted, by construction rather than door by
// door: Python's objects live in WebAssembly memory, which `capMemory` caps; everything else
// the runtime keeps for Python lives in JavaScript memory, and Python reaches it through three
// ways only, each shut or counted as a whole by `seal` once the package is imported:
// - Pyodide's bridge to JavaScript: every door that calls, constructs, makes or fills anything
//   refuses (build.py's BRIDGE_DOORS, in the sealed pyodide.asm.mjs).
// - what the runtime makes outside its file system that Python has no use for: a pipe, a socket,
//   a host name looked up (build.py's SHUT_DOORS) refuse before anything is made.
// - Emscripten's file system (FS), which keeps files, names and links in JavaScript memory:
//   - what Python makes there may be files, folders and links only (a device or a FIFO is
//     refused), FILE_NODES of them in all;
//   - the bytes it writes into files (or grows them by), the characters of the names it gives
//     and of the links' targets together take at most FILE_BYTES;
//   - a stream (an open file descriptor) may be made on a file or a folder only (not a device:
//     only the standard streams already open, whose output is capped at PRINT_BYTES, nor a
//     pipe or a socket), below MAX_FDS, its path at most MAX_PATH characters long.
//   - a traceback that reaches JavaScript (a Python exception no handler took, printed by Python
//     into a device of Pyodide's that keeps every byte) is kept to its last TRACEBACK_BYTES.
// What the page's own JavaScript does there (tables written) is not counted: only while a call
// into Python runs (Budget.guard). A limit hit or a door refused makes the call fail as the
// system would (an OSError, MemoryError, a JavaScript error) and leaves its words in the
// Budget, so the worker's next answer is replaced by them and the page ends the worker. Too
// many descriptors or too long a path are only errors, as on Linux (EINVAL, ENAMETOOLONG).
// Not reachable, so not here: hard links, FIFOs and mknod (Pyodide's os has none), xattrs (no
// such calls), the environment (kept by the C library, in WebAssembly memory).

export const FILE_BYTES = 32 * 2 ** 20;
export const FILE_NODES = 1000;
export const PRINT_BYTES = 64 * 1024;
export const TRACEBACK_BYTES = 64 * 1024; // the end of a traceback that reaches JavaScript
const TRACEBACK_DEVICE = "npuzzle-traceback";
const MAX_FDS = 4096; // Emscripten's own FS.MAX_OPEN_FDS, which fcntl's F_DUPFD does not check
const MAX_PATH = 4096; // Linux's PATH_MAX
// Emscripten's errno numbers
const NO_SPACE = 51; // ENOSPC
const NOT_PERMITTED = 63; // EPERM
const INVALID = 28; // EINVAL
const TOO_LONG = 37; // ENAMETOOLONG

const NOT_ALLOWED = ", which the worker that runs it does not allow";

// What the code has spent of its worker's limits, and the words of the first limit it hit.
export class Budget {
  inPython = false; // while a call into Python runs: only then is anything counted
  bytes = 0; // written into files (or grown by), names and links' targets
  nodes = 0; // files, folders and links made
  printed = 0; // bytes printed
  refused = null; // the words of the first limit hit or door refused

  // One call into Python.
  guard(call) {
    this.inPython = true;
    try {
      return call();
    } finally {
      this.inPython = false;
    }
  }

  refuse(words) {
    this.refused = this.refused || words;
  }
}

// WebAssembly memory may not grow past `limit` bytes: a growth past it fails as if the browser
// had no more memory (Python raises MemoryError). Before Pyodide loads.
export function capMemory(limit, budget) {
  const grow = WebAssembly.Memory.prototype.grow;
  const mebibytes = Math.round(limit / 2 ** 20);
  Object.defineProperty(WebAssembly.Memory.prototype, "grow", {
    value(pages) {
      if (this.buffer.byteLength + pages * 65536 > limit) {
        budget.refuse(`your code tried to use more than ${mebibytes} MB of memory, the limit of the worker that runs it`);
        throw new RangeError(budget.refused);
      }
      return grow.call(this, pages);
    },
    writable: false, configurable: false, enumerable: false,
  });
  // A memory made afresh may not start or grow past the cap either.
  const Memory = WebAssembly.Memory;
  const capped = function Memory_(descriptor) {
    if (!new.target) throw new TypeError("WebAssembly.Memory must be called with new");
    const maximum = Math.min(Number(descriptor && descriptor.maximum) || 65536, Math.floor(limit / 65536));
    if (Number(descriptor && descriptor.initial) > maximum) throw new RangeError(`a memory over ${mebibytes} MB`);
    return new Memory({ ...descriptor, maximum });
  };
  capped.prototype = Memory.prototype;
  Object.defineProperty(WebAssembly, "Memory", { value: capped, writable: false, configurable: false });
}

// Once the package is imported, before any person's code: `sealBridge` is the sealed
// pyodide.asm.mjs's export (build.py's SEAL_EXPORT).
export function seal(pyodide, sealBridge, budget) {
  sealBridge(
    (door) => {
      budget.refuse(`your code tried to use JavaScript${NOT_ALLOWED}`);
      throw new Error(`${budget.refused} (${door})`);
    },
    (door, what) => budget.refuse(`your code tried to use ${what}${NOT_ALLOWED}`),
  );
  const FS = pyodide.FS;
  const fail = (errno, words) => {
    if (words) budget.refuse(words);
    throw new FS.ErrnoError(errno);
  };
  const full = (words) => fail(NO_SPACE, `your code tried to ${words}, the limit of the worker that runs it`);
  const spend = (size) => {
    if (budget.inPython && (budget.bytes += Math.max(0, Number(size) || 0)) > FILE_BYTES) {
      full(`write more than ${FILE_BYTES / 2 ** 20} MB into files`);
    }
  };
  const made = () => {
    if (budget.inPython && ++budget.nodes > FILE_NODES) full(`make more than ${FILE_NODES} files, folders or links`);
  };
  const named = (path) => spend(String(path).replace(/\/+$/, "").split("/").pop().length);
  // What a node is, in words, if it is not a file, a folder or a link.
  const other = (mode) => (FS.isFIFO(mode) ? "a pipe" : FS.isSocket(mode) ? "a socket"
    : FS.isChrdev(mode) || FS.isBlkdev(mode) ? "a device" : FS.isFile(mode) || FS.isDir(mode) || FS.isLink(mode) ? null
      : "something other than a file");
  const wrap = (name, before) => {
    const real = FS[name];
    if (typeof real !== "function") throw new Error(`Pyodide's file system has no ${name}: the sandbox cannot count it`);
    FS[name] = function (...args) {
      before(...args);
      return real.apply(this, args);
    };
  };
  // A write counts its bytes, or how far it grows the file if more (a write far past the end).
  // Files only: a stream on anything else is one of the standard streams (PRINT_BYTES).
  const grown = (stream, at, length) => {
    if (!stream || !stream.node || !FS.isFile(stream.node.mode)) return 0;
    const used = stream.node.usedBytes || 0;
    return Math.max(Number(length) || 0, (Number(at) || 0) + (Number(length) || 0) - used);
  };
  wrap("write", (stream, buffer, offset, length, position) => {
    const append = stream && (stream.flags & 1024); // O_APPEND: at the end
    spend(grown(stream, append ? stream.node.usedBytes : position ?? stream.position, length));
  });
  wrap("msync", (stream, buffer, offset, length) => spend(grown(stream, offset, length))); // mmap's write-back
  wrap("doTruncate", (stream, node, length) => spend(length)); // truncate, and fallocate through it
  // Every node is made by mknod (files, folders, devices, FIFOs) or symlink; rename gives a new name.
  wrap("mknod", (path, mode) => {
    if (!budget.inPython) return;
    const what = other(mode);
    if (what) fail(NOT_PERMITTED, `your code tried to make ${what}${NOT_ALLOWED}`);
    made();
    named(path);
  });
  wrap("symlink", (target, path) => {
    if (!budget.inPython) return;
    made();
    named(path);
    spend(String(target).length);
  });
  wrap("rename", (from, to) => {
    if (budget.inPython) named(to);
  });
  // Every stream is made by createStream (open, dup, fcntl, a pipe, a socket): on a file or a
  // folder only, below MAX_FDS (F_DUPFD may ask for any number), its path (kept with it, and
  // read again as a whole by getdents) at most MAX_PATH long.
  wrap("createStream", (stream, fd) => {
    if (!budget.inPython) return;
    const what = other(stream && stream.node ? stream.node.mode : 0);
    if (what) fail(NOT_PERMITTED, `your code tried to use ${what}${NOT_ALLOWED}`);
    if (fd !== undefined && fd !== -1 && !(fd >= 0 && fd < MAX_FDS)) fail(INVALID);
    if (String(stream.path ?? "").length > MAX_PATH) fail(TOO_LONG);
  });
  // Printed bytes one by one, a line to the console at its end, up to PRINT_BYTES in all; past
  // that nothing is kept (Pyodide's own line buffer would keep a line without end).
  const text = new TextDecoder();
  const print = (log) => {
    let line = [];
    return {
      raw(byte) {
        if (budget.printed >= PRINT_BYTES) return;
        budget.printed += 1;
        if (byte === 10 || budget.printed === PRINT_BYTES) {
          log(text.decode(new Uint8Array(line)));
          line = [];
        } else {
          line.push(byte);
        }
      },
    };
  };
  pyodide.setStdout(print(console.log));
  pyodide.setStderr(print(console.warn));
  // Reading the standard input gives its end at once (a browser's default asks `prompt`, which a
  // worker lacks, and logs the failure at every read).
  pyodide.setStdin({ stdin: () => null });
  // A Python exception that reaches JavaScript is printed by Python (its traceback, to the
  // standard error) into a device Pyodide makes for the while, which keeps every byte in a
  // JavaScript array (8 bytes each: a 50 MB message took 1.5 GB). Here one device, made now,
  // keeps the last TRACEBACK_BYTES of it; its streams are the runtime's, not Python's.
  const api = pyodide._api;
  if (!api || typeof api.capture_stderr !== "function" || typeof api.restore_stderr !== "function") {
    throw new Error("Pyodide has no capture_stderr: the sandbox cannot bound a traceback");
  }
  const tail = new Uint8Array(TRACEBACK_BYTES); // byte k of the traceback at k % TRACEBACK_BYTES
  let written = 0;
  const device = FS.createDevice("/dev", TRACEBACK_DEVICE, null, () => {});
  FS.getDevice(device.rdev).stream_ops.write = (stream, buffer, offset, length) => {
    const bytes = buffer.subarray(offset + Math.max(0, length - TRACEBACK_BYTES), offset + length);
    const at = (written + length - bytes.length) % TRACEBACK_BYTES;
    const first = Math.min(bytes.length, TRACEBACK_BYTES - at);
    tail.set(bytes.subarray(0, first), at);
    tail.set(bytes.subarray(first), 0);
    written += length;
    return length;
  };
  const asStandardError = (path) => {
    const was = budget.inPython;
    budget.inPython = false;
    try {
      FS.closeStream(2);
      const stream = FS.open(path, 1); // the lowest free descriptor: 2, unless Python closed 0 or 1
      if (stream.fd !== 2) {
        FS.dupStream(stream, 2);
        FS.close(stream);
      }
    } finally {
      budget.inPython = was;
    }
  };
  api.capture_stderr = () => {
    written = 0;
    asStandardError(`/dev/${TRACEBACK_DEVICE}`);
  };
  api.restore_stderr = () => {
    asStandardError("/dev/stderr");
    const kept = Math.min(written, TRACEBACK_BYTES);
    const start = (written - kept) % TRACEBACK_BYTES;
    const first = Math.min(kept, TRACEBACK_BYTES - start);
    const bytes = new Uint8Array(kept);
    bytes.set(tail.subarray(start, start + first));
    bytes.set(tail.subarray(0, kept - first), first);
    return text.decode(bytes);
  };
}
