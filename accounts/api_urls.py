from django.urls import path

from . import api

urlpatterns = [
    path("register/", api.UserRegisterApi.as_view(), name="api_accounts_register"),
    path("token/", api.AuthTokenObtainApi.as_view(), name="api_accounts_token"),
    path("token/current/", api.AuthTokenRevokeApi.as_view(), name="api_accounts_token_revoke"),
    path("me/", api.MeApi.as_view(), name="api_accounts_me"),
    path("me/notifications/", api.NotificationSettingsApi.as_view(), name="api_accounts_notifications"),
    path("me/vacation/", api.VacationApi.as_view(), name="api_accounts_vacation"),
]
