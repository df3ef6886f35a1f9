"""A translation does not follow the glossary.

## What it does
Checks every text against the bank's glossary (`glossary.yaml` at the bank root, or the file configured
with `glossary =` or `--glossary`). For each glossary term present in the source-language text of a field:

- a term with `translate: false` (safetensors, QLoRA) must appear as it is in every target-language text;
- a term with a rendering in `translations.<lang>` must have that rendering in the `<lang>` text.

And in every text of every language, the source included and whether or not the source has the term, a
rendering listed in `forbidden.<lang>` must not appear in the `<lang>` text.

Matching is case-insensitive unless the term is `case_sensitive`, and starts at a word boundary. The term
and the text are casefolded alike, and a match counts when they match with plain casefolding or, when the
text's language or the term's is Turkish (or another Turkic language), with Turkish casefolding (I/ı, İ/i):
so a do-not-translate "API" is found as "API" in a Turkish text, and "İSTANBUL" in the English text of a
quiz whose source is Turkish. (A do-not-translate term is written in the source language; a rendering, in
its language.) In English, a term may carry an inflection (plurals, -ed, -ing) or a suffix after an
apostrophe in the source, and a rendering in a translation is a stem ("checkpoint" matches "checkpointing").
In English, French, Spanish, Portuguese, Italian and Catalan, each word of a rendering of several words may
also take a plural ending (-s, -es, -x): "point de contrôle" matches "points de contrôle", "punto de control"
"puntos de control" (a plural that changes the word otherwise, as Italian "punti", is not recognised). An
apostrophe in a term or a rendering matches a straight or a typographic one alike ("taux d'apprentissage",
"taux d’apprentissage").
In Turkish, in the source and in a translation, a term or a rendering is a word with its forms, not the start
of any word: it may be followed by a suffix after an apostrophe ("GPU'da", "safetensors'ı"), by a chain of
inflections (plural, possessive, case, copula, -ki, in vowel harmony, with the buffer letters y, n, s:
"ağlarımızdaki", "kontrol noktasında"), or by a suffix that derives a word of the same root (-lı, -sız,
-lık, -cı, -la: "parçalı", "parçalama", "yükleme") and anything after it; so "yük" (load) is not found in
"yüksek" (high), nor "ağ" (network) in "ağırlık" (weight). A Turkish compound noun that ends in the compound
suffix ("kontrol noktası") also matches its inflected forms ("kontrol noktaları"), and a Turkish rendering
that ends in ç, k, p or t also matches with it softened before a vowel ("belirteç": "belirteci"; "ağırlık":
"ağırlığı"). A Turkish verb is written as its infinitive ("eğitmek") or as a stem made from a noun
("nicele"): it then also takes the forms of a verb ("eğitilmiş", "nicelenmiş", "niceleme"). A
do-not-translate term is a name, not a word of the translation's language: in a translation it is matched as
a stem in every language ("GPUs" keeps "GPU").
Code (inline and fenced), math, URLs, link targets and HTML tags are not text to translate (`quizlint
translate` leaves them as they are): a term there is not looked for in the source ("`torch.save(checkpoint)`"
asks for no rendering of checkpoint), and neither a required rendering nor a forbidden one counts there in a
text. A do-not-translate term, copied as it is, counts anywhere in a translation, in code too.
A term can be found in the source through its own rendering in the source language, so a glossary written
in English also checks a quiz whose source is Turkish, given `translations` in both languages. The finding
points at the target text and names the term, and the word of the source it was found in when the source
has it through its rendering or in a Turkish form: "glossary term 'load' must be translated as 'load' in the
en text (the tr text has 'yük' in 'Yükü')".

## Why it matters
Terminology is where machine and hurried human translation go wrong most visibly: the seed quizzes of this
project offered "emniyet tensörleri" (a literal translation of the file format safetensors) as an answer
option, so the key could not be recognised by anyone who knows the format. A glossary keeps product names
untranslated and technical terms consistent across the bank.

## Glossary
The examples below are checked with this glossary:
```yaml
terms:
  - term: safetensors
    translate: false
    forbidden: {tr: [emniyet tensörleri]}
  - term: checkpoint
    translations: {tr: kontrol nokta}
    forbidden: {tr: [denetim noktası]}
```

## Example
```yaml
id: shard-format
stem:
  en: "Which format is used to load checkpoint shards safely?"
  tr: "Denetim noktası parçalarını güvenle yüklemek için hangi format kullanılır?"
options:
  - text: {en: "safetensors", tr: "emniyet tensörleri"}
    correct: true
  - text: {en: "Only ZIP archives", tr: "Yalnızca ZIP arşivleri"}
```

## Use instead
```yaml
id: shard-format
stem:
  en: "Which format is used to load checkpoint shards safely?"
  tr: "Kontrol noktası parçalarını güvenle yüklemek için hangi format kullanılır?"
options:
  - text: {en: "safetensors", tr: "safetensors"}
    correct: true
  - text: {en: "Only ZIP archives", tr: "Yalnızca ZIP arşivleri"}
```

## How to fix
Use the glossary's rendering (or keep the term as it is). If the glossary is wrong or too strict, fix the
glossary; if one text has a good reason to differ, suppress the finding on the item with
`# quizlint: disable=glossary-term -- reason`.

## Options
None (the glossary itself is the configuration).
"""

