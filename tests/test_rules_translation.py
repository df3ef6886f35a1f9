"""The translation (T) rules: failing and passing items in both directions (English source with a Turkish
translation, and Turkish source with an English one), through the CLI; and the hard parts — glossary
matching, markup extraction, language identification — unit by unit."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
import unicodedata

import pytest

from conftest import quiz_yaml
from quizlint.model import Glossary, Item, source_digest
from quizlint.rules.base import all_rules

EN_TR = "en, tr"
TR_EN = "tr, en"

GLOSSARY_EN = """\
terms:
  - term: safetensors
    translate: false
    forbidden: {tr: [emniyet tensörleri, emniyet tensör]}
  - term: GPU
    translate: false
  - term: checkpoint
    translations: {tr: kontrol noktası}
    forbidden: {tr: [denetim noktası]}
  - term: fine-tuning
    translations: {tr: ince ayar}
"""
# A glossary written for a Turkish-source bank.
GLOSSARY_TR = """\
terms:
  - term: kontrol noktası
    translations: {en: checkpoint}
    forbidden: {en: [control point]}
  - term: safetensors
    translate: false
    forbidden: {tr: [emniyet tensörleri]}
"""


@pytest.fixture
def lint(run, tmp_path):
    """Lint one quiz made of ``items`` with one rule; returns that rule's findings (JSON objects)."""

    def invoke(items: str, rule: str, languages: str = EN_TR, glossary: str | None = None,
               config: str | None = None) -> list[dict]:
        (tmp_path / "demo.quiz.yaml").write_text(quiz_yaml(items, languages=languages), encoding="utf-8")
        for name, text in (("glossary.yaml", glossary), ("quizlint.toml", config)):
            if text is not None:
                (tmp_path / name).write_text(textwrap.dedent(text), encoding="utf-8")
        result = run("lint", "--format", "json", "--no-cache", "--select", rule, "demo.quiz.yaml", cwd=tmp_path)
        assert result.exit_code in (0, 1), result.output
        findings = json.loads(result.stdout)
        assert all(rule in (finding["rule"], finding["code"]) for finding in findings), findings
        return findings

    return invoke


def item(stem: str, *options: str, extra: str = "") -> str:
    """An item with a localized stem (a flow mapping) and options (each a flow mapping or plain string)."""
    lines = ["- id: it", f"  stem: {stem}", "  options:"]
    lines += [f"    - text: {option}" for option in options]
    lines[lines.index("  options:") + 1] += "\n      correct: true"
    return "\n".join(lines) + ("\n" + textwrap.indent(textwrap.dedent(extra), "  ") if extra else "") + "\n"


def messages(findings: list[dict]) -> list[str]:
    return [finding["message"] for finding in findings]


# ------------------------------------------------------------------------------------ documentation


TRANSLATION_RULES = [rule for rule in all_rules() if rule.code.startswith("T")]


def test_every_translation_rule_name_of_the_issue_exists():
    names = {rule.name for rule in TRANSLATION_RULES}
    assert {"missing-translation", "empty-text", "untranslated-copy", "wrong-language", "glossary-term",
            "lost-markup", "stale-translation", "machine-unreviewed"} <= names
    assert {rule.name for rule in TRANSLATION_RULES if rule.code == "T007"} == {"translation-length"}


@pytest.mark.parametrize("rule", TRANSLATION_RULES, ids=lambda rule: rule.code)
def test_doc_examples_with_their_glossary(rule, lint):
    failing, passing = rule.examples()
    glossary = re.findall(r"```yaml\n(.*?)```", rule.section("Glossary"), re.DOTALL)
    as_item = lambda block: "- " + textwrap.indent(block, "  ")[2:]  # noqa: E731
    assert lint(as_item(failing), rule.code, glossary=glossary[0] if glossary else None)
    assert lint(as_item(passing), rule.code, glossary=glossary[0] if glossary else None) == []


def test_glossary_rule_documents_its_glossary():
    rule = next(rule for rule in TRANSLATION_RULES if rule.name == "glossary-term")
    assert "```yaml" in rule.section("Glossary")


# ------------------------------------------------------------------------------ missing-translation


@pytest.mark.parametrize("languages, stem, missing", [
    (EN_TR, '{en: "Which format stores tensors safely?"}', "tr"),
    (TR_EN, '{tr: "Hangi format tensörleri güvenle saklar?"}', "en"),
])
def test_missing_translation_both_directions(lint, languages, stem, missing):
    findings = lint(item(stem, "safetensors", "CSV"), "missing-translation", languages)
    assert messages(findings) == [f"stem has no {missing} translation"]
    assert findings[0]["line"] == 7


def test_missing_source_text_is_reported_as_such(lint):
    findings = lint(item('{tr: "Hangi format?"}', "A", "B"), "missing-translation", EN_TR)
    assert messages(findings) == ["stem has no en source text"]


def test_missing_translation_in_feedback_and_explanation(lint):
    items = item('{en: "Pick one", tr: "Birini seçin"}', "A", "B", extra="""\
        explanation: {en: "Because."}
        """)
    items = items.replace("      correct: true", '      correct: true\n      feedback: {tr: "Doğru."}')
    assert messages(lint(items, "T001")) == ["option A feedback has no en source text",
                                             "explanation has no tr translation"]


@pytest.mark.parametrize("languages", [EN_TR, TR_EN])
def test_complete_and_neutral_texts_are_not_missing(lint, languages):
    items = item('{en: "Which format?", tr: "Hangi format?"}', "safetensors", "MP3", '{tr: "Hiçbiri", en: "None"}')
    assert lint(items, "missing-translation", languages) == []


# --------------------------------------------------------------------------------------- empty-text


@pytest.mark.parametrize("languages", [EN_TR, TR_EN])
def test_empty_text_in_any_language(lint, languages):
    items = item('{en: "", tr: "   "}', '{en: "Yes", tr: null}', '""')
    found = messages(lint(items, "empty-text", languages))
    assert found == ["stem: the en text is empty", "stem: the tr text is empty", "option A: the tr text is null",
                     "option B is empty"]


def test_a_text_of_zero_width_characters_is_empty(lint):
    # "\u00a0" was empty already; "\u200b" (not whitespace to Python) was a text
    items = item('{en: "Which city?", tr: "\\u200b"}', '{en: "Izmir", tr: "\\u00a0\\u200b \\ufeff"}',
                 '{en: "Bursa", tr: "\\u200bBursa"}')
    assert messages(lint(items, "empty-text")) == ["stem: the tr text is empty", "option A: the tr text is empty"]


def test_filled_texts_are_not_empty(lint):
    assert lint(item('{en: "Which?", tr: "Hangisi?"}', "A", '{en: "Yes", tr: "Evet"}'), "T002") == []


# -------------------------------------------------------------------------------- untranslated-copy


@pytest.mark.parametrize("languages, option", [
    (EN_TR, '{en: "Batch normalization", tr: "Batch normalization"}'),
    (TR_EN, '{tr: "Toplu normalleştirme", en: "Toplu normalleştirme"}'),
    (EN_TR, '{en: "Dropout", tr: " Dropout\\n"}'),
])
def test_untranslated_copy_both_directions(lint, languages, option):
    findings = lint(item('{en: "Which one?", tr: "Hangisi?"}', option, "QLoRA"), "untranslated-copy", languages)
    source, target = [lang.strip() for lang in languages.split(",")]
    assert messages(findings) == [f"option A: the {target} text is a copy of the {source} source (translate it, "
                                  "or write a plain string if it is the same in every language)"]


@pytest.mark.parametrize("option", [
    '{en: "QLoRA", tr: "QLoRA"}', '{en: "4 GB", tr: "4 GB"}', '{en: "INT8 / FP16", tr: "INT8 / FP16"}',
    '{en: "`torch.save()`", tr: "`torch.save()`"}', '{en: "https://example.org/a", tr: "https://example.org/a"}',
    '{en: "Bırakma", tr: "Bırakma (dropout)"}',
])
def test_language_neutral_copies_are_fine(lint, option):
    assert lint(item('{en: "Which one?", tr: "Hangisi?"}', option, "B"), "T003") == []


def test_glossary_names_make_a_copy_language_neutral(lint):
    items = item('{en: "Which format?", tr: "Hangi format?"}', '{en: "safetensors", tr: "safetensors"}', "CSV")
    assert len(lint(items, "T003")) == 1  # without a glossary, "safetensors" looks like a word
    assert lint(items, "T003", glossary=GLOSSARY_EN) == []


