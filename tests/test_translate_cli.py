"""``quizlint translate`` end to end, against a fake LibreTranslate server driven by deep-translator's own
client code (offline: the server runs on 127.0.0.1)."""

from __future__ import annotations

import codecs
import time
import unicodedata

import pytest
from conftest import quiz_yaml
from test_yamledit import only_insertions


from quizlint.load import load_text
from quizlint.model import read_quiz, source_digest
from quizlint.translate.cache import TranslationCache

pytest_plugins = ["translate_support"]  # the `libre` fixture: a fake LibreTranslate server

QUIZ = """\
# Checkpoint basics — a comment that must survive
quizlint: 1
id: demo
languages: [en, tr]
title: {en: "Checkpoints", tr: "Kontrol noktaları"}
items:
  - id: why-shard
    type: single
    stem:
      en: "Why are checkpoints split into shards?"   # the stem
    options:
      - text:
          en: "They are too large for one file"
        correct: true
      - text:
          en: "To make training faster"
        feedback:
          en: "Shards are ordinary files."
      - text: MP3
    explanation:
      en: "A single checkpoint can be hundreds of gigabytes."

  - id: format
    stem:
      en: "Which format stores tensors safely?"
      tr: "Tensörleri hangi biçim güvenle saklar?"
    options:
      - text:
          en: "Load the weights with `torch.load`, not safetensors"
          tr: "Ağırlıkları `torch.load` ile yükleyin, safetensors ile değil"
        correct: true
      - text:
          en: "To hide the weights"
          tr: "Ağırlıkları gizlemek için"
    translations:
      tr: {status: reviewed, source: "00000000"}

  - id: drafted
    stem:
      en: "To hide the weights"
    options:
      - text: {en: "To make training faster", tr: "Eğitimi hızlandırmak için"}
      - text: {en: "They are too large for one file", tr: "Tek dosyaya sığmazlar"}
    translations:
      tr: {status: draft}
"""

PROTECTED_TR = "Ağırlıkları `torch.load` ile yükleyin, safetensors ile değil"
GLOSSARY = """\
terms:
  - term: safetensors
    translate: false
  - term: checkpoint
    translations: {tr: kontrol nokta}
"""


@pytest.fixture
def bank(tmp_path):
    (tmp_path / "demo.quiz.yaml").write_text(QUIZ, encoding="utf-8")
    (tmp_path / "glossary.yaml").write_text(GLOSSARY, encoding="utf-8")
    return tmp_path


@pytest.fixture
def translate(run, bank, libre):
    def invoke(*args: str):
        return run("translate", "--provider", "libre", "--url", libre.url, *args, cwd=bank)

    return invoke


def quiz_data(path):
    document, findings = load_text(path.read_text(encoding="utf-8"))
    assert document is not None, findings
    return document.data


def test_gaps_are_filled_marked_and_nothing_else_changes(translate, bank):
    result = translate()
    assert result.exit_code == 0, result.output
    after = (bank / "demo.quiz.yaml").read_text(encoding="utf-8")
    inserted = only_insertions(QUIZ, after)
    assert inserted == [
        '      tr: "Kontrol noktaları neden parçalara bölünür?"\n',
        '          tr: "Tek bir dosya için fazla büyükler"\n',
        '          tr: "Eğitimi hızlandırmak için"\n',
        '          tr: "Parçalar sıradan dosyalardır."\n',
        '      tr: "Tek bir kontrol noktası yüzlerce gigabayt olabilir."\n',
        "    translations:\n",
        '      tr: {status: machine, source: "%s"}\n' % digest_of(bank, 0),
    ]
    assert "5 translated, 1 skipped, 0 failed; changed 1 file; 5 request(s)" in result.stderr
    quiz_file, findings = read_quiz(bank / "demo.quiz.yaml")
    assert findings == [] and quiz_file.quiz.items[0].translations["tr"].status == "machine"


def digest_of(bank, position):
    quiz_file, _ = read_quiz(bank / "demo.quiz.yaml")
    return source_digest(quiz_file.quiz.items[position], "en")


