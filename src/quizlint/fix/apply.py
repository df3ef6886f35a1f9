"""Applying a file's plan to its text: surgical edits through :mod:`quizlint.yamledit`.

Two passes, each checked by the editor to load back to exactly the intended data: first ``fixed: true`` is
set on the options that need it (an inserted line, or ``, fixed: true`` in a flow mapping), then the option
entries of each changed item are put in their new order by exchanging the text of whole entries, comments
inside them included. Nothing else in the file changes.
"""

from __future__ import annotations

from quizlint.fix.plan import FilePlan
from quizlint.yamledit import YamlEditor


def fixed_text(plan: FilePlan) -> str:
    """The file's text with the plan applied (raises YamlEditError when it cannot be done surgically)."""
    quiz_file = plan.file.quiz_file
    text = quiz_file.document.text
    marking = [(quiz_file.item_path(fix.position), fix.change.mark_fixed) for fix in plan.fixes if fix.change.mark_fixed]
    if marking:
        editor = YamlEditor(text, plan.file.display)
        for item_path, indexes in marking:
            for index in indexes:
                editor.set_key(item_path + ("options", index), "fixed", True)
        text = editor.result()
    moving = [(quiz_file.item_path(fix.position), fix.change.order) for fix in plan.fixes if fix.change.moves_options]
    if moving:
        editor = YamlEditor(text, plan.file.display)
        for item_path, order in moving:
            editor.reorder_sequence(item_path + ("options",), order)
        text = editor.result()
    return text