def test_a_glossary_name_written_decomposed_is_the_name_too(lint):
    """NFD "Çağlayanşirketi" (C + cedilla…) is the do-not-translate term written in NFC: a copy of it is neutral."""
    glossary = "terms:\n  - term: Çağlayanşirketi\n    translate: false\n  - term: istanbul\n    translate: false\n"
    for name in ("Çağlayanşirketi", "İstanbul"):
        decomposed = unicodedata.normalize("NFD", name)
        items = item('{en: "Which one?", tr: "Hangisi?"}', f'{{en: "{decomposed}", tr: "{decomposed}"}}', "CSV")
        assert lint(items, "T003", glossary=glossary) == [], name


def test_a_word_that_only_starts_like_a_glossary_name_is_an_ordinary_word(lint):
    """With the name SAM in the glossary, "Same samples" copied into the tr text is still an English copy."""
    glossary = "terms:\n  - term: SAM\n    translate: false\n"
    items = item('{en: "Which one?", tr: "Hangisi?"}', '{en: "Same samples", tr: "Same samples"}',
                 '{en: "SAMs", tr: "SAMs"}', '{en: "SAM\'s", tr: "SAM\'s"}')
    assert [finding["line"] for finding in lint(items, "T003", glossary=glossary)] == [9]
    assert [finding["line"] for finding in lint(items, "T004", glossary=glossary)] == [9]


def test_a_case_sensitive_glossary_name_is_set_aside_in_its_own_case_only(lint):
    glossary = "terms:\n  - term: SAM\n    translate: false\n    case_sensitive: true\n"
    items = item('{en: "Which one?", tr: "Hangisi?"}', '{en: "sam\'s bam", tr: "sam\'s bam"}',
                 '{en: "SAM\'s bam", tr: "SAM\'s bam"}')
    assert [finding["line"] for finding in lint(items, "T003", glossary=glossary)] == [9]


def test_untranslated_copy_min_letters_option(lint):
    items = item('{en: "Which?", tr: "Hangisi?"}', '{en: "Adam", tr: "Adam"}', "SGD")
    assert len(lint(items, "T003")) == 1
    assert lint(items, "T003", config="[rules.untranslated-copy]\nmin-letters = 5\n") == []


def test_untranslated_copy_of_the_quiz_title_and_description(run, tmp_path):
    text = quiz_yaml(item('{en: "Which?", tr: "Hangisi?"}', "A", "B"))
    text = text.replace("title: {en: Title en, tr: Title tr}",
                        'title: {en: "Checkpoint Sharding", tr: "Checkpoint  Sharding"}\n'
                        'description: {en: "Saving large models", tr: "Büyük modelleri kaydetmek"}')
    assert "Checkpoint  Sharding" in text
    (tmp_path / "demo.quiz.yaml").write_text(text, encoding="utf-8")
    result = run("lint", "--no-cache", "--format", "json", "--select", "T003", "demo.quiz.yaml", cwd=tmp_path)
    found = json.loads(result.stdout)
    assert [(f["line"], f["message"]) for f in found] == [
        (4, "quiz title: the tr text is a copy of the en source (translate it, or write a plain string if it is "
            "the same in every language)")]
    neutral = text.replace('title: {en: "Checkpoint Sharding", tr: "Checkpoint  Sharding"}', "title: QLoRA")
    (tmp_path / "demo.quiz.yaml").write_text(neutral, encoding="utf-8")
    assert run("lint", "--no-cache", "--select", "T003", "demo.quiz.yaml", cwd=tmp_path).exit_code == 0


def test_undeclared_language_in_the_quiz_title_and_description(run, tmp_path):
    text = quiz_yaml(item('{en: "Which?", tr: "Hangisi?"}', "A", "B"))
    text = text.replace("title: {en: Title en, tr: Title tr}",
                        'title: {en: "Layers", tr: "Katmanlar", tk: "Gatlar"}\n'
                        'description: {en: "An introduction", tr: "Bir giriş", EN: "An introduction"}')
    (tmp_path / "demo.quiz.yaml").write_text(text, encoding="utf-8")
    found = json.loads(run("lint", "--no-cache", "--format", "json", "--select", "T010", "demo.quiz.yaml",
                           cwd=tmp_path).stdout)
    assert [(f["line"], f["message"]) for f in found] == [
        (4, "quiz title has a text in tk, which the quiz does not declare (languages: en, tr)"),
        (5, "quiz description has a text in EN, which the quiz does not declare (languages: en, tr)")]


# ---------------------------------------------------------------------------------- wrong-language


def test_english_left_in_the_turkish_field(lint):
    items = item('{en: "Which extra state is needed to resume training?", '
                 'tr: "Which extra state is needed to resume training beyond the weights?"}',
                 '{en: "Optimizer state", tr: "Optimizer and scheduler state, step progress"}', "MP3")
    findings = lint(items, "wrong-language", EN_TR)
    assert [message.split(":")[0] for message in messages(findings)] == ["stem", "option A"]
    assert all("the tr text looks like English, not Turkish" in message for message in messages(findings))


def test_turkish_left_in_the_english_field_of_a_turkish_quiz(lint):
    items = item('{tr: "Eğitime devam etmek için hangi durum gerekir?", '
                 'en: "Eğitime kaldığı yerden devam etmek için hangi durum bilgileri gerekir?"}',
                 '{tr: "Yalnızca son doğruluk puanı", en: "Only the last accuracy score"}', "CSV")
    findings = lint(items, "wrong-language", TR_EN)
    assert messages(findings) == [messages(findings)[0]] and messages(findings)[0].startswith(
        "stem: the en text looks like Turkish, not English")


def test_the_source_field_is_checked_too(lint):
    items = item('{en: "Modelin ağırlıkları neden parçalara ayrılıyor?", '
                 'tr: "Model neden parçalara ayrılır?"}', "A", "B")
    assert messages(lint(items, "T004", EN_TR))[0].startswith("stem: the en text looks like Turkish")


@pytest.mark.parametrize("languages", [EN_TR, TR_EN])
def test_names_acronyms_numbers_and_code_never_raise_wrong_language(lint, languages):
    items = item('{en: "Which format is used?", tr: "Hangi format kullanılır?"}',
                 '{en: "MP3", tr: "MP3"}', '{en: "CSV", tr: "CSV"}', '{en: "QLoRA", tr: "QLoRA"}',
                 '{en: "INT8 GPU VRAM 4096", tr: "INT8 GPU VRAM 4096"}',
                 '{en: "`torch.load(path, map_location)`", tr: "`torch.load(path, map_location)`"}',
                 '{en: "safetensors", tr: "safetensors"}', '{en: "Dropout", tr: "Dropout"}')
    assert lint(items, "wrong-language", languages, glossary=GLOSSARY_EN) == []


def test_right_languages_in_both_directions_pass(lint):
    stem = '{en: "Why are large checkpoints split into shards?", tr: "Büyük kontrol noktaları neden bölünür?"}'
    option = '{en: "The file would be too large to handle", tr: "Dosya işlenemeyecek kadar büyük olurdu"}'
    assert lint(item(stem, option, "B"), "T004", EN_TR) == []
    assert lint(item(stem, option, "B"), "T004", TR_EN) == []


def test_wrong_language_ignores_a_turkish_sentence_around_an_english_name(lint):
    items = item('{en: "Which technique uses QLoRA on one GPU?", '
                 'tr: "QLoRA, ince ayarı tek bir GPU\'da nasıl mümkün kılar?"}', "A", "B")
    assert lint(items, "T004", glossary=GLOSSARY_EN) == []


def test_names_of_places_and_people_do_not_make_a_text_foreign(lint):
    items = item('{en: "Where is Çanakkale?", tr: "Çanakkale nerededir?"}',
                 '{en: "On the Dardanelles", tr: "Çanakkale Boğazı kıyısında"}',
                 '{en: "Topkapı Palace", tr: "Topkapı Sarayı"}', '{en: "Treaty of Sèvres", tr: "Sevr Antlaşması"}',
                 '{en: "Erzurum Congress", tr: "Erzurum Kongresi"}',
                 '{en: "The congress met in Erzurum in the summer before the republic", '
                 'tr: "Kongre, cumhuriyetten önceki yaz Erzurum\'da toplandı"}')
    assert lint(items, "T004", EN_TR) == []
    # a Turkish text whose names, with their suffixes after an apostrophe, are English: the name comes first too
    items = item('{tr: "Shakespeare\'in Hamlet\'i", en: "Shakespeare\'s Hamlet"}',
                 '{tr: "Washington\'un evi", en: "Washington\'s house"}',
                 '{tr: "Stratford\'daki Shakespeare\'in evi", en: "Shakespeare\'s house in Stratford"}')
    assert lint(items, "T004", TR_EN) == []


