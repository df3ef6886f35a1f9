"""Documentation of the built-in codes: problems found while reading a file (Y: YAML, S: schema) and
problems with inline suppressions (Q). They are not rules (nothing can turn them off), but `quizlint rule
Y002` explains them like one.

Each entry is written like a rule's docstring: a summary line and the sections ``## What it does``,
``## Why it matters``, ``## Example`` (a ```yaml block when the problem can be shown in a file), ``## Use
instead``, ``## How to fix``.
"""

from __future__ import annotations

from functools import lru_cache

from quizlint.diagnostics import LOAD_CODES
from quizlint.diagnostics import INVALID_CODE, SUPPRESSION_CODES, UNUSED_CODE
from quizlint.rules.base import Rule

_QUIZ_START = """quizlint: 1
id: geography
languages: [en, tr]
title: {en: Geography, tr: Coğrafya}
"""

_GOOD_FILE = f"""```yaml
{_QUIZ_START}items:
  - id: capital
    stem: {{en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}}
    options:
      - text: Ankara
        correct: true
      - text: İzmir
```"""

_LOAD_REASON = (
    "A file that cannot be read as intended is not linted at all: every other rule depends on the data it "
    "holds. quizlint refuses it instead of guessing, so that what the linter checked is exactly what an "
    "exporter will publish."
)

