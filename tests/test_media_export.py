"""Images and formulas travel with the item: every export carries the exact bytes of each file (sha256) and a
reference to it that resolves; the QTI packages validate with their MathML; imports bring the files back; hostile
paths give a finding and nothing is read or embedded."""

from __future__ import annotations

import base64
import json
import os
import posixpath
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote

import pytest
from lxml import etree

from media_support import SVG, media_bank, png_bytes, sha256
from test_export_support import QTI_SCHEMAS, schema_errors, xml_schema, zip_entries

MATHML = "{http://www.w3.org/1998/Math/MathML}"
PNG_SHA, SVG_SHA = sha256(png_bytes()), sha256(SVG)


def _export(run, fmt: str, source: Path, out: Path, *args: str) -> tuple[bytes, str]:
    result = run("export", "--to", fmt, *args, "-o", out, source)
    assert result.exit_code == 0, result.output
    return out.read_bytes(), result.stderr


@pytest.fixture
def bank(tmp_path):
    return media_bank(tmp_path / "bank")


def _img_sources(data: bytes) -> list[str]:
    root = etree.fromstring(data)
    return [element.get("src") for element in root.iter("{*}img")]


@pytest.mark.parametrize("fmt", ["qti21", "qti30"])
def test_qti_packages_hold_each_file_once_listed_by_its_item_and_valid_with_mathml(run, bank, tmp_path, fmt):
    data, _ = _export(run, fmt, bank, tmp_path / "out.zip", "--lang", "all")
    entries = zip_entries(data)
    assert sorted(name for name in entries if name.startswith("media/") and "/items/" not in name
                  and not name.endswith(".xml")) == ["media/index.svg", "media/shards.png"]
    assert sha256(entries["media/shards.png"]) == PNG_SHA and sha256(entries["media/index.svg"]) == SVG_SHA
    manifest = etree.fromstring(entries["imsmanifest.xml"])
    files_of = {resource.get("href"): [file.get("href") for file in resource.iter("{*}file")]
                for resource in manifest.iter("{*}resource")}
    item_schema, manifest_schema = (xml_schema(name) for name in QTI_SCHEMAS[fmt])
    assert schema_errors(manifest_schema, entries["imsmanifest.xml"]) is None
    for lang in ("en", "tr"):
        name = f"media/{lang}/items/{'shards' if lang == 'en' else 'shards-' + lang}.xml"  # (own ids per language)
        assert schema_errors(item_schema, entries[name]) is None, entries[name].decode()
        sources = _img_sources(entries[name])
        assert sources == ["../../../media/shards.png", "../../../media/index.svg"]
        for source in sources:  # the reference resolves from the item file, to a file its resource lists
            target = posixpath.normpath(posixpath.join(posixpath.dirname(name), source))
            assert target in entries and target in files_of[name]
        math = etree.fromstring(entries[name]).find(f".//{MATHML}math")
        assert math is not None and math.find(f".//{MATHML}mfrac") is not None
        assert math.find(f".//{MATHML}annotation").text == r"m = \frac{p \times b}{8}"


def test_canvas_package_holds_the_files_under_web_resources_and_writes_mathjax(run, bank, tmp_path):
    data, _ = _export(run, "canvas", bank, tmp_path / "out.zip")
    entries = zip_entries(data)
    assessment = next(data for name, data in entries.items() if name.endswith("media.xml"))
    texts = "".join(etree.fromstring(assessment).itertext())
    assert '<img src="$IMS-CC-FILEBASE$/media/shards.png"' in texts
    assert r"Memory is \(m = \frac{p \times b}{8}\)." in texts
    for source in ("$IMS-CC-FILEBASE$/media/shards.png", "$IMS-CC-FILEBASE$/media/index.svg"):
        assert source in texts
        path = "web_resources/" + source.removeprefix("$IMS-CC-FILEBASE$/")
        assert sha256(entries[path]) == (PNG_SHA if path.endswith(".png") else SVG_SHA)
    manifest = etree.fromstring(entries["imsmanifest.xml"])
    listed = {file.get("href") for resource in manifest.iter("{*}resource") if resource.get("type") == "webcontent"
              for file in resource.iter("{*}file")}
    assert listed == {"web_resources/media/shards.png", "web_resources/media/index.svg"}


