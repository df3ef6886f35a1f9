"""The preview in a real browser: the system Chromium, headless, driven by Playwright (its own browsers are
never downloaded). Checks that every item shows, that the language switch, side-by-side mode and the answer
toggles work by mouse and keyboard, that the page requests nothing but itself, and saves screenshots under
test-artifacts/ (git-ignored)."""

from __future__ import annotations

import shutil

import pytest
from conftest import ROOT
from test_preview import invoke
from test_preview_bank import build_bank

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (Debian package `chromium`; .ci/run "
                       "installs it): the browser tests of `quizlint preview` are skipped"),
]
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = ROOT / "test-artifacts"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("browser")
    build_bank(root)
    # rules that need no language model, so the site builds fast; a9 still gets its missing-key finding
    result = invoke("preview", "bank", "-o", "site", "--select", "K,T001,T008,T009", cwd=root)
    assert result.exit_code == 0, result.output
    return root / "site"


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed "
                                   "(pip install 'playwright>=1.40'; its own browser download is not needed)")
    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS,
            viewport={"width": 1100, "height": 900})
        yield context
        context.close()


class Watched:
    """A page with every request and console error it produced."""

    def __init__(self, context, url: str):
        self.url = url
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.page = context.new_page()
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(url)

    def assert_loaded_nothing_else(self) -> None:
        """Only the page itself was requested (reloads included), and the page's resource list is empty."""
        assert self.requests and set(self.requests) == {self.url}, self.requests
        assert self.page.evaluate("performance.getEntriesByType('resource').map(entry => entry.name)") == []
        assert self.errors == []  # a blocked resource or a refused inline script/style would show here


def screenshot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / name
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 10_000
    print(f"screenshot: {path}")


def visible(page, selector: str) -> bool:
    return page.locator(selector).first.is_visible()


@pytest.fixture
def alpha(browser, site):
    """The alpha quiz page in a fresh state (no language remembered from another test)."""
    watched = Watched(browser, (site / "quiz-alpha.html").as_uri())
    watched.page.evaluate("localStorage.clear()")
    watched.page.reload()
    yield watched
    watched.page.close()


def test_quiz_page_items_language_switch_and_answers(alpha):
    page = alpha.page

    items = page.locator("section.item")
    assert items.count() == 9
    for index in range(9):
        assert items.nth(index).is_visible()
    assert visible(page, "#q1 .stem [data-lang='en']") and not visible(page, "#q1 .stem [data-lang='tr']")
    assert not visible(page, "#q1-answer") and not visible(page, "#q1 li.key .ans")

    page.click("label.seg:has(input[value='tr'])")
    assert visible(page, "#q1 .stem [data-lang='tr']") and not visible(page, "#q1 .stem [data-lang='en']")
    assert page.locator("#q1 .stem [data-lang='tr']").inner_text().strip() == "Türkiye'nin başkenti hangi şehirdir?"
    assert visible(page, "#q2 .stem .missing-text")

    page.click("label.seg:has(input[value='en+tr'])")
    english, turkish = page.locator("#q1 .stem [data-lang='en']"), page.locator("#q1 .stem [data-lang='tr']")
    assert english.is_visible() and turkish.is_visible()
    left, right = english.bounding_box(), turkish.bounding_box()
    assert left["x"] + left["width"] <= right["x"] and abs(left["y"] - right["y"]) < 5  # two columns

    toggle = page.locator("#toggle-answers")
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    assert page.locator("section.item.revealed").count() == 9
    assert visible(page, "#q1-answer") and visible(page, "#q1 li.key .ans")
    assert "Ankara became the capital in 1923." in page.locator("#q1-answer").inner_text()
    assert page.locator("#q1 button.reveal").get_attribute("aria-expanded") == "true"
    screenshot(page, "preview-quiz-side-by-side-answers.png")
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "false" and not visible(page, "#q1-answer")

    alpha.assert_loaded_nothing_else()