DOCS: dict[str, str] = {
    "Y001": f"""The file is not valid YAML.

## What it does
Reports the first YAML syntax error: an unclosed quote or bracket, a bad indentation, a tab used for
indentation, a key that is a list or a mapping.

## Why it matters
{_LOAD_REASON}

## Example
```yaml
{_QUIZ_START}items:
  - id: capital
    stem: {{en: "Which city is the capital of Turkey?, tr: "Türkiye'nin başkenti hangi şehirdir?"}}
```

## Use instead
{_GOOD_FILE}

## How to fix
Go to the line and column given; the message says what the YAML parser expected there.
""",
    "Y002": f"""A mapping has the same key twice.

## What it does
Reports the second occurrence of a key in one mapping (YAML parsers usually keep the last one silently).

## Why it matters
{_LOAD_REASON} A duplicated `correct:` or `tr:` key usually means one value was lost when editing or merging.

## Example
```yaml
{_QUIZ_START}items:
  - id: capital
    stem: {{en: "Which city is the capital of Turkey?", en: "Türkiye'nin başkenti hangi şehirdir?"}}
    options:
      - text: Ankara
        correct: true
      - text: İzmir
```

## Use instead
{_GOOD_FILE}

## How to fix
Keep one of the two keys (the message gives the position of the first one).
""",
    "Y003": f"""The file uses YAML anchors, aliases or merge keys.

## What it does
Reports `&anchor`, `*alias` and `<<:` merge keys.

## Why it matters
{_LOAD_REASON} Aliases make one text appear in several places, so a change (or a translation) in one place
silently changes the others, and position-based reports cannot say which place is meant. They are also the
vehicle of "billion laughs" expansion attacks.

## Example
```yaml
{_QUIZ_START}items:
  - id: capital
    stem: {{en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}}
    options:
      - text: &ankara Ankara
        correct: true
      - text: *ankara
```

## Use instead
{_GOOD_FILE}

## How to fix
Write the value out in full wherever it is used.
""",
    "Y004": f"""The file is not valid UTF-8 text.

## What it does
Reports a byte sequence that is not UTF-8 (for example a file saved as Windows-1254 or Latin-5, common for
Turkish), a NUL byte or another control character.

## Why it matters
{_LOAD_REASON} A Turkish file saved in a legacy encoding shows `ÅŸ` for `ş` once published.

## Example
A Turkish quiz file saved as Windows-1254: the byte `0xFE` (`ş` in that encoding) cannot be decoded.

## Use instead
The same file saved as UTF-8 (with or without a byte order mark).

## How to fix
Re-save the file as UTF-8 in your editor, or convert it: `iconv -f WINDOWS-1254 -t UTF-8`.
""",
    "Y005": f"""The file is larger than a quiz file may be (8 MiB).

## What it does
Reports a file over the size limit without reading it.

## Why it matters
{_LOAD_REASON} A quiz file of many megabytes is almost always a mistake (an embedded image, a log pasted in),
and the limit keeps a single file from exhausting memory in CI.

## Example
A quiz file with a base64-encoded image of 12 MiB pasted into a stem.

## Use instead
Reference images by URL or path, and split very large quizzes into several files.

## How to fix
Split the file, or move large embedded content out of it.
""",
    "Y006": f"""The file holds several YAML documents.

## What it does
Reports a second document (after a `---` line) in a quiz file.

## Why it matters
{_LOAD_REASON} A quiz file holds exactly one quiz; a second document is usually a paste accident, and tools
that read only the first would silently drop it.

## Example
```yaml
{_QUIZ_START}items: []
---
{_QUIZ_START}items: []
```

## Use instead
{_GOOD_FILE}

## How to fix
Move each quiz into a file of its own.
""",
    "Y007": f"""The file is empty.

## What it does
Reports a `*.quiz.yaml` file that is empty or holds only comments.

## Why it matters
{_LOAD_REASON} An empty quiz file is usually a failed save or a forgotten placeholder.

## Example
```yaml
# TODO: write the geography quiz
```

## Use instead
{_GOOD_FILE}

## How to fix
Write the quiz, or delete the file.
""",
    "Y008": f"""The data is nested too deeply (more than 64 levels).

## What it does
Reports lists or mappings nested deeper than a quiz file ever needs.

## Why it matters
{_LOAD_REASON} Deep nesting only comes from generated or malicious files, and would exhaust the stack.

## Example
A file made of 100 nested lists: `[[[[[[…]]]]]]`.

## Use instead
A quiz file as described by `quizlint schema`: its deepest values are about six levels down.

## How to fix
Check how the file was generated; a quiz file never needs more than a few levels.
""",
    "Y009": f"""The file cannot be read.

## What it does
Reports a file that exists but cannot be opened or read (permissions, a directory named `*.quiz.yaml`,
an I/O error).

## Why it matters
{_LOAD_REASON}

## Example
A quiz file with permissions `000`, or a broken symbolic link named `geography.quiz.yaml`.

## Use instead
A readable regular file.

## How to fix
Fix the permissions or the link; the message gives the operating system's reason.
""",
    "Y010": f"""The file uses a YAML tag (`!!python/object`, `!custom`, `!!binary`).

## What it does
Reports explicit tags other than the plain core ones (`!!str`, `!!int`, `!!float`, `!!bool`, `!!null`), and
core tags whose value does not fit them.

## Why it matters
{_LOAD_REASON} Tags ask a YAML loader to build arbitrary objects; quiz files only hold text, numbers and
booleans.

## Example
```yaml
{_QUIZ_START}items:
  - id: capital
    stem: !!python/object:builtins.dict {{en: "Which city is the capital of Turkey?"}}
```

## Use instead
{_GOOD_FILE}

## How to fix
Remove the tag; quote the value if it must stay a string.
""",
    "S001": f"""A value has the wrong type or an invalid value for its field.

## What it does
Reports a value that does not match the quiz schema (`quizlint schema quiz`): a string where `true`/`false`
is expected, a negative `points`, an `id` with spaces, an unknown `type`, a language tag that is not BCP 47.
The item concerned is left out of linting and export; the other items are still checked.

## Why it matters
Exporters and LMSs need well-typed data: `correct: "yes"` is not a key, and in YAML 1.1 tools `no` would even
become `false`. quizlint reads YAML 1.2, where `yes`/`no` are strings, and says so rather than guessing.

## Example
```yaml
{_QUIZ_START}items:
  - id: capital
    stem: {{en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}}
    options:
      - text: Ankara
        correct: "yes"
      - text: İzmir
```

## Use instead
{_GOOD_FILE}

## How to fix
Write the value as the message says; `quizlint schema quiz` prints every field with its type, and editors with
the YAML language server check files as you type.
""",
    "S002": f"""A mapping has a key the schema does not know (often a typo).

## What it does
Reports a key that is not a field of the quiz, item, option or translation state where it stands, such as
`corect: true` or `feedbak:`.

## Why it matters
A misspelt key would otherwise be ignored silently: `corect: true` leaves the item without a key while the
author believes it has one.

## Example
```yaml
{_QUIZ_START}items:
  - id: capital
    stem: {{en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}}
    options:
      - text: Ankara
        corect: true
      - text: İzmir
```

## Use instead
{_GOOD_FILE}

## How to fix
Correct the spelling, or remove the key; `quizlint schema quiz` lists the fields.
""",
    "S003": f"""A required field is missing.

## What it does
Reports a quiz without `quizlint`, `id`, `languages` or `title`, an item without `id` or `stem`, an option
without `text`, a translation state without `status`.

## Why it matters
Without these fields an item cannot be identified, shown or exported; the item is left out of linting and
export until it is complete.

## Example
```yaml
{_QUIZ_START}items:
  - id: capital
    options:
      - text: Ankara
        correct: true
      - text: İzmir
```

## Use instead
{_GOOD_FILE}

## How to fix
Add the field the message names.
""",
    UNUSED_CODE: f"""A suppression comment silences nothing.

## What it does
Reports a `# quizlint: disable=CODE -- reason` comment whose rule reports nothing where the comment applies
(the item whose `id:` line carries it, or the whole file for a comment at the top). A suppression of a rule
that is not enabled in this run is not reported.

## Why it matters
Suppressions outlive the problems they were written for. An unused one hides the next real problem of that
kind in the same item, so it should go as soon as it is no longer needed.

## Example
```yaml
{_QUIZ_START}items:
  - id: capital  # quizlint: disable=missing-key -- key to be decided
    stem: {{en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}}
    options:
      - text: Ankara
        correct: true
      - text: İzmir
```

## Use instead
{_GOOD_FILE}

## How to fix
Delete the comment (or the code that no longer applies from its list). A bank that keeps suppressions on
purpose can stop this check with `ignore = ["Q001"]` in its configuration (or `--ignore Q001`).
""",
    INVALID_CODE: f"""A suppression comment names an unknown rule, stands where it cannot apply, or is malformed.

## What it does
Reports a `# quizlint: disable=…` comment that names a code or name that is not a rule, and one that is
neither on an item's `id:` line nor among the comment lines at the top of the file. Also a comment meant as
a suppression that is not written as `# quizlint: disable=CODE[,CODE] -- reason` (the reason may follow
` # ` instead of ` -- `): `# QUIZLINT: disable=W003` (not in lower case), `# quizlint disable=W003` (no
colon), `# quizlint: disable W003` (no `=`), `# quizlint: enable=W003` or `disable-next=` (`disable=` is the
only directive). A comment that merely starts with the name in prose (`# quizlint checks this file`) is not
one.

## Why it matters
A misspelt rule name, a malformed comment or a comment on the wrong line silences nothing, while the author
believes the problem is handled.

## Example
```yaml
{_QUIZ_START}items:
  - id: capital  # quizlint: disable=missing-kye -- key to be decided
    stem: {{en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}}
    options:
      - text: Ankara
      - text: İzmir
```

## Use instead
```yaml
{_QUIZ_START}items:
  - id: capital  # quizlint: disable=missing-key -- key to be decided
    stem: {{en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}}
    options:
      - text: Ankara
      - text: İzmir
```

## How to fix
Spell the rule's code or name as `quizlint rule` lists it, write the comment as
`# quizlint: disable=CODE[,CODE] -- reason`, and put it on the item's `id:` line or at the top of the file.
(`ignore = ["Q002"]` stops this check for the whole bank.)
""",
}

_SEVERITY = {**{code: "error" for code in LOAD_CODES}, UNUSED_CODE: "warning", INVALID_CODE: "warning"}


def _no_check(ctx):
    return iter(())


@lru_cache(maxsize=1)
def builtin_rules() -> tuple[Rule, ...]:
    """The built-in codes as (documentation-only) rules, sorted by code; scope ``builtin``."""
    names = {**LOAD_CODES, **SUPPRESSION_CODES}
    return tuple(
        Rule(code, names[code], _SEVERITY[code], "builtin", True, False, {}, DOCS[code], _no_check, __name__)
        for code in sorted(names)
    )


def find_builtin(key: str) -> Rule | None:
    for rule in builtin_rules():
        if key.upper() == rule.code or key.lower() == rule.name:
            return rule
    return None