def test_english_that_names_turkish_places_is_still_found_under_tr(lint):
    items = item('{en: "Where is the palace?", tr: "Where is the Topkapı Palace located in İstanbul today?"}',
                 "A", "B")
    assert messages(lint(items, "T004", EN_TR))[0].startswith("stem: the tr text looks like English, not Turkish")


def test_capitalised_words_count_in_german_which_capitalises_its_nouns(lint):
    items = item('{de: "Which Extra State Is Needed To Resume Training", '
                 'en: "Which extra state is needed to resume training?"}', "A", "B")
    assert any(message.startswith("stem: the de text looks like English, not German")
               for message in messages(lint(items, "T004", "de, en")))


def test_a_german_text_in_another_languages_field_keeps_its_nouns(lint):
    # (names are left out only in quizzes without a language that capitalises its nouns: else a German text
    # under fr lost its nouns and was too short to check)
    items = item('{en: "Which component loads the data?", de: "Welche Komponente lädt die Daten?", '
                 'fr: "Quel composant charge les données ?"}',
                 '{en: "The data loader of the training job", de: "Der Datenlader des Trainingsjobs", '
                 'fr: "Der Datenlader des Trainingsjobs"}', "B")
    found = messages(lint(items, "T004", "en, de, fr"))
    assert any(message.startswith("option A: the fr text looks like German, not French") for message in found)


def test_wrong_language_options(lint):
    items = item('{en: "Which?", tr: "Hangisi?"}', '{en: "Tokenization", tr: "Tokenization"}', "B")
    assert lint(items, "T004") != []  # 12 letters: checked
    assert lint(items, "T004", config="[rules.wrong-language]\nmin-letters = 13\n") == []
    assert lint(items, "T004", config="[rules.T004]\nmargin = 1\n") == []


def test_wrong_language_needs_two_identifiable_languages(lint):
    items = item('{en: "Bu soru Türkçe yazılmış bir sorudur, değil mi?"}', "A", "B")
    assert lint(items, "T004", languages="en") == []


def test_three_languages(lint):
    items = item('{en: "Which state is needed to resume training?", de: "Welcher Zustand wird benötigt?", '
                 'tr: "Welcher Zustand wird zum Fortsetzen des Trainings benötigt?"}', "A", "B")
    found = messages(lint(items, "T004", languages="en, de, tr"))
    assert len(found) == 1 and found[0].startswith("stem: the tr text looks like German, not Turkish")


# ----------------------------------------------------------------------------------- glossary-term


@pytest.mark.parametrize("items, message, at", [
    (item('{en: "Which format loads shards safely?", tr: "Parçaları hangi format güvenle yükler?"}',
          '{en: "safetensors", tr: "emniyet tensörleri"}', '{en: "Only ZIP", tr: "Yalnızca ZIP"}'),
     "option A: 'emniyet tensörleri' is a forbidden tr rendering of glossary term 'safetensors' (use 'safetensors')",
     '"emniyet tensörleri"}'),
    # a term in the words of a text with code is still checked, and its finding still points at the translation
    (item('{en: "Does `torch.save` write a checkpoint?", tr: "`torch.save` bir kayıt yazar mı?"}', "A", "B"),
     "stem: glossary term 'checkpoint' must be translated as 'kontrol noktası' in the tr text",
     '"`torch.save` bir kayıt'),
])
def test_a_glossary_finding_points_at_the_translation(lint, tmp_path, items, message, at):
    findings = lint(items, "glossary-term", glossary=GLOSSARY_EN)
    assert messages(findings) == [message]
    line = (tmp_path / "demo.quiz.yaml").read_text(encoding="utf-8").splitlines()[findings[0]["line"] - 1]
    assert line[findings[0]["column"] - 1:].startswith(at)


def test_forbidden_rendering_even_without_the_term_in_the_source(lint):
    items = item('{en: "Which format?", tr: "Emniyet tensörlerinin formatı hangisidir?"}', "A", "B")
    assert len(lint(items, "T005", glossary=GLOSSARY_EN)) == 1


def test_forbidden_rendering_in_the_source_language(lint):
    items = item('{tr: "Hangi format emniyet tensörleri olarak bilinir?"}', "A", "B")
    assert len(lint(items, "T005", languages="tr", glossary=GLOSSARY_EN)) == 1


@pytest.mark.parametrize("translation", [
    "Modeli tek GPU'da eğitmek için safetensors'ı kullanın",
    "SAFETENSORS dosyalarını GPU'ya yükleyin",
])
def test_do_not_translate_terms_with_turkish_suffixes(lint, translation):
    items = item('{en: "Load the safetensors files on one GPU", tr: "%s"}' % translation, "A", "B")
    assert lint(items, "T005", glossary=GLOSSARY_EN) == []


def test_do_not_translate_term_translated(lint):
    items = item('{en: "Load the safetensors files on one GPU", tr: "Güvenli tensör dosyalarını tek bir '
                 'grafik işlemcide yükleyin"}', "A", "B")
    assert messages(lint(items, "T005", glossary=GLOSSARY_EN)) == [
        "stem: glossary term 'GPU' must stay as it is in the tr text",
        "stem: glossary term 'safetensors' must stay as it is in the tr text",
    ]


def test_do_not_translate_terms_match_in_the_source_languages_folding_too(lint):
    # Turkish folds "API" to "apı", English folds "İSTANBUL" to "i̇stanbul": a name kept byte for byte was reported
    # as changed. The term and the text are folded alike, plainly or the Turkish way, and either match counts.
    glossary = "terms:\n  - term: api\n    translate: false\n  - term: cli\n    translate: false\n" \
               "  - term: istanbul\n    translate: false\n"
    items = item('{en: "Which API call does the CLI make?", tr: "CLI hangi API çağrısını yapar?"}', "A", "B")
    assert lint(items, "T005", glossary=glossary) == []
    items = item('{tr: "İSTANBUL nerede?", en: "Where is İSTANBUL?"}', "A", "B")
    assert lint(items, "T005", TR_EN, glossary=glossary) == []
    items = item('{tr: "İSTANBUL nerede?", en: "Where is Byzantium?"}', "A", "B")
    assert messages(lint(items, "T005", TR_EN, glossary=glossary)) == [
        "stem: glossary term 'istanbul' must stay as it is in the en text"]


@pytest.mark.parametrize("translation, ok", [
    ("Büyük kontrol noktaları neden bölünür?", True),  # inflected compound: noktası → noktaları
    ("Kontrol noktasını neden böleriz?", True),
    ("KONTROL NOKTASI NEDİR?", True),  # Turkish capitals: I → ı
    ("Büyük kayıt noktaları neden bölünür?", False),
])
def test_required_rendering_matched_as_a_stem(lint, translation, ok):
    items = item('{en: "Why are large checkpoints split?", tr: "%s"}' % translation, "A", "B")
    findings = lint(items, "T005", glossary=GLOSSARY_EN)
    expected = [] if ok else ["stem: glossary term 'checkpoint' must be translated as 'kontrol noktası' in the tr "
                              "text"]
    assert messages(findings) == expected


@pytest.mark.parametrize("translation, ok", [
    ("Model her belirteci için hangi ağırlığı kullanır?", True),  # ç → c and k → ğ before a vowel
    ("Katmanın hangi ağırlıkları ve belirteçleri güncellenir?", True),  # not softened before a consonant
    ("AĞIRLIĞI VE BELİRTECİ NEDİR?", True),
    ("Model her sözcüğü için neyi tahmin eder?", False),
])
def test_required_rendering_matched_with_turkish_consonant_softening(lint, translation, ok):
    glossary = "terms:\n  - term: token\n    translations: {tr: belirteç}\n  - term: weight\n" \
               "    translations: {tr: ağırlık}\n"
    items = item('{en: "Which weight does each token get?", tr: "%s"}' % translation, "A", "B")
    found = messages(lint(items, "T005", glossary=glossary))
    assert found == ([] if ok else ["stem: glossary term 'token' must be translated as 'belirteç' in the tr text",
                                    "stem: glossary term 'weight' must be translated as 'ağırlık' in the tr text"])


def test_a_one_syllable_rendering_is_not_softened(lint):
    # kat → katı, kart → kartı: a softened "kad" or "kard" would find "kadar" and "kardeşi"
    glossary = "terms:\n  - term: fold\n    translations: {tr: kat}\n  - term: card\n    translations: {tr: kart}\n"
    items = item('{en: "Why is 5-fold validation used with a card?", tr: "Doğrulama neden kardeşi kadar çok kullanılır?"}',
                 "A", "B")
    assert sorted(messages(lint(items, "T005", glossary=glossary))) == [
        "stem: glossary term 'card' must be translated as 'kart' in the tr text",
        "stem: glossary term 'fold' must be translated as 'kat' in the tr text"]