def test_moodle_xml_embeds_each_file_in_the_text_that_shows_it(run, bank, tmp_path):
    data, _ = _export(run, "moodle", bank, tmp_path / "out.xml")
    question = etree.fromstring(data).find("question[@type='multichoice']")
    for element in (question.find("questiontext"), question.find("answer/feedback")):
        html = element.findtext("text")
        files = {file.get("name"): file for file in element.findall("file")}
        names = [unquote(src.removeprefix("@@PLUGINFILE@@/")) for src in
                 etree.fromstring(f"<x>{html}</x>").xpath("//img/@src")]
        assert names and set(names) == set(files)
        for name in names:
            assert files[name].get("path") == "/" and files[name].get("encoding") == "base64"
            decoded = base64.b64decode(files[name].text)
            assert sha256(decoded) == (PNG_SHA if name.endswith(".png") else SVG_SHA)
    assert r"\(m = \frac{p \times b}{8}\)" in question.findtext("questiontext/text")


def test_json_lists_each_asset_with_its_digest(run, bank, tmp_path):
    data, _ = _export(run, "json", bank, tmp_path / "out.json")
    item = json.loads(data)["quizzes"][0]["items"][0]
    assert item["assets"] == [
        {"path": "img/shards.png", "media_type": "image/png", "size": len(png_bytes()), "sha256": PNG_SHA},
        {"path": "img/index.svg", "media_type": "image/svg+xml", "size": len(SVG), "sha256": SVG_SHA}]
    assert (bank.parent / item["assets"][0]["path"]).read_bytes() == png_bytes()  # (resolves from the quiz file)


@pytest.mark.parametrize("fmt", ["qti21", "qti30", "canvas", "moodle", "json", "gift", "aiken"])
def test_exports_with_media_are_byte_identical(run, bank, tmp_path, fmt):
    first, _ = _export(run, fmt, bank, tmp_path / "one", "--force")
    second, _ = _export(run, fmt, bank, tmp_path / "two", "--force")
    assert first == second


@pytest.mark.parametrize("fmt", ["gift", "aiken"])
def test_text_formats_name_the_items_with_media(run, bank, tmp_path, fmt):
    _, stderr = _export(run, fmt, bank, tmp_path / "out.txt", "--force")
    assert "cannot carry image or media files" in stderr and "these items have media or formulas: shards" in stderr


def test_the_same_image_twice_is_packaged_once(run, tmp_path):
    bank = tmp_path / "bank"
    path = media_bank(bank)
    (bank / "img" / "copy.png").write_bytes(png_bytes())
    path.write_text(path.read_text().replace("(img/index.svg)", "(img/copy.png)"), encoding="utf-8")
    entries = zip_entries(_export(run, "qti21", path, tmp_path / "out.zip")[0])
    assert [name for name in entries if not name.endswith(".xml")] == ["media/shards.png"]


# --- imports ----------------------------------------------------------------------------------------------


def test_moodle_xml_import_then_export_keeps_the_image_bytes(run, bank, tmp_path):
    exported, _ = _export(run, "moodle", bank, tmp_path / "out.xml")
    back = tmp_path / "back" / "back.quiz.yaml"
    back.parent.mkdir()
    result = run("import", tmp_path / "out.xml", "-o", back)
    assert result.exit_code == 0, result.stderr
    assert sorted(path.name for path in (back.parent / "assets").iterdir()) == ["index.svg", "shards.png"]
    text = back.read_text(encoding="utf-8")
    assert "![four shards and an index file](assets/shards.png)" in text
    assert r"$m = \\frac{p \\times b}{8}$" in text  # (MathJax's \(…\) back as $…$)
    again, _ = _export(run, "moodle", back, tmp_path / "again.xml")
    embedded = {file.get("name"): base64.b64decode(file.text) for file in etree.fromstring(again).iter("file")}
    assert {name: sha256(data) for name, data in embedded.items()} == {"shards.png": PNG_SHA, "index.svg": SVG_SHA}
    assert run("lint", "--no-cache", "--select", "M", back).exit_code == 0


