"""The media files and formulas of an export, for every format (``quizlint.media`` tells what a text refers to).

A format opens a ``MediaPackage`` (``with MediaPackage(prefix, math) as media:``) and, around the texts of each
item, ``media.item(quiz, prepared)``; every ``render_html``/``append_html`` call of the format adds
``**render_options(markdown)``, which gives the renderer the format's way of writing formulas and the packaged
URL of each local image and media file the text refers to. Each file is read once, packaged once (by content:
the same image twice is one file) under a name unique in the package, in the order met (the same input gives the
same names). A file that cannot be packaged (missing, outside the bank, of the wrong type, an unsafe SVG, over
``READ_LIMIT``) is never read: the text keeps its path and a warning names it.
"""

from __future__ import annotations

import contextvars
import hashlib
import os
import posixpath
from contextlib import contextmanager
from dataclasses import dataclass, field

from quizlint.media import READ_LIMIT, bank_root, formulas, inspect, references, resolve, size_in_words

_ACTIVE: contextvars.ContextVar = contextvars.ContextVar("quizlint-export-media", default=None)


@dataclass(frozen=True)
class PackagedFile:
    name: str  # file name, unique in the package (``shards.png``)
    data: bytes
    media_type: str
    sha256: str
    source: str  # the path as the text wrote it (first met)

    @property
    def size(self) -> int:
        return len(self.data)


@dataclass
class MediaPackage:
    """The files an export packages, and the warnings about those it cannot. ``prefix``: what a text's URL of a
    packaged file starts with (``@@PLUGINFILE@@/``, ``$IMS-CC-FILEBASE$/media/``, ``../../../media/``);
    ``math``: how formulas are written (``quizlint.render.MATH_MODES``)."""

    prefix: str = ""
    math: str = "source"
    files: dict[str, PackagedFile] = field(default_factory=dict)  # by sha256
    warnings: list[str] = field(default_factory=list)
    used: list[PackagedFile] = field(default_factory=list)  # since the last ``take_used``
    _owner: str = ""
    _folder: str = ""
    _root: object = None
    _resolved: dict = field(default_factory=dict)
    _warned: set = field(default_factory=set)

    def __enter__(self) -> "MediaPackage":
        self._token = _ACTIVE.set(self)
        return self

    def __exit__(self, *exc) -> None:
        _ACTIVE.reset(self._token)

    @contextmanager
    def item(self, quiz, prepared=None, prefix: str | None = None):
        """Texts rendered inside belong to ``prepared`` of ``quiz`` (None: the quiz's own texts); ``prefix``
        replaces the package's for them (QTI: from where the file is)."""
        saved = (self._owner, self._folder, self.prefix)
        self._owner = quiz.where(prepared, "id") + f": item {prepared.item.id!r}" if prepared is not None \
            else f"{quiz.file.path}: quiz {quiz.quiz.id!r}"
        self._folder = quiz.file.folder_path
        self.prefix = self.prefix if prefix is None else prefix
        try:
            yield self
        finally:
            self._owner, self._folder, self.prefix = saved

    @contextmanager
    def quiz_file(self, quiz_file):
        """Texts rendered inside belong to ``quiz_file`` (a ``QuizFile``; the preview, which names no item)."""
        saved = (self._owner, self._folder)
        self._owner, self._folder = f"{quiz_file.path}: quiz {quiz_file.quiz.id!r}", quiz_file.folder_path
        try:
            yield self
        finally:
            self._owner, self._folder = saved

    def take_used(self) -> list[PackagedFile]:
        """The files the texts rendered since the last call refer to, each once, in order."""
        used, self.used = list(dict.fromkeys(self.used)), []
        return used

    def urls(self, markdown: str) -> dict[str, str]:
        """The packaged URL of each local file ``markdown`` refers to (packaging it when met first)."""
        found = {}
        for reference in references(markdown):
            if not reference.is_local:
                continue
            packaged = self._package(reference)
            if packaged is not None:
                found[reference.url] = self.prefix + packaged.name
                self.used.append(packaged)
        return found

    def _package(self, reference) -> PackagedFile | None:
        key = (self._folder, reference.target)
        if key not in self._resolved:
            self._resolved[key] = self._read(reference)
        packaged = self._resolved[key]
        if isinstance(packaged, str):
            self._warn(f"{self._owner}: the {_kind(reference)} {reference.target!r} is not packaged: it {packaged}")
            return None
        return packaged

    def _read(self, reference) -> PackagedFile | str:
        """The packaged file of ``reference``, or why it cannot be packaged."""
        if self._root is None or self._root[0] != self._folder:
            self._root = (self._folder, bank_root(self._folder))
        found = resolve(self._folder, reference.target, self._root[1])
        if found.path is None:
            return found.problem
        try:
            facts = inspect(found.path)
            if facts.problem is not None:
                return facts.problem
            if facts.unread:
                return f"is {size_in_words(facts.size)}, over the {size_in_words(READ_LIMIT)} quizlint reads"
            data = found.path.read_bytes()
        except OSError as error:
            return f"cannot be read ({error.strerror})"
        digest = hashlib.sha256(data).hexdigest()
        if digest not in self.files:
            self.files[digest] = PackagedFile(self._unique_name(posixpath.basename(reference.target), digest), data,
                                              facts.media_type, digest, reference.target)
        return self.files[digest]

    def _unique_name(self, name: str, digest: str) -> str:
        from quizlint.export._common import ncname

        stem, extension = os.path.splitext(name)
        name = ncname(stem, prefix="file-") + extension.lower()
        taken = {packaged.name.casefold() for packaged in self.files.values()}
        if name.casefold() in taken:
            name = f"{ncname(stem, prefix='file-')}-{digest[:8]}{extension.lower()}"
        return name

    def _warn(self, message: str) -> None:
        if message not in self._warned:
            self._warned.add(message)
            self.warnings.append(message)