def test_an_english_term_in_y_is_found_in_its_ies_plural(lint):
    glossary = "terms:\n  - term: query\n    translations: {tr: sorgu}\n"
    items = item('{en: "How are the queries cached?", tr: "İstekler nasıl önbelleğe alınır?"}', "A", "B")
    assert messages(lint(items, "T005", glossary=glossary)) == [
        "stem: glossary term 'query' must be translated as 'sorgu' in the tr text"]
    items = item('{en: "How are the queries cached?", tr: "Sorgular nasıl önbelleğe alınır?"}', "A", "B")
    assert lint(items, "T005", glossary=glossary) == []


def test_ince_ayar_with_turkish_dotted_capital(lint):
    items = item('{en: "Fine-tuning on one GPU", tr: "TEK GPU ÜZERİNDE İNCE AYAR"}', "A", "B")
    assert lint(items, "T005", glossary=GLOSSARY_EN) == []
    items = item('{en: "Fine tuning on one GPU", tr: "Tek GPU üzerinde eğitim"}', "A", "B")
    assert messages(lint(items, "T005", glossary=GLOSSARY_EN)) == [
        "stem: glossary term 'fine-tuning' must be translated as 'ince ayar' in the tr text"]


def test_glossary_of_a_turkish_source_bank(lint):
    stem = '{tr: "Büyük kontrol noktaları neden parçalanır?", en: "%s"}'
    assert messages(lint(item(stem % "Why are big save points sharded?", "A", "B"), "T005", TR_EN,
                         glossary=GLOSSARY_TR)) == [
        "stem: glossary term 'kontrol noktası' must be translated as 'checkpoint' in the en text (the tr text has "
        "'kontrol noktaları')"]
    assert lint(item(stem % "Why are big checkpoints sharded?", "A", "B"), "T005", TR_EN, glossary=GLOSSARY_TR) == []
    found = messages(lint(item(stem % "Why are big control points sharded?", "A", "B"), "T005", TR_EN,
                          glossary=GLOSSARY_TR))
    assert found == ["stem: 'control point' is a forbidden en rendering of glossary term 'kontrol noktası' "
                     "(use 'checkpoint')"]


GLOSSARY_SHORT_TR = """\
terms:
  - term: load
    translations: {en: load, tr: yük}
  - term: network
    translations: {en: network, tr: ağ}
"""


@pytest.mark.parametrize("source, translation", [
    ("Yüksek bir öğrenme oranı neye yol açar?", "What does a high learning rate lead to?"),  # yüksek: high
    ("Ağırlıklar nasıl güncellenir?", "How are the weights updated?"),  # ağırlık: weight
    ("Ağın yükü nedir?", "What is the load of the network?"),
    ("Ağlarımızdaki yükler ve yükleme", "The loads in our networks, and loading"),
])
def test_a_short_turkish_term_is_found_in_its_forms_not_in_other_words(lint, source, translation):
    items = item(json.dumps({"tr": source, "en": translation}, ensure_ascii=False), "A", "B")
    assert lint(items, "T005", TR_EN, glossary=GLOSSARY_SHORT_TR) == []


def test_a_term_found_through_its_turkish_rendering_is_named_with_the_word(lint):
    items = item('{tr: "Ağdaki yükü nedir?", en: "What is on the wire?"}', "A", "B")
    assert messages(lint(items, "T005", TR_EN, glossary=GLOSSARY_SHORT_TR)) == [
        "stem: glossary term 'load' must be translated as 'load' in the en text (the tr text has 'yük' in 'yükü')",
        "stem: glossary term 'network' must be translated as 'network' in the en text (the tr text has 'ağ' in "
        "'Ağdaki')"]


@pytest.mark.parametrize("translation, ok", [
    ("Ağlardaki yük nedir?", True),
    ("Ağın yükü nedir?", True),
    ("Ağırlığın yüksekliği nedir?", False),  # neither a network nor a load
])
def test_a_short_turkish_rendering_in_a_translation_is_a_word_not_a_prefix(lint, translation, ok):
    items = item('{en: "What is the load of the network?", tr: "%s"}' % translation, "A", "B")
    assert messages(lint(items, "T005", glossary=GLOSSARY_SHORT_TR)) == ([] if ok else [
        "stem: glossary term 'load' must be translated as 'yük' in the tr text",
        "stem: glossary term 'network' must be translated as 'ağ' in the tr text"])


@pytest.mark.parametrize("source, translation", [
    ("What does `torch.save(checkpoint, path)` write?", "`torch.save(checkpoint, path)` ne yazar?"),
    ("What does\n\n```\ntorch.save(checkpoint)\n```\n\nwrite?", "Şu ne yazar:\n\n```\ntorch.save(checkpoint)\n```\n"),
    ("Which page is <https://example.com/docs/checkpoint>?", "<https://example.com/docs/checkpoint> hangi sayfa?"),
    ("Which page is https://example.com/checkpoint?", "https://example.com/checkpoint hangi sayfa?"),
    ("What do [the docs](https://example.com/checkpoint) say?", "[Belgeler](https://example.com/checkpoint) ne der?"),
    ("What is $f(checkpoint)$ here?", "Burada $f(checkpoint)$ nedir?"),
])
def test_a_term_only_in_code_urls_or_math_of_the_source_asks_for_no_rendering(lint, source, translation):
    # The term was looked for in the whole source text: code, which is copied as it is, asked for "kontrol
    # noktası" in the translation.
    items = item(json.dumps({"en": source, "tr": translation}, ensure_ascii=False), "A", "B")
    assert lint(items, "T005", glossary=GLOSSARY_EN) == []


def test_a_required_rendering_only_in_code_of_the_translation_does_not_count(lint):
    items = item('{en: "Which checkpoint is loaded?", tr: "Hangi `kontrol noktası` yüklenir?"}', "A", "B")
    assert messages(lint(items, "T005", glossary=GLOSSARY_EN)) == [
        "stem: glossary term 'checkpoint' must be translated as 'kontrol noktası' in the tr text"]


def test_a_do_not_translate_term_kept_in_code_of_the_translation_counts(lint):
    items = item('{en: "Which safetensors file is loaded?", tr: "Hangi `safetensors` dosyası yüklenir?"}', "A", "B")
    assert lint(items, "T005", glossary=GLOSSARY_EN) == []


@pytest.mark.parametrize("languages, stem", [
    (EN_TR, '{en: "Which page is this?", tr: "https://example.org/denetim-noktası hangi sayfa?"}'),
    (EN_TR, '{en: "What is `x`?", tr: "`emniyet tensörleri` nedir?"}'),
    ("tr", '{tr: "[Bu sayfa](https://example.org/emniyet-tensörleri) neyi anlatır?"}'),
])
def test_a_forbidden_rendering_in_code_or_a_url_is_not_reported(lint, languages, stem):
    assert lint(item(stem, "A", "B"), "T005", languages, glossary=GLOSSARY_EN) == []


def test_no_glossary_no_glossary_findings(lint):
    items = item('{en: "safetensors", tr: "emniyet tensörleri"}', "A", "B")
    assert lint(items, "T005") == []


def test_glossary_option_overrides_the_bank_glossary(run, tmp_path):
    (tmp_path / "glossary.yaml").write_text(GLOSSARY_EN, encoding="utf-8")
    (tmp_path / "other.yaml").write_text("terms:\n  - term: Ankara\n    forbidden: {tr: [Angora]}\n")
    (tmp_path / "demo.quiz.yaml").write_text(quiz_yaml(item('{en: "Capital?", tr: "Başkent Angora mı?"}', "A", "B")),
                                             encoding="utf-8")
    args = ("lint", "--format", "json", "--no-cache", "--select", "T005", "demo.quiz.yaml")
    assert json.loads(run(*args, cwd=tmp_path).stdout) == []
    found = json.loads(run(*args, "--glossary", "other.yaml", cwd=tmp_path).stdout)
    assert messages(found) == ["stem: 'Angora' is a forbidden tr rendering of glossary term 'Ankara'"]


def test_a_bank_glossary_named_glossary_yml_is_found(run, tmp_path):
    (tmp_path / "glossary.yml").write_text("terms:\n  - term: Ankara\n    forbidden: {tr: [Angora]}\n", encoding="utf-8")
    (tmp_path / "demo.quiz.yaml").write_text(quiz_yaml(item('{en: "Capital?", tr: "Başkent Angora mı?"}', "A", "B")),
                                             encoding="utf-8")
    found = json.loads(run("lint", "--format", "json", "--no-cache", "--select", "T005", cwd=tmp_path).stdout)
    assert messages(found) == ["stem: 'Angora' is a forbidden tr rendering of glossary term 'Ankara'"]