def test_reviewed_and_draft_translations_are_not_touched_without_the_flag(translate, bank):
    translate()
    data = quiz_data(bank / "demo.quiz.yaml")
    assert data["items"][1]["translations"] == {"tr": {"status": "reviewed", "source": "00000000"}}
    assert "tr" not in data["items"][2]["stem"]
    result = translate("--overwrite-draft")
    assert result.exit_code == 0
    data = quiz_data(bank / "demo.quiz.yaml")
    assert data["items"][2]["stem"] == {"en": "To hide the weights", "tr": "Ağırlıkları gizlemek için"}
    assert data["items"][2]["options"][1]["text"]["tr"] == "Tek dosyaya sığmazlar"  # a person's text stays
    assert data["items"][2]["translations"]["tr"] == {"status": "draft", "source": digest_of(bank, 2)}
    assert data["items"][1]["translations"]["tr"]["status"] == "reviewed"


def test_the_skip_names_the_item_and_the_flag(translate):
    result = translate()
    assert "demo.quiz.yaml:" in result.stderr
    assert "drafted: 1 text (tr) missing but the translation is draft: not touched (use --overwrite-draft)" \
        in result.stderr


HAND_WRITTEN = """\
- id: planet
  stem: {en: "Why are checkpoints split into shards?", tr: "Parçalar neden var? (elle yazıldı)"}
  options:
    - text: {en: "They are too large for one file", tr: "Çok büyükler"}
      correct: true
    - text: {en: "To make training faster"}
"""


def test_filling_a_gap_beside_texts_a_person_wrote_records_a_draft(translate, write_quiz):
    path = write_quiz(HAND_WRITTEN, name="hand.quiz.yaml")
    result = translate(path)
    assert result.exit_code == 0, result.output
    item = quiz_data(path)["items"][0]
    assert item["stem"]["tr"] == "Parçalar neden var? (elle yazıldı)"
    assert item["options"][1]["text"]["tr"] == "Eğitimi hızlandırmak için"
    digest = source_digest(read_quiz(path)[0].quiz.items[0], "en")
    assert item["translations"] == {"tr": {"status": "draft", "source": digest}}
    assert ("hand.quiz.yaml:6:5: planet: 1 machine text (tr) written beside texts a person wrote: recorded as "
            "draft; review it with `quizlint review planet --lang tr` [info]") in result.stderr


def test_filling_a_gap_in_a_reviewed_translation_makes_it_a_draft(translate, write_quiz, run):
    """Issue 27: filling a gap overwrites nothing, so a reviewed item's gap is filled without a flag; the item is
    recorded as a draft, named in the output, and reported by draft-unreviewed (T011) until reviewed again."""
    path = write_quiz(HAND_WRITTEN + "  translations:\n    tr: {status: reviewed}\n", name="hand.quiz.yaml")
    before = path.read_text(encoding="utf-8")
    result = translate(path)
    assert result.exit_code == 0, result.output
    item = quiz_data(path)["items"][0]
    assert item["options"][1]["text"]["tr"] == "Eğitimi hızlandırmak için"
    assert item["stem"]["tr"] == "Parçalar neden var? (elle yazıldı)"  # the person's texts stay
    assert item["translations"]["tr"]["status"] == "draft"  # no longer reviewed, not machine
    assert ("hand.quiz.yaml:6:5: planet: 1 machine text (tr) written beside texts a person wrote: recorded as draft "
            "(was reviewed); review it with `quizlint review planet --lang tr` [info]") in result.stderr
    assert "1 translated, 0 skipped, 0 failed; changed 1 file" in result.stderr
    after = path.read_text(encoding="utf-8").splitlines()
    assert [line for line in before.splitlines() if line not in after] == [
        '      - text: {en: "To make training faster"}', "      tr: {status: reviewed}"]  # (a flow mapping rewritten)
    lint = run("lint", "--no-cache", "--select", "T011", path.name, cwd=path.parent)
    assert lint.stdout.splitlines()[0] == (
        "hand.quiz.yaml:13:20: T011 [warning] the tr translation is a draft that has not been reviewed (record the "
        "review with `quizlint review planet --lang tr`)")


def test_a_stale_reviewed_translation_is_still_not_retranslated_without_the_flag(translate, write_quiz):
    path = write_quiz(HAND_WRITTEN.replace('    - text: {en: "To make training faster"}\n',
                                           '    - text: {en: "To make training faster", tr: "Daha hızlı"}\n')
                      + '  translations:\n    tr: {status: reviewed, source: "00000000"}\n', name="hand.quiz.yaml")
    before = path.read_text(encoding="utf-8")
    result = translate(path, "--stale")
    assert "3 texts (tr) stale but the translation is reviewed: not touched (use --overwrite-reviewed)" \
        in result.stderr
    assert path.read_text(encoding="utf-8") == before


