// CodePanel: the "Your code" feature. A person writes a heuristic (h(tiles, goal, rows, cols)) or
// a search (search(problem)) in Python, in an editor loaded when first opened (code-editor.js);
// the code runs in its sandboxed worker (CodeRunner), never the solver's.
// - Check: h against exact distances (every state up to 9 cells, sampled boards on 4x4), with
//   progress and Cancel; the verdict, its facts, the worst boards a link away; Markdown and CSV.
// - "Use in the Heuristic menu": CodeOffer answers SolverChoice's hooks, so Solve, Compare all,
//   Why h, the tree and the trace use it, with what its check proved.
// - Run on the board: the search runs once under the limits, its moves replayed by Python (an
//   illegal move refused with its step), shown in the replay; Compare all races it while open.
// - Links carry the code (code-link.js) when it is not the template; a link's code is shown, and
//   runs only once the person presses Run. Download .py; Start from the template.
// A refusal shows its message and marks its line; a worker that hangs, passes its memory cap or
// answers what Python never sends is ended, and the panel says why.

import * as protocol from "../solver/protocol.js";
import { openEditor } from "./code-editor.js";
import { pack, unpack } from "./code-link.js";
import { CodeOffer, CUSTOM } from "./code-offer.js";
import * as words from "./code-words.js";

const KINDS = ["heuristic", "search"];
const CANCEL_GRACE_MS = 1000; // a cancelled check that has not answered by then is stuck in h: its worker is ended
// A person's search is one call to Python that reports nothing until it ends: the silence watch
// lets it run for its time limit and this (successors stops it at the limit; a search that never
// calls successors, such as `while True: pass`, is ended then), not the 10 s of other code.
export const SEARCH_MARGIN_MS = 5000;

export class CodePanel {
  constructor({ view }) {
    this.view = view;
    this.app = null; // the app's door (app-door.js), once the routes are asked for
    this.offers = new CodeOffer(); // the heuristic in the Heuristic menu, the search in Compare all
    this.texts = { heuristic: null, search: null }; // null: the template (Python's info has it)
    this.filenames = { heuristic: null, search: null };
    this.editors = { heuristic: null, search: null }; // a promise of each editor, once opened
    this.packed = { heuristic: "", search: "" }; // the code as a link carries it ("" for the template)
    this.consentNeeded = false; // a link's code is shown and has not been allowed to run
    this.linkedParts = []; // the parts the last link with code filled ("heuristic", "search")
    this.wantsCustom = false; // a link asked for the person's heuristic in the menu
    this.linkReads = 0; // links read so far (one being read is stale once another starts, or Run is pressed)
    this.checking = null; // {handle, cancelled}
    this.searching = null; // {handle, started}
    this.lastCheck = null; // {key, check}: the latest check's result, and the code, size and goal it was of
    this.shownCheck = null; // the text whose check's verdict is shown (null: none shown)
    // A closed panel holds its text as its editor will (so opening it moves nothing after); an
    // editor opened before Python's info came holds no template yet: it gets it then.
    for (const which of KINDS) this.view.placeholder(which, this.text(which));
  }

  // Python's info came: its templates fill the editors not yet written in.
  stateChanged(changed) {
    if (!changed.includes("info") || !this.app.info()) return;
    for (const which of KINDS) {
      if (this.texts[which] === null && this.editors[which]) this.setText(which, this.template(which).code);
      else if (!this.editors[which]) this.view.placeholder(which, this.text(which));
    }
  }

  routes(app) {
    this.app = app;
    return {
      "code-toggle": (which) => { this.open(which); this.offerSearch(); },
      "code-check": () => this.check(),
      "code-cancel-check": () => this.cancelCheck(),
      "code-use": () => this.toggleOffer(),
      "code-run-search": () => this.runSearch(),
      "code-cancel-search": () => this.cancelSearch(),
      "code-download": (which) => this.downloadCode(which),
      "code-template": (which) => this.setText(which, this.template(which).code),
      "code-consent": () => this.allow(),
      "code-read-linked": () => this.readLinked(),
      "code-export-check": (kind) => this.exportCheck(kind),
    };
  }

