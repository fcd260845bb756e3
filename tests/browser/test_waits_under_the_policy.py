"""The browser tests' waits run under the site's Content-Security-Policy.

Playwright's ``wait_for_function`` evaluates a bare expression (``"window.done === 1"``) with ``eval`` at every poll,
in the page: the first poll runs through the DevTools protocol, which the policy does not cover, and every later one
is refused by ``script-src 'self'`` (no ``unsafe-eval``), so a wait that is not already true at once fails, and only
on a slow machine (CI's, stop 39). A function (``"() => window.done === 1"``) is evaluated once, by the protocol, and
then called. This reads every browser test for a wait on a bare expression.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

FUNCTION = re.compile(r"\s*(async\s+)?(function\b|\w+\s*=>|\([^()]*\)\s*=>)")


def bare_waits(source: str) -> list[int]:
    """The lines of ``source`` that call ``wait_for_function`` with a literal that is not a function."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "wait_for_function" and node.args
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
                and not FUNCTION.match(node.args[0].value)):
            lines.append(node.lineno)
    return lines


def test_the_reader_tells_a_bare_expression_from_a_function() -> None:
    assert bare_waits('page.wait_for_function("window.done === 1")') == [1]
    assert bare_waits('page.wait_for_function("document.x" " || y")') == [1]
    for function in ('"() => window.done === 1"', '"n => n > 1", arg=1', '"([n, e]) => n === e"',
                     '"""() => {\n return 1;\n}"""', '"function () { return 1; }"', 'ready'):
        assert bare_waits(f"page.wait_for_function({function})") == [], function


def test_every_browser_test_waits_on_a_function() -> None:
    here = Path(__file__).parent
    found = {path.name: lines for path in sorted(here.glob("*.py")) if (lines := bare_waits(path.read_text()))}
    assert found == {}, f"wait_for_function on a bare expression (write it as '() => ...'): {found}"
