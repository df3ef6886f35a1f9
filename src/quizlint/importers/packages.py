"""Content packages: zip archives read in memory, or folders, behind one interface; every entry name and
reference is checked so that nothing outside the package is read, and archives are checked against zip bombs."""

from __future__ import annotations

import io
import os
import re
import zipfile
import zlib
from pathlib import Path, PurePosixPath

from quizlint.importers.log import ImportFailure
from quizlint.importers.reading import read_bytes

# Zip bombs are judged by what an archive would inflate to, not by the size of one entry: a real Canvas export
# can hold an XML entry of 20 MiB (a bank of HTML tables), which compresses perhaps tenfold; a bomb inflates a
# hundredfold or more.
MAX_ARCHIVE_BYTES = 256 * 1024 * 1024  # a zip archive, as a file
MAX_UNPACKED_BYTES = 256 * 1024 * 1024  # all its entries, uncompressed (as declared, and as read)
MAX_RATIO = 100  # uncompressed : compressed, for an entry larger than RATIO_FROM
RATIO_FROM = 1024 * 1024  # (a small entry may compress far better: a short file of spaces is no bomb)
MAX_ENTRIES = 10_000
MAX_FOLDER_FILE_BYTES = 64 * 1024 * 1024  # one file of an unpacked package


def check_member_name(name: str, where: str) -> str:
    """A normalized relative POSIX path, or a failure for absolute paths and ``..`` (zip slip)."""
    if "\x00" in name:
        raise ImportFailure(where, f"entry {name!r} has a NUL byte in its name")
    posix = name.replace("\\", "/")
    if posix.startswith("/") or re.match(r"[A-Za-z]:", posix):
        raise ImportFailure(where, f"entry {name!r} has an absolute path; refusing the archive")
    parts = [part for part in posix.split("/") if part not in ("", ".")]
    if ".." in parts:
        raise ImportFailure(where, f"entry {name!r} points outside the archive ('..'); refusing the archive")
    return "/".join(parts)


class Package:
    """Files of a content package (zip or folder), read by relative POSIX path."""

    display: str

    def names(self) -> list[str]:
        raise NotImplementedError

    def read(self, name: str) -> bytes:
        raise NotImplementedError

    def where(self, name: str) -> str:
        return f"{self.display}!{name}"

    def has(self, name: str) -> bool:
        return name in set(self.names())


class ZipPackage(Package):
    """A zip archive held in memory: nothing is extracted; every entry is checked before it is read."""

    def __init__(self, data: bytes, display: str):
        self.display = display
        try:
            self.zip = zipfile.ZipFile(io.BytesIO(data))
            infos = self.zip.infolist()
        except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError) as error:
            raise ImportFailure(display, f"not a readable zip archive (truncated or corrupt?): {error}") from None
        if len(infos) > MAX_ENTRIES:
            raise ImportFailure(display, f"the archive has {len(infos)} entries, over the limit of {MAX_ENTRIES}")
        declared = sum(info.file_size for info in infos)
        if declared > MAX_UNPACKED_BYTES:
            raise ImportFailure(display, f"the archive declares {_mib(declared)} of uncompressed data, over the "
                                f"{_mib(MAX_UNPACKED_BYTES)} limit; refusing it")
        self.unpacked = 0  # bytes read out of it so far
        self.infos: dict[str, zipfile.ZipInfo] = {}
        for info in infos:
            name = check_member_name(info.filename, display)
            if not info.is_dir():
                self.infos[name] = info

    def names(self) -> list[str]:
        return list(self.infos)

    def has(self, name: str) -> bool:
        return name in self.infos

    def read(self, name: str) -> bytes:
        info = self.infos.get(name)
        where = self.where(name)
        if info is None:
            raise ImportFailure(self.display, f"the archive has no entry {name!r}")
        _check_ratio(info, where)
        if self.unpacked + info.file_size > MAX_UNPACKED_BYTES:
            raise ImportFailure(where, f"reading this entry would take the data read out of the archive over the "
                                f"{_mib(MAX_UNPACKED_BYTES)} limit")
        try:
            with self.zip.open(info) as stream:  # (zipfile stops at the declared size and then checks the CRC)
                data = stream.read(info.file_size + 1)
        except (zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError, RuntimeError) as error:
            raise ImportFailure(where, f"cannot read the entry (truncated or corrupt archive?): {error}") from None
        if len(data) > info.file_size:
            raise ImportFailure(where, "the entry inflates beyond the size it declares; refusing the archive")
        self.unpacked += len(data)
        return data


def _check_ratio(info: zipfile.ZipInfo, where: str) -> None:
    """Refuse an entry larger than ``RATIO_FROM`` that would inflate more than ``MAX_RATIO`` times: a zip bomb."""
    if info.file_size <= RATIO_FROM:
        return
    ratio = info.file_size / max(info.compress_size, 1)
    if ratio > MAX_RATIO:
        raise ImportFailure(where, f"entry declares {_mib(info.file_size)} uncompressed from "
                            f"{info.compress_size / 1024:.0f} KiB compressed (ratio {ratio:.0f}:1, over the "
                            f"{MAX_RATIO}:1 limit for entries over {_mib(RATIO_FROM)}): refused as a likely zip bomb")


def _mib(size: int) -> str:
    return f"{size / 1048576:.0f} MiB"


class FolderPackage(Package):
    """An unpacked package: paths are checked so that nothing outside the folder is read."""

    def __init__(self, root: Path):
        self.root = root.resolve()
        self.display = str(root)

    def names(self) -> list[str]:
        found = []
        for dirpath, _dirnames, filenames in os.walk(self.root):
            for filename in filenames:
                found.append((Path(dirpath) / filename).relative_to(self.root).as_posix())
                if len(found) > MAX_ENTRIES:
                    raise ImportFailure(self.display, f"the folder has more than {MAX_ENTRIES} files")
        return sorted(found)

    def has(self, name: str) -> bool:
        return (self.root / name).is_file()

    def read(self, name: str) -> bytes:
        relative = check_member_name(name, self.display)
        path = (self.root / relative).resolve()
        if self.root not in path.parents:
            raise ImportFailure(self.display, f"{name!r} points outside the package folder")
        if not path.is_file():
            raise ImportFailure(self.display, f"the package has no file {name!r}")
        return read_bytes(path, MAX_FOLDER_FILE_BYTES)

    def where(self, name: str) -> str:
        return str(Path(self.display) / name)


def resolve_href(base: str, href: str, where: str) -> str:
    """``href`` (relative to the package file ``base``) as a package path; ``..`` may climb folders inside
    the package but never out of it, and absolute paths and URLs are refused."""
    from urllib.parse import unquote, urlsplit

    if urlsplit(href).scheme or href.startswith(("/", "\\")):
        raise ImportFailure(where, f"reference {href!r} is not a relative path inside the package")
    parts: list[str] = list(PurePosixPath(base).parent.parts) if PurePosixPath(base).parent != PurePosixPath(".") else []
    for part in unquote(href.split("#", 1)[0]).replace("\\", "/").split("/"):
        if part in ("", "."):
            continue
        if part == "..":
            if not parts:
                raise ImportFailure(where, f"reference {href!r} points outside the package")
            parts.pop()
        else:
            parts.append(part)
    return check_member_name("/".join(parts), where)
