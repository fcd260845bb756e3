from django.contrib.auth import views as auth_views
from django.urls import path

from . import views

# No app_name: Django's auth views reverse these names unqualified ("password_reset_done", ...).
urlpatterns = [
    path("signup/", views.UserSignUpView.as_view(), name="signup"),
    path("login/", views.UserLoginView.as_view(), name="login"),
    path("logout/", views.UserLogoutView.as_view(), name="logout"),
    path("password/change/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path("password/change/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("password/reset/", views.PasswordResetView.as_view(), name="password_reset"),
    path("password/reset/done/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path("password/reset/<uidb64>/<token>/", auth_views.PasswordResetConfirmView.as_view(),
         name="password_reset_confirm"),
    path("password/reset/complete/", auth_views.PasswordResetCompleteView.as_view(), name="password_reset_complete"),
    path("confirm/resend/", views.EmailConfirmResendView.as_view(), name="email_confirm_resend"),
    path("confirm/<str:token>/", views.EmailConfirmView.as_view(), name="email_confirm"),
    path("settings/", views.UserSettingsView.as_view(), name="settings"),
    path("vacation/start/", views.VacationStartView.as_view(), name="vacation_start"),
    path("vacation/end/", views.VacationEndView.as_view(), name="vacation_end"),
    path("unsubscribe/<str:token>/", views.UnsubscribeView.as_view(), name="unsubscribe"),
]
