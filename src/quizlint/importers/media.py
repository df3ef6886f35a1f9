"""Images and media files an import brings back: the files of a Moodle text (``<file encoding="base64">``, named
``@@PLUGINFILE@@/name`` in its HTML), of a QTI package (relative to the item file) and of a Canvas or text2qti
package (``$IMS-CC-FILEBASE$/…``). Each becomes a file of the ``assets`` folder beside the written quiz, and
the texts point at it (``assets/name.png``); the same content twice is one file.

An importer opens ``collecting(log)`` around the whole import and, around each place the HTML of texts is
read from, ``files_of_moodle_text(element)`` or ``files_of_package(package, base)``; ``html_to_markdown`` asks
``imported_url(src)`` for each image or media link. Files go through the package's own limits and path checks
(``quizlint.importers.packages``); a file over the size limit is an import error naming it.
"""

from __future__ import annotations

import base64
import binascii
import contextvars
import hashlib
import posixpath
import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from urllib.parse import unquote

from quizlint.importers.log import ImportFailure, ImportLog

ASSETS_FOLDER = "assets"
PLUGINFILE = "@@PLUGINFILE@@/"
_FILEBASE = re.compile(r"^(?:\$|%24)IMS-CC-FILEBASE(?:\$|%24)/", re.IGNORECASE)
MAX_FILE_BYTES = 16 * 1024 * 1024  # an image or media file (as quizlint.media.READ_LIMIT)

_COLLECTED: contextvars.ContextVar = contextvars.ContextVar("quizlint-import-media", default=None)
_SOURCE: contextvars.ContextVar = contextvars.ContextVar("quizlint-import-media-source", default=None)


@dataclass
class ImportedFiles:
    """The files an import brings back, by name in the assets folder."""

    log: ImportLog
    files: dict[str, bytes] = field(default_factory=dict)
    by_digest: dict[str, str] = field(default_factory=dict)

    def add(self, name: str, data: bytes) -> str:
        """The assets path of ``data`` (named after ``name``, made unique), adding it when new."""
        digest = hashlib.sha256(data).hexdigest()
        if digest not in self.by_digest:
            stem, extension = posixpath.splitext(_safe_name(name))
            candidate, number = stem + extension, 1
            while candidate.casefold() in {taken.casefold() for taken in self.files}:
                number += 1
                candidate = f"{stem}-{number}{extension}"
            self.files[candidate] = data
            self.by_digest[digest] = candidate
        return f"{ASSETS_FOLDER}/{self.by_digest[digest]}"


def _safe_name(name: str) -> str:
    """A file name of one safe path segment (letters, digits, ``._-``)."""
    base = posixpath.basename(unquote(name).replace("\\", "/"))
    safe = re.sub(r"[^A-Za-z0-9._-]+", "-", base).strip(".-") or "file"
    return safe[:100]


@contextmanager
def collecting(log: ImportLog):
    files = ImportedFiles(log)
    token = _COLLECTED.set(files)
    try:
        yield files
    finally:
        _COLLECTED.reset(token)


@contextmanager
def _source(read):
    token = _SOURCE.set(read)
    try:
        yield
    finally:
        _SOURCE.reset(token)


def files_of_moodle_text(element):
    """The ``<file>`` children of a Moodle text element are what its ``@@PLUGINFILE@@/name`` URLs name."""
    attached = {}
    for child in element:
        if isinstance(child.tag, str) and child.tag == "file" and child.get("name"):
            attached[child.get("name")] = child

    def read(url: str) -> tuple[str, bytes] | None:
        if not url.startswith(PLUGINFILE):
            return None
        name = unquote(url[len(PLUGINFILE):])
        found = attached.get(name)
        if found is None:
            return None
        return name, _decoded(found, name)

    return _source(read)


def _decoded(element, name: str) -> bytes:
    text = "".join(element.itertext())
    if len(text) > MAX_FILE_BYTES * 4 // 3 + 4:
        raise ImportFailure(name, f"the file {name!r} is over the {MAX_FILE_BYTES // 1048576} MiB limit",
                            element.sourceline)
    try:
        return base64.b64decode("".join(text.split()), validate=True)
    except (binascii.Error, ValueError):
        raise ImportFailure(name, f"the file {name!r} is not valid base64", element.sourceline) from None


