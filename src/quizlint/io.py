"""Writing files safely: every file quizlint writes is written atomically (temp file + fsync + rename)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: str | os.PathLike, data: str | bytes, *, encoding: str = "utf-8") -> None:
    """Replace ``path`` with ``data`` so that readers see either the old or the new file, never half of one.

    Keeps the mode of an existing file; text is written with ``\\n`` newlines as given (no translation).
    """
    path = Path(path)
    payload = data.encode(encoding) if isinstance(data, str) else data
    directory = path.parent if str(path.parent) else Path(".")
    directory.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.chmod(temp_name, os.stat(path).st_mode & 0o7777)
        except FileNotFoundError:
            os.chmod(temp_name, 0o644)
        os.replace(temp_name, path)
    except BaseException:
        try:
            os.unlink(temp_name)
        except FileNotFoundError:
            pass
        raise
