"""Serving a built site on 127.0.0.1: build.py --serve, and the tests' and benchmarks' own
servers (quiet, on a free port, from a thread)."""

from __future__ import annotations

import functools
import http.server
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types Pyodide needs, never cached (for development)."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".svg": "image/svg+xml",
        ".png": "image/png",
        ".webmanifest": "application/manifest+json",
    }

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


def serve(directory: Path, port: int) -> None:
    """Serve ``directory`` on http://127.0.0.1:port/ until interrupted."""
    handler = functools.partial(Handler, directory=str(directory))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        print(f"build: serving {directory} at http://127.0.0.1:{port}/ (Ctrl-C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


class QuietHandler(Handler):
    """``Handler`` without a log line per request (tests and benchmarks)."""

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def serving_in_background(directory: Path) -> Iterator[str]:
    """Serve ``directory`` quietly on a free 127.0.0.1 port from a thread; yields the base URL."""
    handler = functools.partial(QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
