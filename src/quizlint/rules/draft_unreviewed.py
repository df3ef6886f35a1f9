"""A draft translation has not been reviewed yet.

## What it does
Reports every target language whose translation state is `status: draft`: texts a person wrote that nobody has
checked yet, or, after `quizlint translate` filled gaps in a translation a person wrote, machine texts beside
the person's (the tool records such an item as `draft`, since it is neither all machine output nor reviewed).
`quizlint review` records the review and the finding goes. A state recorded for the source language or for a
language the quiz does not declare is reported by `undeclared-language` instead.

## Why it matters
A draft mixes texts of unknown quality into the bank: once `quizlint translate` fills a gap in a reviewed item,
the item holds machine output that no person has read, and nothing but the status says so. Like
`machine-unreviewed`, the rule is a warning, so that drafts can live in the bank while CI
(`--fail-on warning`) keeps them out of a release.

## Example
```yaml
id: strait
stem: {en: "Which strait divides Istanbul?", tr: "İstanbul'u hangi boğaz ikiye böler?"}
options:
  - text: {en: "The Bosphorus", tr: "İstanbul Boğazı"}
    correct: true
  - text: {en: "The Dardanelles", tr: "Çanakkale Boğazı"}
translations:
  tr: {status: draft}
```

## Use instead
```yaml
id: strait
stem: {en: "Which strait divides Istanbul?", tr: "İstanbul'u hangi boğaz ikiye böler?"}
options:
  - text: {en: "The Bosphorus", tr: "İstanbul Boğazı"}
    correct: true
  - text: {en: "The Dardanelles", tr: "Çanakkale Boğazı"}
translations:
  tr: {status: reviewed}
```

## How to fix
Have a speaker of the language read the texts, then record it: `quizlint review ITEM --lang tr` (or
`quizlint review FILE --lang tr` for every item of a file, `--all` for the bank).

## Options
None.
"""

from quizlint.rules._translation import target_languages_with_status

CODE = "T011"
NAME = "draft-unreviewed"
SEVERITY = "warning"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}


def check(ctx):
    for lang in target_languages_with_status(ctx, "draft"):
        yield ctx.problem(f"the {lang} translation is a draft that has not been reviewed (record the review with "
                          f"`quizlint review {ctx.item.id} --lang {lang}`)", "translations", lang, "status")