def test_stale_never_overwrites_a_persons_texts_without_overwrite_draft(translate, write_quiz, run):
    path = write_quiz(HAND_WRITTEN, name="hand.quiz.yaml")
    translate(path)
    path.write_text(path.read_text(encoding="utf-8").replace("To make training faster", "To hide the weights"),
                    encoding="utf-8")  # a source edit: the translation is stale
    lint = run("lint", path, "--select", "stale-translation,machine-unreviewed", "--no-cache")
    assert "T008" in lint.output and "T009" not in lint.output
    result = translate(path, "--stale")
    assert result.exit_code == 0, result.output
    assert "planet: 3 texts (tr) stale but the translation is draft: not touched (use --overwrite-draft)" \
        in result.stderr
    assert quiz_data(path)["items"][0]["stem"]["tr"] == "Parçalar neden var? (elle yazıldı)"
    result = translate(path, "--stale", "--overwrite-draft")
    assert result.exit_code == 0, result.output
    item = quiz_data(path)["items"][0]
    assert item["stem"]["tr"] == "Kontrol noktaları neden parçalara bölünür?"
    assert item["options"][1]["text"]["tr"] == "Ağırlıkları gizlemek için"
    assert item["translations"]["tr"]["status"] == "machine"  # every text is the machine's now


def test_stale_reviewed_translation_is_retranslated_only_when_asked(translate, bank, libre):
    assert "format" in QUIZ
    result = translate("--stale")
    assert "format: 3 texts (tr) stale but the translation is reviewed" in result.stderr
    result = translate("--stale", "--overwrite-reviewed", "--no-cache")
    assert result.exit_code == 0, result.output
    data = quiz_data(bank / "demo.quiz.yaml")
    assert data["items"][1]["stem"]["tr"] == "Hangi biçim tensörleri güvenle saklar?"
    assert data["items"][1]["translations"]["tr"] == {"status": "machine", "source": digest_of(bank, 1)}


def test_a_current_translation_recorded_with_a_longer_digest_is_not_stale(translate, write_quiz, run):
    """A digest of up to 64 hex digits is current when it starts with the item's (the linter's rule): translate
    must agree, or --stale --overwrite-reviewed would replace a reviewed, current translation."""
    path = write_quiz(HAND_WRITTEN.replace('"To make training faster"}', '"To make training faster", tr: "Hızlı"}')
                      + '  translations:\n    tr: {status: reviewed, source: "00000000"}\n', name="hand.quiz.yaml")
    long_digest = source_digest(read_quiz(path)[0].quiz.items[0], "en") + "ab" * 28
    path.write_text(path.read_text(encoding="utf-8").replace("00000000", long_digest), encoding="utf-8")
    before = path.read_text(encoding="utf-8")
    assert "T008" not in run("lint", path, "--select", "stale-translation", "--no-cache").output
    result = translate(path, "--stale", "--overwrite-reviewed")
    assert result.exit_code == 0, result.output
    assert "stale" not in result.stderr and "0 translated, 0 skipped" in result.stderr
    assert path.read_text(encoding="utf-8") == before


# HAND_WRITTEN translated by a machine from an older source: stale
STALE_MACHINE = (HAND_WRITTEN.replace('"To make training faster"}', '"To make training faster", tr: "Eski"}')
                 + '  translations:\n    tr: {status: machine, source: "deadbeef"}\n')


def test_a_partly_failed_retranslation_leaves_the_item_stale_and_the_next_run_retries_it(translate, write_quiz,
                                                                                       libre, run):
    path = write_quiz(STALE_MACHINE, name="stale.quiz.yaml")
    libre.script.extend(["ok", "500", "500"])  # the stem is retranslated, then the provider fails
    result = translate(path, "--stale", "--retries", "1")
    assert result.exit_code == 1
    item = quiz_data(path)["items"][0]
    assert item["stem"]["tr"] == "Kontrol noktaları neden parçalara bölünür?"  # what succeeded is written
    assert [option["text"]["tr"] for option in item["options"]] == ["Çok büyükler", "Eski"]
    assert item["translations"] == {"tr": {"status": "machine", "source": "deadbeef"}}  # still stale
    assert ("stale.quiz.yaml:6:5: planet: 1 of 3 texts (tr) retranslated; the other 2 still translate the older "
            "source: translation state left as it was (stale), for the next `quizlint translate --stale` to retry "
            "[info]") in result.stderr
    assert "T008" in run("lint", path, "--select", "stale-translation", "--no-cache").output
    result = translate(path, "--stale")
    assert result.exit_code == 0, result.output
    item = quiz_data(path)["items"][0]
    assert [option["text"]["tr"] for option in item["options"]] == ["Tek bir dosya için fazla büyükler",
                                                                      "Eğitimi hızlandırmak için"]
    assert item["translations"] == {"tr": {"status": "machine", "source": source_digest(
        read_quiz(path)[0].quiz.items[0], "en")}}
    assert "T008" not in run("lint", path, "--select", "stale-translation", "--no-cache").output


