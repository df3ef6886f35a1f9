"""The real-content corpus (benchmarks/realdata): its converter, and the committed CC BY-SA sample linted."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
import yaml

REALDATA = Path(__file__).resolve().parent.parent / "benchmarks" / "realdata"


@pytest.fixture(scope="module")
def build():
    spec = importlib.util.spec_from_file_location("realdata_build", REALDATA / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_opentrivia_blocks_become_questions_with_their_key(build):
    text = "#Q Which gas do plants take in?\n^ Carbon dioxide\nA Oxygen\nB Carbon dioxide\nC Helium\n\n" \
           "#Q Is the sun a star?\n^ True\nA True\nB False\n"
    assert build.parse_opentrivia(text) == [
        {"stem": "Which gas do plants take in?", "options": ["Oxygen", "Carbon dioxide", "Helium"], "keys": [1]}]


def test_markdown_quiz_keeps_code_blocks_with_the_stem_and_the_option_they_follow(build):
    text = ("## Python\n\n#### Q1. What does this print?\n\n```python\nprint(1)\n```\n\n- [x] 1\n- [ ] A\n\n"
            "```python\n  x = 2\n```\n\n[reference](https://example.org)\n\n#### S2. Hangisi?\n\n- [ ] a\n- [x] b\n")
    title, questions = build.parse_linkedin(text)
    assert title == "Python"
    assert questions[1] == {"stem": "What does this print?\n\n```python\nprint(1)\n```", "options": [
        "1", "A\n\n```python\n  x = 2\n```"], "keys": [0]}
    assert questions[2]["keys"] == [1]


def test_a_turkish_bank_entry_keeps_its_passage_and_statements(build):
    entry = {"soru": "Hangisi doğrudur?", "maddeler": ["I. Bir", "II. İki"], "secenekler": {"A": "I", "B": "II"},
             "dogru_cevap": "B"}
    lessons = build.parse_kpss_quiz_app(json.dumps({"📜 Tarih": {"1) Konu": [entry]}}, ensure_ascii=False))
    assert lessons == {"Tarih": [{"stem": "Hangisi doğrudur?\n\n- I. Bir\n- II. İki", "options": ["I", "II"],
                                  "keys": [1]}]}
    codex = build.parse_kpss_codex('[{"soru": "S?", "paragraf": "P.", "secenekler": ["a", "b"], "dogru_index": 0}]'
                                   '\n[{"soru": "T?", "secenekler": ["c", "d"], "dogru_index": 1}]')
    assert [q["stem"] for q in codex] == ["P.\n\nS?", "T?"]


def test_every_committed_quiz_file_records_its_source(run):
    files = sorted((REALDATA / "corpus" / "opentriviaqa").glob("*.quiz.yaml"))
    assert len(files) >= 8
    items = 0
    for path in files:
        assert path.read_text(encoding="utf-8").startswith("# Converted by benchmarks/realdata/build.py")
        items += len(yaml.safe_load(path.read_text(encoding="utf-8"))["items"])
    assert items >= 900


def test_the_committed_real_bank_has_no_error_finding(run):
    """A false error on real content is the costliest finding: the committed sample must lint without one."""
    result = run("lint", "--no-cache", "--format", "json", "--exit-zero", REALDATA / "corpus" / "opentriviaqa")
    findings = json.loads(result.stdout)
    assert findings, "the sample has warnings to read (all-of-the-above, numeric order…)"
    assert [f for f in findings if f["severity"] == "error"] == []
