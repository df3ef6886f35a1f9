"""``--format junit``: JUnit XML for CI test reports (GitLab, Jenkins, Azure, test-reporter actions).

One ``<testsuite>`` with one ``<testcase>`` per file checked (``classname`` and ``name`` are the path): a file
with findings at or above ``--fail-on`` (default: error, the severity that makes the exit status 1) fails, with
one ``<failure>`` listing them as the text report does; its other findings are listed in ``<system-out>``, and a
file with only those passes, so the report agrees with the exit status. A file that has findings but was not
among the files checked (the glossary) gets its own test case.
"""

from __future__ import annotations

import re
from collections import Counter

_NOT_XML = re.compile("[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
SEVERITY_ORDER = ("error", "warning", "info")


def xml_text(text: str) -> str:
    """``text`` without the characters XML 1.0 cannot hold (control characters, lone surrogates)."""
    return _NOT_XML.sub("\ufffd", text)


def finding_line(finding) -> str:
    marker = " [*]" if finding.fixable else ""
    return f"{finding.file}:{finding.line}:{finding.column}: {finding.code} [{finding.severity}] {finding.message}{marker}"


def failure_summary(findings) -> str:
    """``3 problems (2 errors, 1 warning)``."""
    counts = Counter(finding.severity for finding in findings)
    parts = [f"{counts[severity]} {severity}{'s' if counts[severity] != 1 and severity != 'info' else ''}"
             for severity in SEVERITY_ORDER if counts[severity]]
    total = len(findings)
    return f"{total} problem{'s' if total != 1 else ''} ({', '.join(parts)})"


def _testcase(parent, path: str, failing, passing) -> None:
    """A test case that fails with ``failing`` findings (if any); the ``passing`` ones go to ``<system-out>``."""
    from lxml import etree

    case = etree.SubElement(parent, "testcase", classname=xml_text(path), name=xml_text(path), file=xml_text(path))
    if failing:
        codes = " ".join(sorted({finding.code for finding in failing}))
        failure = etree.SubElement(case, "failure", message=xml_text(failure_summary(failing)), type=codes)
        failure.text = _lines(failing)
    if passing:
        etree.SubElement(case, "system-out").text = _lines(passing)


def _lines(findings) -> str:
    return xml_text("\n".join(finding_line(finding) for finding in findings) + "\n")


def fails(finding, fail_on: str) -> bool:
    """Whether ``finding`` is at or above the severity ``fail_on`` (error, warning or info)."""
    return SEVERITY_ORDER.index(finding.severity) <= SEVERITY_ORDER.index(fail_on)


def render(result, *, fail_on: str = "error", **_: object) -> str:
    from lxml import etree

    by_file: dict[str, list] = {}
    for finding in result.findings:
        by_file.setdefault(finding.file, []).append(finding)
    paths = list(dict.fromkeys([*result.files, *by_file]))
    failing = {path: [finding for finding in by_file.get(path, []) if fails(finding, fail_on)] for path in paths}
    failures = sum(1 for path in paths if failing[path])
    counts = {"tests": str(len(paths)), "failures": str(failures), "errors": "0", "skipped": "0"}
    suites = etree.Element("testsuites", name="quizlint", **{key: counts[key] for key in ("tests", "failures",
                                                                                        "errors")})
    suite = etree.SubElement(suites, "testsuite", name="quizlint", **counts)
    for path in paths:
        _testcase(suite, path, failing[path], [finding for finding in by_file.get(path, [])
                                               if not fails(finding, fail_on)])
    return etree.tostring(suites, xml_declaration=True, encoding="UTF-8", pretty_print=True).decode("utf-8")
