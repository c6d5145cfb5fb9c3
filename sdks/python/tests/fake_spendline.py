"""A misbehaving local stand-in for Spendline's ingest endpoints (loopback only).

Each request takes the next scripted behaviour (the last one repeats): answer with a status,
stall before answering, or hang up mid-response. Every request is recorded.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Dict, List, NamedTuple, Optional


class Request(NamedTuple):
    path: str
    headers: Dict[str, str]
    body: Any
    at: float


Behaviour = Callable[["_Handler", Request], None]


def answer(status: int = 202, body: Optional[str] = None, headers: Optional[Dict[str, str]] = None) -> Behaviour:
    """Answers ``status`` with a JSON body (202's is Spendline's accepted answer)."""

    def behave(handler: "_Handler", request: Request) -> None:
        if body is not None:
            text = body
        elif status == 202:
            items = request.body.get("events") or request.body.get("rows") or []
            text = json.dumps({"accepted": len(items), "receivedAt": "2026-11-22T10:00:00Z"})
        else:
            text = json.dumps({"status": status, "code": "test"})
        data = text.encode("utf-8")
        handler.send_response(status)
        handler.send_header(
            "Content-Type", "application/json" if status < 400 else "application/problem+json"
        )
        handler.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            handler.send_header(name, value)
        handler.end_headers()
        handler.wfile.write(data)

    return behave


def stall(seconds: float) -> Behaviour:
    """Reads the request and says nothing for ``seconds`` (then hangs up)."""

    def behave(handler: "_Handler", request: Request) -> None:
        handler.server.stop_stalling.wait(seconds)  # type: ignore[attr-defined]
        handler.close_connection = True

    return behave


def hang_up_mid_response() -> Behaviour:
    """Starts a 202 with a long body, sends part of it, and resets the connection."""

    def behave(handler: "_Handler", request: Request) -> None:
        handler.send_response(202)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", "1000")
        handler.end_headers()
        handler.wfile.write(b'{"accepted":')
        handler.wfile.flush()
        handler.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        handler.close_connection = True
        handler.connection.close()

    return behave


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self) -> None:  # noqa: N802 - http.server's naming
        length = int(self.headers.get("Content-Length", "0"))
        raw = self.rfile.read(length)
        request = Request(self.path, dict(self.headers.items()), json.loads(raw), time.monotonic())
        server: FakeSpendline = self.server.owner  # type: ignore[attr-defined]
        behaviour = server._record(request)
        behaviour(self, request)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - quiet tests
        pass


class FakeSpendline:
    """Start with ``with FakeSpendline(answer(500), answer(202)) as server:``; ``server.url``."""

    def __init__(self, *script: Behaviour) -> None:
        self._script: List[Behaviour] = list(script) or [answer(202)]
        self._lock = threading.Lock()
        self.requests: List[Request] = []
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self._httpd.daemon_threads = True
        self._httpd.owner = self  # type: ignore[attr-defined]
        self._httpd.stop_stalling = threading.Event()  # type: ignore[attr-defined]
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}"
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    def __enter__(self) -> "FakeSpendline":
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._httpd.stop_stalling.set()  # type: ignore[attr-defined]
        self._httpd.shutdown()
        self._httpd.server_close()

    def _record(self, request: Request) -> Behaviour:
        with self._lock:
            self.requests.append(request)
            return self._script.pop(0) if len(self._script) > 1 else self._script[0]

    def items(self, kind: str = "events") -> List[Dict[str, Any]]:
        """Every item of every request of that kind, in order (retries included)."""
        with self._lock:
            return [item for r in self.requests for item in r.body.get(kind, [])]
