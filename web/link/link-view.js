// LinkView: writes what the page says about its link: the notice about a link's
// problems (a name Python does not know, a step past the end, ...) and whether Copy
// link worked. Text goes in through textContent, never as markup.

export class LinkView {
  constructor(doc) {
    this.notice = doc.getElementById("link-notice");
    this.carries = doc.getElementById("link-carries");
    this.copyState = doc.getElementById("copy-state");
  }

  // "" hides the notice.
  setLinkNotice(text) {
    this.notice.textContent = text;
    this.notice.hidden = !text;
  }

  // What the link opens besides its board, at the top of the page ("" hides it).
  setCarries(text) {
    this.carries.textContent = text;
    this.carries.hidden = !text;
  }

  setCopyState(text) {
    this.copyState.textContent = text;
  }
}