def test_keyboard_operates_the_toggles_and_the_language_switch(alpha):
    page = alpha.page

    reveal = page.locator("#q2 button.reveal")
    reveal.focus()
    page.keyboard.press("Enter")
    assert reveal.get_attribute("aria-expanded") == "true" and visible(page, "#q2-answer")
    assert not visible(page, "#q1-answer")  # one item only
    page.keyboard.press("Space")
    assert reveal.get_attribute("aria-expanded") == "false" and not visible(page, "#q2-answer")

    page.locator("input[name='view'][value='en']").focus()
    page.keyboard.press("ArrowRight")  # radio group: the next view
    assert page.locator("input[name='view'][value='tr']").is_checked()
    assert visible(page, "#q1 .stem [data-lang='tr']") and not visible(page, "#q1 .stem [data-lang='en']")

    findings = page.locator("#toggle-findings")
    assert visible(page, "#q9 aside.findings")
    findings.focus()
    page.keyboard.press("Enter")
    assert findings.get_attribute("aria-pressed") == "false" and not visible(page, "#q9 aside.findings")
    alpha.assert_loaded_nothing_else()


def test_chosen_language_carries_over_to_the_next_page(alpha, site):
    page = alpha.page
    page.click("label.seg:has(input[value='tr'])")
    page.goto((site / "quiz-beta.html").as_uri())  # English only: the choice does not apply, the page still works
    assert page.locator("section.item").count() == 3
    page.goto(alpha.url)
    assert page.locator("input[name='view'][value='tr']").is_checked()
    assert visible(page, "#q1 .stem [data-lang='tr']") and not visible(page, "#q1 .stem [data-lang='en']")
    page.evaluate("localStorage.clear()")


def test_index_page_in_the_browser(browser, site):
    url = (site / "index.html").as_uri()
    watched = Watched(browser, url)
    page = watched.page
    cards = page.locator("article.quiz-card")
    assert cards.count() == 2 and cards.nth(0).is_visible() and cards.nth(1).is_visible()
    assert page.locator("figure.chart svg").count() == 4  # bank: 3 and 4 options; one per quiz
    for index in range(4):
        assert page.locator("figure.chart svg").nth(index).is_visible()
    screenshot(page, "preview-index.png")
    watched.assert_loaded_nothing_else()
    page.click("article.quiz-card h2 a >> nth=0")
    assert page.url.endswith("/quiz-alpha.html")
    assert page.locator("h1").inner_text().strip() == "Alpha quiz"
    page.close()


def test_images_and_formulas_show_without_the_network(browser, tmp_path):
    """The bank's image is copied into the site and loads (naturalWidth > 0); a formula is MathML that the
    browser lays out itself (a math element with a width); nothing outside the site is requested."""
    from media_support import media_bank, png_bytes

    media_bank(tmp_path / "bank")
    result = invoke("preview", "bank", "-o", "site", "--select", "K", cwd=tmp_path)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "site" / "media" / "shards.png").read_bytes() == png_bytes()
    watched = Watched(browser, (tmp_path / "site" / "quiz-media.html").as_uri())
    page = watched.page
    image = page.locator("#q1 .stem [data-lang='en'] img")
    assert image.get_attribute("src") == "media/shards.png"
    page.wait_for_function("document.querySelector('#q1 .stem img').complete")
    assert image.evaluate("img => img.naturalWidth") == 3
    math = page.locator("#q1 .stem [data-lang='en'] math").first
    assert math.evaluate("m => m.namespaceURI") == "http://www.w3.org/1998/Math/MathML"
    assert math.evaluate("m => m.getBoundingClientRect().width") > 0
    assert "\\frac" not in page.locator("#q1 .stem [data-lang='en']").inner_text()  # (the annotation is not shown)
    screenshot(page, "preview-media.png")
    assert {url.rsplit("/", 2)[-2] + "/" + url.rsplit("/", 1)[-1] for url in watched.requests} <= {
        "site/quiz-media.html", "media/shards.png", "media/index.svg"}
    assert all(url.startswith("file://") for url in watched.requests)
    assert watched.errors == []
    page.close()
