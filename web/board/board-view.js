// BoardView: the only code that writes the puzzle board to the DOM.
// One lasting element per tile, positioned by the CSS custom properties
// --row and --col; CSS transitions animate a tile when its cell changes.

export class BoardView {
  constructor(element) {
    this.element = element;
    this.tiles = new Map(); // tile number -> element
    this.shape = "";
    // A board wider than its frame scrolls there; the frame says so (data-scrolls), so
    // that touch scrolls it even in play mode, where swipes otherwise slide tiles.
    const frame = element.parentElement;
    if (frame && typeof ResizeObserver === "function") {
      const check = () => {
        const scrolls = frame.scrollWidth > frame.clientWidth + 1;
        if (("scrolls" in frame.dataset) !== scrolls) frame.toggleAttribute("data-scrolls", scrolls);
      };
      const observer = new ResizeObserver(check);
      observer.observe(frame);
      observer.observe(element);
    }
  }

  // Show `tiles` (row-major, 0 = blank). Returns a promise that settles when
  // the moved tiles have finished sliding (or at once when nothing moves).
  // `jump`: move the tiles without sliding (fast playback moves several tiles a
  // frame: sliding them would only cost the page frames).
  render(tiles, rows, cols, { jump = false } = {}) {
    const shape = `${rows}x${cols}:${tiles.length}`;
    const rebuild = shape !== this.shape;
    if (rebuild) this.build(tiles, rows, cols, shape);
    this.element.dataset.board = tiles.join(",");
    delete this.element.dataset.unchecked;
    const moved = [];
    tiles.forEach((tile, index) => {
      if (tile === 0) return;
      const el = this.tiles.get(tile);
      const row = String(Math.floor(index / cols));
      const col = String(index % cols);
      if (el.style.getPropertyValue("--row") !== row || el.style.getPropertyValue("--col") !== col) {
        el.style.setProperty("--row", row);
        el.style.setProperty("--col", col);
        el.classList.toggle("home", false);
        if (!rebuild) moved.push(el);
      }
    });
    if (moved.length === 0) return Promise.resolve();
    // Set with the new positions, in the same style update: whether they slide there.
    // (Toggling it restyles every tile, so only when something moves.)
    if (this.element.classList.contains("jumping") !== jump) this.element.classList.toggle("jumping", jump);
    if (jump) return Promise.resolve();
    const duration = parseFloat(getComputedStyle(moved[0]).transitionDuration) * 1000 || 0;
    return Promise.all(moved.map((el) => transitionEnd(el, duration)));
  }

  // Tiles not yet checked by Python (a link's board while the solver loads): drawn, marked
  // (data-unchecked, styled in style.css), and not yet the board (data-board stays empty).
  renderUnchecked(tiles, rows, cols) {
    this.render(tiles, rows, cols, { jump: true });
    this.element.dataset.board = "";
    this.element.dataset.unchecked = "";
  }

  // Python refused the board: an unchecked drawing of it goes.
  dropUnchecked() {
    if (!("unchecked" in this.element.dataset)) return;
    delete this.element.dataset.unchecked;
    this.shape = "";
    this.tiles.clear();
    this.element.replaceChildren();
  }

  build(tiles, rows, cols, shape) {
    this.shape = shape;
    this.tiles.clear();
    this.element.replaceChildren();
    this.element.style.setProperty("--rows", String(rows));
    this.element.style.setProperty("--cols", String(cols));
    this.element.classList.add("no-animation");
    for (const tile of [...tiles].sort((a, b) => a - b)) {
      if (tile === 0) continue;
      const el = this.element.ownerDocument.createElement("div");
      el.className = "tile";
      el.dataset.tile = String(tile);
      el.textContent = String(tile);
      this.tiles.set(tile, el);
      this.element.append(el);
    }
    // Re-enable transitions after the first layout of the new tiles.
    requestAnimationFrame(() => requestAnimationFrame(() => this.element.classList.remove("no-animation")));
  }

  // Mark each tile's share of h (Python's breakdown terms): its value as a small badge, its
  // pattern group's colour, and an outline on tiles in a conflict; null removes the marks.
  explain(breakdown) {
    const marks = new Map(); // tile -> {value, group, conflict}
    for (const t of breakdown ? breakdown.terms || [] : []) {
      if (t.kind === "pattern") for (const tile of t.tiles) marks.set(tile, { ...marks.get(tile), group: t.group });
      if (t.kind === "tile") marks.set(t.tile, { ...marks.get(t.tile), value: (marks.get(t.tile)?.value || 0) + t.value });
      if (t.kind === "conflict") marks.set(t.tile, { ...marks.get(t.tile), conflict: true });
    }
    for (const [tile, el] of this.tiles) {
      const mark = marks.get(tile) || {};
      const value = mark.value === undefined ? "" : (Number.isInteger(mark.value) ? String(mark.value) : mark.value.toFixed(1));
      if (value) el.dataset.h = value;
      else delete el.dataset.h;
      if (mark.group !== undefined) el.dataset.group = String(mark.group % 8);
      else delete el.dataset.group;
      el.classList.toggle("conflict", Boolean(mark.conflict));
    }
    this.element.classList.toggle("explained", Boolean(breakdown));
  }

  // Edit mode: mark the tile (or blank cell) picked first for a swap.
  select(tile) {
    for (const el of this.tiles.values()) el.classList.remove("selected");
    this.element.classList.toggle("blank-selected", tile === 0);
    if (tile) this.tiles.get(tile)?.classList.add("selected");
  }

  // Draw the eye to a tile for a moment (a hint).
  flash(tile) {
    const el = this.tiles.get(tile);
    if (!el) return;
    el.classList.remove("flash");
    void el.offsetWidth; // restart the animation
    el.classList.add("flash");
  }

  celebrate(on) {
    this.element.classList.toggle("celebrate", on);
  }

  // "edit" or "play": how clicking the board behaves (the cursor shows it).
  setMode(mode) {
    this.element.dataset.mode = mode;
  }

  // How long one slide takes (the player decides it from the speed).
  setSlideMs(ms) {
    this.element.style.setProperty("--slide", `${Math.round(ms)}ms`);
  }

  clear() {
    this.shape = "";
    this.tiles.clear();
    this.element.replaceChildren();
    this.element.dataset.board = "";
  }

  // Mark tiles standing on their goal cell (a visual hint only).
  markHome(goalTiles) {
    const goal = goalTiles.join(",");
    const current = (this.element.dataset.board || "").split(",");
    goalTiles.forEach((tile, index) => {
      if (tile !== 0 && this.tiles.has(tile)) {
        this.tiles.get(tile).classList.toggle("home", current[index] === String(tile));
      }
    });
    this.element.classList.toggle("solved", current.join(",") === goal);
  }
}

// Settles when `el` has slid for `duration` ms (its transition's length).
function transitionEnd(el, duration) {
  return new Promise((resolve) => {
    if (duration === 0) return resolve();
    const done = () => {
      el.removeEventListener("transitionend", done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, duration + 80); // transitionend can be skipped (hidden tab)
    el.addEventListener("transitionend", done);
  });
}
