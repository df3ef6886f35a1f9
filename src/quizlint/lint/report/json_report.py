"""``--format json``: an array of findings with exactly the keys file, line, column, code, rule, severity,
message, item; sorted by file, line, column, code."""

from __future__ import annotations

import json


def render(result, **_: object) -> str:
    return json.dumps([finding.as_json() for finding in result.findings], indent=2, ensure_ascii=False) + "\n"