def test_a_retranslation_of_a_reviewed_item_with_a_damaged_text_keeps_its_state(translate, bank, libre):
    libre.phrases["load the weights with [qz1], not [qz2]"] = "Ağırlıkları yükleyin, safetensör ile değil"
    result = translate("--stale", "--overwrite-reviewed")
    assert result.exit_code == 1
    data = quiz_data(bank / "demo.quiz.yaml")
    assert data["items"][1]["options"][0]["text"]["tr"] == PROTECTED_TR  # the person's text, still stale
    assert data["items"][1]["translations"]["tr"] == {"status": "reviewed", "source": "00000000"}
    assert "format: 2 of 3 texts (tr) retranslated" in result.stderr


def test_glossary_terms_code_and_markup_never_reach_the_provider(translate, bank, libre):
    libre.phrases["load the weights with [qz1], not [qz2]"] = "Ağırlıkları [QZ1] ile yükleyin, [QZ2] ile değil"
    result = translate("--stale", "--overwrite-reviewed")
    assert result.exit_code == 0, result.output
    sent = [request.q for request in libre.received]
    assert "Load the weights with [QZ1], not [QZ2]" in sent
    assert not any("safetensors" in q or "torch.load" in q for q in sent)
    data = quiz_data(bank / "demo.quiz.yaml")
    assert data["items"][1]["options"][0]["text"]["tr"] == PROTECTED_TR


def test_only_the_do_not_translate_term_is_protected_not_its_suffix(run, tmp_path, libre):
    """A suffix after an apostrophe is the source language's: it is sent, to be translated, not kept."""
    (tmp_path / "glossary.yaml").write_text("terms:\n  - term: GPU\n    translate: false\n"
                                            "  - term: safetensors\n    translate: false\n", encoding="utf-8")
    english = tmp_path / "en.quiz.yaml"
    english.write_text(quiz_yaml("""\
        - id: memory
          stem: {en: "How big is the GPU's memory?"}
          options:
            - text: {en: Big, tr: Büyük}
              correct: true
            - text: {en: Small, tr: Küçük}
        """, quiz_id="en-source"), encoding="utf-8")
    turkish = tmp_path / "tr.quiz.yaml"
    turkish.write_text(quiz_yaml("""\
        - id: gpu
          stem: {tr: "SAFETENSORS'ı GPU'da kullanmak mümkün mü?"}
          options:
            - text: {tr: Evet, en: "Yes"}
              correct: true
            - text: {tr: Hayır, en: "No"}
        """, quiz_id="tr-source", languages="tr, en"), encoding="utf-8")
    libre.phrases["how big is the [qz1]'s memory?"] = "[QZ1] belleği ne kadar büyük?"
    libre.phrases["[qz1]'ı [qz2]'da kullanmak mümkün mü?"] = "Can [QZ1] be used on a [QZ2]?"
    result = run("translate", "--provider", "libre", "--url", libre.url, cwd=tmp_path)
    assert result.exit_code == 0, result.output
    assert [request.q for request in libre.received] == ["How big is the [QZ1]'s memory?",
                                                         "[QZ1]'ı [QZ2]'da kullanmak mümkün mü?"]
    assert quiz_data(english)["items"][0]["stem"]["tr"] == "GPU belleği ne kadar büyük?"
    assert quiz_data(turkish)["items"][0]["stem"]["en"] == "Can SAFETENSORS be used on a GPU?"
    lint = run("lint", "--select", "glossary-term", "--no-cache", cwd=tmp_path)
    assert lint.exit_code == 0 and "T005" not in lint.output, lint.output


