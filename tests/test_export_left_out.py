"""`quizlint export --force` names every item and file it leaves out, with its file:line:column (issue 27)."""

from __future__ import annotations

import json

import pytest

from conftest import quiz_yaml

ITEMS = """\
- id: good
  type: single
  stem: {en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}
  options:
    - text: Ankara
      correct: true
    - text: İzmir
- id: broken
  type: single
  stem: {en: "Which planet is largest?", tr: "En büyük gezegen hangisidir?"}
  optoins: []
- stem: {en: "An item without an id?", tr: "Kimliği olmayan bir soru mu?"}
  type: single
  options:
    - text: "yes"
      correct: true
    - text: "no"
- id: keyless
  type: single
  stem: {en: "Which sea is saltier?", tr: "Hangi deniz daha tuzludur?"}
  options:
    - text: {en: "The Dead Sea", tr: "Lut Gölü"}
    - text: {en: "The Black Sea", tr: "Karadeniz"}
"""


@pytest.mark.parametrize("fmt", ["json", "gift", "qti21"])
def test_export_force_names_every_item_left_out(run, write_quiz, tmp_path, fmt):
    path = write_quiz(ITEMS)
    (tmp_path / "unreadable.quiz.yaml").write_text("quizlint: 1\nid: [oops\n", encoding="utf-8")
    out = tmp_path / "out"
    result = run("export", "--to", fmt, "--force", "-o", out, path.name, "unreadable.quiz.yaml", cwd=tmp_path)
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.stderr.splitlines() if "left out" in line or "skipped" in line]
    assert "quizlint: warning: demo.quiz.yaml:13:5: item 'broken' left out: it does not match the schema " \
           "(see S002 above)" in warnings
    assert "quizlint: warning: demo.quiz.yaml:17:5: item 3 (no id) left out: it does not match the schema " \
           "(see S003 above)" in warnings
    assert any(line.startswith("quizlint: warning: unreadable.quiz.yaml:3:1: the whole file left out") and "Y001"
               in line for line in warnings)
    if fmt != "json":  # (JSON writes an item without a key as it is)
        assert any("item 'keyless' skipped" in line for line in warnings)
    assert len(warnings) == (3 if fmt == "json" else 4)  # every one named once, none more
    if fmt == "json":
        written = [item["id"] for quiz in json.loads(out.read_text())["quizzes"] for item in quiz["items"]]
        assert written == ["good", "keyless"]


def test_a_clean_export_names_nothing_left_out(run, write_quiz, tmp_path):
    items = ITEMS.split("- id: broken")[0]
    result = run("export", "--to", "gift", "-o", tmp_path / "out.txt", write_quiz(items))
    assert result.exit_code == 0, result.output
    assert "left out" not in result.stderr