from quizlint.model.texts import language_texts
from quizlint.rules._glossary import matcher_for
from quizlint.rules._item_texts import text_values_of
from quizlint.rules._translation import has_text, item_fields_of
from quizlint.text import casefold, is_turkic

CODE = "T005"
NAME = "glossary-term"
SEVERITY = "error"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}


def _forbidden_hits(matcher, value, languages: list[str]) -> list:
    """(language, Forbidden) for every forbidden rendering in every language of a field's ``value``."""
    return [(lang, hit) for lang, text in language_texts(value, languages) for hit in matcher.forbidden_in(text, lang)]


def _forbidden_problem(ctx, matcher, field, lang, hit):
    expected = matcher.expected(hit.term, lang)
    advice = f" (use '{expected}')" if expected else ""
    return ctx.problem(f"{field.label}: '{hit.rendering}' is a forbidden {lang} rendering of glossary term "
                       f"'{hit.term.term}'{advice}", *field.lang_path(lang))


def _missing(ctx, matcher, position: int, value: dict, hits: list):
    """Problems for source terms whose required rendering is missing from a translation of the field at
    ``position`` (terms already reported through a forbidden rendering, one of ``hits``, in that language are
    left out: one finding per mistake)."""
    source = value.get(ctx.source_language)
    if not has_text(source):
        return
    found = matcher.found_in(source, ctx.source_language)
    if not found:
        return
    replaced = {(lang, id(hit.term)) for lang, hit in hits}
    for lang in ctx.target_languages:
        target = value.get(lang)
        if not has_text(target):
            continue
        for hit in found:
            term = hit.term
            expected = matcher.expected(term, lang)
            if expected is None or (lang, id(term)) in replaced:
                continue
            kept = expected == term.term and not term.translate  # (a name written in the source language)
            if matcher.contains(expected, target, lang, term.case_sensitive, ctx.source_language if kept else lang,
                                anywhere=kept):
                continue
            if kept:
                message = f"glossary term '{term.term}' must stay as it is in the {lang} text"
            else:
                message = f"glossary term '{term.term}' must be translated as '{expected}' in the {lang} text"
            field = item_fields_of(ctx)[position]
            yield ctx.problem(f"{field.label}: {message}{_where(hit, ctx.source_language)}", *field.lang_path(lang))


def _where(hit, source_language: str) -> str:
    """Where the source has the term, for a message, when that may not be plain to see: through its rendering
    (" (the tr text has 'yük' in 'Yükü')"), or in a Turkish word that inflects it (" (the tr text has
    'noktalarından')"); else "" (English inflections, as in "checkpoints", are plain to see)."""
    if hit.spelling == hit.term.term and not is_turkic(source_language):
        return ""
    word = " ".join(hit.word.split())
    as_written = casefold(word, source_language) == casefold(hit.spelling, source_language)
    if hit.spelling == hit.term.term:
        return "" if as_written else f" (the {source_language} text has '{word}')"
    within = "" if as_written else f" in '{word}'"
    return f" (the {source_language} text has '{hit.spelling}'{within})"


def check(ctx):
    matcher = matcher_for(ctx.glossary)
    if matcher is None:
        return
    # (the values of the item's text fields: a field, for its label and path, only for a problem)
    for position, value in enumerate(text_values_of(ctx)):
        hits = _forbidden_hits(matcher, value, ctx.languages)
        for lang, hit in hits:
            yield _forbidden_problem(ctx, matcher, item_fields_of(ctx)[position], lang, hit)
        if not isinstance(value, str):
            yield from _missing(ctx, matcher, position, value, hits)
