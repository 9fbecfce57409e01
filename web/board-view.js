// BoardView: the only code that writes the puzzle board to the DOM.
// One lasting element per tile, positioned by the CSS custom properties
// --row and --col; CSS transitions animate a tile when its cell changes.

export class BoardView {
  constructor(element) {
    this.element = element;
    this.tiles = new Map(); // tile number -> element
    this.shape = "";
  }

  // Show `tiles` (row-major, 0 = blank). Returns a promise that settles when
  // the moved tiles have finished sliding (or at once when nothing moves).
  render(tiles, rows, cols) {
    const shape = `${rows}x${cols}:${tiles.length}`;
    const rebuild = shape !== this.shape;
    if (rebuild) this.build(tiles, rows, cols, shape);
    this.element.dataset.board = tiles.join(",");
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
    return Promise.all(moved.map((el) => transitionEnd(el)));
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
      const el = document.createElement("div");
      el.className = "tile";
      el.dataset.tile = String(tile);
      el.textContent = String(tile);
      this.tiles.set(tile, el);
      this.element.append(el);
    }
    // Re-enable transitions after the first layout of the new tiles.
    requestAnimationFrame(() => requestAnimationFrame(() => this.element.classList.remove("no-animation")));
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

  // How long one slide takes: 160 ms at speed 1.
  setSpeed(speed) {
    this.element.style.setProperty("--slide", `${Math.round(160 / speed)}ms`);
  }

  // Run `change` (which moves tiles) as a jump, without sliding; returns its result.
  withoutAnimation(change) {
    this.element.classList.add("no-animation");
    const result = change();
    requestAnimationFrame(() => this.element.classList.remove("no-animation"));
    return result;
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

function transitionEnd(el) {
  return new Promise((resolve) => {
    const duration = parseFloat(getComputedStyle(el).transitionDuration) * 1000 || 0;
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