  // -- the code ------------------------------------------------------------------------

  template(which) {
    const info = this.app && this.app.info(); // (none before the routes, or before Python's info)
    return info ? info.templates[which] : { code: "", filename: `my_${which}.py` };
  }

  text(which) {
    return this.texts[which] ?? this.template(which).code;
  }

  filename(which) {
    return this.filenames[which] || this.template(which).filename;
  }

  code(which) {
    return { code: this.text(which), filename: this.filename(which) };
  }

  // Open `which`'s editor (its panel was opened).
  open(which) {
    if (!this.view.isOpen(which) || this.editors[which]) return this.editors[which];
    this.editors[which] = openEditor(this.view, which, {
      text: this.text(which), label: words.editorLabel(which), onChange: (text) => this.edited(which, text),
    });
    return this.editors[which];
  }

  // Put `text` in `which`'s editor (a template, a link's code).
  async setText(which, text) {
    this.texts[which] = text; // now: an editor that loads meanwhile must not take a template instead
    this.view.open(which);
    const editor = await this.open(which);
    if (this.texts[which] !== text) return; // replaced meanwhile
    if (editor.text !== text) editor.setText(text);
    this.edited(which, text);
  }

  // Compare all races the person's search while "Your search" is open (and its code may run).
  offerSearch() {
    this.offers.offerSearch(this.view.isOpen("search") && !this.consentNeeded ? this.code("search") : null);
  }

  edited(which, text) {
    this.texts[which] = text;
    if (which === "heuristic") this.checkOf(text);
    if (which === "search") this.offerSearch();
    this.view.setError(which, "");
    if (this.editors[which]) this.editors[which].then((e) => e.clearError());
    if (which === "heuristic" && this.offers.offered) this.offer();
    this.repack(which);
  }

  // The link's form of the code, after each edit (compression is asynchronous: the link is
  // written again once it is ready).
  async repack(which) {
    const text = this.text(which);
    const packed = text === this.template(which).code ? "" : await pack(text);
    if (this.text(which) !== text) return; // edited again meanwhile
    if (this.packed[which] !== packed) {
      this.packed[which] = packed;
      this.app.changed();
    }
  }

  linkFields() {
    return { hcode: this.packed.heuristic, scode: this.packed.search };
  }

  // A link was read: its code is shown, not run.
  async linkRead(link) {
    const { heuristic, search } = link.takeCode();
    if (!heuristic && !search) return;
    const reading = ++this.linkReads; // a later link, or Run, makes this one stale
    this.wantsCustom = link.names.heuristic === CUSTOM;
    const shown = [];
    for (const [which, packed] of [["heuristic", heuristic], ["search", search]]) {
      if (!packed) continue;
      try {
        const text = await unpack(packed, this.app.linkLimits().code);
        if (reading !== this.linkReads) return;
        this.consentNeeded = true;
        await this.setText(which, text);
        shown.push(which);
      } catch (error) {
        if (reading !== this.linkReads) return;
        const said = words.linkUnreadable(which, error.message);
        this.view.setError(which, said);
        link.addNotice(said); // at the top, with the link's other notices: the code's panel may be closed
      }
    }
    if (reading !== this.linkReads) return;
    this.linkedParts = shown;
    if (shown.length) {
      this.offers.offerHeuristic(null);
      this.offers.offerSearch(null);
      this.app.choice.refill();
      const { text, about } = words.linkConsent(shown.map((which) => ({ which, code: this.text(which) })));
      this.view.setConsent(text, about); // its lines, and the hidden characters it holds
      this.view.bringConsentIntoView(); // (a second link in a tab scrolled down: its notice is at the top)
      this.showBusy();
    }
  }

