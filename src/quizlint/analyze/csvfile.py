"""Opening a responses file as CSV: UTF-8 (with or without a byte-order mark), comma, semicolon or tab; rows
streamed with their line numbers, and a progress line on a terminal."""

from __future__ import annotations

import csv
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from quizlint.analyze import AnalyzeError

_DELIMITERS = (",", ";", "\t")
_SNIFF_BYTES = 64 * 1024


def _check_text(path: Path) -> str:
    """The start of the file as text, or AnalyzeError when it is not a text file at all."""
    try:
        with open(path, "rb") as handle:
            start = handle.read(_SNIFF_BYTES)
    except OSError as error:
        raise AnalyzeError(f"{path}: cannot read: {error.strerror or error}") from None
    if not start.strip():
        raise AnalyzeError(f"{path}: empty file: expected a CSV file of responses")
    if b"\x00" in start or start.startswith((b"PK\x03\x04", b"%PDF", b"\xd0\xcf\x11\xe0")):
        raise AnalyzeError(f"{path}: not a CSV file (binary content; a spreadsheet must be saved as CSV)")
    try:
        text = start.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        if len(start) < _SNIFF_BYTES or error.start < len(start) - 4:  # (not a character cut by the sample's end)
            raise AnalyzeError(f"{path}: not UTF-8 text (byte {error.start + 1}): save the CSV as UTF-8") from None
        text = start[: error.start].decode("utf-8-sig")
    return text


def _delimiter(first_line: str) -> str:
    counts = {delimiter: first_line.count(delimiter) for delimiter in _DELIMITERS}
    best = max(_DELIMITERS, key=lambda delimiter: counts[delimiter])
    return best if counts[best] else ","


class Progress:
    """``reading FILE: N rows`` on standard error, rewritten in place, only when it is a terminal."""

    def __init__(self, label: str, stream=None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.label = label
        self.active = bool(getattr(self.stream, "isatty", lambda: False)())
        self._last = 0.0

    def update(self, rows: int) -> None:
        if not self.active or rows % 1000:
            return
        now = time.monotonic()
        if now - self._last >= 0.2:
            self._last = now
            self.stream.write(f"\rreading {self.label}: {rows:,} rows")
            self.stream.flush()

    def done(self) -> None:
        if self.active and self._last:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


@contextmanager
def csv_rows(path: Path) -> Iterator[tuple[list[str], Iterator[tuple[int, list[str]]]]]:
    """(header, rows as (line number, cells)) of a CSV file; AnalyzeError when it is not one."""
    start = _check_text(path)
    delimiter = _delimiter(start.splitlines()[0] if start.splitlines() else start)
    progress = Progress(str(path))
    try:
        handle = open(path, encoding="utf-8-sig", newline="")
    except OSError as error:
        raise AnalyzeError(f"{path}: cannot read: {error.strerror or error}") from None
    with handle:
        reader = csv.reader(handle, delimiter=delimiter, strict=False)
        try:
            header = next(reader, None)
        except csv.Error as error:
            raise AnalyzeError(f"{path}:1: not a CSV file: {error}") from None
        except UnicodeDecodeError as error:
            raise AnalyzeError(f"{path}:1: not UTF-8 text: {error.reason}: save the CSV as UTF-8") from None
        if not header or not any(cell.strip() for cell in header):
            raise AnalyzeError(f"{path}:1: no header row: expected the column names of a responses file")

        def rows() -> Iterator[tuple[int, list[str]]]:
            count = 0
            try:
                for cells in reader:
                    count += 1
                    progress.update(count)
                    if cells and any(cell.strip() for cell in cells):
                        yield reader.line_num, cells
            except csv.Error as error:
                raise AnalyzeError(f"{path}:{reader.line_num}: not valid CSV: {error}") from None
            except UnicodeDecodeError as error:
                raise AnalyzeError(f"{path}:{reader.line_num + 1}: not UTF-8 text: {error.reason}") from None
            finally:
                progress.done()

        yield [cell.strip() for cell in header], rows()