def _kind(reference) -> str:
    return "image" if reference.kind == "image" else "media file"


def active() -> MediaPackage | None:
    return _ACTIVE.get()


def item_scope(quiz, prepared=None, prefix: str | None = None):
    """``MediaPackage.item`` of the export running (nothing outside one)."""
    from contextlib import nullcontext

    media = _ACTIVE.get()
    return nullcontext() if media is None else media.item(quiz, prepared, prefix)


def webcontent_resources(paths: list[str]) -> list:
    """A manifest ``webcontent`` resource for each packaged file (Canvas)."""
    from quizlint.export._common import PackageResource, ncname

    return [PackageResource(ncname("media-" + path.rpartition("/")[2]), "webcontent", [path], href=path)
            for path in paths]


def package_entries(entries: dict[str, bytes], folder: str) -> list[str]:
    """Put every packaged file in ``entries`` under ``folder``; their paths, in name order."""
    media = _ACTIVE.get()
    if media is None:
        return []
    paths = []
    for packaged in sorted(media.files.values(), key=lambda packaged: packaged.name):
        paths.append(f"{folder}/{packaged.name}")
        entries[paths[-1]] = packaged.data
    return paths


def render_options(markdown: str | None) -> dict:
    """The ``math`` and ``urls`` options of ``render_html``/``append_html`` for ``markdown`` in the export
    running (none outside one)."""
    media = _ACTIVE.get()
    if media is None or not markdown:
        return {}
    urls = media.urls(markdown)
    return {"math": media.math, "urls": urls} if urls else {"math": media.math}


def _item_texts(item, languages=None) -> list[str]:
    """Every text of ``item`` (in ``languages``, when given), in field order."""
    from quizlint.model import item_text_fields

    return [text for field in item_text_fields(item)
            for lang, text in ([(None, field.value)] if isinstance(field.value, str) else field.value.items())
            if isinstance(text, str) and (languages is None or lang is None or lang in languages)]


def items_with_media(written) -> list[str]:
    """The ids of the ``written`` items (``PreparedItem``) whose texts show an image or media file or hold a
    formula."""
    return [prepared.item.id for prepared in written
            if any(references(text) or formulas(text) for text in _item_texts(prepared.item))]


def item_assets(quiz, prepared) -> list:
    """The JSON export's ``assets`` of an item: each local file its texts in the exported languages refer to, once,
    with the path as written, its media type, size and sha256 (a file that cannot be read: a warning instead)."""
    from quizlint.export.json_schema import ExportedAsset

    media = _ACTIVE.get()
    found: dict[str, ExportedAsset] = {}
    with media.item(quiz, prepared):
        for text in _item_texts(prepared.item, quiz.languages):
            for reference in references(text):
                if reference.is_local and reference.target not in found:
                    packaged = media._package(reference)
                    if packaged is not None:
                        found[reference.target] = ExportedAsset(path=reference.target, media_type=packaged.media_type,
                                                                size=packaged.size, sha256=packaged.sha256)
    return list(found.values())


def cannot_carry_media(format_label: str, written) -> list[str]:
    """The warning of a text format (GIFT, Aiken) that cannot carry files nor typeset formulas reliably, naming
    the ``written`` items that have some."""
    items = items_with_media(written)
    if not items:
        return []
    return [f"{format_label} cannot carry image or media files, and shows formulas only where the LMS runs "
            f"MathJax: these items have media or formulas: {', '.join(items)} (export Moodle XML, QTI or Canvas to "
            "package the files)"]


def moodle_files(element) -> None:
    """Append to the Moodle XML text ``element`` a ``<file name path="/" encoding="base64">`` for each file its
    text refers to (the files of the texts rendered since the last call)."""
    import base64

    from quizlint.export._common import add_element

    media = _ACTIVE.get()
    if media is None:
        return
    for packaged in media.take_used():
        add_element(element, "file", base64.b64encode(packaged.data).decode("ascii"), name=packaged.name, path="/",
                    encoding="base64")
