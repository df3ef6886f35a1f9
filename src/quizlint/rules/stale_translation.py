"""A translation was made from an older version of the source texts.

## What it does
Every item can record, per target language, the digest of the source-language texts its translation was
made from (`translations.<lang>.source`; `quizlint translate` and `quizlint review` write it). The digest
covers the source text of the stem, every option, feedback and explanation, and their places. This rule
recomputes it and reports a translation whose recorded digest no longer matches: the source was edited after
the translation was made or reviewed. A translation state without a `source` digest is not checked (there
is nothing to compare; record one when the translation is reviewed).

## Why it matters
Source texts keep changing — a distractor is sharpened, a number corrected — and nothing in a text diff
tells the translator. A stale translation is the quiet way a bilingual bank drifts into two different
quizzes, with a key that is right in one language only.

## Example
```yaml
id: shard-index
stem:
  en: "What does the index file of a sharded checkpoint map?"
  tr: "Parçalı bir kontrol noktasının indeks dosyası neyi eşler?"
options:
  - text: {en: "Parameter names to shard files", tr: "Parametre adlarını parça dosyalarına"}
    correct: true
  - text: {en: "User names to passwords", tr: "Kullanıcı adlarını parolalara"}
translations:
  tr: {status: reviewed, source: 0123abcd}
```

## Use instead
```yaml
id: shard-index
stem:
  en: "What does the index file of a sharded checkpoint map?"
  tr: "Parçalı bir kontrol noktasının indeks dosyası neyi eşler?"
options:
  - text: {en: "Parameter names to shard files", tr: "Parametre adlarını parça dosyalarına"}
    correct: true
  - text: {en: "User names to passwords", tr: "Kullanıcı adlarını parolalara"}
translations:
  tr: {status: reviewed, source: 80ec7166}
```

## How to fix
Compare the translation with the current source, update it, and record the new digest given in the message
(`quizlint review` does both steps for you).

## Options
None.
"""

from quizlint.model import is_current_digest, source_digest

CODE = "T008"
NAME = "stale-translation"
SEVERITY = "warning"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}


def check(ctx):
    digest = None
    for lang, state in ctx.item.translations.items():
        if lang not in ctx.target_languages or state.source is None:
            continue
        digest = digest or source_digest(ctx.item, ctx.source_language)
        if is_current_digest(state.source, digest):
            continue
        yield ctx.problem(
            f"the {lang} translation is stale: it was made from source {state.source}, the {ctx.source_language} "
            f"texts are now {digest} (review the {lang} texts, then `quizlint review {ctx.item.id} --lang {lang}` "
            f"records the new digest, or set translations.{lang}.source to {digest})",
            "translations", lang, "source",
        )
