"""The question is asked negatively (NOT, EXCEPT, değildir) and the negative word is not emphasised.

## What it does
Looks at the question sentence of the stem in every language: the last sentence that ends with `?`, or the
last sentence when none does. A negative word earlier in the stem (in a scenario, say) is not a negative
question and is not reported. Words in inline code (`` `not x` ``) are code, not prose, and are skipped.

Negative words: English NOT, EXCEPT, LEAST, FALSE, INCORRECT, NEVER, CANNOT and -n't; Turkish "değil(dir)",
"yanlış", "yanlıştır", "olamaz", "söylenemez", "yoktur", "hariç", the EXCEPT of test writing "dışındadır",
"dışında kalır/kalan" and "hangisi dışında" ("Aşağıdakilerden hangisi dışında diğerleri gereklidir?", all but
which: the word reported is "dışında"), but not "dışında" after another word, as often a place ("kuşağın
dışında yer alır", lies outside the belt) or "apart from" ("hangisi, bellek dışında, gereklidir?"), so such a
question is not reported even when it means EXCEPT: emphasise its DIŞINDA all the same (with
`require-emphasis = false`, "hangisi <u>dışında</u>" is not reported either: the tag stands between the
words), and the negative participles in -mayan/-meyen, the Turkish "that does not" ("hangisi GPU gerektirmeyen bir
yöntemdir?", "asal olmayan", "kullanılmayanlar"; not the positive participle of a verb whose stem ends in -ma:
"yamayan", that patches) when they are what is asked: after "hangi…" in the sentence, or followed only by the
question word ("uygun olmayan hangisidir?"); a participle describing a noun is an adjective, not a negative
question ("Uygun olmayan koşullar neyi gösterir?", "Yağış almayan bölgelerde hangi tarım yapılır?"). A negation
inside a quotation ("…", “…”, «…») is someone else's words, one in brackets a remark ("(Biblical, not
Apocryphal)"), an English "not X but Y" says what something is, and
a negation inside a hyphenated compound ("He-Who-Must-Not-Be-Named") is a name, and an English negation after a
subordinator (that, if, when, whether, unless, because, where, who) describes something rather than asks the
question ("Which operator returns true if the values are not equal?"): none is reported. A stem without
"?" whose last sentence has no question word and does not lead to the options ("… is:", "… ___") is a clue, not a
question ("This tank was built in 1943. It never saw battle."): it is not reported (the full lists are below). Because
Turkish puts the negated verb last, a Turkish question sentence whose last word ends in a negative verb suffix
(-maz/-mez, -mamıştır/-memiştir, -mamalıdır/-memelidir, …) is negative too: "Hangisi kullanılmaz?".
Phrases in which such a word is not a negation are not counted: "at least", "true or false", "false
positive", "least recently used", "least squares", "değil mi", "doğru mu yanlış mı", "yanlış pozitif" (the
full lists of exceptions are below too). A negative word in an option is not a negative question and is
not this rule's business.

A language without its own list (German, French, …) is given the English one, but there only an English word
in capitals counts (an English NOT in a German text): a lower-case or capitalised "not", "never", "false"
is more likely a word of that language (the German noun "Not", need: "in der Not"), and is not reported.

A negative word counts as emphasised when it is written in capitals (NOT, DEĞİLDİR) or stands inside
Markdown bold or italics (`**not**`, `*değildir*`, `__olamaz__`) or HTML `<u>`, `<b>`, `<strong>`, `<em>`,
`<i>`; the Turkish custom of underlining the negative word is `<u>değildir</u>`.

A negative word found only in a translation whose source sentence has none is the translation's wording: it is
reported at most as info, naming the language.

## Why it matters
Negative questions are harder to read and are often misread under time pressure: students who know the
content answer the positive question and are marked wrong (Haladyna, Downing & Rodriguez 2002: "word the
stem positively, avoid negatives such as NOT or EXCEPT; if a negative word is used, use the word cautiously
and always ensure that the word appears capitalized and boldface"; NBME item-writing guide).

## Example
```yaml
id: not-prime
type: single
stem: {en: "Which of these numbers is not prime?", tr: "Bu sayılardan hangisi asal değildir?"}
options:
  - text: 2
  - text: 3
  - text: 9
    correct: true
```

```yaml
id: kullanilmaz
type: single
stem: {tr: "Model ağırlıklarını saklamak için aşağıdaki formatlardan hangisi kullanılmaz?"}
options:
  - text: safetensors
  - text: GGUF
  - text: MP3
    correct: true
```

## Use instead
```yaml
id: not-prime
type: single
stem: {en: "Which of these numbers is **NOT** prime?", tr: "Bu sayılardan hangisi asal <u>değildir</u>?"}
options:
  - text: 2
  - text: 3
  - text: 9
    correct: true
```

```yaml
id: composite
type: single
stem: {en: "A prime has no divisor other than 1 and itself. Which of these numbers is composite?", tr: "Asal sayının 1 ve kendisinden başka böleni yoktur. Bu sayılardan hangisi bileşik sayıdır?"}
options:
  - text: 2
  - text: 3
  - text: 9
    correct: true
```

## How to fix
Ask the question positively ("Which is composite?" rather than "Which is not prime?"). When the negative is
essential, write it in capitals and bold: `**NOT**`, `**DEĞİLDİR**` (or underline it: `<u>değildir</u>`).

## Options
`require-emphasis` (default `true`): report only negative words that are not emphasised. Set it to `false`
to report every negative question, emphasised or not.
"""

