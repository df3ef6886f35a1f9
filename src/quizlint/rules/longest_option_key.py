"""The key is conspicuously longer than every distractor.

## What it does
Reports a single-answer item whose key, in the source language, is more than `ratio` times as long (in
characters) as the longest distractor and has at least `min-words` words. Texts are measured as students see
them: a Markdown link by its text, not its URL, without emphasis or code markers, a backslash escape such as
`\\*` as the character it shows, and in NFC (a letter typed as a base letter and a combining mark, as some
editors paste "ü", is one character). Short keys ("Ankara" against "Izmir") are never reported: a length cue
needs a long, qualified answer. The bank-wide rate is checked by longest-option-bank.

## Why it matters
"Keep the length of choices about equal" is one of the item-writing guidelines of Haladyna, Downing &
Rodriguez (2002, "A review of multiple-choice item-writing guidelines for classroom assessment", *Applied
Measurement in Education* 15(3)). A key much longer than the distractors, with all the qualifiers that make
it true, stands out: test-wise students pick it without knowing the content.

## Example
```yaml
id: resume-state
type: single
stem: {en: "What must a checkpoint hold to resume training exactly?", tr: "Eğitimi tam olarak sürdürmek için bir kontrol noktası neyi içermelidir?"}
options:
  - text: {en: "The weights only", tr: "Yalnızca ağırlıkları"}
  - text: {en: "The weights together with the optimizer, scheduler and random-number-generator state", tr: "Ağırlıklarla birlikte optimize edici, zamanlayıcı ve rastgele sayı üreteci durumunu"}
    correct: true
  - text: {en: "The loss curve", tr: "Kayıp eğrisini"}
  - text: {en: "The config file", tr: "Yapılandırma dosyasını"}
```

## Use instead
```yaml
id: resume-state
type: single
stem: {en: "What must a checkpoint hold to resume training exactly?", tr: "Eğitimi tam olarak sürdürmek için bir kontrol noktası neyi içermelidir?"}
options:
  - text: {en: "The weights and the final validation score of the run", tr: "Ağırlıkları ve çalıştırmanın son doğrulama puanını"}
  - text: {en: "The weights with the optimizer, scheduler and RNG state", tr: "Ağırlıklarla birlikte optimize edici, zamanlayıcı ve RNG durumunu"}
    correct: true
  - text: {en: "The loss curve and the learning-rate schedule plot", tr: "Kayıp eğrisini ve öğrenme oranı çizelgesinin grafiğini"}
  - text: {en: "The config file and the tokenizer's vocabulary", tr: "Yapılandırma dosyasını ve belirteçleyicinin sözlüğünü"}
```

## How to fix
Make the distractors as specific as the key (plausible qualifiers, the same level of detail), or move detail
from the key into the stem or the explanation.

## Options
- `ratio` (default `1.25`): how many times the longest distractor's length the key must exceed.
- `min-words` (default `4`): fewest words a key must have to be reported.
"""

from quizlint.model import is_neutral, option_letter
from quizlint.rules._markup import visible_text
from quizlint.rules._texts import key_indexes, option_lengths, option_texts
from quizlint.text import words

CODE = "B004"
NAME = "longest-option-key"
SEVERITY = "warning"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS = {"ratio": 1.25, "min-words": 4}
OPTION_LIMITS = {"ratio": (1, None), "min-words": (1, None)}


def check(ctx):
    item = ctx.item
    if item.type != "single" or len(item.options) < 2:
        return
    keys = key_indexes(item)
    if len(keys) != 1:
        return
    key = keys[0]
    lang = ctx.source_language
    lengths = option_lengths(ctx)
    key_length = lengths[key]
    longest_distractor = max(lengths[:key] + lengths[key + 1:])
    ratio_allowed, min_words = ctx.options["ratio"], ctx.options["min-words"]
    if longest_distractor == 0:
        return
    key_text = visible_text(option_texts(ctx)[lang][key] or "")
    ratio = key_length / longest_distractor
    if ratio <= ratio_allowed:
        return  # no length cue: the key's words need no counting
    if len(words(key_text, lang)) < min_words:
        return
    path = ("options", key, "text") if is_neutral(item.options[key].text) else ("options", key, "text", lang)
    yield ctx.problem(
        f"the key ({option_letter(key)}, {key_length} characters) is {ratio:.1f}× as long as the longest "
        f"distractor ({longest_distractor} characters): a length cue", *path,
    )
