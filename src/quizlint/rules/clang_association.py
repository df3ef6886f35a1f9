"""The key repeats a word of the stem that no distractor has (clang association). Info.

## What it does
In every language of the quiz, compares the content words of the stem with those of the options: words of
at least four letters, without digits, that are not on the stopword list (function words and the usual
wording of questions such as "which", "following", "aşağıdakilerden", "hangisidir"; the lists are below).
Reports a key (an option marked correct) that shares a content word with the stem when no distractor shares
it. Only the words a student sees count: the text of a Markdown link, not its target URL.

Words are compared on their beginning, so that inflected forms match: Turkish words on their first five
letters, after dropping a suffix that follows an apostrophe ("parçalara", "parçası" → "parça"; "GPU'da" →
"gpu"), words of other languages on their first six letters after dropping an -ing, -ed, -es or -s
ending ("shards", "sharded" → "shard"; "quantized", "quantization" → "quanti"). This is a heuristic, and the
finding is informational.

## Why it matters
When only the key echoes the stem, a student can pick it by matching words without understanding the
question (Haladyna, Downing & Rodriguez 2002: avoid "clang associations, choices identical to or resembling
words in the stem"; NBME item-writing guide: "word repeats" are a cue for test-wise students).

## Example
```yaml
id: shard-index
type: single
stem: {en: "What does the index file of a sharded checkpoint record?", tr: "Parçalanmış bir kontrol noktasının dizin dosyası neyi kaydeder?"}
options:
  - text: {en: "Which shard file holds each parameter", tr: "Her parametrenin hangi parça dosyasında olduğunu"}
    correct: true
  - text: {en: "The learning rate schedule", tr: "Öğrenme oranı takvimini"}
  - text: {en: "The user's password", tr: "Kullanıcının parolasını"}
```

```yaml
id: dizin-dosyasi
type: single
stem: {tr: "Parçalanmış bir kontrol noktasının dizin dosyası neyi kaydeder?"}
options:
  - text: {tr: "Her parametrenin bulunduğu parça dosyasını"}
    correct: true
  - text: {tr: "Öğrenme oranı takvimini"}
  - text: {tr: "Kullanıcının parolasını"}
```

## Use instead
```yaml
id: shard-index
type: single
stem: {en: "What does the index file of a sharded checkpoint record?", tr: "Parçalanmış bir kontrol noktasının dizin dosyası neyi kaydeder?"}
options:
  - text: {en: "Which shard file holds each parameter", tr: "Her parametrenin hangi parça dosyasında olduğunu"}
    correct: true
  - text: {en: "Which shard file holds each optimizer moment", tr: "Her optimize edici momentinin hangi parça dosyasında olduğunu"}
  - text: {en: "The order in which shard files were written", tr: "Parça dosyalarının yazılma sırasını"}
```

## How to fix
Reword the key so that it does not echo the stem, or give the distractors the same vocabulary (plausible
distractors usually use the words of the stem anyway).

## Options
None.
"""

from quizlint.model import option_letter
from quizlint.rules._texts import (distractor_indexes, key_indexes, lang_path, quoted_by_language,
                                  visible_lexicon_texts)

CODE = "W010"
NAME = "clang-association"
SEVERITY = "info"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}
LEXICON = ("stopwords",)


def check(ctx):
    item = ctx.item
    if item.type == "true_false":
        return
    distractors = [index + 1 for index in distractor_indexes(item)]  # their texts (see ``lexicon_texts``)
    if not distractors:
        return
    for key in key_indexes(item):
        hits = [(lang, word) for lang, texts in visible_lexicon_texts(ctx)
                for word in texts.echoed_words(key + 1, 0, distractors)]
        if hits:
            option = item.options[key]
            yield ctx.problem(
                f"the key (option {option_letter(key)}) repeats {quoted_by_language(hits)} from the stem and no "
                "distractor does",
                *lang_path(("options", key, "text"), option.text, hits[0][0]),
            )