  // The person read the linked code and pressed Run: it may run now (and the menu offers the
  // heuristic if the link chose it).
  allow() {
    this.linkReads++; // a link still being read no longer asks for consent
    this.consentNeeded = false;
    this.view.setConsent("");
    if (this.wantsCustom) {
      this.offer({ choose: true });
      this.app.menusChanged();
      this.view.setOfferState(words.OFFERED);
    }
    this.wantsCustom = false;
    this.offerSearch();
    if (this.view.isOpen("heuristic")) this.check();
    this.showBusy();
  }

  // Code from someone else for `which`'s editor (an assignment's starter code, `whose` "starter",
  // or the work kept for it, "kept"): shown, and run only once the person presses Run, as a
  // link's code; the site's own template ("template") is shown and may run at once.
  async codeGiven(which, text, whose = "starter") {
    if (whose === "template") {
      this.linkReads++; // code still being read for the editor is stale
      await this.setText(which, text);
      this.linkedParts = this.linkedParts.filter((part) => part !== which); // what replaced it needs no consent
      if (!this.linkedParts.length && this.consentNeeded) {
        this.consentNeeded = false;
        this.view.setConsent("");
        this.showBusy();
      }
      return;
    }
    const reading = ++this.linkReads;
    this.consentNeeded = true;
    await this.setText(which, text);
    if (reading !== this.linkReads) return;
    this.linkedParts = [which];
    if (which === "heuristic") this.offers.offerHeuristic(null);
    this.offers.offerSearch(null);
    const { text: said, about } = words.linkConsent([{ which, code: this.text(which) }], words.givenConsent(whose));
    this.view.setConsent(said, about);
    this.showBusy();
  }

  // `which`'s code as the editor holds it, and whether it may run (no consent is waited for).
  codeText(which) {
    return { code: this.text(which), filename: this.filename(which), allowed: !this.consentNeeded };
  }

  // The person asked to read the linked code first: its parts open, the first on screen.
  readLinked() {
    const parts = this.linkedParts;
    for (const which of parts) this.view.open(which);
    if (parts.length) this.view.bringIntoView(parts[0]);
  }

  refusedForConsent() {
    if (this.consentNeeded) this.view.setConsent(words.consentFirst());
    return this.consentNeeded;
  }

  // -- the Heuristic menu -------------------------------------------------------------

  toggleOffer() {
    if (this.offers.offered) {
      this.offers.offerHeuristic(null);
      this.app.choice.refill();
      this.app.menusChanged();
      this.view.setOfferState(words.OFFER_TAKEN);
    } else if (!this.refusedForConsent()) {
      this.offer({ choose: true });
      this.app.menusChanged();
      this.view.setOfferState(words.OFFERED);
    }
    this.showBusy();
  }

  // Offer the heuristic as it is now, with what the latest check of this code proved for this board's goal.
  // `choose`: and choose it in the menu.
  offer({ choose = false } = {}) {
    const a = this.app.analysis();
    const proved = this.lastCheck && a && this.lastCheck.key === this.checkKey(protocol.sizeName(a.rows, a.cols), a.goal) ? this.lastCheck.check : null;
    this.offers.offerHeuristic(this.code("heuristic"), proved);
    if (choose) this.app.choice.adopt({ heuristic: CUSTOM });
    this.app.choice.refill();
  }

  checkKey(size, goal) {
    return JSON.stringify([this.text("heuristic"), size, goal]);
  }

  // Another link was opened. One that carries code replaces the editor's: what the code before
  // showed goes (its verdict, its errors; a check or search still running is stopped). One
  // without code leaves the editor's code, and what was found of it, as they are (a check's
  // "Open this board" is such a link).
  linkOpened(link) {
    if (!link.code.heuristic && !link.code.search) return;
    const job = this.checking;
    if (job) {
      this.checking = null;
      this.app.code.cancel(job.handle);
      this.app.code.end(words.CHECK_OF_OTHER_CODE, job.handle);
    }
    const search = this.searching;
    if (search) {
      this.searching = null;
      this.app.code.end(words.SEARCH_CANCELLED, search.handle);
    }
    this.shownCheck = null;
    this.lastCheck = null;
    this.view.showCheck(null);
    this.view.setProgress(0, 0);
    this.view.setOfferState("");
    for (const which of ["heuristic", "search"]) {
      this.view.setError(which, "");
      this.view.setStatus(which, "", "");
    }
    this.showBusy();
  }

