"""Hostile input: each file fails with a clear, located message, exit status 1, quickly and in little memory,
and nothing is read from or written outside what the user named."""

from __future__ import annotations

import io
import os
import struct
import subprocess
import sys
import textwrap
import time
import zipfile
from pathlib import Path

import pytest

SECONDS = 2.0  # a sanity bound: each refusal is immediate, whatever the file claims to hold
MEMORY_LIMIT = 320 * 1024 * 1024  # address space for the subprocess runs (python + lxml + pydantic ≈ 100 MB)

XXE = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE quiz [
  <!ENTITY xxe SYSTEM "file:///etc/passwd">
]>
<quiz>
  <question type="multichoice">
    <name><text>&xxe;</text></name>
    <questiontext format="html"><text>&xxe;</text></questiontext>
    <answer fraction="100"><text>a</text></answer>
    <answer fraction="0"><text>b</text></answer>
  </question>
</quiz>
"""

BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE quiz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<quiz><question type="multichoice"><questiontext><text>&lol9;</text></questiontext></question></quiz>
"""

MANIFEST = """<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" identifier="M">
  <resources>
    <resource identifier="R" type="imsqti_item_xmlv2p1" href="{href}"><file href="{href}"/></resource>
  </resources>
</manifest>
"""


def timed_import(run, *args):
    started = time.perf_counter()
    result = run("import", *args)
    elapsed = time.perf_counter() - started
    assert result.exit_code == 1, result.stdout
    assert "Traceback" not in result.stderr and result.stdout == ""
    assert elapsed < SECONDS, f"took {elapsed:.1f} s"
    return result


