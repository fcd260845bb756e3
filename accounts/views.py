"""Account pages; each view parses a form and calls one service."""
from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils import translation
from django.utils.decorators import method_decorator
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views import View
from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import set_language

from arkproject.ratelimit import rate_limit
from games.chat.services import chat_mute

from . import services
from .backends import BACKEND
from .forms import SignUpForm, UserSettingsForm, VacationStartForm
from .models import signed_in


class LanguageSetView(View):
    """The language switcher (templates/i18n/language_form.html): Django's set_language (the language cookie,
    back to ``next``), and for a signed-in player also the account's choice, so emails follow."""

    def post(self, request: HttpRequest) -> HttpResponse:
        language = request.POST.get("language", "")
        if request.user.is_authenticated and language in dict(settings.LANGUAGES):
            services.user_settings_update(user=signed_in(request), language=language)
        return set_language(request)


class UserLogoutView(auth_views.LogoutView):
    """Django's log-out, then the sockets opened with that session close (games/live)."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        from games.play.signals import account_sessions_changed

        user_id = request.user.pk if request.user.is_authenticated else None
        response = super().post(request, *args, **kwargs)
        if user_id is not None:  # the session is gone now: each of the user's sockets checks its own
            account_sessions_changed.send(sender=type(self), user_id=user_id)
        return response


def next_page(request: HttpRequest, default: str) -> str:
    """Where to go after signing up: the ``next`` the page was given, if it is a page of this site."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                                  require_https=request.is_secure()):
        return target
    return default


@method_decorator(rate_limit("signup"), name="post")  # settings.RATE_LIMITS: per client address
class UserSignUpView(View):
    """Create an account, log it in, send the confirmation email, go home."""

    template_name = "registration/signup.html"

    def get(self, request: HttpRequest) -> HttpResponse:
        if request.user.is_authenticated:
            return redirect(next_page(request, "/"))
        return render(request, self.template_name, {"form": SignUpForm(), "next": next_page(request, "")})

    def post(self, request: HttpRequest) -> HttpResponse:
        form = SignUpForm(request.POST)
        if form.is_valid():
            data = form.cleaned_data
            try:
                user = services.user_signup(username=data["username"], email=data["email"],
                                            password=data["password"], display_name=data["display_name"],
                                            time_zone=data.get("time_zone") or "", request=request)
            except ValidationError as exc:
                form.add_service_error(exc)
            else:
                login(request, user, backend=BACKEND)
                messages.success(request, _("Welcome, %(name)s! We sent a confirmation link to %(email)s.") % {"name": user.name,
                                                                                           "email": user.email})
                return redirect(next_page(request, "/"))  # back to the invitation that brought them, say
        return render(request, self.template_name, {"form": form, "next": next_page(request, "")})


@method_decorator(rate_limit("login", field="username"), name="post")  # per client address and per username
class UserLoginView(auth_views.LoginView):
    """Django's log-in page, with a limit on attempts (429 "Too many attempts; try again in N minutes")."""


