"""The app's icons: the web app manifest's PNGs, drawn from web/icon.svg's shapes by a few lines of
our own (anti-aliased, and the same bytes at every build: no image in the repository)."""

from __future__ import annotations

import math
import struct
import zlib


# The app's icons for the web app manifest (web/manifest.webmanifest), drawn at build time
# from web/icon.svg's geometry: a dark rounded square holding three amber tiles, the blank
# at the bottom right (in its 32-unit viewBox: the square 0..32 with corners of radius 6,
# tiles 12 wide at 3 and 17 with corners of radius 2). The maskable one fills its square
# with the dark colour and keeps the tiles inside the central circle of 40% of its size
# that every mask shape leaves visible.
ICON_DARK = (0x1F, 0x29, 0x37)
ICON_TILE = (0xF5, 0x9E, 0x0B)
APP_ICONS = {"icon-192.png": (192, False), "icon-512.png": (512, False), "icon-maskable-512.png": (512, True)}
"""The PNG icons build.py writes into the site's web folder: name -> (size, maskable)."""
MASKABLE_GRID = 0.55
"""The maskable icon's three tiles span this fraction of its side: their farthest corner is
then 0.55/sqrt(2) = 39% of the side from the centre (less, rounded), inside the 40% safe zone."""


def _paint_rounded_rect(pixels: list[bytearray], box: tuple[float, float, float, float], radius: float, rgb: tuple[int, int, int]) -> None:
    """Paint an anti-aliased rounded rectangle (x0, y0, x1, y1, in pixels) over RGBA rows;
    each pixel is covered as far as the shape's signed distance from its centre says."""
    x0, y0, x1, y1 = box
    size = len(pixels)
    cx, cy, hx, hy = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2 - radius, (y1 - y0) / 2 - radius

    def coverage(x: int, y: int) -> float:
        qx, qy = abs(x + 0.5 - cx) - hx, abs(y + 0.5 - cy) - hy
        outside = math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - radius
        return min(max(0.5 - outside, 0.0), 1.0)

    def blend(row: bytearray, x: int, alpha: float) -> None:
        if alpha <= 0:
            return
        under = row[4 * x + 3] / 255
        out = alpha + under * (1 - alpha)
        for c in range(3):
            row[4 * x + c] = round((rgb[c] * alpha + row[4 * x + c] * under * (1 - alpha)) / out)
        row[4 * x + 3] = round(255 * out)

    left, right = max(0, math.floor(x0)), min(size, math.ceil(x1))
    for y in range(max(0, math.floor(y0)), min(size, math.ceil(y1))):
        row = pixels[y]
        straight = y + 1 > y0 + radius and y < y1 - radius  # a row between the corners' arcs
        edge = 1 if straight else math.ceil(radius) + 1
        inner_left, inner_right = min(right, left + edge), max(left + edge, right - edge)
        for x in (*range(left, inner_left), *range(inner_right, right)):
            blend(row, x, coverage(x, y))
        middle = coverage(inner_left, y) if inner_left < inner_right else 0.0
        if middle >= 1:
            row[4 * inner_left:4 * inner_right] = bytes((*rgb, 255)) * (inner_right - inner_left)
        else:
            for x in range(inner_left, inner_right):
                blend(row, x, middle)


def icon_pixels(size: int, maskable: bool) -> list[bytearray]:
    """The icon's RGBA rows (``size`` x ``size``)."""
    pixels = [bytearray(4 * size) for _ in range(size)]
    if maskable:
        _paint_rounded_rect(pixels, (0, 0, size, size), 0, ICON_DARK)
        scale, offset = MASKABLE_GRID * size / 26, size * (1 - MASKABLE_GRID) / 2 - 3 * MASKABLE_GRID * size / 26
    else:
        scale, offset = size / 32, 0.0
        _paint_rounded_rect(pixels, (0, 0, size, size), 6 * scale, ICON_DARK)
    for tx, ty in ((3, 3), (17, 3), (3, 17)):
        box = (offset + tx * scale, offset + ty * scale, offset + (tx + 12) * scale, offset + (ty + 12) * scale)
        _paint_rounded_rect(pixels, box, 2 * scale, ICON_TILE)
    return pixels


def png(pixels: list[bytearray]) -> bytes:
    """8-bit RGBA rows as a PNG file (no filtering, zlib level 9: the same rows give the same bytes)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", len(pixels[0]) // 4, len(pixels), 8, 6, 0, 0, 0)
    raw = b"".join(b"\0" + bytes(row) for row in pixels)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def app_icons() -> dict[str, bytes]:
    """The manifest's PNG icons by file name (APP_ICONS), drawn afresh."""
    return {name: png(icon_pixels(size, maskable)) for name, (size, maskable) in APP_ICONS.items()}