def test_the_bank_glossary_is_found_from_a_subfolder_of_the_bank(run, tmp_path):
    (tmp_path / "quizlint.toml").write_text('fail-on = "error"\n', encoding="utf-8")
    (tmp_path / "glossary.yaml").write_text("terms:\n  - term: Ankara\n    forbidden: {tr: [Angora]}\n",
                                            encoding="utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "demo.quiz.yaml").write_text(
        quiz_yaml(item('{en: "Capital?", tr: "Başkent Angora mı?"}', "A", "B")), encoding="utf-8")
    args = ("lint", "--format", "json", "--no-cache", "--select", "T005")
    from_root = messages(json.loads(run(*args, cwd=tmp_path).stdout))
    assert from_root == ["stem: 'Angora' is a forbidden tr rendering of glossary term 'Ankara'"]
    assert messages(json.loads(run(*args, cwd=tmp_path / "sub").stdout)) == from_root
    assert messages(json.loads(run(*args, "demo.quiz.yaml", cwd=tmp_path / "sub").stdout)) == from_root


@pytest.mark.parametrize("in_a_repository", [True, False])
def test_without_a_configuration_the_glossary_is_found_up_to_the_top_of_the_repository(run, tmp_path, in_a_repository):
    bank = tmp_path / "bank"
    (bank / "sub").mkdir(parents=True)
    if in_a_repository:
        (bank / ".git").mkdir()
    (bank / "glossary.yaml").write_text("terms:\n  - term: Ankara\n    forbidden: {tr: [Angora]}\n", encoding="utf-8")
    (bank / "sub" / "demo.quiz.yaml").write_text(
        quiz_yaml(item('{en: "Capital?", tr: "Başkent Angora mı?"}', "A", "B")), encoding="utf-8")
    args = ("lint", "--format", "json", "--no-cache", "--select", "T005")
    from_top = messages(json.loads(run(*args, "sub", cwd=bank).stdout))
    assert from_top == ["stem: 'Angora' is a forbidden tr rendering of glossary term 'Ankara'"]
    from_sub = messages(json.loads(run(*args, cwd=bank / "sub").stdout))
    assert from_sub == (from_top if in_a_repository else [])  # (outside a repository: up to the current folder)


GLOSSARY_ROMANCE = """\
terms:
  - term: checkpoint
    translations: {fr: point de contrôle, es: punto de control}
  - term: learning rate
    translations: {fr: taux d’apprentissage, es: tasa de aprendizaje}
"""


@pytest.mark.parametrize("lang, target, missing", [
    ("fr", "Les points de contrôle gardent le taux d'apprentissage", None),  # plural; straight apostrophe
    ("fr", "Le point de contrôle garde le taux d’apprentissage", None),
    ("es", "Los puntos de control guardan las tasas de aprendizaje", None),
    ("fr", "Les points d'arrêt gardent le taux d'apprentissage", "point de contrôle"),
    ("es", "Las pautas de control guardan la tasa de aprendizaje", "punto de control"),
])
def test_glossary_rendering_plural_and_apostrophe(lint, lang, target, missing):
    stem = json.dumps({"en": "The checkpoints keep the learning rate", lang: target}, ensure_ascii=False)
    found = messages(lint(item(stem, "A", "B"), "T005", f"en, {lang}", glossary=GLOSSARY_ROMANCE))
    assert found == ([] if missing is None else [
        f"stem: glossary term 'checkpoint' must be translated as '{missing}' in the {lang} text"])


# -------------------------------------------------------------------------------------- lost-markup


@pytest.mark.parametrize("languages, source, target, lost", [
    (EN_TR, "Use a 4-bit model", "8 bitlik bir model kullanın", "number 4"),
    (TR_EN, "4 bitlik bir model kullanın", "Use an eight-bit model", "number 4"),
    (EN_TR, "Call `torch.save()` first", "Önce `torch.kaydet()` çağırın", "code `torch.save()`"),
    (TR_EN, "Bkz. https://example.org/a", "See https://example.org/b", "URL https://example.org/a"),
    (EN_TR, "It is $O(n^2)$ here", "Burada $O(n)$ olur", "math $O(n^2)$"),
    (EN_TR, "Which is **NOT** true?", "Hangisi doğru değildir?", "strong emphasis (1 in en, 0 in tr)"),
    (TR_EN, "[Belgelere](https://x.org/d) bakın", "See the docs", "URL https://x.org/d; links (1 in tr, 0 in en)"),
    (EN_TR, "Use 0.5 or 3", "0,5 kullanın", "number 3"),
    (EN_TR, "Use 4 bits", "`4` bit kullanın", "number 4"),  # a number in code is code, not a number
    (EN_TR, "Count from 0", "10'dan sayın", "number 0"),  # a number inside a longer one is not that number
    (EN_TR, "Version 1.5 of it", "Sürüm 1.5.7", "number 1.5"),
    (EN_TR, "A dataset has 1,000 samples", "Bir veri kümesinde 1 örnek var", "number 1,000"),  # 1000 in English
    (TR_EN, "Oran 0,5 olur", "The ratio is 0,500", "number 0,5"),  # 500 in English
    # copied as written, but a different number in each language
    (EN_TR, "A road is 2,500 km long", "Bir yol 2,500 km uzunluğundadır", "number 2,500 (2500 in en, 2.5 in tr)"),
    (EN_TR, "A road is 2,500 km long", "Bir yol 2,5 km uzunluğundadır", "number 2,500"),
    (EN_TR, "Use `x` with 1.500 V", "`x` ile 1.500 V kullanın", "number 1.500 (1.5 in en, 1500 in tr)"),
    (TR_EN, "Oran 0,250 olur", "The ratio is 0,250", "number 0,250 (0.25 in tr, 250 in en)"),
    (TR_EN, "10.000 kişi ve 2'de 1", "10.000 people and 1 in 2", "number 10.000 (10000 in tr, 10 in en)"),
    # a number's sign is part of it: lost, added or written with either minus
    (EN_TR, "It is -5 degrees", "5 derece", "number -5"),
    (TR_EN, "Hava −5 derece", "It is 5 degrees", "number −5"),
    (EN_TR, "Scale it by (-0.5)", "(0,5) ile ölçekleyin", "number -0.5"),
    (EN_TR, "It is 5 degrees", "-5 derece", "number 5"),
])
def test_lost_markup_both_directions(lint, languages, source, target, lost):
    source_lang, target_lang = [lang.strip() for lang in languages.split(",")]
    stem = json.dumps({source_lang: source, target_lang: target}, ensure_ascii=False)
    assert messages(lint(item(stem, "A", "B"), "lost-markup", languages)) == [
        f"stem: the {target_lang} text lost {lost} of the {source_lang} source"]


@pytest.mark.parametrize("languages, source, target", [
    (EN_TR, "Scale by 0.5 and 1,000", "0,5 ve 1.000 ile ölçekleyin"),
    (TR_EN, "Oran %50 ve 3,5", "The ratio is 50% and 3.5"),
    (EN_TR, "An INT8 model in `int8`", "`int8` içinde bir INT8 modeli"),
    (EN_TR, "Is it *really* [here](https://x.org)?", "Gerçekten [burada](https://x.org) *mı*?"),
    (TR_EN, "Adım 2'de $x^2$ hesaplanır", "Step 2 computes $x^2$"),
    (EN_TR, "Costs $5 and $10", "5 ve 10 dolar tutar"),
    (EN_TR, "Add 5 to it", "15 değil, 5 ekleyin"),
    (EN_TR, "A city of 10 000 people", "10.000 kişilik bir şehir"),  # digits grouped by a space
    (TR_EN, "1 250 000 kişi", "1,250,000 people"),
    (EN_TR, "Who finished the 3 100-metre runs?", "3 adet 100 metrelik koşuyu kim bitirdi?"),  # 3 runs, not 3100
    (EN_TR, "Split 8 512-token chunks", "8 adet 512 tokenlık parçayı bölün"),
    (EN_TR, "A road is 2,500 km long", "Bir yol 2.500 km uzunluğundadır"),
    (TR_EN, "Bir yol 2,5 km uzunluğundadır", "A road is 2.5 km long"),
    # copied as written and a number in one language only (a version, a date, an address): kept as written
    (EN_TR, "Python 3.10.2 on 192.168.1.1, 12.05.2023, at 0.5 or 1,000,000", "0.5 ya da 1,000,000 ile Python "
                                                                         "3.10.2, 192.168.1.1, 12.05.2023"),
    (TR_EN, "Oran 0,5 ve 1.000.000", "The ratio 0,5 and 1.000.000"),
    # the minus sign kept, as either minus; a hyphen between numbers or after a word and a list marker are no sign
    (EN_TR, "It is -5 degrees, not x=-0.5", "−5 derece, x=-0,5 değil"),
    (TR_EN, "Hava −5 derece", "It is -5 degrees"),
    (EN_TR, "Take 5-10 or 5 -10 of the COVID-19 samples", "COVID 19 örneklerinden 5 ila 10 tane alın"),
    (EN_TR, "Pick one:\n- 5 items\n- 10 items", "Birini seçin:\n\n5 öğe\n\n10 öğe"),
])
def test_kept_markup_passes(lint, languages, source, target):
    source_lang, target_lang = [lang.strip() for lang in languages.split(",")]
    stem = json.dumps({source_lang: source, target_lang: target}, ensure_ascii=False)
    assert lint(item(stem, "A", "B"), "T006", languages) == []