def zip_of(entries: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def zip_bomb(path: Path, name: str = "imsmanifest.xml", megabytes: int = 200) -> Path:
    """One entry of ``megabytes`` MiB of zeros (it compresses about a thousandfold)."""
    chunk = bytes(1024 * 1024)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        with archive.open(name, "w", force_zip64=True) as entry:
            for _ in range(megabytes):
                entry.write(chunk)
    return path


def lie_about_size(data: bytes, declared: int) -> bytes:
    """The same zip with every size field of its (single) entry claiming ``declared`` bytes uncompressed."""
    patched = bytearray(data)
    local = patched.find(b"PK\x03\x04")
    struct.pack_into("<I", patched, local + 22, declared)
    central = patched.find(b"PK\x01\x02")
    struct.pack_into("<I", patched, central + 24, declared)
    return bytes(patched)


def test_external_entity_is_refused(run, tmp_path):
    path = tmp_path / "xxe.xml"
    path.write_text(XXE, encoding="utf-8")
    result = timed_import(run, "--from", "moodle", path)
    assert f"{path}:3:3:" in result.stderr and "declares XML entities" in result.stderr
    assert "root:" not in result.stderr


def test_entity_expansion_bomb_is_refused(run, tmp_path):
    path = tmp_path / "laughs.xml"
    path.write_text(BILLION_LAUGHS, encoding="utf-8")
    result = timed_import(run, "--from", "moodle", path)
    assert f"{path}:3:2:" in result.stderr and "declares XML entities" in result.stderr


def test_entities_in_a_utf16_document_are_refused_after_parsing(run, tmp_path):
    """The byte scan cannot read UTF-16; the parsed document's DTD is checked as well."""
    path = tmp_path / "xxe16.xml"
    path.write_bytes(XXE.replace('encoding="UTF-8"', 'encoding="UTF-16"').encode("utf-16"))
    result = timed_import(run, "--from", "moodle", path)
    assert "declares XML entities" in result.stderr and "root:" not in result.stderr


def test_unclosed_tags(run, tmp_path):
    path = tmp_path / "unclosed.xml"
    path.write_text("<quiz>\n  <question type='multichoice'>\n    <name><text>x</text></name>\n", encoding="utf-8")
    result = timed_import(run, "--from", "moodle", path)
    assert f"{path}:4:1: malformed XML" in result.stderr


def test_zip_slip_is_refused(run, tmp_path):
    archive = tmp_path / "slip.zip"
    archive.write_bytes(zip_of({"imsmanifest.xml": MANIFEST.format(href="items/q.xml").encode(),
                                "../evil.xml": b"<assessmentItem/>"}))
    result = timed_import(run, "--from", "qti", archive)
    assert "'../evil.xml' points outside the archive" in result.stderr
    assert not (tmp_path.parent / "evil.xml").exists()


def test_absolute_entry_and_reference_out_of_the_package_are_refused(run, tmp_path):
    archive = tmp_path / "absolute.zip"
    archive.write_bytes(zip_of({"/etc/quiz.xml": b"<x/>"}))
    assert "absolute path" in timed_import(run, "--from", "qti", archive).stderr
    archive.write_bytes(zip_of({"imsmanifest.xml": MANIFEST.format(href="../../etc/passwd").encode()}))
    assert "points outside the package" in timed_import(run, "--from", "qti", archive).stderr
    folder = tmp_path / "package"
    folder.mkdir()
    (folder / "imsmanifest.xml").write_text(MANIFEST.format(href="../secret.xml"), encoding="utf-8")
    (tmp_path / "secret.xml").write_text("<assessmentItem/>", encoding="utf-8")
    assert "points outside the package" in timed_import(run, "--from", "qti", folder).stderr


@pytest.fixture(scope="module")
def bomb(tmp_path_factory) -> Path:
    """A package whose manifest entry inflates to 200 MiB of zeros (built once: it takes a few seconds)."""
    archive = zip_bomb(tmp_path_factory.mktemp("bomb") / "bomb.zip")
    assert archive.stat().st_size < 2 * 1024 * 1024  # 200 MiB of zeros in a small file
    return archive


def test_entry_that_inflates_a_hundredfold_is_refused_unread(run, bomb):
    result = timed_import(run, "--from", "qti", bomb)
    assert f"{bomb}!imsmanifest.xml" in result.stderr and "over the 100:1 limit" in result.stderr
    assert "likely zip bomb" in result.stderr


def test_entry_that_lies_about_its_size_is_cut_off(run, tmp_path):
    archive = tmp_path / "liar.zip"
    archive.write_bytes(lie_about_size(zip_bomb(tmp_path / "big.zip", megabytes=40).read_bytes(), 1000))
    result = timed_import(run, "--from", "qti", archive)
    assert "liar.zip!imsmanifest.xml" in result.stderr and "cannot read the entry" in result.stderr


def test_truncated_zip(run, tmp_path):
    package = Path(__file__).parent / "fixtures" / "import" / "qti21"
    whole = io.BytesIO()
    with zipfile.ZipFile(whole, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(package.rglob("*.xml")):
            archive.write(path, path.relative_to(package).as_posix())
    for cut in (len(whole.getvalue()) // 2, len(whole.getvalue()) - 30):
        archive = tmp_path / "truncated.zip"
        archive.write_bytes(whole.getvalue()[:cut])
        result = timed_import(run, "--from", "qti", archive)
        assert f"{archive}: not a readable zip archive (truncated or corrupt?)" in result.stderr


SUBPROCESS = textwrap.dedent("""
    import resource, sys
    resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))
    from quizlint.cli import main
    sys.argv = ["quizlint", "import", "--from", sys.argv[1], sys.argv[2]]
    main()
""")


@pytest.mark.parametrize("kind", ["bomb", "laughs"])
def test_hostile_files_need_little_memory(tmp_path, bomb, kind):
    """In a real process whose address space is capped: no hostile file gets expanded into memory."""
    if not hasattr(__import__("resource"), "RLIMIT_AS") or sys.platform == "darwin":
        pytest.skip("RLIMIT_AS is not enforced on this platform")
    if kind == "bomb":
        path, fmt = bomb, "qti"
    else:
        path, fmt = tmp_path / "laughs.xml", "moodle"
        path.write_text(BILLION_LAUGHS, encoding="utf-8")
    result = subprocess.run([sys.executable, "-c", SUBPROCESS.format(limit=MEMORY_LIMIT), fmt, str(path)],
                            capture_output=True, text=True, timeout=120, env={**os.environ, "QUIZLINT_DEBUG": ""})
    assert result.returncode == 1, result.stderr
    assert "MemoryError" not in result.stderr and "Traceback" not in result.stderr
    assert ("likely zip bomb" if kind == "bomb" else "declares XML entities") in result.stderr


# --- zip bombs are judged by ratio and total, not by the size of one entry ----------------------------------


def canvas_package(run, tmp_path: Path) -> tuple[Path, str, bytes]:
    """A Canvas package quizlint exports, with the name and text of its largest XML entry (the questions)."""
    (tmp_path / "geo.quiz.yaml").write_text(textwrap.dedent("""\
        quizlint: 1
        id: geo
        languages: [en]
        title: Geography
        items:
          - id: capital
            stem: What is the capital of Turkey?
            options:
              - text: Ankara
                correct: true
              - text: Istanbul
        """), encoding="utf-8")
    package = tmp_path / "canvas.zip"
    assert run("export", "--to", "canvas", "-o", package, tmp_path / "geo.quiz.yaml").exit_code == 0
    with zipfile.ZipFile(package) as archive:
        name = max((info for info in archive.infolist() if info.filename.endswith(".xml")
                    and b"<item " in archive.read(info)), key=lambda info: info.file_size).filename
        return package, name, archive.read(name)


def repacked(package: Path, target: Path, name: str, data: bytes) -> Path:
    """``package`` with its entry ``name`` replaced by ``data``."""
    with zipfile.ZipFile(package) as source, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for info in source.infolist():
            archive.writestr(info.filename, data if info.filename == name else source.read(info))
    return target


def test_a_canvas_export_with_a_20_mib_xml_entry_of_low_ratio_is_imported(run, tmp_path):
    package, name, xml = canvas_package(run, tmp_path)
    # 20 MiB of varied text (as a bank of HTML tables is), which deflate compresses only a few times over
    filler = b"".join(b"<!-- row %d: %s -->\n" % (row, os.urandom(48).hex().encode()) for row in range(180_000))
    assert len(filler) > 20 * 1024 * 1024
    big = xml.replace(b"<item ", filler + b"<item ", 1)
    archive = repacked(package, tmp_path / "big-canvas.zip", name, big)
    with zipfile.ZipFile(archive) as check:
        info = check.getinfo(name)
        assert info.file_size > 20 * 1024 * 1024 and info.file_size / info.compress_size < 10
    result = run("import", archive, "-o", tmp_path / "imported.quiz.yaml")
    assert result.exit_code == 0, result.stderr
    assert "What is the capital of Turkey?" in (tmp_path / "imported.quiz.yaml").read_text(encoding="utf-8")


def test_a_canvas_export_with_a_20_mib_xml_entry_of_high_ratio_is_refused_as_a_bomb(run, tmp_path):
    package, name, xml = canvas_package(run, tmp_path)
    bomb = xml.replace(b"<item ", b"<!--" + b" " * (20 * 1024 * 1024) + b"--><item ", 1)
    archive = repacked(package, tmp_path / "bomb-canvas.zip", name, bomb)
    result = timed_import(run, archive, "-o", tmp_path / "imported.quiz.yaml")
    assert f"{archive}!{name}" in result.stderr and "over the 100:1 limit" in result.stderr
    assert not (tmp_path / "imported.quiz.yaml").exists()


def test_an_archive_declaring_more_than_256_mib_in_all_is_refused_unread(run, tmp_path):
    archive = tmp_path / "many.zip"
    patched = lie_about_size(zip_of({"media.bin": b"x" * 100}), 300 * 1024 * 1024)
    archive.write_bytes(patched)
    result = timed_import(run, "--from", "qti", archive)
    assert "declares 300 MiB of uncompressed data, over the 256 MiB limit" in result.stderr