def test_a_word_that_only_starts_like_a_do_not_translate_term_is_sent(run, tmp_path, libre):
    """The name SAM is kept, and so are its English forms (SAMs), but "same" and "samples" are words to translate."""
    (tmp_path / "glossary.yaml").write_text("terms:\n  - term: SAM\n    translate: false\n", encoding="utf-8")
    path = tmp_path / "sam.quiz.yaml"
    path.write_text(quiz_yaml("""\
        - id: sam
          stem: {en: "Do two SAMs give the same samples as SAM's decoder?"}
          options:
            - text: {en: Yes, tr: Evet}
              correct: true
            - text: {en: No, tr: Hayır}
        """), encoding="utf-8")
    result = run("translate", "--provider", "libre", "--url", libre.url, cwd=tmp_path)
    assert result.exit_code == 0, result.output
    assert [request.q for request in libre.received] == ["Do two [QZ1] give the same samples as [QZ2]'s decoder?"]


def test_a_case_sensitive_do_not_translate_term_is_protected_in_its_own_case_only(run, tmp_path, libre):
    (tmp_path / "glossary.yaml").write_text("terms:\n  - term: Go\n    translate: false\n    case_sensitive: true\n",
                                            encoding="utf-8")
    path = tmp_path / "go.quiz.yaml"
    path.write_text(quiz_yaml("""\
        - id: go
          stem: {en: "Where do shards go when Go saves them?"}
          options:
            - text: {en: "GO TO THE FILE", tr: "DOSYAYA GİT"}
              correct: true
            - text: {en: No, tr: Hayır}
        """), encoding="utf-8")
    result = run("translate", "--provider", "libre", "--url", libre.url, cwd=tmp_path)
    assert result.exit_code == 0, result.output
    assert [request.q for request in libre.received] == ["Where do shards go when [QZ1] saves them?"]


def test_a_do_not_translate_term_written_decomposed_is_protected(run, tmp_path, libre):
    (tmp_path / "glossary.yaml").write_text("terms:\n  - term: istanbul\n    translate: false\n", encoding="utf-8")
    decomposed = unicodedata.normalize("NFD", "İstanbul")  # I + combining dot above
    path = tmp_path / "nfd.quiz.yaml"
    path.write_text(quiz_yaml(f"""\
        - id: nfd
          stem: {{tr: "İstanbul mu {decomposed} mu?"}}
          options:
            - text: {{tr: Evet, en: "Yes"}}
              correct: true
            - text: {{tr: Hayır, en: "No"}}
        """, languages="tr, en"), encoding="utf-8")
    result = run("translate", "--provider", "libre", "--url", libre.url, cwd=tmp_path)
    assert result.exit_code == 0, result.output
    assert [request.q for request in libre.received] == ["[QZ1] mu [QZ2] mu?"]
    assert quiz_data(path)["items"][0]["stem"]["en"] == f"İstanbul mu {decomposed} mu?"


def test_a_damaged_placeholder_means_the_text_is_not_written(translate, bank, libre):
    libre.phrases["load the weights with [qz1], not [qz2]"] = "Ağırlıkları yükleyin, safetensör ile değil"
    result = translate("--stale", "--overwrite-reviewed")
    assert result.exit_code == 1
    assert "option A (tr): not written: the translation lost protected text '`torch.load`'" in result.stderr
    data = quiz_data(bank / "demo.quiz.yaml")
    assert data["items"][1]["options"][0]["text"]["tr"] == PROTECTED_TR
    assert data["items"][1]["stem"]["tr"] == "Hangi biçim tensörleri güvenle saklar?"  # the rest was written


def test_glossary_requirements_are_checked_after_translation(translate, libre):
    libre.phrases["why are checkpoints split into shards?"] = "Denetim noktaları neden bölünür?"
    result = translate()
    assert result.exit_code == 0
    assert ("stem (tr): glossary term 'checkpoint' must be translated as 'kontrol nokta' in the tr text [warning]"
            in result.stderr)
    assert "1 glossary warning" in result.stderr


