"""Inline SVG charts drawn by the code: where the keys sit (bars per position, the expected uniform line and
the p-value) and a stacked bar of translation review states. No script, no external resource."""

from __future__ import annotations

import math

from quizlint.preview.html import classes, el
from quizlint.rules._stats import format_p
from quizlint.stats import TRANSLATION_STATES, Coverage, PositionTest, format_number

WIDTH, HEIGHT = 360, 200
LEFT, RIGHT, TOP, BOTTOM = 34, 12, 34, 28
PLOT_WIDTH, PLOT_HEIGHT = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
BAR_SHARE, BAR_MAX = 0.62, 58
LEGEND_CHAR_WIDTH = 6.2  # a generous average advance of the 11px legend font, to keep the dash clear of it


def number(value: float) -> str:
    """Coordinates with at most two decimals and no trailing zeros (stable text)."""
    return format_number(value, 2)


def _scale_top(test: PositionTest) -> int:
    """The value at the top of the plot: the tallest bar or the expectation, with room for the labels."""
    return max(1, math.ceil(max([*test.counts, test.expected]) * 1.15))


def _y(value: float, top_value: int) -> float:
    return TOP + PLOT_HEIGHT - value / top_value * PLOT_HEIGHT


def _text(x: float, y: float, text: str, anchor: str = "middle", css: str | None = None):
    attributes = {"x": number(x), "y": number(y), "text-anchor": anchor}
    if css:
        attributes["class"] = css
    return el("text", attributes, text)


def _bars(test: PositionTest, top_value: int) -> tuple[list, list]:
    """The bars, and their labels (count above, letter below)."""
    band = PLOT_WIDTH / test.n_options
    width = min(band * BAR_SHARE, BAR_MAX)
    bars, labels = [], []
    for index, (letter, count) in enumerate(zip(test.letters, test.counts)):
        x = LEFT + band * index + (band - width) / 2
        y = _y(count, top_value)
        bars.append(el("rect", {"class": "bar", "x": number(x), "y": number(y), "width": number(width),
                                "height": number(TOP + PLOT_HEIGHT - y), "rx": "2"}))
        labels.append(_text(x + width / 2, y - 5, str(count), css="count"))
        labels.append(_text(x + width / 2, TOP + PLOT_HEIGHT + 17, letter))
    return bars, labels


def _axes(top_value: int) -> list:
    bottom = TOP + PLOT_HEIGHT
    return [
        el("line", {"class": "axis", "x1": number(LEFT), "y1": number(bottom), "x2": number(LEFT + PLOT_WIDTH),
                    "y2": number(bottom)}),
        _text(LEFT - 6, bottom + 4, "0", "end", "muted"),
        _text(LEFT - 6, TOP + 4, str(top_value), "end", "muted"),
        el("line", {"class": "axis", "x1": number(LEFT - 3), "y1": number(TOP), "x2": number(LEFT),
                    "y2": number(TOP)}),
    ]


def _expected_line(test: PositionTest, top_value: int) -> list:
    """The dashed line of the uniform expectation (drawn behind the bars), and its legend top right."""
    y = _y(test.expected, top_value)
    legend = f"expected {format_number(test.expected, 2)} each"
    legend_end = WIDTH - RIGHT
    dash_end = legend_end - len(legend) * LEGEND_CHAR_WIDTH - 6
    return [
        el("line", {"class": "expected", "x1": number(LEFT), "y1": number(y), "x2": number(LEFT + PLOT_WIDTH),
                    "y2": number(y)}),
        el("line", {"class": "expected", "x1": number(dash_end - 22), "y1": "13", "x2": number(dash_end),
                    "y2": "13"}),
        _text(legend_end, 17, legend, "end", "muted"),
    ]


def describe_counts(test: PositionTest) -> str:
    return ", ".join(f"{letter}: {count}" for letter, count in zip(test.letters, test.counts))


def position_chart(test: PositionTest, chart_id: str, scope: str):
    """A figure: the bar chart of key positions of one option count, with its caption."""
    top_value = _scale_top(test)
    bars, labels = _bars(test, top_value)
    title = f"Key positions of {test.items} {test.n_options}-option items, {scope}"
    description = (f"{describe_counts(test)}; uniform expectation {format_number(test.expected, 2)} per position; "
                   f"{test.method} {format_p(test.p_value)}.")
    svg = el("svg", {"xmlns": "http://www.w3.org/2000/svg", "viewBox": f"0 0 {WIDTH} {HEIGHT}",
                     "width": str(WIDTH), "height": str(HEIGHT), "role": "img",
                     "aria-labelledby": f"{chart_id}-title {chart_id}-desc"},
             el("title", {"id": f"{chart_id}-title"}, title),
             el("desc", {"id": f"{chart_id}-desc"}, description),
             _text(LEFT, 17, f"{test.method} {format_p(test.p_value)}", "start"),
             _axes(top_value), bars, _expected_line(test, top_value), labels)
    caption = [f"Where the key sits in {test.items} single-answer {test.n_options}-option items {scope}."]
    if test.flagged:
        caption.append(el("span", classes("flag"), " Far from uniform: key-position-bias."))
    return el("figure", classes("chart", "flagged" if test.flagged else None), svg, el("figcaption", caption))


STATE_LABELS = {"reviewed": "reviewed", "machine": "machine, unreviewed", "draft": "draft",
                "stale": "stale", "missing": "missing"}


def coverage_bar(coverage: Coverage, width: int = 160, height: int = 10):
    """A stacked bar of the review states of one language (reviewed first, missing last)."""
    parts = []
    x = 0.0
    total = coverage.items or 1
    for state in TRANSLATION_STATES:
        count = coverage.counts[state]
        if not count:
            continue
        share = count / total * width
        parts.append(el("rect", {"class": f"state-{state}", "x": number(x), "y": "0", "width": number(share),
                                 "height": str(height)}))
        x += share
    label = ", ".join(f"{coverage.counts[state]} {STATE_LABELS[state]}" for state in TRANSLATION_STATES
                      if coverage.counts[state])
    return el("svg", {"xmlns": "http://www.w3.org/2000/svg", "viewBox": f"0 0 {width} {height}",
                      "width": str(width), "height": str(height), "role": "img",
                      "aria-label": label or "no items"},
              el("rect", {"class": "state-missing", "x": "0", "y": "0", "width": str(width), "height": str(height)}),
              parts)


def state_legend():
    return el("div", classes("legend"),
              [el("span", el("span", {"class": f"swatch state-{state}", "aria-hidden": "true"}), STATE_LABELS[state])
               for state in TRANSLATION_STATES])
