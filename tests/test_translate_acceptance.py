"""Issue 6 acceptance: on a copy of a content file with the Turkish of three items removed, ``quizlint
translate --provider libre --url http://127.0.0.1:PORT/`` fills exactly those texts, marks them machine,
leaves every other byte unchanged, and the linter then reports them as machine-translated and not reviewed
and nothing else.

The fake server plays a translation memory: it knows the removed Turkish texts, so its answers are real
Turkish that respects the glossary and keeps every number and piece of markup (any other fake output would
make the linter's language, glossary and markup rules fire, which is not what this test is about). It only
knows them in their protected form — glossary names, code and markup replaced by placeholders — so the test
also shows that what reaches the provider is protected and comes back restored exactly.
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest
from test_yamledit import only_insertions


from quizlint.model import read_glossary, read_quiz, source_digest, text_in
from quizlint.rules.base import find_rule
from quizlint.translate.protect import keep_terms, protect
from quizlint.translate.workflow import translatable_fields
from quizlint.yamledit import NodeTree

pytest_plugins = ["translate_support"]  # the `libre` fixture: a fake LibreTranslate server

CONTENT = Path(__file__).resolve().parent.parent / "content"
ITEMS_TO_STRIP = 3


def placeholders_in_turkish(english: str, turkish: str, terms) -> tuple[str, str] | None:
    """The protected English and the Turkish with the same spans replaced by the same placeholders, or None
    when the Turkish does not carry every protected span unchanged."""
    protected = protect(english, terms)
    for number, span in enumerate(protected.spans, 1):
        if span not in turkish:
            return None
        turkish = turkish.replace(span, f"[QZ{number}]", 1)
    return protected.text, turkish


def qualifying_items(quiz_file, tree: NodeTree, terms) -> list[int]:
    """Items whose texts are all one-line, block-style bilingual mappings the memory can serve."""
    found = []
    for position, item in enumerate(quiz_file.quiz.items):
        base = quiz_file.item_path(position)
        fields = translatable_fields(item, "en")
        if "tr" not in item.translations or not fields:
            continue
        if all(text_in(field.value, "tr") and "\n" not in field.value["en"] + field.value["tr"]
               and not tree.is_flow(base + field.path)
               and placeholders_in_turkish(field.value["en"], field.value["tr"], terms) is not None
               for field in fields):
            found.append(position)
    return found


def mentions_safetensors(item) -> bool:
    return any("safetensors" in (text_in(field.value, "en") or "") for field in translatable_fields(item, "en"))


def strip_turkish(text: str, quiz_file, positions: list[int]) -> str:
    """Remove the `tr:` lines of the items' texts and their `translations.tr` entries."""
    tree = NodeTree(text)
    spans = []
    for position in positions:
        base = quiz_file.item_path(position)
        spans += [tree.entry_span(base + field.path + ("tr",))
                  for field in translatable_fields(quiz_file.quiz.items[position], "en")]
        alone = tree.keys(base + ("translations",)) == ["tr"]
        spans.append(tree.entry_span(base + (("translations",) if alone else ("translations", "tr"))))
    for start, end in sorted(spans, reverse=True):
        text = text[:start] + text[end:]
    return text


def lint_findings(run, path: Path) -> list[dict]:
    result = run("lint", path.name, "--format", "json", "--no-cache", "--exit-zero", cwd=path.parent)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def finding_keys(findings: list[dict]) -> Counter:
    return Counter((finding["item"], finding["rule"], finding["message"]) for finding in findings)


@pytest.fixture
def content_copy(tmp_path):
    quiz_paths = sorted(CONTENT.glob("*.quiz.yaml"))
    glossary_path = CONTENT / "glossary.yaml"
    if not quiz_paths or not glossary_path.is_file():
        pytest.skip(f"no content quiz files and glossary in {CONTENT} yet")
    glossary, findings = read_glossary(glossary_path)
    assert glossary is not None, findings
    terms = keep_terms(glossary, "en")
    for path in quiz_paths:
        quiz_file, findings = read_quiz(path)
        if quiz_file is None:
            continue
        candidates = qualifying_items(quiz_file, NodeTree(quiz_file.document.text), terms)
        if len(candidates) >= ITEMS_TO_STRIP:
            break
    else:
        pytest.skip(f"no content file in {CONTENT} has {ITEMS_TO_STRIP} bilingual items to strip")
    shutil.copy(glossary_path, tmp_path / "glossary.yaml")
    copy = tmp_path / path.name
    shutil.copy(path, copy)
    items = quiz_file.quiz.items
    chosen = sorted(sorted(candidates, key=lambda position: not mentions_safetensors(items[position]))[:ITEMS_TO_STRIP])
    return copy, quiz_file, chosen, terms


def test_translate_fills_exactly_the_stripped_texts(run, libre, content_copy):
    copy, quiz_file, chosen, terms = content_copy
    original = copy.read_text(encoding="utf-8")
    lint_before = lint_findings(run, copy)
    items = quiz_file.quiz.items
    fields = {position: translatable_fields(items[position], "en") for position in chosen}
    for position in chosen:
        for field in fields[position]:
            english, turkish = placeholders_in_turkish(field.value["en"], field.value["tr"], terms)
            libre.phrases[english.lower()] = turkish

    stripped = strip_turkish(original, quiz_file, chosen)
    copy.write_text(stripped, encoding="utf-8")
    stripped_file, findings = read_quiz(copy)
    assert findings == []
    assert all("tr" not in stripped_file.quiz.items[position].translations for position in chosen)

    result = run("translate", "--provider", "libre", "--url", libre.url, copy.name, cwd=copy.parent)
    assert result.exit_code == 0, result.output
    after = copy.read_text(encoding="utf-8")

    # Every byte of the stripped copy is still there, in order; only lines were inserted, as many as removed.
    inserted = only_insertions(stripped, after)
    assert len(inserted) == len(original.splitlines()) - len(stripped.splitlines())
    # Exactly those texts are filled (with the memory's Turkish, glossary names restored), and marked machine.
    translated, _ = read_quiz(copy)
    for position, item in enumerate(translated.quiz.items):
        if position not in chosen:
            assert item == items[position]
            continue
        for field, before in zip(translatable_fields(item, "en"), fields[position]):
            assert field.value == before.value
        assert item.translations["tr"].status == "machine"
        assert item.translations["tr"].source == source_digest(items[position], "en")
    assert f"{sum(len(f) for f in fields.values())} translated" in result.stderr
    # Glossary terms stay as they are: "safetensors" never reached the provider, and came back intact.
    assert any(mentions_safetensors(items[position]) for position in chosen)
    assert libre.received and not any("safetensors" in request.q.lower() for request in libre.received)

    rule = find_rule("machine-unreviewed")
    if rule is None:
        pytest.skip("the machine-unreviewed rule does not exist yet")
    lint_after = lint_findings(run, copy)
    machine = [finding for finding in lint_after if finding["rule"] == rule.name]
    assert sorted(finding["item"] for finding in machine) == sorted(items[position].id for position in chosen)
    assert {finding["severity"] for finding in machine} == {"warning"}
    # Nothing else: every other finding was already there before the Turkish was removed (the translated
    # items may lose some, e.g. a stale digest now recorded afresh).
    others = finding_keys([finding for finding in lint_after if finding["rule"] != rule.name])
    assert others - finding_keys(lint_before) == Counter()