  // -- the check ----------------------------------------------------------------------

  // The heuristic's text is now `text`: a check of other text that still runs is stopped (its
  // worker ended), and a verdict of other text is no longer shown (a new link, an edit): a verdict
  // is only ever shown under the text it judged.
  checkOf(text) {
    const job = this.checking;
    if (job && job.text !== text) {
      this.checking = null;
      this.app.code.cancel(job.handle);
      this.app.code.end(words.CHECK_OF_OTHER_CODE, job.handle);
      this.view.setProgress(0, 0);
      this.view.setStatus("heuristic", words.CHECK_STOPPED_FOR_EDIT, "stale");
      this.showBusy();
    }
    if (this.shownCheck !== null && this.shownCheck !== text) {
      this.shownCheck = null;
      this.view.showCheck(null);
      if (!job) this.view.setStatus("heuristic", words.CHECK_OF_OTHER_TEXT, "stale");
    }
  }

  async check() {
    if (this.checking || this.refusedForConsent()) return;
    const a = this.app.analysis();
    const size = this.view.size;
    const goal = a && protocol.sizeName(a.rows, a.cols) === size ? a.goal : "blank-last";
    const key = this.checkKey(size, goal);
    const job = { handle: null, cancelled: false, text: this.text("heuristic") };
    this.checking = job;
    this.view.setError("heuristic", "");
    this.shownCheck = null;
    this.view.showCheck(null);
    this.view.setStatus("heuristic", words.checkStarting(this.app.code.started()), "checking");
    this.view.bringIntoView("heuristic");
    this.view.setProgress(0, 1);
    this.showBusy();
    // At least Python's default time (a check cut short proves nothing); before Python's info is
    // in (Run on a link's code while the solver loads), the person's limit or Python's own default.
    const limits = this.app.choice.limits();
    const least = this.app.info()?.defaults.time_limit;
    const timeLimit = least == null ? limits.time_limit || undefined : Math.max(limits.time_limit || 0, least);
    const { id, answer } = this.app.code.request(protocol.check(this.code("heuristic"), size, goal, timeLimit), (p) => {
      if (this.checking !== job || job.cancelled || !p || !p.total) return;
      this.view.setProgress(p.states, p.total);
      this.view.setStatus("heuristic", words.checkProgress(p), "checking");
    });
    job.handle = id;
    const reply = await answer;
    if (this.checking !== job) return;
    this.checking = null;
    this.showBusy();
    if (!reply.ok) return this.refused("heuristic", reply);
    const c = reply.check;
    const shown = this.readable("heuristic", () => ({ ...c, facts: words.checkFacts(c), worst: words.worstBoards(c) }));
    if (!shown) return;
    this.lastCheck = { key, check: c, filename: this.filename("heuristic") };
    this.view.setStatus("heuristic", words.checkEnded(c.stopped), c.stopped || "checked");
    this.shownCheck = job.text;
    this.view.showCheck(shown);
    if (this.offers.offered) {
      this.offer();
      this.app.menusChanged({ solution: false });
    }
  }

  cancelCheck() {
    const job = this.checking;
    if (!job || job.cancelled) return;
    job.cancelled = true;
    this.view.setStatus("heuristic", words.CANCELLING_CHECK, "stopping");
    if (job.handle) this.app.code.cancel(job.handle);
    setTimeout(() => { if (this.checking === job) this.app.code.end(words.CHECK_CANCELLED_IN_H, job.handle); }, CANCEL_GRACE_MS);
  }

