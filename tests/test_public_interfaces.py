"""The site uses the libraries it stands on through their public interfaces only: no module imports or reads a
private name (a leading underscore) of Django, DRF, Channels, channels-redis, kombu or psycopg, so that an
upgrade cannot silently break a push or a request (STYLE.md, section 6)."""
from __future__ import annotations

import ast
import importlib.util
import re
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIBRARIES = ("django", "rest_framework", "channels", "channels_redis", "kombu", "psycopg")
OURS = ("arkproject", "games", "accounts", "bench", "tests")
#: Underscored names the libraries document as public: Django's Model._meta API and model state, the default
#: manager (Django's "Model._default_manager" is documented), and namedtuple-style helpers.
DOCUMENTED = {"_meta", "_state", "_default_manager", "_base_manager", "_replace", "_asdict", "_fields"}


def sources() -> list[Path]:
    return sorted(p for d in OURS for p in (ROOT / d).rglob("*.py") if "migrations" not in p.parts)


@lru_cache(maxsize=None)
def library_text(name: str) -> str:
    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.submodule_search_locations, name
    folder = Path(list(spec.submodule_search_locations)[0])
    return "\n".join(p.read_text(errors="ignore") for p in folder.rglob("*.py"))


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__")) and name not in DOCUMENTED


def our_private_names(trees: list[ast.AST]) -> set[str]:
    """Underscored names the project defines itself (functions, classes, attributes, variables)."""
    names: set[str] = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.arg):
                names.add(node.arg)
            elif isinstance(node, ast.alias):
                names.add(node.asname or node.name.split(".")[-1])
    return {n for n in names if n.startswith("_")}


def test_no_private_name_of_the_libraries_is_imported_or_read() -> None:
    trees = {path: ast.parse(path.read_text(), filename=str(path)) for path in sources()}
    ours = our_private_names(list(trees.values()))
    found = []
    for path, tree in trees.items():
        where = path.relative_to(ROOT)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in LIBRARIES:
                parts = node.module.split(".") + [alias.name for alias in node.names]
                found += [f"{where}:{node.lineno}: imports {node.module}.{p}" for p in parts if private(p)]
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.split(".")[0] in LIBRARIES and any(private(p) for p in alias.name.split(".")):
                        found.append(f"{where}:{node.lineno}: imports {alias.name}")
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and private(node.attr):
                owner = node.value
                if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
                    continue
                if node.attr in ours:
                    continue
                if any(re.search(rf"\b{re.escape(node.attr)}\b", library_text(lib)) for lib in LIBRARIES):
                    found.append(f"{where}:{node.lineno}: reads {ast.unparse(node)}")
    assert found == []


def test_the_check_sees_a_private_read() -> None:
    """The scan above is no empty promise: a module that read a layer's private settings is caught."""
    tree = ast.parse("from channels.layers import get_channel_layer\nhosts = get_channel_layer()._kwargs\n")
    reads = [n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and private(n.attr)]
    assert reads == ["_kwargs"] and re.search(r"\b_kwargs\b", library_text("channels_redis"))


def library_names(tree: ast.AST) -> set[str]:
    """Names a module binds by importing them from a library (``admin`` of ``from django.contrib import admin``)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in LIBRARIES:
            names |= {alias.asname or alias.name for alias in node.names}
        elif isinstance(node, ast.Import):
            names |= {(alias.asname or alias.name).split(".")[0] for alias in node.names
                      if alias.name.split(".")[0] in LIBRARIES}
    return names


def replaced_at_run_time(tree: ast.AST) -> list[tuple[int, str]]:
    """Assignments that replace an attribute of a library's object (``admin.site.login = ...``)."""
    imported = library_names(tree)
    found = []
    for node in ast.walk(tree):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, (ast.AugAssign, ast.AnnAssign)) else []
        for target in targets:
            root = target
            while isinstance(root, ast.Attribute):
                root = root.value
            if isinstance(target, ast.Attribute) and isinstance(root, ast.Name) and root.id in imported:
                found.append((node.lineno, ast.unparse(target)))
    return found


def test_no_library_object_is_changed_at_run_time() -> None:
    """Nothing of a library is replaced as the site starts (a view, a method, a setting of its objects): a
    library is configured and extended the ways it documents (settings, subclasses, URLs), never patched."""
    found = [f"{path.relative_to(ROOT)}:{line}: replaces {what}" for path in sources()
             if "tests" not in path.relative_to(ROOT).parts
             for line, what in replaced_at_run_time(ast.parse(path.read_text(), filename=str(path)))]
    assert found == []
    patched = ast.parse("from django.contrib import admin\nadmin.site.login = limit(admin.site.login)\n")
    assert replaced_at_run_time(patched) == [(2, "admin.site.login")]  # the check sees what it looks for


def test_consumers_keep_channels_own_dispatch() -> None:
    """The socket consumers leave Channels' ``dispatch`` (which cleans up old database connections) alone."""
    found = [f"{path.relative_to(ROOT)}:{node.lineno}" for path in sources()
             for node in ast.walk(ast.parse(path.read_text()))
             if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == "dispatch"
             and "tests" not in path.relative_to(ROOT).parts]
    assert found == []
