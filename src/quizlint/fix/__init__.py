"""Stage 4 (beside lint, export and translate): ``quizlint fix`` repairs what can be repaired automatically.

- **Answer positions** (key-position-bias B001, key-middle-bias B003): where these rules report a bias —
  they are asked themselves, with the configured `alpha` and `min-items` (:mod:`quizlint.fix.bias`), so a
  bank lint finds clean is left as it is — the options of single-answer items are permuted (one swap of two
  option entries per moved item) so that the keys are as evenly spread over the positions as possible, per
  number of options, in each reported quiz file, and in every file when the bank as a whole is reported,
  moving as few items as possible; deterministic (stable hashes of ids, no random state). Afterwards the rules
  are quiet on the bank. See :mod:`quizlint.fix.balance`.
  Items where B001 or B003 is disabled (``per-file-ignores``, ``# quizlint: disable=``) count but never move.
  Items the bias rules do not count are left alone: multiple-answer items (their keys have no single
  position), items with no key or several keys, and items with a ``fixed`` option. Items whose option order
  means something count but never move: all options are numbers, or an option is "all/none of the above"
  (not yet marked ``fixed``, e.g. when W001/W002 are not selected) or a combination ("I and II", "Both A
  and B", "Yalnız I").
- **"All/none of the above"** (W001, W002): such options move to the end and get ``fixed: true`` (unless a
  ``fixed`` option follows them: those never move). The rules mark them fixable until then, and still report
  them afterwards, no longer fixable (the option remains a weak option); the fix only stops shuffling from
  breaking the item.
- **Numeric options** (numeric-order W009): sorted in ascending order where the rule fires.

Planning (:mod:`~quizlint.fix.plan`, :mod:`~quizlint.fix.balance`, :mod:`~quizlint.fix.items`) decides
which items change and how; applying (:mod:`~quizlint.fix.apply`) turns the plan into surgical text edits
with :mod:`quizlint.yamledit`: only the moved option entries change, with their comments (those on the dash
line and inside an entry, and the comment lines directly above its dash at the dash's indentation: ``# the
key`` stays with the key; comment lines indented deeper than the dash are inside the entry above, as YAML
nests them, and move with that one); every other byte of the file stays as it was.

**key-over-balanced (B002) pulls the other way.** Balancing makes the key counts as even as possible, which
is what silences B001/B003; B002 (off by default) reports keys that are *more* even than chance on quizzes
and banks of at least 20 eligible items (its `min-items`), because hand-balanced keys are exploitable in a
fixed-form test: exactly even counts give a lower-tail p of about 0.01 at 20 items and 0.004 at 40, so a
bank rebalanced by ``quizlint fix`` is usually reported by B002 when that rule is switched on. This is
deliberate: the QTI, Canvas and Moodle exports ask the platform to shuffle the movable options for every
student, so the stored order only needs to be free of the writer's bias, and exactly even is the least
biased stored order. Teams that deliver the stored order as it is and enable B002 should not run the
position fix (``quizlint fix --ignore B001,B003``) and should place keys at random instead.

The command's entry point is :func:`quizlint.fix.run.prepare_fixes`. (This package imports nothing itself: the
position-bias rules ask :func:`quizlint.fix.balance.fixable_groups` which findings are fixable, and must not load
the whole fix machinery with it.)
"""