@pytest.mark.parametrize("fmt", ["qti21", "qti30", "canvas"])
def test_package_import_brings_the_files_and_formulas_back(run, bank, tmp_path, fmt):
    _export(run, fmt, bank, tmp_path / "out.zip")
    back = tmp_path / "back" / "q.quiz.yaml"
    result = run("import", "--lang", "en", tmp_path / "out.zip", "-o", back)
    assert result.exit_code == 0, result.stderr
    assert sha256((back.parent / "assets" / "shards.png").read_bytes()) == PNG_SHA
    text = back.read_text(encoding="utf-8")
    assert "](assets/shards.png)" in text and r"$m = \\frac{p \\times b}{8}$" in text


def test_a_text2qti_package_with_an_image_imports_with_its_image(run, tmp_path):
    folder = tmp_path / "t2q"
    folder.mkdir()
    (folder / "shards.png").write_bytes(png_bytes())
    (folder / "quiz.md").write_text("Quiz title: Shards\n\n1.  Which file lists the shards? ![the index](shards.png)\n"
                                    "*a) The index file\nb)  The first shard\n", encoding="utf-8")
    text2qti = Path(sys.executable).parent / "text2qti"
    subprocess.run([str(text2qti), "quiz.md"], cwd=folder, check=True, capture_output=True, timeout=120)
    back = tmp_path / "back" / "q.quiz.yaml"
    result = run("import", "--lang", "en", folder / "quiz.zip", "-o", back)
    assert result.exit_code == 0, result.stderr
    assert "![the index](assets/shards.png)" in back.read_text(encoding="utf-8")
    assert (back.parent / "assets" / "shards.png").read_bytes() == png_bytes()


