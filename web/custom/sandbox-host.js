// The sandbox, seen from the page: a worker-like object (postMessage, terminate, onmessage,
// onerror, onmessageerror, as SolverClient drives a Worker) whose worker runs a person's code
// inside an opaque-origin frame the page makes and owns.
//
// Why a frame of its own, and not a worker of the site: a worker shares its creator's origin, so
// code in it could read and write the site's stored files, databases and service worker, and a
// worker loaded from a URL takes no policy from the page (it may eval and import from anywhere).
// Here, instead:
//  - the frame is <iframe sandbox="allow-scripts" srcdoc=...>: an opaque origin, so nothing in it
//    or in its worker can reach the site's CacheStorage, IndexedDB, localStorage, cookies or
//    service worker, nor the page's document, nor open windows, navigate the page or show dialogs;
//  - its document (FRAME_HTML, written by build.py) carries a policy of its own on top of the
//    page's (a srcdoc frame inherits the page's, which is already strict): no network at all
//    (connect-src 'none'), no script but its one inline script (allowed by its hash), no eval,
//    workers from blob: only. Its worker inherits both policies;
//  - nothing it needs comes from the network: the page fetches the runtime's files from the site
//    (through the service worker: offline too) and hands them over as bytes, and a table file
//    when the worker asks for one by its name (only the build's own tables, each once);
//  - what comes back passes the frame only as text within a size and rate budget
//    (sandbox-boot.js), and here only as one of the worker protocol's messages, each field of
//    the type the protocol gives it (worker-core.js); anything else ends the worker;
//  - its WebAssembly memory has a hard cap, MEMORY_LIMIT (sandbox-worker.js).
// terminate() removes the frame, which ends its worker whatever it is doing.
import { FRAME_HTML, PACKAGE_ARCHIVE, PYODIDE_URL, RUNTIME_FILES, SANDBOX_BUNDLE, STDLIB_ARCHIVE, TABLE_FILES } from "../build-info.js";
import * as words from "./code-words.js";
import { readMessage } from "./sandbox-messages.js";

export const MEMORY_LIMIT = 512 * 1024 * 1024;
const WEB = new URL("../", import.meta.url); // the build's web folder, where build-info.js (the build's constants) is
const TABLE_ASKS = 2; // how many times the worker may ask for one table file

async function bytes(path) {
  const response = await fetch(new URL(path, WEB));
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${path}`);
  return response;
}

// The runtime's files, fetched from the site (the service worker's copies once stored).
async function runtimeFiles() {
  const runtime = `${PYODIDE_URL}`;
  const [script, lock, wasm, stdlib, pkg] = await Promise.all([
    bytes(SANDBOX_BUNDLE).then((r) => r.text()),
    bytes(`${runtime}${RUNTIME_FILES.lock}`).then((r) => r.text()),
    bytes(`${runtime}${RUNTIME_FILES.wasm}`).then((r) => r.arrayBuffer()),
    bytes(STDLIB_ARCHIVE).then((r) => r.arrayBuffer()),
    bytes(PACKAGE_ARCHIVE).then((r) => r.arrayBuffer()),
  ]);
  return { script, lock, files: { wasm, stdlib, package: pkg } };
}

export class SandboxWorker {
  constructor(document = globalThis.document) {
    this.onmessage = null;
    this.onerror = null;
    this.onmessageerror = null;
    this.port = null;
    this.queue = []; // messages posted before the frame is ready
    this.asked = new Map(); // table name -> times asked
    this.ended = false;
    this.frame = document.createElement("iframe");
    this.frame.setAttribute("sandbox", "allow-scripts");
    this.frame.setAttribute("aria-hidden", "true");
    this.frame.setAttribute("tabindex", "-1");
    this.frame.title = words.sandbox.title;
    this.frame.hidden = true;
    this.frame.srcdoc = FRAME_HTML;
    this.listen = (event) => this.frameReady(event);
    globalThis.addEventListener("message", this.listen);
    this.files = runtimeFiles();
    this.files.catch((error) => this.fail(words.sandbox.noFiles(error.message)));
    document.body.append(this.frame);
  }

  // The frame's script started: hand it the port and the files (once).
  async frameReady(event) {
    if (this.port || event.source !== this.frame.contentWindow || event.data !== "npuzzle-sandbox") return;
    globalThis.removeEventListener("message", this.listen);
    let given;
    try {
      given = await this.files;
    } catch {
      return; // said by fail()
    }
    if (this.ended) return;
    const channel = new MessageChannel();
    this.port = channel.port1;
    this.port.onmessage = (e) => this.receive(e.data);
    this.frame.contentWindow.postMessage({ ...given, memoryLimit: MEMORY_LIMIT }, "*",
      [channel.port2, ...Object.values(given.files)]);
    for (const message of this.queue) this.port.postMessage(message);
    this.queue = [];
  }

  receive(data) {
    if (this.ended) return;
    if (data && typeof data === "object" && typeof data.sandbox === "string") {
      return this.fail(String(data.message));
    }
    const message = typeof data === "string" ? readMessage(data) : null;
    if (!message) {
      this.end();
      if (this.onmessageerror) this.onmessageerror(new Event("messageerror"));
      return;
    }
    if (message.type === "table") return this.giveTable(message.name);
    if (this.onmessage) this.onmessage({ data: message });
  }

  async giveTable(name) {
    const path = Object.hasOwn(TABLE_FILES, name) ? TABLE_FILES[name] : null;
    const asked = (this.asked.get(name) || 0) + 1;
    this.asked.set(name, asked);
    if (!path || asked > TABLE_ASKS) {
      this.port.postMessage({ type: "table", name, error: path ? words.sandbox.tooOften(name) : words.sandbox.noTable(name) });
      return;
    }
    try {
      const data = await (await bytes(path)).arrayBuffer();
      if (!this.ended) this.port.postMessage({ type: "table", name, data }, [data]);
    } catch (error) {
      if (!this.ended) this.port.postMessage({ type: "table", name, error: words.sandbox.tableFailed(name, error.message) });
    }
  }

  fail(message) {
    if (this.ended) return;
    this.end();
    if (this.onerror) this.onerror({ message, preventDefault() {} });
  }

  postMessage(message) {
    if (this.ended) return;
    if (this.port) this.port.postMessage(message);
    else this.queue.push(message);
  }

  end() {
    this.ended = true;
    globalThis.removeEventListener("message", this.listen);
    if (this.port) this.port.close();
    this.frame.remove();
  }

  terminate() {
    this.end();
  }
}
