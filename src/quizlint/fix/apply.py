"""Applying a file's plan to its text: surgical edits through :mod:`quizlint.yamledit`.

Two passes, each checked by the editor to load back to exactly the intended data: first ``fixed: true`` is
set on the options that need it (an inserted line, or ``, fixed: true`` in a flow mapping), then the option
entries of each changed item are put in their new order by exchanging the text of whole entries, the comments
inside them and right above their dashes included (see :meth:`quizlint.yamledit.NodeTree.sequence_entry_spans`).
Moving whole entries changes no text, but the source digest of a translation
(``translations.<lang>.source``) covers the option positions too, so a digest that was current is rewritten to
the digest of the new order: the translation is no more stale after ``fix`` than before. Nothing else in the
file changes.
"""

from __future__ import annotations

from quizlint.fix.plan import FilePlan
from quizlint.model import Item, is_current_digest, source_digest
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
    moving = [(quiz_file.item_path(fix.position), quiz_file.quiz.items[fix.position], fix.change.order)
              for fix in plan.fixes if fix.change.moves_options]
    if moving:
        editor = YamlEditor(text, plan.file.display)
        for item_path, item, order in moving:
            editor.reorder_sequence(item_path + ("options",), order)
            for lang, digest in moved_digests(item, order, quiz_file.quiz.languages[0]).items():
                editor.set_value(item_path + ("translations", lang, "source"), digest)
        text = editor.result()
    return text


def moved_digests(item: Item, order: tuple[int, ...], source_language: str) -> dict[str, str]:
    """Per target language whose recorded source digest is current: the digest once the options are in
    ``order`` (a stale digest stays as it is, still stale)."""
    before = source_digest(item, source_language)
    current = [lang for lang, state in item.translations.items()
               if state.source is not None and is_current_digest(state.source, before)]
    if not current:
        return {}
    moved = item.model_copy(update={"options": [item.options[index] for index in order]})
    after = source_digest(moved, source_language)
    return {lang: after for lang in current} if after != before else {}
