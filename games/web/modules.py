"""The game page's JavaScript modules, announced up front.

A page's modules import one another (``js/game.js`` imports the shell, then loads the game's board module, which
imports its own parts and the shell's helpers): fetched as the browser discovers them, each level of imports waits
for the one before, five or six round trips on a phone before the board can be drawn. The page names every
module it will need in ``<link rel="modulepreload">`` tags instead, so the browser fetches them all at once
(docs/performance.md). The list is read from the modules' own ``import ... from "..."`` lines, once per process.
"""
from __future__ import annotations

import posixpath
import re
from functools import lru_cache

from django.contrib.staticfiles import finders
from django.templatetags.static import static

#: A static import or re-export of a module by a literal path (``import x from "./a.js"``, ``import "./b.js"``,
#: ``export { y } from "../c.js"``); dynamic ``import(url)`` is the page's own business, and words in comments
#: never match, for they are not followed by a quoted path.
IMPORT = re.compile(r"""^\s*(?:import|export)\b[^"';]*?["']([^"']+\.js)["']""", re.M)


def imports_of(name: str) -> list[str]:
    """The static files ``name`` (e.g. ``js/game.js``) imports, as static names."""
    path = finders.find(name)
    if not path:
        return []
    with open(path, encoding="utf-8") as source:
        text = source.read()
    folder = posixpath.dirname(name)
    return [posixpath.normpath(posixpath.join(folder, target)) for target in IMPORT.findall(text)
            if target.startswith(".")]


@lru_cache(maxsize=None)
def module_closure(root: str) -> tuple[str, ...]:
    """Every module ``root`` needs, transitively, in the order found (``root`` first)."""
    found: list[str] = []
    todo = [root]
    while todo:
        name = todo.pop(0)
        if name in found:
            continue
        found.append(name)
        todo += imports_of(name)
    return tuple(found)


def module_preloads(page_module: str, board_module: str) -> list[str]:
    """The URLs to preload for a page whose ``<script type=module>`` is ``page_module`` and which then loads
    ``board_module``: all but the page module itself, through the static files storage (hashed in production,
    as the hashed modules' own imports are)."""
    page = module_closure(page_module)
    names = page + tuple(name for name in module_closure(board_module) if name not in page)
    return [static(name) for name in names if name != page_module]