def test_a_short_turkish_rendering_is_not_found_in_every_word_that_starts_with_it(run, tmp_path, libre):
    """The glossary check after translation is the linter's: "yük" (load) is not in "Yüksek" (high)."""
    (tmp_path / "glossary.yaml").write_text("terms:\n  - term: load\n    translations: {en: load, tr: yük}\n",
                                            encoding="utf-8")
    (tmp_path / "tr.quiz.yaml").write_text(quiz_yaml("""\
        - id: rate
          stem: {tr: "Yüksek bir oran neye yol açar?"}
          options:
            - text: {tr: Salınıma, en: Oscillation}
              correct: true
            - text: {tr: Hiçbir şeye, en: Nothing}
        """, quiz_id="tr-source", languages="tr, en"), encoding="utf-8")
    libre.phrases["yüksek bir oran neye yol açar?"] = "What does a high rate lead to?"
    result = run("translate", "--provider", "libre", "--url", libre.url, cwd=tmp_path)
    assert result.exit_code == 0, result.output
    assert "glossary" not in result.stderr, result.stderr
    assert quiz_data(tmp_path / "tr.quiz.yaml")["items"][0]["stem"]["en"] == "What does a high rate lead to?"


def test_a_hanging_server_times_out(translate, bank, libre):
    libre.default = "hang"
    started = time.monotonic()
    result = translate("--timeout", "1", "--retries", "0")
    assert time.monotonic() - started < 10
    assert result.exit_code == 1
    assert f"libre: no answer from http://127.0.0.1:{libre.port} within 1 s" in result.stderr
    assert (bank / "demo.quiz.yaml").read_text(encoding="utf-8") == QUIZ
    assert len(libre.received) == 1  # the run stops: the other texts are not attempted
    assert "0 translated, 1 skipped, 1 failed, 4 not attempted; changed 0 files" in result.stderr


def test_429_is_retried_then_succeeds(translate, bank, libre):
    libre.script.extend(["429", "429"])
    result = translate()
    assert result.exit_code == 0, result.output
    assert len(libre.received) == 7  # 5 texts + 2 retries
    assert "5 translated" in result.stderr


def test_failure_mid_run_keeps_what_succeeded_and_the_file_valid(translate, bank, libre):
    libre.script.extend(["ok", "ok", "500", "500"])
    result = translate("--retries", "1")
    assert result.exit_code == 1
    assert "libre refused the request: HTTP 500" in result.stderr and "after 2 attempts" in result.stderr
    assert "2 text(s) not attempted" in result.stderr
    assert "2 translated, 1 skipped, 1 failed, 2 not attempted;" in result.stderr
    quiz_file, findings = read_quiz(bank / "demo.quiz.yaml")
    assert findings == []
    item = quiz_file.quiz.items[0]
    assert item.stem["tr"] and item.options[0].text["tr"] and "tr" not in item.options[1].text
    assert item.translations["tr"].status == "machine"
    assert len(only_insertions(QUIZ, (bank / "demo.quiz.yaml").read_text(encoding="utf-8"))) == 4


def test_garbage_from_the_server_is_reported_not_written(translate, bank, libre):
    libre.default = "garbage"
    result = translate()
    assert result.exit_code == 1
    assert "libre gave an unusable answer" in result.stderr
    assert "Traceback" not in result.output
    assert (bank / "demo.quiz.yaml").read_text(encoding="utf-8") == QUIZ


def test_a_rerun_is_served_from_the_cache(translate, bank, libre):
    translate()
    first = (bank / "demo.quiz.yaml").read_text(encoding="utf-8")
    assert len(libre.received) == 5
    (bank / "demo.quiz.yaml").write_text(QUIZ, encoding="utf-8")
    result = translate()
    assert len(libre.received) == 5
    assert "0 request(s), 5 cache hit(s)" in result.stderr
    assert (bank / "demo.quiz.yaml").read_text(encoding="utf-8") == first
    assert (bank / ".quizlint_cache" / ".gitignore").read_text().strip().endswith("*")
    (bank / "demo.quiz.yaml").write_text(QUIZ, encoding="utf-8")
    translate("--no-cache")
    assert len(libre.received) == 10


CODE_ITEM = """\
- id: code
  stem: {en: "Load the weights with `torch.load`"}
  options:
    - text: Yes
      correct: true
    - text: No
"""
SENT_CODE = "Load the weights with [QZ1]"  # what the provider is sent for the stem of CODE_ITEM


def test_a_reply_that_damaged_a_placeholder_is_not_cached(translate, write_quiz, libre):
    path = write_quiz(CODE_ITEM, name="code.quiz.yaml")
    libre.phrases[SENT_CODE.lower()] = "Ağırlıkları yükleyin"  # the placeholder is lost
    first = translate(path)
    assert first.exit_code == 1 and "stem (tr): not written: the translation lost protected text" in first.stderr
    del libre.phrases[SENT_CODE.lower()]  # the provider answers well now
    second = translate(path)
    assert second.exit_code == 0, second.output
    assert "1 translated" in second.stderr and "1 request(s), 0 cache hit(s)" in second.stderr
    assert quiz_data(path)["items"][0]["stem"]["tr"] == "Ağırlıkları şununla yükleyin: `torch.load`"


