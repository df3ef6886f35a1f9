"""A matching item repeats a prompt or an answer.

## What it does
Reports a prompt of a `matching` item that is the same as an earlier prompt, and an answer (a `match` or a
`distractor`) that is the same as an earlier one, language by language, compared as options are (case,
spacing and Markdown emphasis ignored; Turkish casefolding in Turkish).

## Why it matters
Two equal prompts cannot be told apart, so a student cannot know which match goes with which; two equal
answers make the grading depend on which of the look-alikes was picked. Moodle also merges equal answers
into one, breaking the item.

## Example
```yaml
id: match-dtypes
type: matching
stem: {en: "Match each data type with its size.", tr: "Her veri türünü boyutuyla eşleştirin."}
pairs:
  - prompt: fp32
    match: {en: "4 bytes", tr: "4 bayt"}
  - prompt: int32
    match: {en: "4 bytes", tr: "4 bayt"}
```

## Use instead
```yaml
id: match-dtypes
type: matching
stem: {en: "Match each data type with its size.", tr: "Her veri türünü boyutuyla eşleştirin."}
pairs:
  - prompt: fp32
    match: {en: "4 bytes", tr: "4 bayt"}
  - prompt: bf16
    match: {en: "2 bytes", tr: "2 bayt"}
```

## How to fix
Make every prompt and every answer distinct; prompts that share an answer belong in separate items (or a
`multiple` item).

## Options
None.
"""

from quizlint.rules._typed import repeated_texts, same_text

CODE = "K016"
NAME = "repeated-match"
SEVERITY = "error"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}


def _path(base: tuple, value, lang: str) -> tuple:
    return base if isinstance(value, str) else base + (lang,)


def check(ctx):
    item = ctx.item
    if item.type != "matching":
        return
    prompts = [pair.prompt for pair in item.pairs]
    for first, later, langs in repeated_texts(prompts, ctx.languages, same_text):
        yield ctx.problem(f"prompt {later + 1} is the same as prompt {first + 1} ({', '.join(langs)}): make it "
                          "distinct", *_path(("pairs", later, "prompt"), prompts[later], langs[0]))
    answers = [pair.match for pair in item.pairs] + list(item.distractors)
    pairs = len(item.pairs)
    for first, later, langs in repeated_texts(answers, ctx.languages, same_text):
        where = ("pairs", later, "match") if later < pairs else ("distractors", later - pairs)
        named = lambda index: f"the match of pair {index + 1}" if index < pairs else f"distractor {index - pairs + 1}"  # noqa: E731
        yield ctx.problem(f"{named(later)} is the same as {named(first)} ({', '.join(langs)}): make every answer "
                          "distinct", *_path(where, answers[later], langs[0]))
