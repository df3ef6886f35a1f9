"""The media and math rules (M001-M006) through the CLI, hostile paths included: each gives a finding, and no
file outside the bank or over the read limit is read."""

from __future__ import annotations

import json
import os

import pytest

from conftest import quiz_yaml
from media_support import SVG, media_bank, png_bytes


def _item(stem_en: str, stem_tr: str) -> str:
    return f"""\
- id: pic
  type: single
  stem: {{en: '{stem_en}', tr: '{stem_tr}'}}
  options:
    - text: {{en: "Yes", tr: "Evet"}}
      correct: true
    - text: {{en: "No", tr: "Hayır"}}
"""


def _lint(run, folder, item: str, *extra: str):
    path = folder / "q.quiz.yaml"
    path.write_text(quiz_yaml(item), encoding="utf-8")
    result = run("lint", "--no-cache", "--format", "json", "--select", "M", *extra, str(path), cwd=folder)
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def test_a_clean_bank_with_an_image_and_a_formula_lints_clean(run, tmp_path):
    path = media_bank(tmp_path)
    result = run("lint", "--no-cache", str(path), cwd=tmp_path)
    assert result.exit_code == 0, result.output


def test_a_missing_image_is_an_error_at_its_text(run, tmp_path):
    findings = _lint(run, tmp_path, _item("See ![a chart](img/none.png)", "Bak ![bir grafik](img/none.png)"))
    assert [(f["code"], f["line"]) for f in findings] == [("M001", 8), ("M001", 8)]
    assert "the image 'img/none.png' does not exist" in findings[0]["message"]
    assert findings[0]["severity"] == "error"


def test_a_path_out_of_the_bank_is_refused(run, tmp_path):
    bank = tmp_path / "bank"
    bank.mkdir()
    findings = _lint(run, bank, _item("![x](../../etc/passwd.png)", "![x](../../etc/passwd.png)"))
    assert {f["code"] for f in findings} == {"M001"}
    assert all("is outside the bank" in f["message"] for f in findings)


def test_an_absolute_path_is_refused(run, tmp_path):
    findings = _lint(run, tmp_path, _item("![x](/etc/passwd.png)", "![x](/etc/passwd.png)"))
    assert all(f["code"] == "M001" and "absolute path" in f["message"] for f in findings) and findings