def files_of_package(package, base: str | None):
    """A package's files, for the HTML of its file ``base`` (None: the package's top): a relative URL resolves
    from ``base``; ``$IMS-CC-FILEBASE$/x`` is ``web_resources/x`` (Canvas) or ``x`` (text2qti)."""
    from quizlint.importers.packages import resolve_href

    def read(url: str) -> tuple[str, bytes] | None:
        filebase = _FILEBASE.match(url)
        if filebase is not None:
            rest = url[filebase.end():]
            candidates = [f"web_resources/{rest}", rest]
            where = package.display
        else:
            if not _is_relative(url):
                return None
            where = package.where(base) if base else package.display
            candidates = [url]
        for candidate in candidates:
            try:
                name = resolve_href(base if filebase is None and base else "", candidate, where)
            except ImportFailure:
                return None
            if package.has(name):
                _check_size(package, name)
                return name, package.read(name)
        return None

    return _source(read)


def _check_size(package, name: str) -> None:
    """An image or media file over ``MAX_FILE_BYTES`` is an import error naming it (checked before it is read)."""
    info = getattr(package, "infos", {}).get(name)
    size = info.file_size if info is not None else _folder_file_size(package, name)
    if size > MAX_FILE_BYTES:
        raise ImportFailure(package.where(name), f"the file is {size / 1048576:.1f} MiB, over the "
                            f"{MAX_FILE_BYTES // 1048576} MiB limit for an image or media file")


def _folder_file_size(package, name: str) -> int:
    root = getattr(package, "root", None)
    try:
        return (root / name).stat().st_size if root is not None else 0
    except OSError:
        return 0


def _is_relative(url: str) -> bool:
    from urllib.parse import urlsplit

    parts = urlsplit(url.strip())
    return bool(url.strip()) and not (parts.scheme or parts.netloc) and not url.startswith(("/", "#"))


def imported_url(url: str | None) -> str | None:
    """The assets path the file ``url`` names comes back as (None: no such file here, or no import collecting)."""
    collected, read = _COLLECTED.get(), _SOURCE.get()
    if not url or collected is None or read is None:
        return None
    found = read(url.strip())
    if found is None:
        return None
    name, data = found
    return collected.add(name, data)


def can_import(url: str) -> bool:
    """Whether ``imported_url`` would bring the file ``url`` back (without adding it)."""
    read = _SOURCE.get()
    if read is None or _COLLECTED.get() is None:
        return False
    try:
        return read(url.strip()) is not None
    except ImportFailure:
        return False


def write_assets(imported: ImportedFiles, folder, force: bool) -> None:
    """Write the imported files into ``folder``/assets (None: the quiz went to standard output, so they cannot
    be: say so). A file there already with other content is an error (nothing written) unless ``force``."""
    import sys
    from pathlib import Path

    from quizlint.io import write_atomic

    if not imported.files:
        return
    if folder is None:
        print(f"quizlint: warning: {len(imported.files)} image or media file(s) of the source are not written "
              f"(the quiz went to standard output; write it with -o to get them in {ASSETS_FOLDER}/)", file=sys.stderr)
        return
    target = Path(folder) / ASSETS_FOLDER
    clashes = [name for name, data in imported.files.items()
               if (target / name).exists() and not ((target / name).is_file() and (target / name).read_bytes() == data)]
    if clashes and not force:
        print(f"quizlint: error: {target / clashes[0]} exists with other content; nothing was written (use --force "
              "to overwrite)", file=sys.stderr)
        sys.exit(1)
    target.mkdir(parents=True, exist_ok=True)
    for name in sorted(imported.files):
        path = target / name
        if not (path.is_file() and path.read_bytes() == imported.files[name]):
            write_atomic(path, imported.files[name])
    print(f"quizlint: wrote {len(imported.files)} file(s) in {target}", file=sys.stderr)


# --- formulas ---------------------------------------------------------------------------------------------

TEX_ENCODINGS = ("application/x-tex", "application/x-latex", "tex", "latex")
_MATHJAX = re.compile(r"\\\((.+?)\\\)|\\\[(.+?)\\\]", re.DOTALL)


def mathjax_spans(text: str) -> list[tuple[int, int, str]]:
    """(start, end, formula as ``$…$`` or ``$$…$$``) of each MathJax ``\\(…\\)`` and ``\\[…\\]`` of a text."""
    spans = []
    for match in _MATHJAX.finditer(text):
        latex = (match.group(1) if match.group(1) is not None else match.group(2)).strip()
        if latex and "$" not in latex:
            spans.append((match.start(), match.end(), f"${latex}$" if match.group(1) is not None else f"$${latex}$$"))
    return spans


def mathml_as_tex(node_text: str, annotation: str | None, display: bool) -> str | None:
    """A MathML formula as ``$…$`` (``$$…$$`` displayed): its TeX annotation when it has one, else its text."""
    latex = (annotation or node_text).strip()
    if not latex or "$" in latex:
        return None
    return f"$${latex}$$" if display else f"${latex}$"
