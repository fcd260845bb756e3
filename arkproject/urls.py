from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from arkproject.ratelimit import rate_limit

# The admin's log-in page counts against the same limit as the site's (before admin.site.urls reads it).
admin.site.login = rate_limit("login", field="username")(admin.site.login)  # type: ignore[method-assign]

# The API first: its calls are most of the traffic (a turn's URL was tried against every page's first).
# No two prefixes overlap, so the order decides nothing else.
urlpatterns = [
    path("api/accounts/", include("accounts.api_urls")),
    path("api/", include("games.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("", include("games.urls")),
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
]

# Under /api/ every error is JSON with a readable `detail`, also where no view matched.
handler404 = "arkproject.exceptions.page_not_found"
handler500 = "arkproject.exceptions.server_error"