@pytest.mark.parametrize("languages, target, lost", [
    # Mexico (and the US, most of Central America) write 0.5 and 1,024 in Spanish; Spain 0,5 and 1.024
    ("en, es-MX", "Una tasa de 0.5 con un lote de 1,024 muestras", None),
    ("en, es-419", "Una tasa de 0.5 con un lote de 1,024 muestras", None),
    ("en, es", "Una tasa de 0,5 con un lote de 1.024 muestras", None),
    ("en, es-ES", "Una tasa de 0.5 con un lote de 1,024 muestras", "1,024"),
    ("en, de-CH", "Eine Rate von 0.5 mit 1024 Beispielen", None),
    ("en, en-ZA", "A rate of 0,5 with a batch of 1 024 samples", None),
])
def test_regional_decimal_mark(lint, languages, target, lost):
    lang = languages.split(", ")[1]
    stem = json.dumps({"en": "A rate of 0.5 with a batch of 1,024 samples", lang: target})
    found = messages(lint(item(stem, "A", "B"), "T006", languages))
    assert found == ([] if lost is None else [f"stem: the {lang} text lost number {lost} (1024 in en, 1.024 in "
                                              f"{lang}) of the en source"])


# ------------------------------------------------------------------------------- translation-length


@pytest.mark.parametrize("languages, source, target, how", [
    (EN_TR, "What is the main benefit of resumable training for long jobs?", "Fayda nedir?", "shorter"),
    (TR_EN, "Ana fayda nedir?", "What is the main benefit of resumable training for long jobs on clusters?",
     "longer"),
])
def test_translation_length_both_directions(lint, languages, source, target, how):
    source_lang, target_lang = [lang.strip() for lang in languages.split(",")]
    stem = json.dumps({source_lang: source, target_lang: target}, ensure_ascii=False)
    found = messages(lint(item(stem, "A", "B"), "translation-length", languages))
    assert len(found) == 1
    assert found[0].startswith(f"stem: the {target_lang} text is much {how} than the {source_lang} source "
                               f"({len(target)} vs {len(source)} characters")


def test_short_texts_and_similar_lengths_pass(lint):
    items = item('{en: "Why are checkpoints sharded?", tr: "Kontrol noktaları neden parçalanır?"}',
                 '{en: "Yes", tr: "Evet, kesinlikle"}', '{en: "Dropout", tr: "Bırakma"}')
    assert lint(items, "T007") == []


def test_translation_length_options(lint):
    items = item('{en: "Why are large checkpoints split into shards?", tr: "Neden bölünür?"}', "A", "B")
    assert len(lint(items, "T007")) == 1
    assert lint(items, "T007", config="[rules.translation-length]\nmin-ratio = 0.3\n") == []


# -------------------------------------------------------------------------------- stale-translation


def _item_data(stem: dict) -> Item:
    return Item.model_validate({"id": "it", "stem": stem, "options": [{"text": "A", "correct": True},
                                                                        {"text": "B"}]})


@pytest.mark.parametrize("languages, source, target", [(EN_TR, "en", "tr"), (TR_EN, "tr", "en")])
def test_stale_translation_after_a_source_edit(lint, languages, source, target):
    stem = {"en": "Which city is the capital?", "tr": "Başkent hangi şehirdir?"}
    digest = source_digest(_item_data(stem), source)
    state = f"translations:\n  {target}: {{status: reviewed, source: {digest}}}\n"
    assert lint(item(json.dumps(stem, ensure_ascii=False), "A", "B", extra=state), "T008", languages) == []
    edited = {**stem, source: stem[source] + " (2024)"}
    found = lint(item(json.dumps(edited, ensure_ascii=False), "A", "B", extra=state), "T008", languages)
    new = source_digest(_item_data(edited), source)
    assert new != digest
    assert messages(found) == [f"the {target} translation is stale: it was made from source {digest}, the {source} "
                               f"texts are now {new} (review the {target} texts, then `quizlint review it --lang "
                               f"{target}` records the new digest, or set translations.{target}.source to {new})"]
    assert found[0]["severity"] == "warning"


def test_editing_only_the_translation_does_not_make_it_stale(lint):
    stem = {"en": "Which city is the capital?", "tr": "Başkent hangi şehirdir?"}
    state = f"translations:\n  tr: {{status: reviewed, source: {source_digest(_item_data(stem), 'en')}}}\n"
    stem["tr"] = "Türkiye'nin başkenti hangi şehirdir?"
    assert lint(item(json.dumps(stem, ensure_ascii=False), "A", "B", extra=state), "T008") == []


def test_translation_state_without_a_digest_is_not_checked(lint):
    items = item('{en: "Capital?", tr: "Başkent?"}', "A", "B", extra="translations:\n  tr: {status: draft}\n")
    assert lint(items, "T008") == []


# ------------------------------------------------------------------------------- machine-unreviewed


@pytest.mark.parametrize("languages, target", [(EN_TR, "tr"), (TR_EN, "en")])
def test_machine_translation_not_reviewed(lint, languages, target):
    stem = '{en: "Capital?", tr: "Başkent?"}'
    findings = lint(item(stem, "A", "B", extra=f"translations:\n  {target}: {{status: machine}}\n"), "T009",
                    languages)
    assert messages(findings) == [f"the {target} translation is a machine translation that has not been reviewed"]
    assert findings[0]["severity"] == "warning"
    for status in ("reviewed", "draft"):
        extra = f"translations:\n  {target}: {{status: {status}}}\n"
        assert lint(item(stem, "A", "B", extra=extra), "T009", languages) == []


def test_machine_state_of_a_language_that_is_not_a_target_is_left_to_undeclared_language(lint):
    """Only target languages: a state for the source language or an undeclared one is T010's finding."""
    extra = "translations:\n  en: {status: machine}\n  de: {status: machine}\n  tr: {status: reviewed}\n"
    assert lint(item('{en: "Capital?", tr: "Başkent?"}', "A", "B", extra=extra), "T009") == []
    assert len(lint(item('{en: "Capital?", tr: "Başkent?"}', "A", "B", extra=extra), "T010")) == 2


# ------------------------------------------------------------------------------ undeclared-language


def test_undeclared_languages(lint):
    items = item('{en: "Capital?", tr: "Başkent?", tk: "Başkent?"}', "A", "B",
                 extra="translations:\n  en: {status: reviewed}\n  de: {status: draft}\n")
    assert messages(lint(items, "undeclared-language")) == [
        "stem has a text in tk, which the quiz does not declare (languages: en, tr)",
        "translations.en: en is the source language, it has no translation state",
        "translations.de: the quiz does not declare de (languages: en, tr)",
    ]
    assert lint(items, "undeclared-language", languages="tr, en, tk, de") == []


# ---------------------------------------------------------------------------------- glossary matching


def _matcher(text: str):
    import yaml

    from quizlint.rules._glossary import matcher_for

    return matcher_for(Glossary.model_validate(yaml.safe_load(text)))


def test_source_terms_take_english_inflections_but_not_other_words():
    matcher = _matcher("terms:\n  - term: shard\n  - term: art\n  - term: GPU\n    translate: false\n")
    found = lambda text: [term.term for term in matcher.terms_in(text, "en")]  # noqa: E731
    assert found("Sharded checkpoints and shards") == ["shard"]
    assert found("Start the artifact upload") == []
    assert found("Two GPUs, the GPU's memory") == ["GPU"]
    assert found("GPUDirect") == []


