"""Moving option entries in the text: whole entries with their comments (inside them, and right above their dashes),
every other byte untouched."""

from __future__ import annotations

import pytest

from quizlint.load import load_text
from quizlint.yamledit import NodeTree, YamlEditError, YamlEditor

OPTIONS = ("items", 0, "options")


def reordered(text: str, order, path=OPTIONS) -> str:
    editor = YamlEditor(text)
    editor.reorder_sequence(path, order)
    return editor.result()


def data_of(text: str):
    document, findings = load_text(text)
    assert document is not None, findings
    return document.data


BLOCK = """\
items:
  - id: q1
    options:
      # KEY: alpha, right above its dash: moves with it
      - text:
          en: "Alpha"   # first
          tr: 'Alfa'
        # the key, say the reviewers
        correct: true
        # still about alpha
      - text: {en: Beta, tr: Beta}
      # a blank line between this and the next dash: stays put

      # about gamma
        # (deeper, and right above its dash: moves with it)
      - text: >-
          Gamma, folded
          over two lines
        feedback: {en: "no"}
    # less indented than the dashes: stays put
      # after the last option: stays put
    explanation: done
"""


def test_block_entries_swap_with_the_comments_inside_and_right_above_them():
    assert reordered(BLOCK, [2, 1, 0]) == """\
items:
  - id: q1
    options:
      # about gamma
        # (deeper, and right above its dash: moves with it)
      - text: >-
          Gamma, folded
          over two lines
        feedback: {en: "no"}
      - text: {en: Beta, tr: Beta}
      # a blank line between this and the next dash: stays put

      # KEY: alpha, right above its dash: moves with it
      - text:
          en: "Alpha"   # first
          tr: 'Alfa'
        # the key, say the reviewers
        correct: true
        # still about alpha
    # less indented than the dashes: stays put
      # after the last option: stays put
    explanation: done
"""


def test_a_comment_less_indented_than_the_dash_is_not_the_entrys():
    text = "options:\n  - text: a\n# about the list\n  - text: b\n"
    assert reordered(text, [1, 0], ("options",)) == "options:\n  - text: b\n# about the list\n  - text: a\n"


def test_entries_that_stay_keep_their_bytes_and_the_data_follows_the_order():
    before = data_of(BLOCK)["items"][0]["options"]
    after = reordered(BLOCK, [1, 0, 2])
    assert data_of(after)["items"][0]["options"] == [before[1], before[0], before[2]]
    assert after.splitlines()[11:] == BLOCK.splitlines()[11:]  # from the comment after B on


def test_flow_sequences_swap_entries_in_place():
    text = "items:\n  - options: [{text: a}, {text: 'b b', correct: true}, {text: \"c\"}]  # end\n"
    assert reordered(text, [1, 0, 2]) == \
        "items:\n  - options: [{text: 'b b', correct: true}, {text: a}, {text: \"c\"}]  # end\n"


def test_multi_line_flow_sequences_keep_their_comments_between_entries():
    text = "items:\n  - options: [\n      {text: a},   # about a\n      {text: b, correct: true}\n    ]\n"
    assert reordered(text, [1, 0]) == \
        "items:\n  - options: [\n      {text: b, correct: true},   # about a\n      {text: a}\n    ]\n"


def test_block_entries_written_as_flow_mappings():
    text = "items:\n- options:\n  - {text: a, correct: true}\n  - {text: b}  # b\n"
    assert reordered(text, [1, 0]) == "items:\n- options:\n  - {text: b}  # b\n  - {text: a, correct: true}\n"


def test_the_last_entry_of_a_file_without_a_final_newline():
    text = "items:\n  - options:\n      - text: a\n        correct: true\n      - text: b"
    assert reordered(text, [1, 0]) == "items:\n  - options:\n      - text: b\n      - text: a\n        correct: true"


def test_crlf_line_endings_survive():
    text = "items:\r\n  - options:\r\n      - text: a\r\n        correct: true\r\n      - text: b\r\n"
    result = reordered(text, [1, 0])
    assert result == "items:\r\n  - options:\r\n      - text: b\r\n      - text: a\r\n        correct: true\r\n"


def test_a_literal_block_scalar_moves_whole():
    text = "items:\n  - options:\n      - text: |\n          line one\n          line two\n      - text: b\n"
    result = reordered(text, [1, 0])
    assert data_of(result)["items"][0]["options"] == [{"text": "b"}, {"text": "line one\nline two\n"}]


def test_an_entry_whose_value_owns_trailing_blank_lines_moves_with_them():
    text = "items:\n  - options:\n      - text: |+\n          kept\n\n      - text: b\n    explanation: x\n"
    assert reordered(text, [1, 0]) == \
        "items:\n  - options:\n      - text: b\n      - text: |+\n          kept\n\n    explanation: x\n"


def test_an_entry_that_cannot_move_without_changing_its_text_is_refused_not_corrupted():
    text = "items:\n  - options:\n      - text: a\n      - text: |\n          no final line break"
    editor = YamlEditor(text)
    editor.reorder_sequence(OPTIONS, [1, 0])
    with pytest.raises(YamlEditError):
        editor.result()


def test_a_reordering_must_be_a_permutation():
    with pytest.raises(YamlEditError):
        YamlEditor(BLOCK).reorder_sequence(OPTIONS, [0, 0, 1])


def test_entry_spans_cover_whole_lines_without_the_final_line_break():
    tree = NodeTree(BLOCK)
    spans = tree.sequence_entry_spans(OPTIONS)
    first = BLOCK[spans[0][0]:spans[0][1]]
    assert first.startswith("      # KEY: alpha") and first.endswith("# still about alpha")
    assert BLOCK[spans[1][0]:spans[1][1]] == "      - text: {en: Beta, tr: Beta}"
