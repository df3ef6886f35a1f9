"""Images, audio, video and formulas of a text: what they are, where their files are, what those files hold.

- **References.** The images of a text (Markdown ``![alt](path)`` or an HTML ``<img>``) and its links to audio
  and video files (``[label](sounds/a.mp3)``), read from the text as the exports render it
  (``quizlint.render``), so that lint, export and preview see the same URLs. A reference is *local* (a relative
  path), *remote* (``http``/``https``) or *absolute* (a path from ``/``: refused).
- **Files.** A local path is resolved relative to the quiz file and must stay inside the bank root (the git
  repository the quiz file is in, or, outside git, the quiz file's folder): no ``..`` out of it, no link whose
  target is outside it (links are resolved, then checked). ``inspect`` tells a file's size and, from its first
  bytes (magic numbers), what it holds; an SVG is read whole and must hold no script,
  no event handler and no reference outside itself. Nothing over ``READ_LIMIT`` is read at all: such a file is
  reported by its size.
- **Formulas.** ``$…$``, ``$$…$$``, ``\\(…\\)`` and ``\\[…\\]`` (see ``quizlint.render``), converted to MathML
  with latex2mathml.
"""

from __future__ import annotations

import functools
import hashlib
import os
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

# extension → media type of the files quizlint packages
MEDIA_TYPES = {
    ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".webp": "image/webp",
    ".svg": "image/svg+xml", ".mp3": "audio/mpeg", ".ogg": "audio/ogg", ".oga": "audio/ogg", ".wav": "audio/wav",
    ".mp4": "video/mp4", ".webm": "video/webm",
}
# extensions a link points at to be media (an image is media whatever it points at)
LINKED_MEDIA = frozenset({".mp3", ".ogg", ".oga", ".wav", ".mp4", ".webm"})
READ_LIMIT = 16 * 1024 * 1024  # a file over this is never read (nor packaged): reported by its size
_HEAD = 16  # bytes read to tell a binary file's type
_REMOTE = frozenset({"http", "https"})


@dataclass(frozen=True)
class Reference:
    """An image or linked media file of a text: ``url`` as the exports render it; ``alt`` (images only)."""

    url: str
    kind: str  # "image" | "media"
    alt: str | None = None

    @property
    def scheme(self) -> str:
        return urlsplit(self.url).scheme.lower() if ":" in self.url else ""

    @property
    def is_remote(self) -> bool:
        return self.scheme in _REMOTE

    @property
    def is_local(self) -> bool:
        return not self.scheme and not self.url.startswith("#")

    @property
    def target(self) -> str:
        """The local path it names (percent-escapes decoded, without query or fragment)."""
        return unquote(urlsplit(self.url).path)


def references(markdown: str | None) -> list[Reference]:
    """The images and linked media files of ``markdown``, in order (each once)."""
    if not markdown or not ("](" in markdown or "<" in markdown or "]:" in markdown):
        return []
    return list(_references(markdown))


@functools.lru_cache(maxsize=4096)
def _references(markdown: str) -> tuple[Reference, ...]:
    from quizlint.render import _fragment

    found: dict[str, Reference] = {}
    for element in _fragment(markdown, False).iter("img", "a"):
        if element.tag == "img":
            reference = Reference(element.get("src", ""), "image", element.get("alt", ""))
        else:
            reference = Reference(element.get("href", ""), "media")
            if not (reference.is_local and posixpath.splitext(reference.target)[1].lower() in LINKED_MEDIA):
                continue
        found.setdefault(reference.url + "\0" + reference.kind, reference)
    return tuple(found.values())


def formulas(markdown: str | None) -> list[tuple[str, bool]]:
    """The formulas of ``markdown``: (LaTeX, displayed), in order."""
    if not markdown or not ("$" in markdown or "\\" in markdown):
        return []
    from quizlint.render import MATH_TOKEN, markdown_parser

    found = []
    for token in markdown_parser().parse(markdown):
        for child in token.children or ():
            if child.type == MATH_TOKEN:
                found.append((child.meta["latex"], child.meta["display"]))
    return found


def formula_error(latex: str) -> str | None:
    """Why latex2mathml cannot convert ``latex`` (None: it can)."""
    return _formula_error(latex)


@functools.lru_cache(maxsize=4096)
def _formula_error(latex: str) -> str | None:
    from latex2mathml.converter import convert
    from lxml import etree

    depth = 0
    for brace in _BRACE.findall(latex):
        depth += 1 if brace == "{" else -1
        if depth < 0:
            return "a } closes no {"
    if depth:
        return "a { is not closed"
    try:
        math = etree.fromstring(convert(latex))
    except Exception as error:  # noqa: BLE001 (latex2mathml raises many kinds of errors)
        return _error_name(error)
    for element in math.iter():
        text = (element.text or "").strip()
        if _COMMAND.fullmatch(text):
            return f"unknown command {text}"
        name = etree.QName(element).localname
        if name in _ARGUMENTS and len(element) != _ARGUMENTS[name]:
            return f"a missing argument ({name})"
    return None


