from django.contrib import admin
from django.http import HttpRequest, HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from accounts.views import LanguageSetView
from arkproject.ratelimit import rate_limit


def favicon(request: HttpRequest) -> HttpResponsePermanentRedirect:
    """/favicon.ico: the site's icon (its static address is known once the static files are collected)."""
    return HttpResponsePermanentRedirect(static("images/ark.svg"))


# The API first: its calls are most of the traffic (a turn's URL was tried against every page's first).
# No two prefixes overlap, so the order decides nothing else.
urlpatterns = [
    path("api/accounts/me/push/", include("games.push.urls")),
    path("api/accounts/", include("accounts.api_urls")),
    path("api/", include("games.api.urls")),
    path("api/", include("games.chat.urls")),
    path("api/", include("games.rematch.urls")),
    path("api/", include("games.review.urls")),
    path("api/", include("games.ratings.urls")),
    path("api/", include("games.tournaments.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # the pages' scripts' words in the reader's language (gettext(), interpolate() as globals)
    path("jsi18n/", JavaScriptCatalog.as_view(packages=["games", "accounts", "arkproject"]), name="javascript-catalog"),
    # the language switcher: the cookie for everyone, the account's choice too when signed in (docs/i18n.md)
    path("i18n/setlang/", LanguageSetView.as_view(), name="set_language"),
    # browsers ask for /favicon.ico whatever the pages link to
    path("favicon.ico", favicon),
    # the split view serves its start-up script as a file: no inline script (Content-Security-Policy)
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
    path("", include("games.push.web_urls")),  # /sw.js, /manifest.webmanifest, /offline/ at the root
    path("", include("games.ratings.web_urls")),
    path("", include("games.tournaments.web_urls")),
    path("", include("games.review.web_urls")),
    path("", include("games.web.urls")),
    # the admin's log-in page counts against the same limit as the site's: served here, before the admin's own
    path("admin/login/", rate_limit("login", field="username")(admin.site.login)),
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
]

# Under /api/ every error is JSON with a readable `detail`, also where no view matched.
handler400 = "arkproject.exceptions.bad_request"
handler404 = "arkproject.exceptions.page_not_found"
handler500 = "arkproject.exceptions.server_error"
