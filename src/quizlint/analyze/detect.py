"""Which reader reads a responses file: decided by its header row, never by its name."""

from __future__ import annotations

from pathlib import Path

from quizlint.analyze import AnalyzeError, read_canvas, read_long, read_moodle
from quizlint.analyze.csvfile import csv_rows
from quizlint.analyze.items import BankIndex
from quizlint.analyze.responses import Collector

READERS = (read_long, read_moodle, read_canvas)


def read_file(path: Path, index: BankIndex, collector: Collector, warn) -> str:
    """Read one responses file into ``collector``; its format's name."""
    with csv_rows(path) as (header, rows):
        for reader in READERS:
            if reader.matches(header):
                reader.read(path, header, rows, index, collector, warn)
                return reader.FORMAT
    shown = ", ".join(repr(name) for name in header[:6]) + (", …" if len(header) > 6 else "")
    raise AnalyzeError(f"{path}:1: unknown columns ({shown}): expected quizlint's long format (respondent,item,"
                       f"response), Moodle's Responses report (Response 1, …) or Canvas's Student Analysis report "
                       f"(section, submitted, then \"<id>: <question>\" and points columns)")
