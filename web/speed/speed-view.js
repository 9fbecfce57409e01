// SpeedView: writes the speed-solving panel: every shortest solution (a page of the list at a
// time), a shortening's before and after, and the move-string tools' answer.

import { download } from "../common/download.js";
import { bringIntoView } from "../common/into-view.js";
import * as words from "./speed-words.js";

export class SpeedView {
  constructor(doc) {
    const byId = (id) => doc.getElementById(id);
    this.doc = doc;
    this.el = {
      panel: byId("speed-panel"), status: byId("speed-status"), stop: byId("speed-stop"),
      all: byId("all-optimal-body"), first: byId("all-optimal-first"), spread: byId("all-optimal-spread"),
      body: doc.querySelector("#all-optimal-table tbody"), page: byId("all-optimal-page"),
      previous: byId("all-optimal-previous"), next: byId("all-optimal-next"), sort: byId("all-optimal-sort"),
      shorten: byId("shorten-body"), shortenResult: byId("shorten-result"),
      notation: byId("moves-notation"), to: byId("moves-to"), error: byId("moves-error"), out: byId("moves-out"),
      allButton: byId("all-optimal"), shortenButton: byId("shorten"),
      replayTools: byId("replay-tools"), replayError: byId("replay-error"), replayLink: byId("replay-link"),
      replayDownload: byId("replay-download"),
    };
  }

  // The notation menus, from Python's registry.
  fillNotations(notations) {
    for (const select of [this.el.notation, this.el.to]) {
      const chosen = select.value;
      select.replaceChildren(...notations.map((n) => {
        const option = this.doc.createElement("option");
        option.value = n.name;
        option.textContent = n.label;
        return option;
      }));
      if (chosen) select.value = chosen;
    }
  }

  // Whether the buttons that start a job may be pressed.
  setEnabled({ all, shorten }) {
    this.el.allButton.disabled = !all;
    this.el.shortenButton.disabled = !shorten;
  }

  // The panel's status line; while a job runs, its Stop (`stop`: what it stops, "counting" or "shortening").
  open(status, { running = false, stop = "counting" } = {}) {
    this.el.status.textContent = status;
    this.el.stop.hidden = !running;
    this.el.stop.textContent = `Stop ${stop}`;
  }

  bringIntoView() {
    bringIntoView(this.el.panel);
  }

  // What was shown of the last board goes (the move-string tools stay).
  hide() {
    this.el.status.textContent = "";
    this.el.stop.hidden = true;
    this.el.all.hidden = true;
    this.el.shorten.hidden = true;
    this.el.body.replaceChildren();
  }

  // Every shortest solution: the summary, the first moves, and rows `from` to `to` of `solutions`.
  showAll(r, solutions, from, to, directions) {
    const el = this.el;
    el.shorten.hidden = true;
    el.all.hidden = false;
    el.first.textContent = words.firstMoves(r, directions);
    el.spread.textContent = words.spread(r);
    el.body.replaceChildren(...solutions.slice(from, to).map((s, i) => this.row(s, from + i)));
    el.page.textContent = words.page(from + 1, Math.min(to, solutions.length), solutions.length);
    el.previous.disabled = from === 0;
    el.next.disabled = to >= solutions.length;
    el.panel.dataset.count = String(r.count);
    el.panel.dataset.countExact = String(r.count_exact);
    el.panel.dataset.length = r.length === null ? "" : String(r.length);
  }

  row(s, index) {
    const tr = this.doc.createElement("tr");
    const cell = (text) => {
      const td = this.doc.createElement("td");
      td.textContent = text;
      return td;
    };
    const button = this.doc.createElement("button");
    button.type = "button";
    button.dataset.solution = String(index);
    button.textContent = "Show";
    button.setAttribute("aria-label", `Show solution ${index + 1}`);
    const show = cell("");
    show.append(button);
    const moves = cell(s.slidysim);
    moves.className = "moves";
    tr.append(cell(String(index + 1)), cell(String(s.stm)), cell(String(s.mtm)), moves, show);
    return tr;
  }

  showShortened(r) {
    const el = this.el;
    el.all.hidden = true;
    el.shorten.hidden = false;
    el.shortenResult.replaceChildren(...words.shortened(r).flatMap(([label, value]) => {
      const dt = this.doc.createElement("dt");
      dt.textContent = label;
      const dd = this.doc.createElement("dd");
      dd.textContent = value;
      return [dt, dd];
    }));
    el.panel.dataset.shortened = String(r.after.stm);
  }

  // A replay that could not be read or written: Python's sentence, in sight.
  showReplayError(message) {
    const el = this.el;
    el.replayTools.open = true;
    el.replayDownload.hidden = true;
    el.replayError.hidden = false;
    el.replayError.textContent = message;
    el.replayLink.textContent = "";
    bringIntoView(el.replayTools);
  }

  clearReplayError() {
    this.el.replayError.hidden = true;
    this.el.replayError.textContent = "";
  }

  // A replay link written: the link, selectable, and its file offered.
  showReplayLink(link, said) {
    const el = this.el;
    el.replayError.hidden = true;
    el.replayDownload.hidden = false;
    el.replayLink.replaceChildren(said + " ");
    const a = this.doc.createElement("a");
    a.href = link;
    a.rel = "noopener noreferrer";
    a.target = "_blank";
    a.textContent = link;
    el.replayLink.append(a);
  }

  // A replay file (the link on a line, as Slidysim's replay page opens a dropped file).
  downloadReplay(name, text) {
    download(this.doc, name, "text/plain", text);
  }

  showMoves(text) {
    this.el.error.hidden = true;
    this.el.out.textContent = text;
  }

  showMovesError(message) {
    this.el.error.hidden = false;
    this.el.error.textContent = message;
    this.el.out.textContent = "";
  }
}