def test_a_damaged_reply_found_in_the_cache_is_dropped(translate, write_quiz, libre, bank):
    path = write_quiz(CODE_ITEM, name="code.quiz.yaml")
    TranslationCache(bank, f"libre {libre.url}").put("en", "tr", SENT_CODE, "Ağırlıkları yükleyin")  # an old run's
    first = translate(path)
    assert first.exit_code == 1 and "0 request(s), 1 cache hit(s)" in first.stderr
    second = translate(path)
    assert second.exit_code == 0, second.output
    assert "1 request(s), 0 cache hit(s)" in second.stderr


def test_a_reply_that_breaks_the_glossary_is_written_but_not_cached(translate, bank, libre):
    stem = "why are checkpoints split into shards?"
    good, libre.phrases[stem] = libre.phrases[stem], "Denetim noktaları neden bölünür?"
    assert "1 glossary warning" in translate().stderr
    (bank / "demo.quiz.yaml").write_text(QUIZ, encoding="utf-8")
    libre.phrases[stem] = good
    result = translate()
    assert "glossary warning" not in result.stderr
    assert "1 request(s), 4 cache hit(s)" in result.stderr  # only the stem is asked again
    assert quiz_data(bank / "demo.quiz.yaml")["items"][0]["stem"]["tr"] == "Kontrol noktaları neden parçalara bölünür?"


def test_garbage_is_not_cached(translate, bank, libre):
    libre.default = "garbage"
    assert translate("--retries", "0").exit_code == 1
    libre.default = "ok"
    result = translate()
    assert result.exit_code == 0, result.output
    assert "5 translated" in result.stderr and "5 request(s), 0 cache hit(s)" in result.stderr


def test_dry_run_prints_a_diff_and_writes_nothing(translate, bank):
    result = translate("--dry-run")
    assert result.exit_code == 0
    assert (bank / "demo.quiz.yaml").read_text(encoding="utf-8") == QUIZ
    assert result.stdout.startswith("--- a/demo.quiz.yaml\n+++ b/demo.quiz.yaml\n@@")
    assert '+      tr: "Kontrol noktaları neden parçalara bölünür?"\n' in result.stdout
    assert "would change 1 file" in result.stderr


def test_api_key_is_sent_but_never_shown(run_process, bank, libre):
    key = "sekret-Key/123"
    libre.required_key = key
    env = {"QUIZLINT_LIBRE_API_KEY": key}
    done = run_process("translate", "--provider", "libre", "--url", libre.url, cwd=bank, env=env)
    assert done.returncode == 0, done.stderr
    assert {request.api_key for request in libre.received} == {key}
    libre.required_key = "another key"
    (bank / "demo.quiz.yaml").write_text(QUIZ, encoding="utf-8")
    refused = run_process("translate", "--provider", "libre", "--url", libre.url, "--no-cache", cwd=bank, env=env)
    assert refused.returncode == 1
    assert "libre refused the request: HTTP 403 Forbidden (Invalid API key ***)" in refused.stderr
    for output in (done.stdout, done.stderr, refused.stdout, refused.stderr):
        assert "sekret" not in output and "Key%2F123" not in output


def test_provider_and_url_come_from_the_configuration(run, bank, libre):
    (bank / "quizlint.toml").write_text(f'[translate]\nprovider = "libre"\nurl = "{libre.url}"\n', encoding="utf-8")
    result = run("translate", "--to", "tr", cwd=bank)
    assert result.exit_code == 0, result.output
    assert "translate (libre): 5 translated" in result.stderr
    (bank / "quizlint.toml").write_text('[translate]\nprovder = "libre"\n', encoding="utf-8")
    result = run("translate", cwd=bank)
    assert result.exit_code == 2 and "unknown key(s) in [translate]: provder" in result.stderr


def test_usage_errors_exit_2(translate, run, bank):
    assert translate("--only-missing", "--stale").exit_code == 2
    result = run("translate", "--provider", "deepl", cwd=bank)
    assert result.exit_code == 2 and "DEEPL_API_KEY" in result.stderr
    result = translate("--to", "en")
    assert result.exit_code == 0 and "en is its source language; nothing to translate" in result.stderr