  async exportCheck(kind) {
    if (!this.lastCheck) return;
    const { check, filename } = this.lastCheck;
    if (kind === "csv") return this.view.download("npuzzle-check.csv", "text/csv", words.checkCsv(check, filename));
    const copied = await this.app.copy(words.checkMarkdown(check, filename)).then(() => true, () => false);
    this.view.setExportState(copied ? words.checkCopied() : words.checkClipboardRefused());
  }

  // -- the person's search ------------------------------------------------------------

  async runSearch() {
    if (this.searching || this.refusedForConsent()) return;
    const a = this.app.analysis();
    if (!a) return this.view.setStatus("search", words.NO_BOARD, "failed");
    if (this.app.refusedAsUnsolvable()) return this.view.setStatus("search", words.NOTHING_TO_SEARCH, "unsolvable");
    const limits = this.app.choice.limits();
    const timeLimit = Math.min(limits.time_limit || this.app.info().user_search.time_limit, 60); // (a board on screen: info is in)
    const request = protocol.userSearch(a, this.code("search"), { time_limit: timeLimit, ...(limits.max_nodes ? { max_nodes: limits.max_nodes } : {}) });
    const job = { handle: null, started: performance.now() };
    this.searching = job;
    this.view.setError("search", "");
    this.showBusy();
    const tick = () => {
      if (this.searching !== job) return;
      const seconds = (performance.now() - job.started) / 1000;
      this.view.setStatus("search", words.searchRunning(seconds, timeLimit, timeLimit + SEARCH_MARGIN_MS / 1000), "searching");
      setTimeout(tick, 250);
    };
    tick();
    const { id, answer } = this.app.code.request(request, null, { silenceMs: timeLimit * 1000 + SEARCH_MARGIN_MS });
    job.handle = id;
    const reply = await answer;
    if (this.searching !== job) return;
    this.searching = null;
    this.showBusy();
    if (!reply.ok) return this.refused("search", reply);
    const r = reply.result;
    this.readable("search", () => {
      this.view.setStatus("search", words.searchDone(r), r.solved ? "solved" : r.stopped ? "stopped" : "failed");
      if (!r.solved || this.app.analysis() !== a) return;
      this.app.clearSolution();
      this.app.replay.offer({ ...r, start: a.tiles, algorithm: r.name, heuristic: null }, a.rows, a.cols, { final: true });
      this.app.changed();
    });
  }

  cancelSearch() {
    if (!this.searching) return;
    this.app.code.end(words.SEARCH_CANCELLED, this.searching.handle);
  }

  // -- refusals and ends ----------------------------------------------------------------

  // Python refused the code (its message, its line marked), or its worker was ended (a hang,
  // a limit, a cancel: the status says why).
  async refused(which, reply) {
    const { message, line, status, state } = words.codeError(reply, which);
    this.view.setError(which, message);
    this.view.setStatus(which, status, state);
    if (line !== null && this.editors[which]) (await this.editors[which]).markError(line, message);
  }

  // `show()`'s value (true if none) for an answer of the code's worker; one it cannot show (not
  // what Python sends: the answer is the code's) ends that worker instead (null).
  readable(which, show) {
    try {
      return show() ?? true;
    } catch { /* what the code sent */ }
    this.app.code.end(words.unreadable);
    this.refused(which, { ok: false, error: { field: "solver", message: words.unreadable } });
    return null;
  }

  showBusy() {
    this.view.setBusy({ checking: Boolean(this.checking), searching: Boolean(this.searching), offered: this.offers.offered });
  }

  downloadCode(which) {
    this.view.download(this.filename(which), "text/x-python", this.text(which));
  }

  // -- hooks ------------------------------------------------------------------------------

  // A new board: the check's size follows it, and the heuristic on offer is re-described for its goal.
  boardShown(reply) {
    this.view.setSize(protocol.sizeName(reply.rows, reply.cols));
    if (this.offers.offered) this.offer();
  }

  // What the solver's menus, Compare all and the status line get of the person's code (CodeOffer).
  heuristics() { return this.offers.heuristics(); }
  compareFields() { return this.offers.compareFields(); }
  solvedNote(reply) { return this.offers.solvedNote(reply); }
}
