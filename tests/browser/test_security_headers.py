"""Every page works in Chromium under the site's strict Content-Security-Policy (no inline script or style)."""
from __future__ import annotations

from typing import Any

import pytest

from tests.browser.pages import sign_in
from tests.factories import UserFactory, start_game

pytestmark = pytest.mark.browser

WATCH = """window.__csp = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__csp.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`));"""


def visit(page: Any, path: str) -> list[str]:
    """Open ``path`` and return the policy violations the page met (and its script errors)."""
    page.errors.clear()
    response = page.goto(path)
    assert response.ok, (path, response.status)
    policy = response.headers.get("content-security-policy", "")
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy, policy
    assert "camera=()" in response.headers.get("permissions-policy", "")
    page.wait_for_load_state("networkidle")
    return page.evaluate("window.__csp") + [f"script error: {e}" for e in page.errors]


def test_every_page_runs_under_the_policy(new_page: Any) -> None:
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    staff = UserFactory(username="mod", is_staff=True, is_superuser=True)
    game = start_game([ann, bob])
    anonymous = new_page()
    anonymous.add_init_script(WATCH)
    problems = {path: visit(anonymous, path) for path in ("/", "/accounts/signup/", "/accounts/login/",
                                                          "/accounts/password/reset/", f"/games/{game.pk}/",
                                                          "/players/ann/", "/api/docs/")}
    player = new_page()
    player.add_init_script(WATCH)
    sign_in(player, ann)
    problems.update({f"{path} (Ann)": visit(player, path) for path in ("/", "/accounts/settings/",
                                                                       f"/games/{game.pk}/")})
    moderator = new_page()
    moderator.add_init_script(WATCH)
    sign_in(moderator, staff)
    problems.update({f"{path} (moderator)": visit(moderator, path) for path in (
        "/admin/", "/admin/games/game/", f"/admin/games/game/{game.pk}/change/", "/admin/accounts/user/")})
    assert {path: found for path, found in problems.items() if found} == {}
    anonymous.goto("/api/docs/")  # its start-up script is a file now, and it runs
    anonymous.wait_for_selector("#swagger-ui .opblock-tag", timeout=15000)
