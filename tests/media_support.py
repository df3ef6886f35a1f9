"""Media for the tests: a real PNG made here, an SVG, and a quiz whose stem shows an image and a formula."""

from __future__ import annotations

import hashlib
import struct
import zlib
from pathlib import Path

from conftest import quiz_yaml


def png_bytes(width: int = 3, height: int = 2, colour: tuple[int, int, int] = (200, 30, 30)) -> bytes:
    """A valid RGB PNG of one colour."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + bytes(colour) * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


SVG = b'<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#36c"/></svg>'


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


ITEM = """\
- id: shards
  type: single
  stem:
    en: "Which file lists the shards? ![four shards and an index file](img/shards.png) Memory is $m = \\\\frac{p \\\\times b}{8}$."
    tr: "Parçaları hangi dosya listeler? ![dört parça ve bir dizin dosyası](img/shards.png) Bellek $m = \\\\frac{p \\\\times b}{8}$ olur."
  options:
    - text: {en: "The index file", tr: "Dizin dosyası"}
      correct: true
      feedback: {en: "Right: ![the index](img/index.svg)", tr: "Doğru: ![dizin](img/index.svg)"}
    - text: {en: "The first shard", tr: "İlk parça"}
"""


def media_bank(folder: Path, item: str = ITEM) -> Path:
    """A quiz with a PNG and an SVG under ``img/``; returns the quiz file."""
    (folder / "img").mkdir(parents=True, exist_ok=True)
    (folder / "img" / "shards.png").write_bytes(png_bytes())
    (folder / "img" / "index.svg").write_bytes(SVG)
    path = folder / "media.quiz.yaml"
    path.write_text(quiz_yaml(item, quiz_id="media"), encoding="utf-8")
    return path