def test_a_link_out_of_the_bank_is_refused_and_not_read(run, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    secret = outside / "secret.png"
    secret.write_bytes(b"not a png at all")
    bank = tmp_path / "bank"
    (bank / "img").mkdir(parents=True)
    os.symlink(secret, bank / "img" / "linked.png")
    findings = _lint(run, bank, _item("![x](img/linked.png)", "![x](img/linked.png)"))
    # outside the bank: reported as such, and its content never sniffed (no asset-type finding)
    assert [f["code"] for f in findings] == ["M001", "M001"]
    assert "link to a file outside the bank" in findings[0]["message"]


def test_an_svg_with_a_script_is_an_asset_type_error(run, tmp_path):
    (tmp_path / "img").mkdir()
    (tmp_path / "img" / "evil.svg").write_bytes(b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    (tmp_path / "img" / "remote.svg").write_bytes(
        b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
        b'<image xlink:href="https://example.com/x.png"/></svg>')
    findings = _lint(run, tmp_path, _item("![x](img/evil.svg)", "![x](img/remote.svg)"))
    messages = sorted(f["message"] for f in findings if f["code"] == "M002")
    assert len(messages) == 2
    assert "script element" in messages[0] and "reference outside the file (https://example.com/x.png)" in messages[1]


def test_content_that_does_not_match_the_extension_is_an_error(run, tmp_path):
    (tmp_path / "img").mkdir()
    (tmp_path / "img" / "photo.png").write_bytes(b"\xff\xd8\xff\xe0" + b"\x00" * 20)
    (tmp_path / "img" / "doc.pdf").write_bytes(b"%PDF-1.4")
    findings = _lint(run, tmp_path, _item("![x](img/photo.png)", "![x](img/doc.pdf)"))
    messages = [f["message"] for f in findings if f["code"] == "M002"]
    assert "holds a JPEG image, not what its extension says (a PNG image)" in messages[0]
    assert "not a supported media type" in messages[1]


def test_a_50_mb_file_is_reported_by_size_without_being_read(run, tmp_path, monkeypatch):
    (tmp_path / "img").mkdir()
    big = tmp_path / "img" / "big.png"
    with open(big, "wb") as handle:
        handle.write(png_bytes()[:16])
        handle.truncate(50 * 1024 * 1024)
    opened = []
    real_open = open

    def spy(file, *args, **kwargs):
        opened.append(str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr("builtins.open", spy)
    findings = _lint(run, tmp_path, _item("![x](img/big.png)", "![x](img/big.png)"))
    assert [f["code"] for f in findings] == ["M004", "M004"]
    assert "is 50.0 MiB, over 1.0 MiB (over 16.0 MiB: never read nor exported)" in findings[0]["message"]
    assert str(big) not in opened


def test_large_asset_threshold_is_an_option(run, tmp_path):
    (tmp_path / "img").mkdir()
    (tmp_path / "img" / "a.svg").write_bytes(SVG)
    (tmp_path / "quizlint.toml").write_text("[rules.large-asset]\nmax-size = 50\n", encoding="utf-8")
    findings = _lint(run, tmp_path, _item("![x](img/a.svg)", "![x](img/a.svg)"))
    assert [f["code"] for f in findings] == ["M004", "M004"]


def test_alt_text_is_checked_per_language(run, tmp_path):
    (tmp_path / "img").mkdir()
    (tmp_path / "img" / "a.png").write_bytes(png_bytes())
    findings = _lint(run, tmp_path, _item("![a red square](img/a.png)", "![](img/a.png)"))
    assert [(f["code"], f["severity"]) for f in findings] == [("M003", "warning")]
    assert findings[0]["message"].startswith("stem (tr): the image 'img/a.png' has no alt text")


def test_invalid_math_and_remote_images(run, tmp_path):
    findings = _lint(run, tmp_path, _item(r"What is $\frac{a}$?", r"![x](https://example.com/a.png) $x^$ nedir?"))
    by_code = {f["code"]: f["message"] for f in findings}
    assert set(by_code) == {"M005", "M006"}
    assert "missing argument" in [f["message"] for f in findings if f["code"] == "M005"][0]
    assert "loaded from the web" in by_code["M006"]


def test_money_is_not_math(run, tmp_path):
    findings = _lint(run, tmp_path, _item("It costs $5 and $10, or US$3", "$5 ve $10 tutar"))
    assert findings == []


def test_alt_text_is_text_for_the_glossary_rule(run, tmp_path):
    (tmp_path / "img").mkdir()
    (tmp_path / "img" / "a.png").write_bytes(png_bytes())
    (tmp_path / "glossary.yaml").write_text("terms:\n  - term: safetensors\n    translate: false\n"
                                            "    forbidden: {tr: [emniyet tensörleri]}\n", encoding="utf-8")
    path = tmp_path / "q.quiz.yaml"
    path.write_text(quiz_yaml(_item("![a safetensors file](img/a.png) Which?",
                                    "![bir emniyet tensörleri dosyası](img/a.png) Hangisi?")), encoding="utf-8")
    result = run("lint", "--no-cache", "--format", "json", "--select", "glossary-term", str(path), cwd=tmp_path)
    findings = json.loads(result.stdout)
    assert findings and all(f["code"] == "T005" for f in findings), result.output
    assert any("emniyet tensörleri" in f["message"] for f in findings)


@pytest.mark.parametrize("written", ["$$x^2$$", r"\(x^2\)", r"\[x^2\]"])
def test_every_formula_delimiter_is_checked(run, tmp_path, written):
    broken = written.replace("x^2", "x^")
    findings = _lint(run, tmp_path, _item(f"Solve {broken}", f"Çöz {broken}"))
    assert [f["code"] for f in findings] == ["M005", "M005"]


def test_an_image_s_content_is_part_of_the_cache_key(run, tmp_path):
    """The quiz file stays as it is; its image appears, then turns into an unsafe SVG: each run with the cache
    sees it."""
    path = tmp_path / "q.quiz.yaml"
    path.write_text(quiz_yaml(_item("![x](img/a.svg)", "![x](img/a.svg)")), encoding="utf-8")

    def codes():
        result = run("lint", "--format", "json", "--select", "M", str(path), cwd=tmp_path)
        return sorted({finding["code"] for finding in json.loads(result.stdout)})

    assert codes() == ["M001"]
    assert codes() == ["M001"]  # (from the cache)
    (tmp_path / "img").mkdir()
    (tmp_path / "img" / "a.svg").write_bytes(SVG)
    assert codes() == []
    (tmp_path / "img" / "a.svg").write_bytes(SVG.replace(b"<rect", b"<script>alert(1)</script><rect"))
    assert codes() == ["M002"]
    assert (tmp_path / ".quizlint_cache").is_dir()


def test_the_quiz_description_is_checked_too(run, tmp_path):
    path = tmp_path / "q.quiz.yaml"
    text = quiz_yaml(_item("Which?", "Hangisi?")).replace(
        "items:\n", "description: {en: 'See ![](img/gone.png)', tr: 'Bak ![](img/gone.png)'}\nitems:\n")
    path.write_text(text, encoding="utf-8")
    result = run("lint", "--no-cache", "--format", "json", "--select", "M", str(path), cwd=tmp_path)
    found = sorted((f["code"], f["line"]) for f in json.loads(result.stdout))
    assert found == [("M001", 5), ("M001", 5), ("M003", 5), ("M003", 5)]


def test_alt_text_is_text_for_the_copy_and_language_rules(run, tmp_path):
    (tmp_path / "img").mkdir()
    (tmp_path / "img" / "a.png").write_bytes(png_bytes())
    english = "![a bar chart of the yearly sales of the company, which grow every year](img/a.png)"
    findings = _lint(run, tmp_path, _item(english, english), "--extend-select", "untranslated-copy,wrong-language")
    codes = {finding["code"] for finding in findings}
    assert {"T003", "T004"} <= codes, findings  # copied, and English where Turkish belongs
    turkish = "![şirketin her yıl büyüyen yıllık satışlarını gösteren bir çubuk grafik](img/a.png)"
    findings = _lint(run, tmp_path, _item(english, turkish), "--extend-select", "untranslated-copy,wrong-language")
    assert not {"T003", "T004"} & {finding["code"] for finding in findings}, findings
