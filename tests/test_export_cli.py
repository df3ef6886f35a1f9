"""`quizlint export` as a user runs it: the lint gate, output files, standard output, determinism, errors."""

from __future__ import annotations

import io
import zipfile

import pytest

from quizlint.export import FORMATS, get_format
from test_export_support import export, write_bank, zip_entries

TEXT_FORMATS = [name for name in FORMATS if not get_format(name).BINARY]
ZIP_FORMATS = [name for name in FORMATS if get_format(name).BINARY]
NO_KEY = """\
- id: keyless
  stem: {en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}
  options:
    - text: Ankara
    - text: İzmir
"""


@pytest.fixture
def bank(tmp_path):
    return write_bank(tmp_path / "bank")


def test_a_bank_with_lint_errors_is_refused_with_its_findings(run, write_quiz, tmp_path):
    path = write_quiz(NO_KEY)
    out = tmp_path / "out.xml"
    result = run("export", "--to", "moodle", "-o", out, path)
    assert result.exit_code == 1
    assert "demo.quiz.yaml:" in result.output and "K001" in result.output
    assert "not exporting: the bank has 1 lint error(s)" in result.output
    assert not out.exists()


def test_force_exports_anyway(run, write_quiz, tmp_path):
    path = write_quiz(NO_KEY)
    out = tmp_path / "out.json"
    result = run("export", "--to", "json", "--force", "-o", out, path)
    assert result.exit_code == 0
    assert "exporting despite 1 lint error(s)" in result.output
    assert b'"keyless"' in out.read_bytes()


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_same_bank_gives_byte_identical_output(run, bank, tmp_path, fmt):
    lang = ["--lang", "all"] if get_format(fmt).MULTILINGUAL else []
    first = export(run, fmt, bank, tmp_path / "first", *lang)
    second = export(run, fmt, bank, tmp_path / "second", *lang)
    assert first == second and first


@pytest.mark.parametrize("fmt", ZIP_FORMATS)
def test_zips_are_sorted_with_fixed_dates_and_permissions(run, bank, tmp_path, fmt):
    data = export(run, fmt, bank, tmp_path / "out.zip")
    infos = zipfile.ZipFile(io.BytesIO(data)).infolist()
    assert [info.filename for info in infos] == sorted(info.filename for info in infos)
    assert {info.date_time for info in infos} == {(1980, 1, 1, 0, 0, 0)}
    assert {info.external_attr >> 16 for info in infos} == {0o100644}
    assert {info.compress_type for info in infos} == {zipfile.ZIP_DEFLATED}


def test_default_output_name_and_directory_output(run, bank, tmp_path):
    result = run("export", "--to", "qti21", "--force", bank, cwd=tmp_path)
    assert result.exit_code == 0
    assert (tmp_path / "bank-qti21.zip").is_file()
    folder = tmp_path / "exports"
    folder.mkdir()
    assert run("export", "--to", "moodle", "--force", "-o", folder, bank / "alpha.quiz.yaml").exit_code == 0
    assert (folder / "alpha-moodle.xml").is_file()  # one quiz: named after it
    result = run("export", "--to", "gift", "--force", "-o", "new/", bank / "alpha.quiz.yaml", cwd=tmp_path)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "new" / "alpha.gift.txt").is_file()  # a trailing slash names a folder, made if missing


def test_an_output_name_too_long_is_a_usage_error_not_a_crash(run_process, bank, tmp_path):
    for output in ("x" * 300, f"{'x' * 300}/out.json"):
        result = run_process("export", "--to", "json", "--force", "-o", output, bank, cwd=tmp_path)
        assert result.returncode == 2, result.stderr
        assert f"quizlint: cannot write {output}: File name too long" in result.stderr
        assert "internal error" not in result.stderr


@pytest.mark.parametrize("fmt", TEXT_FORMATS)
def test_text_formats_go_to_standard_output(run, bank, tmp_path, fmt):
    result = run("export", "--to", fmt, "--force", "-o", "-", bank)
    assert result.exit_code == 0
    assert result.stdout_bytes == export(run, fmt, bank, tmp_path / "file")


def test_zips_never_go_to_standard_output(run, bank):
    result = run("export", "--to", "canvas", "-o", "-", bank)
    assert result.exit_code == 2
    assert "zip package" in result.output and result.stdout_bytes == b""