def test_turkish_words_take_inflections_and_derivations_of_their_root_but_are_not_prefixes():
    from quizlint.rules._glossary import GlossaryMatcher

    def forms(rendering, *words):
        return [word for word in words if GlossaryMatcher.contains(rendering, word, "tr")]

    assert forms("ağ", "ağlar", "ağda", "ağdaki", "ağlarımızdan", "Ağ'ın", "ağlı", "ağırlık", "ağır", "ağız") == [
        "ağlar", "ağda", "ağdaki", "ağlarımızdan", "Ağ'ın", "ağlı"]
    assert forms("yük", "yükü", "yüktür", "yükleme", "yükleyici", "yüksek", "yükselme") == [
        "yükü", "yüktür", "yükleme", "yükleyici"]
    assert forms("parça", "parçalı", "parçalama", "parçalanmış", "parçanın") == [
        "parçalı", "parçalama", "parçalanmış", "parçanın"]
    assert forms("ağırlık", "AĞIRLIĞI", "ağırlıkları", "ağırlıklı") == ["AĞIRLIĞI", "ağırlıkları", "ağırlıklı"]
    assert forms("kontrol", "kontrolü", "kontroller") == ["kontrolü", "kontroller"]  # a loanword's harmony
    # a verb made from a noun, or written as an infinitive, also takes the forms of a verb
    assert forms("nicele", "niceleme", "nicelenmiş", "nicelenmemiş", "nicelik") == [
        "niceleme", "nicelenmiş", "nicelenmemiş"]
    assert forms("eğitmek", "eğitilmiş", "eğittiği", "eğitim", "eğitmen") == [
        "eğitilmiş", "eğittiği", "eğitim", "eğitmen"]
    assert forms("kat", "katı", "katlar", "katman", "katılım", "kadar") == ["katı", "katlar"]


def test_a_long_turkish_word_is_matched_quickly():
    import time

    from quizlint.rules._glossary import GlossaryMatcher

    start = time.process_time()
    for tail in ("dekilerinde", "inin", "ininde", "imizdeki"):  # (many ways to cut them into suffixes)
        assert not GlossaryMatcher.contains("ev", "ev" + tail * 30 + "x", "tr")
    assert time.process_time() - start < 1


def test_turkish_source_terms_are_stems():
    matcher = _matcher("terms:\n  - term: kontrol noktası\n    translations: {en: checkpoint}\n")
    assert [t.term for t in matcher.terms_in("Kontrol noktalarından biri", "tr")] == ["kontrol noktası"]
    assert matcher.terms_in("Kontrol paneli", "tr") == []


def test_stem_matching_in_turkish_and_english():
    from quizlint.rules._glossary import GlossaryMatcher

    contains = GlossaryMatcher.contains
    assert contains("kontrol noktası", "Kontrol noktalarını kaydedin", "tr")
    assert contains("kontrol nokta", "kontrol   noktası", "tr")
    assert contains("GPU", "Tek GPU'da", "tr") and contains("GPU", "tek gpu'da", "tr")
    assert contains("INT8", "int8 ağırlıkları", "tr")  # foreign term in lower case in a Turkish text
    assert contains("ince ayar", "İNCE AYARI", "tr")
    assert contains("fine-tuning", "fine tuning", "en") and contains("fine tuning", "Fine-tuning", "en")
    assert not contains("nokta", "dokta", "tr") and not contains("art", "start", "en")
    assert contains("safetensors", "model.SAFETENSORS", "en")


def test_case_sensitive_terms():
    matcher = _matcher("terms:\n  - term: Adam\n    case_sensitive: true\n    translate: false\n")
    assert [t.term for t in matcher.terms_in("Use Adam here", "en")] == ["Adam"]
    assert matcher.terms_in("adam is a word", "en") == []


def test_terms_starting_with_a_symbol_are_found():
    matcher = _matcher("terms:\n  - term: .NET\n    translate: false\n  - term: C++\n    translate: false\n")
    assert [t.term for t in matcher.terms_in("Written in C++ for .NET", "en")] == [".NET", "C++"]


def test_forbidden_reports_the_longest_rendering_once_per_term():
    matcher = _matcher(GLOSSARY_EN)
    hits = matcher.forbidden_in("Emniyet tensörleri ve emniyet tensör", "tr")
    assert [(hit.term.term, hit.rendering) for hit in hits] == [("safetensors", "emniyet tensörleri")]
    assert matcher.forbidden_in("emniyet tensörleri", "en") == []


def test_terms_and_renderings_count_in_the_words_of_a_text_only():
    matcher = _matcher(GLOSSARY_EN)
    found = lambda text: [term.term for term in matcher.terms_in(text, "en")]  # noqa: E731
    assert found("Does `save(checkpoint)` use the GPU?") == ["GPU"]
    assert found("See [the docs](https://x.org/checkpoint) and $checkpoint + 1$ on <b>one</b> GPU") == ["GPU"]
    assert found("Is `save()` a checkpoint?") == ["checkpoint"]
    assert found("See <https://x.org/safetensors> and www.x.org/gpu") == []
    assert not matcher.contains("kontrol noktası", "`kontrol noktası` nedir?", "tr")
    assert matcher.contains("kontrol noktası", "`kaydet()` kontrol noktası yazar", "tr")
    assert matcher.contains("safetensors", "`model.safetensors` nedir?", "tr", anywhere=True)
    assert not matcher.contains("kontrol noktası", "kontrol `x` noktası", "tr")  # (code does not join words)
    assert matcher.forbidden_in("https://x.org/denetim-noktası ve `emniyet tensörleri`", "tr") == []
    hits = matcher.forbidden_in("`emniyet tensörleri` değil, denetim noktası", "tr")
    assert [hit.rendering for hit in hits] == ["denetim noktası"]


def test_candidate_terms_found_chunk_by_chunk_are_those_of_the_whole_text():
    import random

    from quizlint.rules._glossary import _WORD_START, _loose

    matcher = _matcher(GLOSSARY_EN + "  - term: int8\n    translate: false\n  - term: İzmir\n    translate: false\n"
                       "  - term: .NET\n    translate: false\n  - term: ıslak\n    translate: false\n")
    pieces = ["fine-tuning", "GPU'da", "gpus", "İzmir", "IZMIR", "ızgara", "Islak", "checkpoints", "(safe", "x.NET",
              "kontrol", "noktası", "denetim", "INT8,", "int", "e\u0301", "\u0301", " ", "  ", "\t", "\n", "\u00a0",
              "-", "_", "ﬁne", "ß"]
    rng = random.Random(4)
    for index in (matcher._source_index("en"), matcher._forbidden_index("tr")):
        for _ in range(3000):
            text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 8)))
            starts = _WORD_START.findall(_loose(text))
            keys = {start[:length] for start in starts for length in index._lengths if len(start) >= length}
            expected = list(index._always) + [entry for key in sorted(keys & index._by_key.keys())
                                               for entry in index._by_key[key]]
            assert index.candidates(text) == expected, text


def test_without_names_blanks_do_not_translate_terms_and_their_suffixes():
    matcher = _matcher(GLOSSARY_EN)
    assert matcher.without_names("safetensors'ı tek GPU'da açın").split() == ["tek", "açın"]


def test_matcher_is_built_once_per_glossary():
    import yaml

    from quizlint.rules._glossary import matcher_for

    glossary = Glossary.model_validate(yaml.safe_load(GLOSSARY_EN))
    assert matcher_for(glossary) is matcher_for(glossary)
    assert matcher_for(Glossary.model_validate(yaml.safe_load(GLOSSARY_EN))) is not matcher_for(glossary)
    assert matcher_for(None) is None and matcher_for(Glossary()) is None


def test_a_large_glossary_stays_fast():
    import time

    from quizlint.rules._glossary import GlossaryMatcher

    syllables = ["ka", "te", "ron", "vi", "sul", "mo", "pra", "den", "lo", "ix", "gu", "zer"]
    words = sorted({a + b + c + d for a in syllables for b in syllables for c in syllables for d in syllables})
    terms = [{"term": word, "translations": {"tr": word + "ce"}} for word in words[:3000]]
    matcher = GlossaryMatcher(Glossary.model_validate({"terms": terms}))
    text = f"A sentence with {words[17]} and {words[2999]}s in it, and many other words, " * 3
    start = time.process_time()
    for index in range(1000):
        found = matcher.terms_in(text + str(index), "en")
    assert [term.term for term in found] == [words[17], words[2999]]
    assert time.process_time() - start < 5


# ------------------------------------------------------------------------------------------- markup