import re

from quizlint import lexicon
from quizlint.rules._texts import (
    code_spans,
    emphasis_spans,
    inside_any,
    is_emphasised,
    lang_path,
    language_texts,
    question_sentence,
    quoted_by_language,
    stem_categories,
    translation_only,
)
from quizlint.model import text_in
from quizlint.text import nfc, primary_subtag

CODE = "W003"
NAME = "negative-stem"
SEVERITY = "warning"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS = {"require-emphasis": True}
LEXICON = ("negative-words", "except-which", "negative-endings")
_NEGATIVE = frozenset(LEXICON)
# The last word of a sentence (a word as ``lexicon`` splits them), with only non-words after it.
_LAST_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*(?=[\W_]*\Z)")


def negative_words(text: str, lang: str) -> list[lexicon.Match]:
    """Negative words of the question sentence of ``text``, with spans in ``text`` (which must be NFC: see
    ``lexicon.find_all``)."""
    start, end = question_sentence(text)
    sentence = text[start:end]
    if not _asks(text, sentence):
        return []  # a clue, not a question ("This tank was built in 1943. It never saw battle.")
    found = {match.start: match for match in lexicon.find_all("negative-words", sentence, lang)}
    for match in map(_except_word, lexicon.find_all("except-which", sentence, lang)):
        found.setdefault(match.start, match)
    last_word = _LAST_WORD.search(sentence) if lexicon.terms("negative-endings", lang) else None
    for word_start, word_end in [last_word.span()] if last_word else ():
        if word_start not in found and lexicon.matches("negative-endings", sentence[word_start:word_end], lang):
            found[word_start] = lexicon.Match(sentence[word_start:word_end], word_start, word_end,
                                              sentence[word_start:word_end])
    code = code_spans(sentence) + quoted_spans(sentence)
    borrowed = not lexicon.has_own_terms("negative-words", lang)
    return [lexicon.Match(match.term, match.start + start, match.end + start, match.text)
            for _, match in sorted(found.items())
            if not inside_any(match.start, match.end, code) and not (borrowed and not match.text.isupper())
            and not _participle_as_adjective(sentence, match) and not _contrast(sentence, match)
            and not _in_compound(sentence, match) and not _in_subordinate_clause(sentence, match, lang)]


# What makes a sentence without "?" a question: a question word, or an ending that leads to the options
_QUESTION_WORD = re.compile(r"\A\W*(?:which|what|who|whom|whose|where|when|why|how|name|identify|select|choose)\b"
                            r"|\b(?:hangi\w*|neyi|neden|nedir|kim\w*|kaç\w*|nasıl|nere\w*)\b|[:…_]\s*\Z|\.\.\.\s*\Z",
                            re.IGNORECASE)


def _asks(text: str, sentence: str) -> bool:
    """Whether the stem asks something: a "?" somewhere, or in its question sentence an English question word
    that opens it ("Which of these is never true:"; not the "what" of "This is what you see"), a Turkish one
    anywhere, or an ending that leads to the options ("… is:", "… ___")."""
    return "?" in text or _QUESTION_WORD.search(sentence) is not None


# English subordinators: a negation after one is in a clause that describes something, not in the question
# ("Which operator returns true if the values are not equal?", "… a language that AWS does not support?")
_EN_SUBORDINATE = re.compile(r"\b(?:that|if|when|whenever|whether|unless|because|where|who|whom|whose|so)\b",
                             re.IGNORECASE)