def test_never_writes_over_an_input_file(run, bank):
    target = bank / "alpha.quiz.yaml"
    before = target.read_bytes()
    result = run("export", "--to", "json", "--force", "-o", target, bank)
    assert result.exit_code == 2
    assert "refusing to overwrite" in result.output
    assert target.read_bytes() == before


def test_usage_errors(run, bank, tmp_path):
    missing = run("export", "--to", "json", "--lang", "de", "-o", tmp_path / "x.json", bank)
    assert missing.exit_code == 2 and "has no language 'de'" in missing.output
    empty = tmp_path / "empty"
    empty.mkdir()
    assert run("export", "--to", "json", empty).exit_code == 2
    assert run("export", "--to", "pdf", bank).exit_code == 2
    assert run("export", bank).exit_code == 2  # --to is required


def test_help_documents_formats_and_file_layout(run):
    result = run("export", "--help")
    assert result.exit_code == 0
    for name in FORMATS:
        assert f"  {name} " in result.output
    assert "NAME-qti21.zip" in result.output and "-o -" in result.output


def test_real_process_exports_and_reports(run_process, bank, tmp_path):
    result = run_process("export", "--to", "qti30", "--force", "-o", tmp_path / "out.zip", bank)
    assert result.returncode == 0, result.stderr
    assert "wrote" in result.stderr and "Traceback" not in result.stderr
    assert zipfile.ZipFile(tmp_path / "out.zip").testzip() is None


def test_forced_export_of_a_keyless_item_is_still_schema_valid(run, write_quiz, tmp_path):
    from test_export_support import qti_package_errors

    path = write_quiz(NO_KEY)
    for fmt in ("qti21", "qti30"):
        data = export(run, fmt, path, tmp_path / f"{fmt}.zip")
        assert qti_package_errors(fmt, data) == {}


def test_an_item_without_options_stops_choice_formats_with_its_position(run, write_quiz, tmp_path):
    path = write_quiz("- id: empty\n  stem: {en: Question?, tr: Soru?}\n")
    result = run("export", "--to", "qti21", "--force", "-o", tmp_path / "out.zip", path)
    assert result.exit_code == 1
    assert "demo.quiz.yaml:6:5: item 'empty' has no options" in result.output
    assert not (tmp_path / "out.zip").exists()
    assert run("export", "--to", "json", "--force", "-o", tmp_path / "out.json", path).exit_code == 0


KEYLESS = """\
- id: tf-none
  type: true_false
  stem: {en: "Keyless statement one.", tr: "Anahtarsız ifade bir."}
- id: single-none
  stem: {en: "Keyless question two?", tr: "Anahtarsız soru iki?"}
  options: [{text: Jupiter}, {text: Mars}]
- id: multiple-none
  type: multiple
  stem: {en: "Keyless question three?", tr: "Anahtarsız soru üç?"}
  options: [{text: Red}, {text: Dog}]
- id: keyed
  type: true_false
  stem: {en: "The key is kept.", tr: "Anahtar korunur."}
  answer: false
"""


@pytest.mark.parametrize("fmt", [name for name in FORMATS if name != "json"])
def test_a_forced_export_leaves_out_items_without_a_key_instead_of_making_one_up(run, write_quiz, tmp_path, fmt):
    path = write_quiz(KEYLESS)
    out = tmp_path / "out"
    result = run("export", "--to", fmt, "--force", "--lang", "en", "-o", out, path)
    assert result.exit_code == 0, result.output
    for item_id, missing in (("tf-none", "no `answer: true` or `answer: false`"),
                             ("single-none", "no option has `correct: true`"),
                             ("multiple-none", "no option has `correct: true`")):
        assert f"item {item_id!r} skipped: it has no key to export ({missing})" in result.output
    assert "fraction list" not in result.output
    data = out.read_bytes()
    written = b"".join(zip_entries(data).values()) if get_format(fmt).BINARY else data
    assert b"Keyless" not in written and b"The key is kept." in written


def test_json_keeps_items_without_a_key_as_they_are(run, write_quiz, tmp_path):
    import json

    result = run("export", "--to", "json", "--force", "-o", tmp_path / "out.json", write_quiz(KEYLESS))
    assert result.exit_code == 0 and "skipped" not in result.output
    items = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))["quizzes"][0]["items"]
    assert [(item["id"], item["answer"]) for item in items] == [("tf-none", None), ("single-none", None),
                                                                ("multiple-none", None), ("keyed", False)]
