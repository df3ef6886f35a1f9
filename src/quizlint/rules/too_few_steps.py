"""An ordering item has fewer than two steps.

## What it does
Reports an `ordering` item with no `sequence` or with a single step.

## Why it matters
One step has only one order: the item gives its answer away and measures nothing. Moodle's ordering
question needs at least two items to drag.

## Example
```yaml
id: order-resume
type: ordering
stem: {en: "Put the steps in order.", tr: "Adımları sıraya koyun."}
sequence:
  - {en: "Read the index file", tr: "Dizin dosyasını oku"}
```

## Use instead
```yaml
id: order-resume
type: ordering
stem: {en: "Put the steps in order.", tr: "Adımları sıraya koyun."}
sequence:
  - {en: "Read the index file", tr: "Dizin dosyasını oku"}
  - {en: "Load each shard", tr: "Her parçayı yükle"}
  - {en: "Restore the optimizer state", tr: "Optimize edici durumunu geri yükle"}
```

## How to fix
List every step, in the right order, under `sequence:` (three or more make a better item).

## Options
None.
"""

CODE = "K017"
NAME = "too-few-steps"
SEVERITY = "error"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}


def check(ctx):
    item = ctx.item
    if item.type == "ordering" and len(item.sequence) < 2:
        what = "no steps" if not item.sequence else "only one step"
        yield ctx.problem(f"ordering item has {what}; it needs at least 2 under `sequence:`, in the right order",
                          *(("sequence",) if item.sequence else ()), at_key=True)
