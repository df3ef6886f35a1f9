"""The stylesheet and the script every preview page carries inline, and the Content-Security-Policy that
allows exactly them and nothing else (no network, no other script, no style attributes)."""

from __future__ import annotations

import base64
import hashlib

STYLE = """
:root {
  --ink: #1f2328; --muted: #59636e; --line: #d1d9e0; --soft: #f6f8fa; --card: #ffffff; --accent: #0b5cad;
  --accent-soft: #e8f1fb; --ok: #1a7f37; --ok-soft: #e9f7ee; --warn: #9a6700; --warn-soft: #fff8c5;
  --bad: #cf222e; --bad-soft: #ffebe9; --info: #0969da; --info-soft: #ddf4ff; --radius: 10px;
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
html { background: var(--soft); }
body { margin: 0; color: var(--ink); font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans",
  "DejaVu Sans", sans-serif; }
a { color: var(--accent); }
a:focus-visible, button:focus-visible, input:focus-visible + .mark, summary:focus-visible {
  outline: 3px solid var(--accent); outline-offset: 2px; }
.lb img { max-width: 100%; height: auto; vertical-align: middle; }
code, pre, kbd, samp { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", monospace;
  font-size: .9em; }
code { background: #eff1f3; border-radius: 4px; padding: .05em .3em; }
pre { background: #eff1f3; border-radius: 6px; padding: .7em .9em; overflow-x: auto; }
pre code { background: none; padding: 0; }
.skip { position: absolute; left: -999px; top: 0; background: var(--card); padding: .5em 1em; }
.skip:focus { left: 1em; z-index: 10; }
.page { max-width: 1040px; margin: 0 auto; padding: 1.5rem 1.25rem 4rem; }
header.top { margin-bottom: 1.25rem; }
header.top .crumbs { font-size: .9rem; margin: 0 0 .5rem; }
h1 { font-size: 1.75rem; line-height: 1.25; margin: 0 0 .4rem; }
h2 { font-size: 1.25rem; margin: 0; }
h3 { font-size: 1rem; margin: 0 0 .5rem; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
.sub { color: var(--muted); margin: .2rem 0; }
.sub code { background: none; padding: 0; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: var(--radius); padding: 1.1rem 1.25rem;
  margin: 0 0 1rem; }
.grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); gap: 1rem; }
.toolbar { position: sticky; top: 0; z-index: 5; display: flex; flex-wrap: wrap; align-items: center; gap: .6rem 1.2rem;
  background: rgba(246, 248, 250, .94); backdrop-filter: blur(4px); border-bottom: 1px solid var(--line);
  padding: .6rem 0; margin: 0 0 1rem; }
.toolbar fieldset { border: 0; margin: 0; padding: 0; display: flex; flex-wrap: wrap; align-items: center; gap: .35rem; }
.toolbar legend { float: left; margin-right: .4rem; font-size: .85rem; color: var(--muted); font-weight: 600; }
.seg { position: relative; }
.seg input { position: absolute; opacity: 0; width: 1px; height: 1px; }
.seg .mark, button.toggle { display: inline-block; border: 1px solid var(--line); background: var(--card);
  border-radius: 999px; padding: .3rem .85rem; font: inherit; font-size: .9rem; color: var(--ink); cursor: pointer; }
.seg input:checked + .mark { background: var(--accent); border-color: var(--accent); color: #fff; }
button.toggle[aria-pressed="true"], button.reveal[aria-expanded="true"] { background: var(--ink); border-color: var(--ink);
  color: #fff; }
button.reveal { border: 1px solid var(--line); background: var(--card); border-radius: 6px; padding: .25rem .7rem;
  font: inherit; font-size: .85rem; cursor: pointer; }
.texts { display: block; }
.lb { display: block; }
.lb > p:first-child, .lb > .tag + p { margin-top: 0; }
.lb > p:last-child { margin-bottom: 0; }
main.sbs .texts { display: grid; grid-template-columns: 1fr 1fr; gap: .25rem 1.5rem; }
main.sbs .texts > .lb[data-lang="*"] { grid-column: 1 / -1; }
main.sbs .texts > .lb + .lb:not([data-lang="*"]) { border-left: 3px solid var(--accent-soft); padding-left: .9rem; }
.lb .tag { display: none; }
main.sbs div.lb > .tag { float: left; margin-top: .3em; }
main.sbs .lb .tag { display: inline-block; font-size: .7rem; font-weight: 700; color: var(--accent);
  background: var(--accent-soft); border-radius: 4px; padding: 0 .35em; margin-right: .4em; vertical-align: .1em; }
.missing-text { color: var(--bad); font-style: italic; }
.item { scroll-margin-top: 4.5rem; }
.item-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: .4rem .8rem; margin-bottom: .75rem; }
.item-head .meta { color: var(--muted); font-size: .85rem; display: flex; flex-wrap: wrap; gap: .3rem .6rem; }
.item-head .reveal { margin-left: auto; }
.stem { font-size: 1.05rem; margin-bottom: .8rem; }
ol.options { list-style: none; margin: 0; padding: 0; display: grid; gap: .5rem; }
ol.options > li { border: 1px solid var(--line); border-radius: 8px; background: var(--card); }
ol.options label { display: flex; gap: .7rem; align-items: flex-start; padding: .55rem .8rem; cursor: pointer; }
ol.options label input { margin: .35rem 0 0; flex: none; }
ol.options .letter { flex: none; font-weight: 700; color: var(--muted); min-width: 1.2em; }
ol.options label .texts { flex: 1; min-width: 0; }
.revealed ol.options > li.key { border-color: var(--ok); background: var(--ok-soft); }
.ans { margin: 0 .8rem .6rem 3.6rem; font-size: .92rem; }
.item:not(.revealed) .ans { display: none; }
.verdict { font-weight: 700; font-size: .8rem; text-transform: uppercase; letter-spacing: .04em; }
.verdict.right { color: var(--ok); }
.verdict.wrong { color: var(--muted); }
.explanation { margin: .9rem 0 0; padding: .7rem .9rem; border-radius: 8px; background: var(--accent-soft); }
.explanation.ans { margin-left: 0; margin-right: 0; }
.explanation > :first-child { margin-top: 0; }
.explanation > :last-child, .explanation .lb > :last-child { margin-bottom: 0; }
.badge { display: inline-block; border-radius: 999px; padding: 0 .55em; font-size: .78rem; font-weight: 600;
  border: 1px solid transparent; white-space: nowrap; }
.badge.error { color: var(--bad); background: var(--bad-soft); }
.badge.warning { color: var(--warn); background: var(--warn-soft); }
.badge.info { color: var(--info); background: var(--info-soft); }
.badge.ok, .badge.reviewed { color: var(--ok); background: var(--ok-soft); }
.badge.machine, .badge.draft, .badge.stale { color: var(--warn); background: var(--warn-soft); }
.badge.missing { color: var(--bad); background: var(--bad-soft); }
.badge.plain { color: var(--muted); background: var(--soft); border-color: var(--line); }
.findings { margin: .9rem 0 0; padding: .6rem .8rem; border-left: 4px solid var(--warn); background: #fffdf0;
  border-radius: 0 8px 8px 0; font-size: .9rem; }
main.no-findings .findings { display: none; }
.findings.worst-error { border-left-color: var(--bad); background: #fff8f7; }
.findings.worst-info { border-left-color: var(--info); background: #f5fbff; }
.findings ul { margin: 0; padding: 0; list-style: none; display: grid; gap: .3rem; }
.findings .loc { color: var(--muted); font-size: .8rem; }
.findings h3 { margin-bottom: .3rem; }
.health { display: grid; grid-template-columns: minmax(260px, 360px) 1fr; gap: 1rem 1.5rem; align-items: start; }
.health.compact { grid-template-columns: 1fr; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .35rem 1rem; margin: 0; }
dl.facts dt { color: var(--muted); font-size: .9rem; }
dl.facts dd { margin: 0; }
.coverage { display: flex; align-items: center; gap: .5rem; flex-wrap: wrap; }
.coverage svg { flex: none; }
.chart figcaption { font-size: .85rem; color: var(--muted); margin-top: .25rem; }
.chart { margin: 0; }
.chart + .chart { margin-top: 1.2rem; }
.chart svg { width: 100%; max-width: 360px; height: auto; display: block; }
.chart .bar { fill: #5b8fd0; }
.chart.flagged .bar { fill: #d4802a; }
.chart .axis { stroke: #8c959f; stroke-width: 1; }
.chart .expected { stroke: var(--ink); stroke-width: 1.5; stroke-dasharray: 5 4; }
.chart text { fill: var(--ink); font-size: 12px; }
.chart text.muted { fill: var(--muted); font-size: 11px; }
.chart text.count { font-weight: 600; paint-order: stroke; stroke: #fff; stroke-width: 4px; stroke-linejoin: round; }
.flag { color: var(--warn); font-weight: 600; }
.quiz-card h2 a { text-decoration: none; }
.quiz-card h2 a:hover { text-decoration: underline; }
.quiz-card .alt-title { color: var(--muted); margin: .1rem 0 .4rem; }
table.rules { border-collapse: collapse; width: 100%; font-size: .92rem; margin-top: 1rem; }
table.rules caption { text-align: left; font-weight: 600; color: var(--ink); padding-bottom: .3rem; }
table.rules th, table.rules td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid var(--line); }
table.rules td.num, table.rules th.num { text-align: right; }
.tags { display: inline-flex; gap: .3rem; flex-wrap: wrap; }
.legend { display: flex; flex-wrap: wrap; gap: .3rem .8rem; font-size: .8rem; color: var(--muted); }
.swatch { display: inline-block; width: .8em; height: .8em; border-radius: 2px; margin-right: .3em; vertical-align: -.05em; }
.state-reviewed { fill: #1a7f37; background: #1a7f37; }
.state-machine { fill: #bf8700; background: #bf8700; }
.state-draft { fill: #e3b341; background: #e3b341; }
.state-stale { fill: #bc4c00; background: #bc4c00; }
.state-missing { fill: #d0d7de; background: #d0d7de; }
footer { color: var(--muted); font-size: .8rem; margin-top: 2rem; }
@media (max-width: 720px) {
  .health { grid-template-columns: 1fr; }
  main.sbs .texts { grid-template-columns: 1fr; }
  main.sbs .texts > .lb + .lb:not([data-lang="*"]) { border-left: 0; padding-left: 0; border-top: 1px dashed var(--line); }
  .ans { margin-left: .8rem; }
}
@media print {
  .toolbar, button.reveal, .skip { display: none; }
  .item .ans { display: block; }
  .card { break-inside: avoid; }
}
""".strip() + "\n"

