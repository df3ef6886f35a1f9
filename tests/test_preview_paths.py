"""The preview shows paths relative to the bank, never the machine's absolute path (issue 27)."""

from __future__ import annotations

import os

from conftest import quiz_yaml
from test_cli_lint import CLEAN_ITEMS

BROKEN = "quizlint: 1\nid: [unclosed\n"


def test_preview_shows_paths_relative_to_the_bank(run, tmp_path):
    bank = tmp_path / "courses" / "bank"
    (bank / "unit-1").mkdir(parents=True)
    (bank / "unit-1" / "alpha.quiz.yaml").write_text(quiz_yaml(CLEAN_ITEMS, quiz_id="alpha"), encoding="utf-8")
    # the same item ids in a second file: the duplicate-id finding's message cites the other file's location
    (bank / "beta.quiz.yaml").write_text(quiz_yaml(CLEAN_ITEMS, quiz_id="beta"), encoding="utf-8")
    (bank / "broken.quiz.yaml").write_text(BROKEN, encoding="utf-8")
    (bank / "glossary.yaml").write_text("terms:\n  - term: planet\n    bogus: 1\n", encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    out = tmp_path / "site"
    result = run("preview", bank, "-o", out, "--select", "D001,K001", cwd=elsewhere)  # an absolute path, from aside
    assert result.exit_code == 1, result.output  # (the broken file)
    pages = {path.name: path.read_text(encoding="utf-8") for path in out.glob("*.html")}
    assert len(pages) == 3
    for name, html in pages.items():
        for machine_path in {str(tmp_path), os.path.realpath(tmp_path), str(bank)}:
            assert machine_path not in html, name
    index = pages["index.html"]
    assert "unit-1/alpha.quiz.yaml" in index and "beta.quiz.yaml" in index and "broken.quiz.yaml" in index
    assert "D001" in pages["quiz-alpha.html"] and "already used in beta.quiz.yaml:" in pages["quiz-alpha.html"]
    assert "glossary.yaml" in index  # (the glossary's own finding, by its bank-relative name)


def test_preview_inside_the_current_directory_keeps_the_paths_lint_shows(run, tmp_path):
    (tmp_path / "bank").mkdir()
    (tmp_path / "bank" / "alpha.quiz.yaml").write_text(quiz_yaml(CLEAN_ITEMS, quiz_id="alpha"), encoding="utf-8")
    result = run("preview", "bank", "-o", "site", "--select", "K001", cwd=tmp_path)
    assert result.exit_code == 0, result.output
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "bank/alpha.quiz.yaml" in index and str(tmp_path) not in index
