// A small board drawn as a grid of tiles (the search tree's chosen node, the check's worst
// boards): a "mini-board" element with an image's accessible name and the tiles in data-board.

export function miniBoard(doc, tiles, rows, cols, label) {
  const grid = doc.createElement("div");
  grid.className = "mini-board";
  grid.style.setProperty("--rows", String(rows));
  grid.style.setProperty("--cols", String(cols));
  grid.setAttribute("role", "img");
  grid.setAttribute("aria-label", label);
  grid.dataset.board = tiles.join(",");
  for (const tile of tiles) {
    const cell = doc.createElement("span");
    cell.className = tile === 0 ? "mini-cell blank" : "mini-cell";
    cell.textContent = tile === 0 ? "" : String(tile);
    grid.append(cell);
  }
  return grid;
}