def test_to_matches_a_language_in_any_case_and_refuses_one_no_quiz_declares(translate, bank, libre):
    result = translate("--to", "xx")
    assert result.exit_code == 2
    assert "quizlint: --to xx: no quiz declares this language (the languages of the 1 quiz file: en, tr)" \
        in result.stderr
    assert libre.received == [] and (bank / "demo.quiz.yaml").read_text(encoding="utf-8") == QUIZ
    result = translate("--to", "TR")
    assert result.exit_code == 0, result.output
    assert "5 translated" in result.stderr and {request.target for request in libre.received} == {"tr"}
    assert '      tr: "Kontrol noktaları neden parçalara bölünür?"\n' in (bank / "demo.quiz.yaml").read_text("utf-8")


def test_to_skips_the_quizzes_without_the_language_when_another_declares_it(translate, write_quiz, libre):
    write_quiz(CODE_ITEM.replace("Yes", "{en: Yes, de: Ja}"), name="german.quiz.yaml", languages="en, de")
    result = translate("--to", "DE")
    assert result.exit_code == 0, result.output
    assert "demo.quiz.yaml:4:12: de is not one of its languages; nothing to translate [skipped]" in result.stderr
    assert "1 translated" in result.stderr and {request.target for request in libre.received} == {"de"}


def test_a_broken_file_is_reported_with_its_position_and_left_alone(translate, bank):
    broken = "quizlint: 1\nid: x\nlanguages: [en, tr]\ntitle: {en: T\nitems: []\n"
    (bank / "broken.quiz.yaml").write_text(broken, encoding="utf-8")
    result = translate()
    assert result.exit_code == 1
    assert "broken.quiz.yaml:5:" in result.stderr and "Y001" in result.stderr
    assert "Traceback" not in result.output
    assert (bank / "broken.quiz.yaml").read_text(encoding="utf-8") == broken
    assert "5 translated, 1 skipped, 0 failed, 1 file not translated (errors); changed 1 file" in result.stderr
    assert "tr: " in (bank / "demo.quiz.yaml").read_text(encoding="utf-8")  # the other file was still done


def test_byte_order_mark_and_crlf_line_endings_are_kept(translate, bank):
    original = codecs.BOM_UTF8 + QUIZ.replace("\n", "\r\n").encode("utf-8")
    (bank / "demo.quiz.yaml").write_bytes(original)
    assert translate().exit_code == 0
    after = (bank / "demo.quiz.yaml").read_bytes()
    assert after.startswith(codecs.BOM_UTF8)
    assert after.count(b"\n") == after.count(b"\r\n") == original.count(b"\r\n") + 7


def test_no_progress_bar_when_not_on_a_terminal(translate):
    result = translate()
    assert "Translating with" not in result.output


def test_several_target_languages_go_in_the_quizs_language_order(run, tmp_path, libre):
    path = tmp_path / "three.quiz.yaml"
    path.write_text("""\
quizlint: 1
id: three
languages: [en, tr, de]
title: {en: T, tr: T, de: T}
items:
  - id: a
    stem:
      en: "Why are checkpoints split into shards?"
    options:
      - text: {en: "To hide the weights", de: "Um die Gewichte zu verbergen"}
        correct: true
      - text: {en: "To make training faster"}
    translations:
      de: {status: machine}
""", encoding="utf-8")
    # (run in its own folder: from this checkout, the translation cache would be this checkout's, and answers
    # cached by an earlier run would leave nothing for the server to receive)
    result = run("translate", "--provider", "libre", "--url", libre.url, "--to", "tr", path, cwd=tmp_path)
    assert result.exit_code == 0, result.output
    assert {request.target for request in libre.received} == {"tr"}
    result = run("translate", "--provider", "libre", "--url", libre.url, path, cwd=tmp_path)
    assert result.exit_code == 0, result.output
    text = path.read_text(encoding="utf-8")
    assert '      en: "Why are checkpoints split into shards?"\n      tr: "' in text
    assert '\n      de: "' in text.split("options:")[0]
    assert '{en: "To hide the weights", tr: "Ağırlıkları gizlemek için", de: "Um die Gewichte zu verbergen"}' \
        in text
    digest = source_digest(read_quiz(path)[0].quiz.items[0], "en")
    assert text.endswith(f'    translations:\n      tr: {{status: machine, source: "{digest}"}}\n'
                         f'      de: {{status: machine, source: "{digest}"}}\n')
