"""games/rules is pure Python: it must import none of the web stack (STYLE.md section 1)."""
import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "games" / "rules"
FORBIDDEN = {"django", "rest_framework", "channels", "celery", "redis"}


def imported_modules(tree: ast.AST) -> list[str]:
    """Absolute module names imported anywhere in a module, including inside functions."""
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    return names


def test_rules_sources_import_no_web_stack() -> None:
    sources = sorted(RULES.rglob("*.py"))
    assert sources, f"no Python files under {RULES}"
    offenders = [
        f"{path.relative_to(ROOT)}: {name}"
        for path in sources
        for name in imported_modules(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))
        if name.split(".")[0] in FORBIDDEN
    ]
    assert offenders == []


def test_importing_rules_loads_no_web_stack() -> None:
    code = (
        "import games.rules, games.rules.record, sys; "
        f"assert not any(m.split('.')[0] in {sorted(FORBIDDEN)!r} for m in sys.modules)"
    )
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
