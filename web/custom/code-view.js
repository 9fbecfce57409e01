// CodeView: writes the "Your code" panel: the two editors' places, their error lines, the
// consent notice of a linked program, the check's progress and result (the verdict, its facts,
// the worst overestimate and the worst inconsistent move as boards with a link to open each),
// the search's status, and the files it downloads. A person's code, and anything it makes
// Python say, goes in as text (textContent, form values), never as markup.

import { bringIntoView } from "../common/into-view.js";
import { download } from "../common/download.js";
import { miniBoard } from "../common/mini-board.js";
import { formatFragment } from "../link/url-state.js";
import { escapeHidden } from "./code-facts.js";
import * as words from "./code-words.js";

export class CodeView {
  constructor(doc) {
    this.doc = doc;
    const byId = (id) => doc.getElementById(id);
    this.parts = { heuristic: byId("heuristic-code"), search: byId("search-code") };
    this.hosts = { heuristic: byId("heuristic-editor"), search: byId("search-editor") };
    this.errors = { heuristic: byId("heuristic-code-error"), search: byId("search-code-error") };
    this.status = { heuristic: byId("check-status"), search: byId("search-status") };
    this.offerState = byId("use-heuristic-state");
    this.consent = byId("code-consent");
    this.consentText = byId("code-consent-text");
    this.consentAbout = null; // what the link's code holds (words.linkConsent), said until Run
    this.checkSize = byId("check-size");
    this.progress = byId("check-progress");
    this.buttons = {
      check: byId("check-heuristic"), cancelCheck: byId("cancel-check"), use: byId("use-heuristic"),
      run: byId("run-search"), cancelSearch: byId("cancel-search"),
    };
    this.result = byId("check-result");
    this.verdict = byId("check-verdict");
    this.facts = byId("check-facts");
    this.worst = byId("check-worst");
    this.exportState = byId("check-export-state");
  }

  isOpen(which) {
    return this.parts[which].open;
  }

  open(which) {
    this.parts[which].open = true;
  }

  host(which) {
    return this.hosts[which];
  }

  // A plain text area in the editor's place (before the editor has loaded, or if it cannot). It
  // is as tall as the editor will be (a row for each line; the editor's font, line height and
  // padding: style.css), so the buttons under it stay where they are when the editor takes over.
  // A text area draws an invisible or direction-changing character as nothing (or lets it reorder
  // the line): code holding one is shown with each written out ("<U+202E>"), read-only, and its
  // text is still the code's.
  fallback(which, text, onInput) {
    let code = text;
    const area = this.area(which, text);
    area.addEventListener("input", () => {
      code = area.value;
      fitRows(area);
      onInput(code);
    });
    this.hosts[which].replaceChildren(area);
    fitRows(area);
    return {
      get text() { return code; },
      setText(next) { code = next; show(area, next); fitRows(area); onInput(next); },
      markError() {},
      clearError() {},
      focus() { area.focus(); },
    };
  }

  // What a closed panel holds until it is first opened (`text` in a text area sized as above), so
  // that opening it puts its buttons where they stay: the text area it then shows, and the editor
  // after it, take the same room.
  placeholder(which, text) {
    const host = this.hosts[which];
    if (host.shadowRoot || this.isOpen(which)) return; // the editor, or its text area, is there
    const area = this.area(which, text);
    Object.assign(area, { readOnly: true, tabIndex: -1 });
    area.dataset.placeholder = "";
    host.replaceChildren(area);
  }

  area(which, text) {
    const area = this.doc.createElement("textarea");
    area.spellcheck = false;
    show(area, text);
    area.setAttribute("aria-label", words.editorLabel(which));
    fitRows(area);
    return area;
  }

  setError(which, message) {
    const el = this.errors[which];
    el.textContent = message || "";
    el.hidden = !message;
  }

  // The consent notice of a link's code on screen.
  bringConsentIntoView() {
    bringIntoView(this.consent.closest("section") || this.consent);
  }

  // The part's status line on screen (its check or search started).
  bringIntoView(which) {
    bringIntoView(this.status[which].closest("details") || this.status[which]);
  }

  setStatus(which, text, state = "") {
    const el = this.status[which];
    el.textContent = text;
    el.dataset.state = state;
  }

