"""A fake LibreTranslate server for the translation tests (offline, on 127.0.0.1, random port, one thread).

deep-translator's ``LibreTranslator.translate`` sends ``POST <url>translate`` with ``q``, ``source``,
``target``, ``format`` (and ``api_key`` when it has one) as query parameters, and reads
``{"translatedText": ...}`` from the JSON answer. The server answers from a phrase dictionary (longest phrase
first, case-insensitively, keeping anything it does not know — placeholders included — as it is), and can be
scripted to answer 429, 500, 403, garbage or to hang, request by request — or, for the limits on an answer,
to trickle it a byte at a time (``trickle``: the body, ``trickle-headers``: the status line and headers, both
for at most ``trickle_seconds``), to answer a translation far longer than its text (``huge``) or a body over
the 4 MiB cap with no length announced (``flood``).
"""

from __future__ import annotations

import html
import json
import re
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

import pytest

# A few English → Turkish phrases, enough for test items about checkpoints.
PHRASES = {
    "why are checkpoints split into shards?": "Kontrol noktaları neden parçalara bölünür?",
    "they are too large for one file": "Tek bir dosya için fazla büyükler",
    "to make training faster": "Eğitimi hızlandırmak için",
    "to hide the weights": "Ağırlıkları gizlemek için",
    "shards are ordinary files.": "Parçalar sıradan dosyalardır.",
    "a single checkpoint can be hundreds of gigabytes.": "Tek bir kontrol noktası yüzlerce gigabayt olabilir.",
    "which format stores tensors safely?": "Hangi biçim tensörleri güvenle saklar?",
    "load the weights with": "Ağırlıkları şununla yükleyin:",
    "the file": "dosya",
    "checkpoint": "kontrol noktası",
    "shard": "parça",
    "weights": "ağırlıklar",
}


TRICKLE_PAUSE = 0.05  # seconds between two bytes of a trickle
FLOOD_BYTES = 5 * 1024 * 1024


@dataclass
class Received:
    path: str
    q: str
    source: str
    target: str
    format: str
    api_key: str | None


@dataclass
class FakeLibre:
    """Behaviour and record of the fake server; tests change ``phrases`` and push answers onto ``script``."""

    phrases: dict[str, str] = field(default_factory=lambda: dict(PHRASES))
    script: deque = field(default_factory=deque)  # per request: "ok", "429", "500", "403", "garbage", "hang"
    default: str = "ok"
    required_key: str | None = None  # when set, any other key is refused with 403
    received: list[Received] = field(default_factory=list)
    release: threading.Event = field(default_factory=threading.Event)
    port: int = 0
    trickles_ended: int = 0  # trickling answers that stopped (all of them, by the end of a test)
    trickle_seconds: float = 4.0  # a trickling answer stops by itself after this long (the client gives up before)
    huge_reply: str = "çok " * 20000  # 80,000 characters: far more than 10 x any test text + 1000

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def translate(self, text: str) -> str:
        exact = self.phrases.get(text.strip().lower())
        if exact is not None:
            return exact
        out = text
        for phrase in sorted(self.phrases, key=len, reverse=True):
            out = re.sub(rf"(?<!\w){re.escape(phrase)}(?!\w)", self.phrases[phrase], out, flags=re.IGNORECASE)
        return out

    def next_answer(self) -> str:
        return self.script.popleft() if self.script else self.default


def _handler(fake: FakeLibre):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args) -> None:  # keep test output clean
            pass

        def do_POST(self) -> None:
            parts = urlsplit(self.path)
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length).decode("utf-8") if length else ""
            params = {key: values[0] for key, values in {**parse_qs(body), **parse_qs(parts.query)}.items()}
            fake.received.append(Received(parts.path, params.get("q", ""), params.get("source", ""),
                                          params.get("target", ""), params.get("format", ""), params.get("api_key")))
            answer = fake.next_answer()
            if parts.path != "/translate":
                return self._send(404, {"error": "Not Found"})
            if fake.required_key is not None and params.get("api_key") != fake.required_key:
                return self._send(403, {"error": f"Invalid API key {params.get('api_key')}"})
            if answer == "hang":
                fake.release.wait(30)
                return
            if answer == "429":
                return self._send(429, {"error": "Slowdown: too many requests"}, {"Retry-After": "0"})
            if answer in ("500", "403"):
                return self._send(int(answer), {"error": f"failure {answer}"})
            if answer == "garbage":
                return self._send(200, None, raw=b"<html>not json")
            if answer in ("trickle", "trickle-headers"):
                return self._trickle(answer == "trickle-headers", fake)
            if answer == "huge":
                return self._send(200, {"translatedText": fake.huge_reply})
            if answer == "flood":
                return self._flood()
            return self._send(200, {"translatedText": fake.translate(params.get("q", ""))})

        def do_GET(self) -> None:
            """Google Translate's mobile page, for the providers that GET (``q`` in the query string)."""
            params = {key: values[0] for key, values in parse_qs(urlsplit(self.path).query).items()}
            fake.received.append(Received(urlsplit(self.path).path, params.get("q", ""), params.get("sl", ""),
                                          params.get("tl", ""), "", None))
            answer = fake.next_answer()
            if answer == "hang":
                fake.release.wait(30)
                return
            if answer != "ok":
                return self._send(int(answer) if answer.isdigit() else 500, {"error": answer})
            page = f'<html><div class="result-container">{html.escape(fake.translate(params.get("q", "")))}</div>'
            self._send(200, None, raw=page.encode("utf-8"))

        def _trickle(self, headers_too: bool, fake: FakeLibre) -> None:
            """A well-formed answer, sent a byte at a time; stops after ``trickle_seconds``, or when the client has
            gone, or when the test ends."""
            body = json.dumps({"translatedText": "yavaş"}).encode("utf-8") * 50  # (long enough to outlast them)
            head = (f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n"
                    "Connection: close\r\n\r\n").encode("ascii")
            if not headers_too:
                self.wfile.write(head)
                self.wfile.flush()
                head = b""
            stop = time.monotonic() + fake.trickle_seconds
            try:
                for byte in head + body:
                    if time.monotonic() > stop or fake.release.is_set():
                        break
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                    time.sleep(TRICKLE_PAUSE)
            except (BrokenPipeError, ConnectionResetError):
                pass
            self.close_connection = True
            fake.trickles_ended += 1

        def _flood(self) -> None:
            """A body over the cap, with no Content-Length: the client must stop reading it by itself."""
            try:
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(b'{"translatedText": "')
                chunk = b"a" * 65536
                for _ in range(FLOOD_BYTES // len(chunk)):
                    self.wfile.write(chunk)
                self.wfile.write(b'"}')
            except (BrokenPipeError, ConnectionResetError):
                pass
            self.close_connection = True

        def _send(self, status: int, payload, headers: dict | None = None, raw: bytes | None = None) -> None:
            data = raw if raw is not None else json.dumps(payload, ensure_ascii=False).encode("utf-8")
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for key, value in (headers or {}).items():
                    self.send_header(key, value)
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass

    return Handler


@pytest.fixture
def libre():
    """A running fake LibreTranslate server (see :class:`FakeLibre`); stopped after the test."""
    fake = FakeLibre()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(fake))
    server.daemon_threads = True
    fake.port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, name="fake-libre",
                              daemon=True)
    thread.start()
    try:
        yield fake
    finally:
        fake.release.set()
        server.shutdown()
        server.server_close()
        thread.join(5)
