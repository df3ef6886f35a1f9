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

MAX_ARCHIVE_BYTES = 256 * 1024 * 1024  # a zip archive
MAX_ENTRY_BYTES = 16 * 1024 * 1024  # one file read out of an archive, uncompressed
MAX_ENTRIES = 10_000
MAX_ARCHIVE_TOTAL_BYTES = 2 * 1024 * 1024 * 1024  # all entries as declared, uncompressed


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
        if sum(info.file_size for info in infos) > MAX_ARCHIVE_TOTAL_BYTES:
            raise ImportFailure(display, "the archive declares more than 2 GiB of uncompressed data; refusing it")
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
        if info.file_size > MAX_ENTRY_BYTES:
            raise ImportFailure(where, f"entry declares {info.file_size / 1048576:.0f} MiB uncompressed, over the "
                                f"{MAX_ENTRY_BYTES // 1048576} MiB limit")
        try:
            with self.zip.open(info) as stream:
                data = stream.read(MAX_ENTRY_BYTES + 1)
        except (zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError, RuntimeError) as error:
            raise ImportFailure(where, f"cannot read the entry (truncated or corrupt archive?): {error}") from None
        if len(data) > MAX_ENTRY_BYTES:
            raise ImportFailure(where, f"entry inflates beyond the {MAX_ENTRY_BYTES // 1048576} MiB limit")
        return data


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
        return read_bytes(path, MAX_ENTRY_BYTES)

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
