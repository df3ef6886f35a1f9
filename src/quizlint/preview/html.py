"""Building the preview's HTML with lxml element trees: text is escaped by construction, Markdown goes through
the one shared renderer (`quizlint.render`), and every page has the same head, styles and script."""

from __future__ import annotations

import lxml.html
from lxml.builder import ElementMaker

from quizlint.model import is_neutral, text_in
from quizlint.preview.assets import CONTENT_SECURITY_POLICY, SCRIPT, STYLE

E = ElementMaker(makeelement=lxml.html.html_parser.makeelement)
UI_LANGUAGE = "en"  # the language of the preview's own labels

LANGUAGE_NAMES = {
    "ar": "العربية", "az": "Azərbaycanca", "de": "Deutsch", "el": "Ελληνικά", "en": "English", "es": "Español",
    "fa": "فارسی", "fr": "Français", "it": "Italiano", "ja": "日本語", "ko": "한국어", "nl": "Nederlands",
    "pl": "Polski", "pt": "Português", "ru": "Русский", "tr": "Türkçe", "uk": "Українська", "zh": "中文",
}
RIGHT_TO_LEFT = {"ar", "fa", "he", "ps", "ur", "yi"}
TRUE_FALSE_WORDS = {"en": ("True", "False"), "tr": ("Doğru", "Yanlış"), "de": ("Wahr", "Falsch"),
                    "fr": ("Vrai", "Faux"), "es": ("Verdadero", "Falso")}


def el(tag: str, *children):
    """An element; ``children`` are text, elements, attribute dicts, lists of those, or None (skipped).

    Text and attribute values lose the characters HTML cannot carry (C0 controls and the like), so any quiz
    text can be shown.
    """
    return E(tag, *_flatten(children))


def _flatten(children):
    from quizlint.render import xml_safe

    for child in children:
        if isinstance(child, (list, tuple)):
            yield from _flatten(child)
        elif isinstance(child, str):
            yield xml_safe(child)
        elif isinstance(child, dict):
            yield {name: xml_safe(str(value)) for name, value in child.items()}
        elif child is not None:
            yield child


def language_name(lang: str) -> str:
    return LANGUAGE_NAMES.get(lang.split("-")[0].lower(), lang)


def true_false_words(lang: str) -> tuple[str, str]:
    return TRUE_FALSE_WORDS.get(lang.split("-")[0].lower(), TRUE_FALSE_WORDS["en"])


def classes(*names: str | None) -> dict:
    return {"class": " ".join(name for name in names if name)}


def markdown_into(element, markdown: str, *, compact: bool) -> None:
    """Append rendered, sanitised Markdown to ``element``: the bank's own images, copied into the site
    (``quizlint.export._media``), are shown; any other image becomes a link (a preview loads nothing from the
    web); formulas are MathML, which the browser renders itself."""
    from quizlint.export._media import render_options
    from quizlint.render import MATHML_NS, append_html

    options = render_options(markdown)
    append_html(element, markdown, compact=compact, **options)
    copied = set(options.get("urls", {}).values())
    for image in list(element.iter("img")):
        if image.get("src") in copied:
            continue
        link = el("a", image.get("alt") or "image", {"href": image.get("src", ""), "class": "image-link"})
        link.tail = image.tail
        image.getparent().replace(image, link)
    for node in element.iter(f"{{{MATHML_NS}}}*"):  # (HTML puts <math> in MathML's namespace by itself)
        node.tag = node.tag.rpartition("}")[2]


def language_block(tag: str, lang: str, visible: bool, *content) -> object:
    tag_label = el("span", {"class": "tag", "aria-hidden": "true"}, lang.upper())
    attributes = {"class": "lb", "data-lang": lang, "lang": lang}
    if lang.split("-")[0].lower() in RIGHT_TO_LEFT:
        attributes["dir"] = "rtl"
    block = el(tag, attributes, tag_label, content)
    if not visible:
        block.set("hidden", "hidden")
    return block


def text_blocks(value, languages: list[str], *, compact: bool = False, inline: bool = False,
                css_class: str | None = None):
    """The text in every language, one block each (only the source language visible until switched).

    A language-neutral string is one block shown in every view; an absent translation is a visible gap.
    """
    tag = "span" if inline else "div"
    container = el(tag, classes("texts", css_class))
    if is_neutral(value):
        block = el(tag, {"class": "lb", "data-lang": "*"})
        markdown_into(block, value, compact=compact)
        container.append(block)
        return container
    for index, lang in enumerate(languages):
        text = text_in(value, lang)
        if text is not None and text.strip():
            block = language_block(tag, lang, index == 0)
            markdown_into(block, text, compact=compact)
        else:
            gap = el("span", {"class": "missing-text", "lang": UI_LANGUAGE}, f"No {language_name(lang)} text")
            block = language_block(tag, lang, index == 0, gap)
        container.append(block)
    return container


def has_text(value, languages: list[str]) -> bool:
    return any((text_in(value, lang) or "").strip() for lang in languages)


def plain_title(value, lang: str, fallback: str) -> str:
    text = text_in(value, lang)
    if text and text.strip():
        return text.strip()
    if isinstance(value, dict):
        return next((text.strip() for text in value.values() if text and text.strip()), fallback)
    return fallback


def page(title: str, body_children: list, *, main_attrs: dict | None = None) -> str:
    """A whole HTML document: head with the policy, the style and the script; ``body_children`` in a page."""
    head = el("head",
              el("meta", {"charset": "utf-8"}),
              el("meta", {"http-equiv": "Content-Security-Policy", "content": CONTENT_SECURITY_POLICY}),
              el("meta", {"name": "viewport", "content": "width=device-width, initial-scale=1"}),
              el("meta", {"name": "generator", "content": "quizlint preview"}),
              el("title", title),
              el("style", STYLE))
    main = el("main", {"id": "content", **(main_attrs or {})}, body_children)
    body = el("body", el("a", {"class": "skip", "href": "#content"}, "Skip to content"),
              el("div", classes("page"), main), el("script", SCRIPT))
    root = el("html", {"lang": UI_LANGUAGE}, head, body)
    return lxml.html.tostring(root, encoding="unicode", method="html", doctype="<!DOCTYPE html>") + "\n"


def badge(text: str, kind: str, label: str | None = None):
    return el("span", classes("badge", kind), {"title": label} if label else None, text)