def test_an_oversize_file_of_a_package_is_named_in_an_error(run, tmp_path):
    import zipfile

    from quizlint.importers.media import MAX_FILE_BYTES

    bank = tmp_path / "bank"
    _export(run, "qti21", media_bank(bank), tmp_path / "out.zip")
    entries = zip_entries((tmp_path / "out.zip").read_bytes())
    entries["media/shards.png"] = b"\x89PNG" + os.urandom(MAX_FILE_BYTES)  # (no zip bomb: it does not compress)
    with zipfile.ZipFile(tmp_path / "big.zip", "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    result = run("import", "--lang", "en", tmp_path / "big.zip", "-o", tmp_path / "back" / "q.quiz.yaml")
    assert result.exit_code == 1
    assert "big.zip!media/shards.png: the file is 16.0 MiB, over the 16 MiB limit for an image or media file" \
        in result.stderr
    assert not (tmp_path / "back").exists()


# --- hostile paths: a finding, and nothing read or embedded -------------------------------------------------

HOSTILE = """\
- id: hostile
  type: single
  stem:
    en: "![a](../../etc/passwd.png) ![b](img/linked.png) ![c](img/evil.svg) ![d](img/big.png)"
    tr: "![a](../../etc/passwd.png) ![b](img/linked.png) ![c](img/evil.svg) ![d](img/big.png)"
  options:
    - text: {en: "Yes", tr: "Evet"}
      correct: true
    - text: {en: "No", tr: "Hayır"}
"""


def _hostile_bank(tmp_path: Path) -> Path:
    from conftest import quiz_yaml

    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.png").write_bytes(png_bytes(colour=(1, 2, 3)))
    bank = tmp_path / "bank"
    (bank / "img").mkdir(parents=True)
    os.symlink(outside / "secret.png", bank / "img" / "linked.png")
    (bank / "img" / "evil.svg").write_bytes(b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    with open(bank / "img" / "big.png", "wb") as handle:
        handle.write(png_bytes()[:16])
        handle.truncate(50 * 1024 * 1024)
    path = bank / "hostile.quiz.yaml"
    path.write_text(quiz_yaml(HOSTILE), encoding="utf-8")
    return path


def test_hostile_paths_each_give_a_finding(run, tmp_path):
    path = _hostile_bank(tmp_path)
    result = run("lint", "--no-cache", "--format", "json", "--select", "M", path, cwd=path.parent)
    found = {(finding["code"], finding["message"].split(": ", 1)[1]) for finding in json.loads(result.stdout)}
    assert ("M001", "the image '../../etc/passwd.png' is outside the bank (it must stay below ./)") in found
    assert ("M001", "the image 'img/linked.png' is a link to a file outside the bank") in found
    assert ("M002", "the image 'img/evil.svg' is an SVG with a script element") in found
    assert any(code == "M004" and "img/big.png' is 50.0 MiB" in message for code, message in found)
    assert run("export", "--to", "qti21", "-o", tmp_path / "refused.zip", path).exit_code == 1  # (errors)


@pytest.mark.parametrize("fmt", ["qti21", "qti30", "canvas", "moodle", "json"])
def test_hostile_files_are_never_embedded(run, tmp_path, fmt, monkeypatch):
    path = _hostile_bank(tmp_path)
    opened = []
    real_open = open

    def spy(file, *args, **kwargs):
        opened.append(os.path.realpath(str(file)))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr("builtins.open", spy)
    data, stderr = _export(run, fmt, path, tmp_path / "out", "--force")
    for name in ("../../etc/passwd.png", "img/linked.png", "img/evil.svg", "img/big.png"):
        assert f"the image {name!r} is not packaged" in stderr
    assert str(tmp_path / "outside" / "secret.png") not in opened  # the link's target is never read
    assert str(tmp_path / "bank" / "img" / "big.png") not in opened  # nor is the 50 MB file
    if fmt == "moodle":
        assert b"<file" not in data
    elif fmt == "json":
        assert json.loads(data)["quizzes"][0]["items"][0]["assets"] == []
    else:
        assert [name for name in zip_entries(data) if not name.endswith(".xml")] == []


FORMULAS = r"""quizlint: 1
id: formulas
languages: [en]
title: {en: "Formulas"}
items:
  - id: many
    stem: {en: 'Solve $$\begin{cases} x+y=2 \\ x-y=0 \end{cases}$$ with $\sqrt[3]{x}$, $\sum_{i=1}^n i^2$, $\mathbb{R}$, $\text{bits}$, \(e^{i\pi}\) and \[\int_0^1 x\,dx\]'}
    options:
      - text: {en: '$x=1$'}
        correct: true
      - text: {en: '$x_2 = [0, 1]$'}
"""


@pytest.mark.parametrize("fmt", ["qti21", "qti30"])
def test_displayed_and_inline_formulas_are_valid_mathml(run, tmp_path, fmt):
    source = tmp_path / "f.quiz.yaml"
    source.write_text(FORMULAS, encoding="utf-8")
    entries = zip_entries(_export(run, fmt, source, tmp_path / "out.zip")[0])
    item = entries["formulas/en/items/many.xml"]
    assert schema_errors(xml_schema(QTI_SCHEMAS[fmt][0]), item) is None, item.decode()
    root = etree.fromstring(item)
    displays = [math.get("display") for math in root.iter(f"{MATHML}math")]
    assert displays == ["block", "inline", "inline", "inline", "inline", "inline", "block", "inline", "inline"]
    assert [note.text for note in root.iter(f"{MATHML}annotation")][-2:] == ["x=1", "x_2 = [0, 1]"]


AUDIO = """\
- id: listen
  type: single
  stem: {en: "[Listen](sounds/tone.mp3): which note is it?", tr: "[Dinleyin](sounds/tone.mp3): bu hangi nota?"}
  options:
    - text: A
      correct: true
    - text: C
"""


def test_a_linked_audio_file_travels_like_an_image(run, tmp_path):
    from conftest import quiz_yaml

    audio = b"ID3\x04\x00\x00\x00\x00\x00\x00" + bytes(range(64))
    (tmp_path / "sounds").mkdir()
    (tmp_path / "sounds" / "tone.mp3").write_bytes(audio)
    source = tmp_path / "a.quiz.yaml"
    source.write_text(quiz_yaml(AUDIO), encoding="utf-8")
    assert run("lint", "--no-cache", "--select", "M", source).exit_code == 0
    entries = zip_entries(_export(run, "qti30", source, tmp_path / "out.zip")[0])
    assert entries["media/tone.mp3"] == audio
    body = etree.fromstring(entries["demo/en/items/listen.xml"])
    assert [a.get("href") for a in body.iter("{*}a")] == ["../../../media/tone.mp3"]
    moodle = etree.fromstring(_export(run, "moodle", source, tmp_path / "out.xml")[0])
    text = moodle.find("question[@type='multichoice']/questiontext")
    assert 'href="@@PLUGINFILE@@/tone.mp3"' in text.findtext("text")
    assert base64.b64decode(text.find("file").text) == audio
    data = json.loads(_export(run, "json", source, tmp_path / "out.json")[0])
    assert data["quizzes"][0]["items"][0]["assets"][0]["media_type"] == "audio/mpeg"


def test_the_same_file_under_two_names_is_imported_once(run, tmp_path):
    png = base64.b64encode(png_bytes()).decode()
    question = """<question type="multichoice"><name><text>{name}</text></name>
  <questiontext format="html"><text><![CDATA[<p>Which? <img src="@@PLUGINFILE@@/{file}" alt="a square"></p>]]></text>
    <file name="{file}" path="/" encoding="base64">{png}</file></questiontext>
  <answer fraction="100"><text>Yes</text></answer><answer fraction="0"><text>No</text></answer></question>"""
    source = tmp_path / "two.xml"
    source.write_text("<quiz>" + question.format(name="one", file="a.png", png=png)
                      + question.format(name="two", file="b.png", png=png) + "</quiz>", encoding="utf-8")
    back = tmp_path / "back" / "q.quiz.yaml"
    result = run("import", "--lang", "en", source, "-o", back)
    assert result.exit_code == 0, result.stderr
    assert [path.name for path in (back.parent / "assets").iterdir()] == ["a.png"]
    assert back.read_text(encoding="utf-8").count("](assets/a.png)") == 2


@pytest.mark.parametrize(("html", "markdown"), [
    ("<p>[x]: y and [a](b) more</p>", "[x\\]: y and [a\\](b) more"),  # no "\[", which would start a formula
    ("<p>a[0] and b[1]</p>", "a[0] and b[1]"),
    ("<p>Solve \\(x^2 = 4\\) and \\[y = 1\\]</p>", "Solve $x^2 = 4$ and $$y = 1$$"),
    ('<p><math display="block"><mi>x</mi><annotation encoding="application/x-tex">x_1</annotation></math></p>',
     "$$x_1$$"),
    ("<p><math><mi>n</mi><mo>+</mo><mn>1</mn></math></p>", "$n+1$"),
])
def test_html_comes_back_as_markdown_with_formulas(html, markdown):
    from quizlint.importers.html_markdown import html_to_markdown

    assert html_to_markdown(html) == markdown


def test_a_split_import_writes_the_files_beside_the_quiz_files(run, tmp_path):
    png = base64.b64encode(png_bytes()).decode()
    question = """<question type="category"><category><text>$course$/top/{name}</text></category></question>
<question type="multichoice"><name><text>{name}-q</text></name>
  <questiontext format="html"><text><![CDATA[<p>Which? <img src="@@PLUGINFILE@@/sq.png" alt="a square"></p>]]></text>
    <file name="sq.png" path="/" encoding="base64">{png}</file></questiontext>
  <answer fraction="100"><text>Yes</text></answer><answer fraction="0"><text>No</text></answer></question>"""
    source = tmp_path / "bank.xml"
    source.write_text("<quiz>" + question.format(name="First", png=png) + question.format(name="Second", png=png)
                      + "</quiz>", encoding="utf-8")
    folder = tmp_path / "split"
    result = run("import", "--lang", "en", "--split", "-o", folder, source)
    assert result.exit_code == 0, result.stderr
    assert [path.name for path in (folder / "assets").iterdir()] == ["sq.png"]
    quizzes = sorted(folder.glob("*.quiz.yaml"))
    assert len(quizzes) == 2 and all("](assets/sq.png)" in path.read_text(encoding="utf-8") for path in quizzes)
    assert run("lint", "--no-cache", "--select", "M", folder).exit_code == 0  # (each path resolves)


def test_an_import_never_overwrites_another_file_in_assets_without_force(run, bank, tmp_path):
    _export(run, "moodle", bank, tmp_path / "out.xml")
    back = tmp_path / "back"
    (back / "assets").mkdir(parents=True)
    (back / "assets" / "shards.png").write_bytes(b"someone else's picture")
    result = run("import", tmp_path / "out.xml", "-o", back / "q.quiz.yaml")
    assert result.exit_code == 1 and "exists with other content; nothing was written" in result.stderr
    assert (back / "assets" / "shards.png").read_bytes() == b"someone else's picture"
    assert not (back / "q.quiz.yaml").exists()
    assert run("import", tmp_path / "out.xml", "-o", back / "q.quiz.yaml", "--force").exit_code == 0
    assert (back / "assets" / "shards.png").read_bytes() == png_bytes()
