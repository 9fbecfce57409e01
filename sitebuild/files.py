"""What every step of the build shares: where the project is, zips that are the same bytes for
the same files, and names taken from contents."""

from __future__ import annotations

import hashlib
import io
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The project's folder (the one holding build.py, index.html, web/, npuzzle/, node_modules/)."""


def deterministic_zip(files: dict[str, bytes | None], *, deflated: bool = True) -> bytes:
    """A zip of ``files`` (name -> bytes; None for a folder entry) in the order given, with
    fixed timestamps and modes, so equal contents give equal bytes; its files deflated, or
    stored as they are (``deflated=False``)."""
    buffer = io.BytesIO()
    method = zipfile.ZIP_DEFLATED if deflated else zipfile.ZIP_STORED
    with zipfile.ZipFile(buffer, "w", method) as archive:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_STORED if data is None else method
            info.external_attr = (0o40755 << 16) | 0x10 if data is None else 0o644 << 16
            archive.writestr(info, b"" if data is None else data)
    return buffer.getvalue()


def content_name(data: bytes) -> str:
    """The 12 hex digits of ``data``'s SHA-256 that name a file by its content
    (``npuzzle-<name>.zip``, ``web-<name>/``, ``?v=<name>``)."""
    return hashlib.sha256(data).hexdigest()[:12]
