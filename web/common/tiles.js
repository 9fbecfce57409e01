// Boards as the page holds them: Python's tiles, row-major (0 the blank).

// Whether two lists of tiles are the same board (a replay's start and the board on screen, the
// board a slide started from and a position of a game).
export function sameTiles(a, b) {
  return Boolean(a && b) && a.length === b.length && a.every((tile, i) => tile === b[i]);
}