# Language switch (radio buttons: one language, or source and translation side by side), the "show answers"
# toggle (all items) and per-item reveal buttons, and the findings toggle. State that only the reader's
# browser keeps: the chosen view in localStorage, so it carries over from page to page.
SCRIPT = """
(function () {
  "use strict";
  var main = document.querySelector("main");
  if (!main) { return; }
  var KEY = "quizlint-preview-view";

  function setView(view) {
    var langs = view.split("+");
    main.querySelectorAll("[data-lang]").forEach(function (block) {
      var lang = block.getAttribute("data-lang");
      if (lang !== "*") { block.hidden = langs.indexOf(lang) < 0; }
    });
    main.classList.toggle("sbs", langs.length > 1);
    main.setAttribute("data-view", view);
    try { localStorage.setItem(KEY, view); } catch (error) { /* private mode: keep the default */ }
  }

  function reveal(item, shown) {
    item.classList.toggle("revealed", shown);
    var button = item.querySelector("button.reveal");
    if (button) {
      button.setAttribute("aria-expanded", shown ? "true" : "false");
      button.textContent = shown ? "Hide answer" : "Show answer";
    }
  }

  document.querySelectorAll("input[name='view']").forEach(function (input) {
    input.addEventListener("change", function () { if (input.checked) { setView(input.value); } });
  });
  var stored = null;
  try { stored = localStorage.getItem(KEY); } catch (error) { stored = null; }
  var match = stored && document.querySelector("input[name='view'][value='" + stored.replace(/[^A-Za-z0-9+_-]/g, "") + "']");
  if (match) { match.checked = true; setView(stored); }

  var answers = document.getElementById("toggle-answers");
  if (answers) {
    answers.addEventListener("click", function () {
      var shown = answers.getAttribute("aria-pressed") !== "true";
      answers.setAttribute("aria-pressed", shown ? "true" : "false");
      main.querySelectorAll(".item").forEach(function (item) { reveal(item, shown); });
    });
  }
  main.querySelectorAll("button.reveal").forEach(function (button) {
    button.addEventListener("click", function () {
      var item = button.closest(".item");
      reveal(item, !item.classList.contains("revealed"));
    });
  });

  var findings = document.getElementById("toggle-findings");
  if (findings) {
    findings.addEventListener("click", function () {
      var shown = findings.getAttribute("aria-pressed") !== "true";
      findings.setAttribute("aria-pressed", shown ? "true" : "false");
      main.classList.toggle("no-findings", !shown);
    });
  }
})();
""".strip() + "\n"


def _hash_source(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


CONTENT_SECURITY_POLICY = (
    f"default-src 'none'; script-src {_hash_source(SCRIPT)}; style-src {_hash_source(STYLE)}; "
    "img-src 'self' data:; media-src 'self'; base-uri 'none'; form-action 'none'"
)