def _in_subordinate_clause(sentence: str, match: lexicon.Match, lang: str) -> bool:
    """Whether an English negation stands after a subordinator of its sentence (see ``_EN_SUBORDINATE``)."""
    return primary_subtag(lang) == "en" and _EN_SUBORDINATE.search(sentence, 0, match.start) is not None


def _in_compound(sentence: str, match: lexicon.Match) -> bool:
    """Whether the match is part of a hyphenated compound ("He-Who-Must-Not-Be-Named")."""
    return sentence[match.end:match.end + 1] == "-" or sentence[max(match.start - 1, 0):match.start] == "-"


# A quotation, or an aside in brackets: what someone else said, or a remark, is not the question's negation
_QUOTED = re.compile(r"\"[^\"\n]+\"|“[^”\n]+”|«[^»\n]+»|‘[^’\n]+’|\([^()\n]+\)")
# The question words a Turkish negative participle may stand before and still ask the negative question
# ("olmayan hangisidir?", "gerekmeyenler hangileridir?")
_TR_QUESTION_WORDS = re.compile(r"\s*(?:[,;:]\s*)?(?:aşağıdakilerden\s+)?(?:hangi\w*|ne\w*|kim\w*|kaç\w*)?\s*[?.!]*\s*\Z",
                                re.IGNORECASE)
_TR_WHICH = re.compile(r"\b[Hh]angi")
_TR_PARTICIPLE = re.compile(r"m[ae]y[ae]n|m[ae]d[ıiuü]k")
# English contrast: "not X but Y" says what something is
_NOT_BUT = re.compile(r"\bnot\b[^.?!;]*?,?\s+but\s+", re.IGNORECASE)


def quoted_spans(text: str) -> list[tuple[int, int]]:
    return [match.span() for match in _QUOTED.finditer(text)]


def _participle_as_adjective(sentence: str, match: lexicon.Match) -> bool:
    """Whether a Turkish negative participle (-mAyAn) describes a noun ("uygun olmayan koşullar neyi gösterir?")
    rather than being what is asked ("uygun olmayan hangisidir?", "hangisi asal olmayan bir sayıdır?")."""
    if _TR_PARTICIPLE.search(match.term) is None:
        return False
    if _TR_WHICH.search(sentence, 0, match.start):
        return False  # "hangisi asal olmayan bir sayıdır?": the question asks for what is not
    return _TR_QUESTION_WORDS.match(sentence, match.end) is None


def _contrast(sentence: str, match: lexicon.Match) -> bool:
    """Whether an English "not" opens a contrast, "not X but Y" (it says what something is)."""
    if match.text.lower() != "not":
        return False
    found = _NOT_BUT.match(sentence, match.start)
    return found is not None


def _except_word(match: lexicon.Match) -> lexicon.Match:
    """The negative word of "hangisi dışında" (``except-which``): its last word, the one to emphasise."""
    word = _LAST_WORD.search(match.text)
    return lexicon.Match(match.term.split()[-1], match.start + word.start(), match.start + word.end(), word.group())


def _unemphasised(text: str, lang: str, require_emphasis: bool) -> list[str]:
    text = nfc(text)
    words = negative_words(text, lang)
    if not require_emphasis:
        return [match.text for match in words]
    spans = emphasis_spans(text) if words else []
    return [match.text for match in words if not is_emphasised(text, match.start, match.end, spans)]


def check(ctx):
    require_emphasis = ctx.options["require-emphasis"]
    if not _NEGATIVE & stem_categories(ctx):
        return
    hits = []
    for lang, text in language_texts(ctx.item.stem, ctx.languages):
        hits.extend((lang, word) for word in _unemphasised(text, lang, require_emphasis))
    if not hits:
        return
    shown = quoted_by_language(hits)
    if require_emphasis:
        message = f"negative question: {shown} not emphasised; ask positively, or write it as **NOT** / **DEĞİLDİR**"
    else:
        message = f"negative question: {shown}; ask the question positively"
    source = ctx.languages[0]
    source_text = text_in(ctx.item.stem, source)
    source_flawed = bool(source_text and negative_words(nfc(source_text), source))
    yield translation_only(ctx, ctx.problem(message, *lang_path(("stem",), ctx.item.stem, hits[0][0])),
                           ctx.item.stem, hits, source_flawed)