_BRACE = re.compile(r"(?<!\\)[{}]")
_COMMAND = re.compile(r"\\[A-Za-z]+")
_ARGUMENTS = {"mfrac": 2, "msub": 2, "msup": 2, "msubsup": 3, "mroot": 2, "munder": 2, "mover": 2}


def _error_name(error: Exception) -> str:
    """latex2mathml's error class in words: MissingSuperScriptOrSubscriptError → "missing superscript or
    subscript"."""
    words = re.sub(r"(?<!^)(?=[A-Z])", " ", type(error).__name__.removesuffix("Error")).lower()
    return words + (f": {error}" if str(error) else "")


# --- files ------------------------------------------------------------------------------------------------


def bank_root(quiz_path: str | os.PathLike) -> Path:
    """The folder a quiz file's media must stay in: its git repository's root, or its own folder."""
    from quizlint.load.repository import repository_root

    folder = Path(os.path.abspath(quiz_path)).parent
    return Path(os.path.realpath(repository_root(folder) or folder))


@dataclass(frozen=True)
class Resolved:
    """Where a local reference of a quiz file points: ``path`` (real, inside the bank) or why not (``problem``)."""

    path: Path | None
    problem: str | None = None


def resolve(quiz_path: str | os.PathLike, target: str, root: Path | None = None) -> Resolved:
    """The file ``target`` (a local reference's path) names, relative to the quiz file, checked to stay inside
    ``root`` (default: ``bank_root``) once links are resolved."""
    if not target or target.startswith(("/", "\\")) or re.match(r"[A-Za-z]:[\\/]", target):
        return Resolved(None, "is an absolute path (write it relative to the quiz file)")
    if "\\" in target:
        return Resolved(None, "has a backslash (write paths with /)")
    root = bank_root(quiz_path) if root is None else root
    folder = Path(os.path.realpath(os.path.dirname(os.path.abspath(quiz_path))))
    written = os.path.normpath(folder / target)
    if not _inside(Path(written), root):
        return Resolved(None, "is outside the bank (it must stay below " + _shown(root) + ")")
    real = Path(os.path.realpath(written))
    if not _inside(real, root):
        return Resolved(None, "is a link to a file outside the bank")
    if not real.exists():
        return Resolved(None, "does not exist")
    if not real.is_file():
        return Resolved(None, "is not a file")
    return Resolved(real)


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


def _shown(path: Path) -> str:
    try:
        return os.path.relpath(path) + "/"
    except ValueError:
        return str(path)


@dataclass(frozen=True)
class FileFacts:
    """What a media file holds: its size, the media type its content shows (None: not one quiz media can be),
    why it cannot be used as it is (``problem``), and whether it was too large to read (``unread``)."""

    size: int
    media_type: str | None
    problem: str | None = None
    unread: bool = False


def inspect(path: Path) -> FileFacts:
    """The facts of ``path`` (read at most ``_HEAD`` bytes, or a whole SVG; nothing over ``READ_LIMIT``)."""
    status = path.stat()
    return _inspect(str(path), status.st_size, status.st_mtime_ns, status.st_ino)


@functools.lru_cache(maxsize=1024)
def _inspect(path: str, size: int, mtime_ns: int, inode: int) -> FileFacts:
    expected = MEDIA_TYPES.get(os.path.splitext(path)[1].lower())
    if expected is None:
        return FileFacts(size, None, "is not a supported media type (png, jpeg, gif, webp, svg, mp3, ogg, wav, "
                                     "mp4, webm)")
    if size > READ_LIMIT:
        return FileFacts(size, expected, None, unread=True)
    if expected == "image/svg+xml":
        with open(path, "rb") as handle:
            data = handle.read(READ_LIMIT + 1)
        problem = svg_problem(data)
        return FileFacts(size, expected if problem is None or not problem.startswith("is not") else None, problem)
    with open(path, "rb") as handle:
        head = handle.read(_HEAD)
    found = sniff(head)
    if found != expected:
        shown = _TYPE_NAMES.get(found, "not a file of any supported type")
        return FileFacts(size, found, f"holds {shown}, not what its extension says ({_TYPE_NAMES[expected]})")
    return FileFacts(size, found)


_TYPE_NAMES = {"image/png": "a PNG image", "image/jpeg": "a JPEG image", "image/gif": "a GIF image",
               "image/webp": "a WebP image", "image/svg+xml": "an SVG image", "audio/mpeg": "MP3 audio",
               "audio/ogg": "Ogg audio", "audio/wav": "WAV audio", "video/mp4": "an MP4 video",
               "video/webm": "a WebM video"}