def test_number_values():
    from quizlint.rules._markup import number_values

    assert number_values("0,5") == number_values("0.5") == {"0.5"}
    assert number_values("1.000") == {"1000", "1"} and "1000" in number_values("1,000")
    assert number_values("1,234.5") == {"1234.5"} and number_values("1.234,5") == {"1234.5"}
    assert number_values("2.1.1") == {"2.1.1"} and number_values("007") == {"7"}
    assert number_values("1,000", ".") == {"1000"} and number_values("1,000", ",") == {"1"}
    assert number_values("1.000", ",") == {"1000"} and number_values("0.5", ",") == {"0.5"}  # (as written)
    assert number_values("10 000") == {"10000"} and number_values("10\u00a0000,5", ",") == {"10000.5"}


def test_misread_values():
    from quizlint.rules._markup import misread_values

    assert misread_values("2,500", ".", ",") == ("2500", "2.5") and misread_values("1.000", ",", ".") == ("1000", "1")
    assert misread_values("2,500", ".", None) is None and misread_values("2,500", ".", ".") is None
    for token in ("2500", "3.10.2", "192.168.1.1", "12.05.2023", "0.5", "1,000,000"):
        assert misread_values(token, ".", ",") is None, token


def test_extract_markup():
    from quizlint.rules._markup import extract_markup

    markup = extract_markup("Run `x = 1` 3 times; see [docs](https://a.org/b). *Really* **not** $a+b$ "
                            "https://c.org/d. INT8\n```\ncode 5\n```\n")
    assert markup.numbers == ("3",)
    assert sorted(markup.code) == ["code 5", "x = 1"]
    assert markup.urls == ("https://a.org/b", "https://c.org/d")
    assert markup.math == ("a+b",)
    assert (markup.counts["strong"], markup.counts["emphasis"], markup.counts["link"]) == (1, 1, 1)


def _random_texts(count: int, seed: int) -> list[str]:
    import random

    rng = random.Random(seed)
    pieces = ["a", "W", "w.", "www.", "İ", "ı", "e\u0301", "é", "\u0958", "4", "0,5", "1.000", "000", "٣", "४", "x1", "_",
              "*", "`", "$", "<", "](", "]", "(", "://", "/", "~~~", "~", ".", ",", " ", "  ", "\n", "\t", "\u00a0",
              "\u2003", "\u200b", "|"]
    return ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 8))) for _ in range(count)]


def test_markup_shortcuts_answer_like_the_regexes():
    import re

    from quizlint import text as text_module
    from quizlint.rules import _markup

    # the look-behinds first
    old_number = re.compile(r"(?<![^\W\d_])(?<![\d.,])(?:\d{1,3}(?:[ \u00a0\u202f]\d{3}(?![\w-]))+|\d+)(?:[.,]\d+)*")
    for text in _random_texts(20_000, 1):
        assert _markup.has_markup(text) == bool(_markup._MARKUP_HINT.search(text)), text
        assert _markup.has_markup_or_emphasis(text) == bool(_markup._MARKUP_OR_EMPHASIS_HINT.search(text)), text
        assert text_module.has_digit(text) == bool(text_module._DIGIT.search(text)), text
        assert _markup._NUMBER.findall(text) == old_number.findall(text), text
        assert _markup.number_tokens(text) == _markup._NUMBER.findall(text), text


def test_normalized_texts_checked_one_by_one_or_joined():
    from quizlint.rules._markup import is_normalized, join_texts, normalized
    from quizlint.text import nfc

    texts = _random_texts(5_000, 2)
    for text in texts:
        assert normalized(text) == " ".join(nfc(text).split()), text
        assert not is_normalized(text) or normalized(text) == text, text
    assert sum(map(is_normalized, texts)) > 100
    written = [text for text in texts if text]
    for start in range(0, len(written), 3):
        group = written[start:start + 3]
        assert is_normalized(join_texts(group)) == all(map(is_normalized, group)), group


def test_prose_keeps_words_and_drops_names():
    from quizlint.rules._markup import prose, prose_letters

    assert prose("Yalnızca ZIP arşivleri") == "Yalnızca arşivleri"
    assert prose("MP3, CSV, QLoRA, INT8, snake_case, file.py, `code here`, https://x.org") == ""
    assert prose("The model’s GPU'da weights.") == "The model’s weights"
    assert prose_letters(prose("4 GB")) == 0


# ------------------------------------------------------------------------------ language services


class _FakeDetector:
    def __init__(self):
        self.calls: list[str] = []

    def _values(self, text):
        from types import SimpleNamespace

        english = sum(word in {"the", "is", "of"} for word in text.split()) > 0
        return [SimpleNamespace(language=SimpleNamespace(name="ENGLISH"), value=1.0 if english else 0.0),
                SimpleNamespace(language=SimpleNamespace(name="TURKISH"), value=0.0 if english else 1.0)]

    def compute_language_confidence_values(self, text):
        self.calls.append(text)
        return self._values(text)

    def compute_language_confidence_values_in_parallel(self, texts):
        self.calls.extend(texts)
        return [self._values(text) for text in texts]


def test_language_identification_is_cached_and_batched(monkeypatch):
    from quizlint.language import identify as module

    fake = _FakeDetector()
    monkeypatch.setattr(module, "_detector", lambda codes, low_accuracy=False: fake)
    services = module.Services()
    texts = ["the cat is here", "bu bir kedi", "the cat is here"] * 50
    results = services.language_confidences_many(texts, ["tr", "en"])
    assert sorted(fake.calls) == ["bu bir kedi", "the cat is here"]
    assert results[0] == {"en": 1.0, "tr": 0.0} and results[1] == {"en": 0.0, "tr": 1.0}
    assert services.language_confidences("bu bir kedi", ["en", "tr"]) == {"en": 0.0, "tr": 1.0}
    assert len(fake.calls) == 2
    assert services.language_confidences("bu bir kedi", ["en"]) == {}


def test_a_quick_look_settles_texts_in_their_language_and_only_doubtful_ones_get_a_full_look(monkeypatch):
    from quizlint.language import identify as module

    fake = _FakeDetector()
    monkeypatch.setattr(module, "_detector", lambda codes, low_accuracy=False: fake)
    services = module.Services()
    english = "the cat is here and " + "it is sleeping on the sofa of the house " * 4
    verdicts = services.confirm_languages([("bu bir kedi", "tr"), (english, "tr"), (english, "en")], ["en", "tr"])
    assert verdicts[0] is None and verdicts[2] is None
    assert verdicts[1] == {"en": 1.0, "tr": 0.0}
    quick, full = fake.calls[:2], fake.calls[2:]
    assert quick == ["bu bir kedi", "the cat is here and it is sleeping on"]  # first words only
    assert len(full) == 1 and english.startswith(full[0]) and len(full[0]) > len(quick[1])


def test_wrong_language_identifies_each_distinct_text_once_per_file(monkeypatch, write_quiz):
    from quizlint.language import identify as module
    from quizlint.lint.engine import lint_file
    from quizlint.rules.base import Selection, find_rule

    fake = _FakeDetector()
    monkeypatch.setattr(module, "_detector", lambda codes, low_accuracy=False: fake)
    items = "\n".join(item('{en: "What is the answer of this?", tr: "Bu sorunun cevabı nedir acaba?"}',
                           '{en: "The one that is right", tr: "Doğru olan seçenek"}', "B").replace(
        "id: it", f"id: it{index}") for index in range(20))
    path = write_quiz(items)
    rule = find_rule("wrong-language")
    result = lint_file(path, "demo.quiz.yaml", Selection({rule.code: rule}), None, module.Services())
    assert result.findings == []
    # each distinct text once (the short Turkish option, with Turkish letters, needs no second look)
    assert len(fake.calls) == len(set(fake.calls)) == 4


def test_translation_helpers_do_not_import_lingua():
    code = ("import sys, quizlint.rules.wrong_language, quizlint.rules.glossary_term, quizlint.language.identify;"
            "sys.exit('lingua' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


def test_seed_like_lint_is_deterministic(run, write_quiz, tmp_path):
    path = write_quiz(item('{en: "Which extra state is needed?", tr: "Which extra state is needed?"}',
                           '{en: "safetensors", tr: "emniyet tensörleri"}', "B"))
    (tmp_path / "glossary.yaml").write_text(GLOSSARY_EN, encoding="utf-8")
    first = run("lint", "--format", "json", "--no-cache", str(path)).stdout
    second = run("lint", "--format", "json", "--no-cache", str(path)).stdout
    assert first == second and json.loads(first)


def test_compound_suffix_is_dropped_only_for_compound_nouns():
    from quizlint.rules._glossary import GlossaryMatcher

    assert GlossaryMatcher.contains("veri kümesi", "veri kümeleri", "tr")
    assert not GlossaryMatcher.contains("emniyeti", "emniyet kemeri", "tr")  # one word: not a compound
    assert not GlossaryMatcher.contains("veri kümesi", "veri kümeleri", "en")  # Turkish grammar, Turkish only
