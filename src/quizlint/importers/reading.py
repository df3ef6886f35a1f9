"""Reading input safely: files under a size limit, text as UTF-8 with its line breaks normalised, XML with
entities, DTDs and the network refused, and the element helpers the XML importers share."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

from quizlint.importers.log import ImportFailure

MAX_INPUT_BYTES = 64 * 1024 * 1024  # a text or XML file


def read_bytes(path: Path, limit: int = MAX_INPUT_BYTES) -> bytes:
    display = str(path)
    try:
        size = path.stat().st_size
        if size > limit:
            raise ImportFailure(display, f"file is {size / 1048576:.1f} MiB, over the {limit // 1048576} MiB limit")
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as error:
        raise ImportFailure(display, f"cannot read: {error.strerror or error}") from None
    if len(data) > limit:
        raise ImportFailure(display, f"file is over the {limit // 1048576} MiB limit")
    return data


def decode_text(raw: bytes, where: str) -> str:
    """UTF-8 (with or without a BOM) with ``\\r\\n`` and ``\\r`` turned into ``\\n``."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        column = error.start - (raw.rfind(b"\n", 0, error.start) + 1) + 1
        raise ImportFailure(where, f"invalid UTF-8 (byte 0x{raw[error.start]:02x}); save the file as UTF-8",
                            line, column) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    return text.replace("\r\n", "\n").replace("\r", "\n")


_DOCTYPE = re.compile(rb"<!DOCTYPE")
_ENTITY = re.compile(rb"<!ENTITY")


def _reject_entity_declarations(data: bytes, where: str) -> None:
    doctype = _DOCTYPE.search(data)
    if doctype is None:
        return
    end = data.find(b"]>", doctype.end())
    subset_end = end if end != -1 else data.find(b">", doctype.end())
    entity = _ENTITY.search(data, doctype.end(), subset_end if subset_end != -1 else len(data))
    if entity is not None:
        line = data.count(b"\n", 0, entity.start()) + 1
        column = entity.start() - (data.rfind(b"\n", 0, entity.start()) + 1) + 1
        raise ImportFailure(where, "the document declares XML entities (<!ENTITY>), which are refused: they are "
                            "the vehicle of external-entity (XXE) and entity-expansion attacks", line, column)


def parse_xml(data: bytes, where: str):
    """Parse XML with entity resolution, DTD loading and network access off; refuse entity declarations."""
    from lxml import etree

    _reject_entity_declarations(data, where)
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False, load_dtd=False,
                             remove_comments=True, remove_pis=True)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as error:
        line, column = error.position if error.position else (error.lineno or 1, 1)
        raise ImportFailure(where, f"malformed XML: {error.msg}", line, column) from None
    except ValueError as error:
        raise ImportFailure(where, f"malformed XML: {error}") from None
    dtd = root.getroottree().docinfo.internalDTD
    if dtd is not None and any(True for _ in dtd.iterentities()):
        raise ImportFailure(where, "the document declares XML entities (<!ENTITY>), which are refused")
    return root


def local_name(element) -> str:
    tag = element.tag
    if not isinstance(tag, str):
        return ""
    return tag.rsplit("}", 1)[-1]


def children_named(element, name: str) -> list:
    return [child for child in element if local_name(child) == name]


def child_named(element, name: str):
    for child in element:
        if local_name(child) == name:
            return child
    return None


def descendants_named(element, name: str) -> Iterator:
    for node in element.iter():
        if local_name(node) == name:
            yield node


def element_text(element) -> str:
    return "".join(element.itertext()) if element is not None else ""