def sniff(head: bytes) -> str | None:
    """The media type the first bytes of a binary file show (None: none quiz media can be)."""
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if head.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if head.startswith((b"GIF87a", b"GIF89a")):
        return "image/gif"
    if head[:4] == b"RIFF" and head[8:12] in (b"WEBP", b"WAVE"):
        return "image/webp" if head[8:12] == b"WEBP" else "audio/wav"
    if head.startswith(b"ID3") or (len(head) > 1 and head[0] == 0xFF and (head[1] & 0xE0) == 0xE0):
        return "audio/mpeg"
    if head.startswith(b"OggS"):
        return "audio/ogg"
    if head[4:8] == b"ftyp":
        return "video/mp4"
    if head.startswith(b"\x1a\x45\xdf\xa3"):
        return "video/webm"
    return None


_XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
_CSS_URL = re.compile(rb"url\s*\(\s*['\"]?\s*(?!#)|@import", re.IGNORECASE)


def svg_problem(data: bytes) -> str | None:
    """Why the SVG ``data`` cannot be shown safely (None: it can): not SVG, a DTD or entity, a script, an event
    handler, a ``foreignObject``, or a reference to anything outside the file (a link, an image, a style's
    ``url()``)."""
    from lxml import etree

    if b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        return "is an SVG with a DTD or entities (not allowed)"
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as error:
        return f"is not a well-formed SVG ({error})"
    if etree.QName(root).localname != "svg":
        return "is not an SVG image (its root element is not svg)"
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        name = etree.QName(element).localname
        if name in ("script", "foreignObject"):
            return f"is an SVG with a {name} element"
        for attribute, value in element.attrib.items():
            local = etree.QName(attribute).localname.lower()
            if local.startswith("on"):
                return f"is an SVG with an event handler ({local})"
            if (attribute == _XLINK_HREF or local == "href") and not value.strip().startswith("#"):
                return f"is an SVG with a reference outside the file ({value.strip()[:60]})"
            if local == "style" and _CSS_URL.search(value.encode()):
                return "is an SVG whose style refers outside the file"
        if name == "style" and _CSS_URL.search("".join(element.itertext()).encode()):
            return "is an SVG whose style refers outside the file"
    return None


def file_digest(path: Path) -> str:
    """The sha256 of a file (read in blocks)."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


# --- the lint cache ----------------------------------------------------------------------------------------

# Where a quiz file's text may name a local file: a Markdown link or image destination, an HTML src or href.
_NAMED_FILE = re.compile(rb"\]\(\s*<?([^)\s>]+)|\b(?:src|href)\s*=\s*[\"']([^\"']+)")


def cache_digest_suffix(quiz_path: str | os.PathLike, data: bytes) -> str:
    """What the lint cache adds to a quiz file's content hash: ``"+"`` and a digest of the content of every local
    file its texts may name (so that a changed image relints the files that show it), or "" when it names none.
    Found by a scan of the bytes (a superset of the references the rules read); a file over ``READ_LIMIT`` counts
    by its size and time."""
    if b"(" not in data and b"=" not in data:  # (what every match needs: two one-byte scans, several times faster)
        return ""
    targets = sorted({unquote(urlsplit(raw.decode("utf-8", "replace")).path)
                      for match in _NAMED_FILE.finditer(data) for raw in match.groups() if raw}
                     - {""})
    local = [target for target in targets if ":" not in target.split("/")[0] and not target.startswith("#")]
    if not local:
        return ""
    root = bank_root(quiz_path)
    digest = hashlib.blake2b(digest_size=8)
    for target in local:
        found = resolve(quiz_path, target, root)
        digest.update(target.encode("utf-8", "surrogateescape") + b"\0")
        digest.update((_content_stamp(found.path) if found.path is not None else "-").encode() + b"\0")
    return "+" + digest.hexdigest()


def _content_stamp(path: Path) -> str:
    try:
        status = path.stat()
    except OSError:
        return "unreadable"
    if status.st_size > READ_LIMIT:
        return f"{status.st_size}:{status.st_mtime_ns}"
    return _file_sha256(str(path), status.st_size, status.st_mtime_ns, status.st_ino)


@functools.lru_cache(maxsize=1024)
def _file_sha256(path: str, size: int, mtime_ns: int, inode: int) -> str:
    try:
        return file_digest(Path(path))
    except OSError:
        return "unreadable"


def size_in_words(size: int) -> str:
    if size >= 1024 * 1024:
        return f"{size / (1024 * 1024):.1f} MiB"
    if size >= 1024:
        return f"{size / 1024:.1f} KiB"
    return f"{size} bytes"


__all__ = ["LINKED_MEDIA", "MEDIA_TYPES", "READ_LIMIT", "FileFacts", "Reference", "Resolved", "bank_root",
           "file_digest", "formula_error", "formulas", "inspect", "references", "resolve", "size_in_words", "sniff",
           "svg_problem"]