  // The consent notice: `text`, then what the link's code holds (`about`, words.linkConsent: its
  // note, and data-heuristic-lines, data-search-lines, data-hidden-count, data-hidden-chars), said
  // after whichever notice follows until the notice goes ("").
  setConsent(text, about) {
    if (!text) this.consentAbout = null;
    else if (about) this.consentAbout = about;
    const held = this.consentAbout;
    this.consentText.textContent = held && held.note ? `${text} ${held.note}` : text || "";
    this.consent.hidden = !text;
    const data = this.consent.dataset;
    for (const key of ["heuristicLines", "searchLines", "hiddenCount", "hiddenChars"]) delete data[key];
    if (!held) return;
    for (const [which, lines] of Object.entries(held.lines)) data[`${which}Lines`] = String(lines);
    data.hiddenCount = String(held.count);
    data.hiddenChars = held.hidden.join(" ");
  }

  get size() {
    return this.checkSize.value;
  }

  setSize(size) {
    if ([...this.checkSize.options].some((o) => o.value === size)) this.checkSize.value = size;
  }

  // What Use in the Heuristic menu did to the menu, said beside it ("" hides it).
  setOfferState(text) {
    this.offerState.textContent = text;
    this.offerState.hidden = !text;
  }

  // Which buttons work now: `checking`, `searching` (a job of the code's worker runs).
  setBusy({ checking, searching, offered }) {
    this.buttons.check.disabled = checking;
    this.buttons.cancelCheck.hidden = !checking;
    this.progress.hidden = !checking;
    this.buttons.run.disabled = searching;
    this.buttons.cancelSearch.hidden = !searching;
    this.buttons.use.setAttribute("aria-pressed", String(Boolean(offered)));
  }

  setProgress(states, total) {
    this.progress.max = total || 1;
    this.progress.value = states;
  }

  // The check's result ({verdict, facts: [[term, value]], worst: [{caption, tiles, rows, cols, goal}]}).
  // A check's result, or none (null: hidden, and nothing of the last one left to read).
  showCheck(shown) {
    this.result.hidden = !shown;
    if (!shown) {
      for (const key of ["admissible", "consistent", "exhaustive", "states", "seconds"]) delete this.result.dataset[key];
      this.verdict.textContent = "";
      this.facts.replaceChildren();
      this.worst.replaceChildren();
      return;
    }
    this.verdict.textContent = shown.verdict;
    this.result.dataset.admissible = String(shown.admissible);
    this.result.dataset.consistent = String(shown.consistent);
    this.result.dataset.exhaustive = String(shown.exhaustive);
    this.result.dataset.states = String(shown.states);
    this.result.dataset.seconds = String(shown.seconds);
    this.facts.replaceChildren(...shown.facts.flatMap(([term, value]) => {
      const dt = this.doc.createElement("dt");
      dt.textContent = term;
      const dd = this.doc.createElement("dd");
      dd.textContent = value;
      return [dt, dd];
    }));
    this.worst.replaceChildren(...shown.worst.map((w) => this.boardFigure(w)));
    this.exportState.textContent = "";
  }

  // A board as a small grid, its caption, and a link that opens it on the page.
  boardFigure({ caption, tiles, rows, cols, goal, kind }) {
    const figure = this.doc.createElement("figure");
    figure.dataset.worst = kind;
    figure.dataset.board = tiles.join(",");
    const grid = miniBoard(this.doc, tiles, rows, cols, words.boardLabel(tiles));
    const text = this.doc.createElement("figcaption");
    text.textContent = `${caption} `;
    const link = this.doc.createElement("a");
    link.href = formatFragment({ board: tiles.join(","), goal: goal.join(","), size: `${rows}x${cols}` });
    link.textContent = words.OPEN_BOARD;
    text.append(link);
    figure.append(grid, text);
    return figure;
  }

  setExportState(text) {
    this.exportState.textContent = text;
  }

  download(name, type, text) {
    download(this.doc, name, type, text);
  }
}

// `text` in a text area, its hidden characters written out: then it is read-only.
function show(area, text) {
  area.value = escapeHidden(text);
  area.readOnly = area.value !== text;
}

// A row for each line of the text; once it is laid out, its wrapped lines' height (the editor
// wraps long lines at the same width: style.css).
function fitRows(area) {
  area.rows = area.value.split("\n").length;
  area.style.height = "";
  if (area.clientWidth > 0 && area.scrollHeight > area.clientHeight) area.style.height = `${area.offsetHeight - area.clientHeight + area.scrollHeight}px`;
}