@method_decorator(rate_limit("password_reset"), name="post")  # per client address
class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset view, with the link in the email built from settings.SITE_URL."""

    email_template_name = "registration/password_reset_email.html"
    subject_template_name = "registration/password_reset_subject.txt"
    success_url = reverse_lazy("password_reset_done")

    @property  # read per request, so a changed SITE_URL (tests, override_settings) is honoured
    def extra_email_context(self) -> dict[str, str]:  # type: ignore[override]
        return {"site_url": settings.SITE_URL.rstrip("/")}


class EmailConfirmView(View):
    """Confirm the address named in an emailed link and say so."""

    template_name = "accounts/email_confirm.html"

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        try:
            user = services.email_confirm(token=token)
        except ValidationError as exc:
            return render(request, self.template_name, {"error": exc.messages[0]}, status=400)
        return render(request, self.template_name, {"confirmed_user": user})


class EmailConfirmResendView(LoginRequiredMixin, View):
    """Send the logged-in user a fresh confirmation link (POST only)."""

    def post(self, request: HttpRequest) -> HttpResponse:
        if signed_in(request).email_confirmed:
            messages.info(request, _("Your email address is already confirmed."))
        else:
            services.email_confirmation_send(user=signed_in(request), request=request)
            messages.success(request, _("We sent a new confirmation link to %(email)s.") % {"email": signed_in(request).email})
        return redirect("settings")


def vacation_context(user: Any) -> dict[str, Any]:
    """The vacation part of the settings page: the one running, the days left, the form to start one."""
    return {"vacation": services.vacation_current(user=user),
            "vacation_days_left": services.vacation_days_left(user=user),
            "vacation_days_per_year": settings.VACATION_DAYS_PER_YEAR, "vacation_form": VacationStartForm()}


class UserSettingsView(LoginRequiredMixin, View):
    """Show and change the display name, notification choices and time zone."""

    template_name = "accounts/settings.html"

    def get(self, request: HttpRequest) -> HttpResponse:
        return render(request, self.template_name, {"form": UserSettingsForm.for_user(signed_in(request)),
                                                    **vacation_context(signed_in(request))})

    def post(self, request: HttpRequest) -> HttpResponse:
        form = UserSettingsForm.for_user(signed_in(request), request.POST)
        if form.is_valid():
            data = dict(form.cleaned_data)
            mute_chat = data.pop("mute_chat", False)  # the chat's own setting (games/chat)
            try:
                services.user_settings_update(user=signed_in(request), **data)
                chat_mute(user=signed_in(request), muted=mute_chat)
            except ValidationError as exc:
                form.add_error(None, exc)
            else:
                # the answer already speaks the language just chosen (or the browser's, when that is the choice)
                translation.activate(signed_in(request).language or translation.get_language_from_request(request))
                messages.success(request, _("Your settings are saved."))
                return redirect("settings")
        return render(request, self.template_name, {"form": form, **vacation_context(signed_in(request))})


class VacationStartView(LoginRequiredMixin, View):
    """Go on vacation (POST only): the clocks of every game waiting for you stop."""

    def post(self, request: HttpRequest) -> HttpResponse:
        form = VacationStartForm(request.POST)
        if not form.is_valid():
            messages.error(request, "; ".join(str(m) for errors in form.errors.values() for m in errors))
            return redirect("settings")
        try:
            vacation = services.vacation_start(user=signed_in(request), days=form.cleaned_data["days"])
        except ValidationError as exc:
            messages.error(request, exc.messages[0])
        else:
            latest = f"{vacation.ends_at:%Y-%m-%d %H:%M}"
            if vacation.days_planned is None:
                text = _("Enjoy your vacation: your clocks are stopped until you end it (at the latest until "
                         "%(latest)s UTC).") % {"latest": latest}
            else:
                text = ngettext("Enjoy your vacation: your clocks are stopped for %(days)d day (at the latest "
                                "until %(latest)s UTC).",
                                "Enjoy your vacation: your clocks are stopped for %(days)d days (at the latest "
                                "until %(latest)s UTC).", vacation.days_planned) % {
                    "days": vacation.days_planned, "latest": latest}
            messages.success(request, text)
        return redirect("settings")


class VacationEndView(LoginRequiredMixin, View):
    """End a vacation early (POST only): the clocks run again with the time that was left."""

    def post(self, request: HttpRequest) -> HttpResponse:
        vacation = services.vacation_end(user=signed_in(request))
        if vacation is None:
            messages.info(request, _("You are not on vacation."))
        else:
            days = vacation.days_used or 0
            messages.success(request, ngettext("Welcome back! That vacation counted %(days)d day.",
                                               "Welcome back! That vacation counted %(days)d days.", days)
                             % {"days": days})
        return redirect("settings")


@method_decorator(csrf_exempt, name="dispatch")  # mail clients POST one-click (RFC 8058) without a CSRF token
class UnsubscribeView(View):
    """An email's unsubscribe link, no log-in needed: GET asks to confirm, POST turns that kind of email off."""

    template_name = "accounts/unsubscribe.html"

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        try:
            user, kind = services.unsubscribe_read(token=token)
        except ValidationError as exc:
            return render(request, self.template_name, {"error": exc.messages[0]}, status=400)
        return render(request, self.template_name, {"target": user, "kind": kind, "token": token,
                                                    "what": services.UNSUBSCRIBE_NAMES[kind]})

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        try:
            user, kind = services.unsubscribe(token=token)
        except ValidationError as exc:
            return render(request, self.template_name, {"error": exc.messages[0]}, status=400)
        return render(request, self.template_name, {"target": user, "kind": kind, "done": True,
                                                    "what": services.UNSUBSCRIBE_NAMES[kind]})
