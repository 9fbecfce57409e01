// The sandbox's frame: the one script of an opaque-origin frame (<iframe sandbox="allow-scripts">
// whose document the page writes, srcdoc) that owns the worker running a person's code. build.py
// puts this text inline in the frame's document and allows it, and nothing else, by its hash
// (sandbox-host.js has the document; index.html's policy names the same hash).
//
// It takes one message from the page (its parent): a MessagePort and the worker's script and
// files. It starts the worker from a blob: URL, then relays: what the page sends on the port goes
// to the worker; what the worker sends goes to the page only if it is text (JSON), at most
// MAX_CHARS long, and within a budget per second. A worker that breaks those rules is ended and
// the page told ({sandbox: "violation", message}); an error of the worker is told as
// {sandbox: "error", message}. The worker cannot reach this frame's document, and this frame
// cannot reach the page's: the port is the only way through.
(() => {
  const MAX_CHARS = 8 * 1024 * 1024;
  const BUDGET = { messages: 400, chars: 32 * 1024 * 1024 }; // per second
  let port = null;
  let worker = null;
  let window_ = { start: 0, messages: 0, chars: 0 };

  function tell(kind, message) {
    if (port) port.postMessage({ sandbox: kind, message: String(message) });
  }

  function end(message) {
    if (worker) worker.terminate();
    worker = null;
    tell("violation", message);
  }

  function fromWorker(event) {
    if (!worker) return; // ended: nothing of it goes on (the engines drop its queued messages too)
    const data = event.data;
    if (typeof data !== "string") return end("your code's worker sent the page something other than text");
    if (data.length > MAX_CHARS) return end(`your code's worker sent the page a message of ${data.length} characters (at most ${MAX_CHARS})`);
    const now = performance.now();
    if (now - window_.start > 1000) window_ = { start: now, messages: 0, chars: 0 };
    window_.messages += 1;
    window_.chars += data.length;
    if (window_.messages > BUDGET.messages) return end(`your code's worker sent the page more than ${BUDGET.messages} messages in a second`);
    if (window_.chars > BUDGET.chars) return end(`your code's worker sent the page more than ${BUDGET.chars} characters in a second`);
    port.postMessage(data);
  }

  addEventListener("message", (event) => {
    if (port || event.source !== parent || !event.ports || event.ports.length !== 1) return;
    const given = event.data;
    if (!given || typeof given.script !== "string" || !given.files) return;
    port = event.ports[0];
    try {
      worker = new Worker(URL.createObjectURL(new Blob([given.script], { type: "text/javascript" })));
    } catch (error) {
      tell("error", `the worker could not start (${error && error.message ? error.message : error})`);
      return;
    }
    worker.onmessage = fromWorker;
    worker.onerror = (e) => { e.preventDefault(); tell("error", e.message || ""); };
    worker.onmessageerror = () => tell("error", "a message from the worker could not be read");
    worker.postMessage({ type: "files", files: given.files, lock: given.lock, memoryLimit: given.memoryLimit },
      Object.values(given.files).filter((data) => data instanceof ArrayBuffer));
    port.onmessage = (e) => {
      if (!worker) return;
      const data = e.data;
      const bytes = data && data.data instanceof ArrayBuffer ? [data.data] : [];
      worker.postMessage(data, bytes);
    };
  });
  parent.postMessage("npuzzle-sandbox", "*");
})();
