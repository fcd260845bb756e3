from django.urls import path

from games.chat import api

urlpatterns = [
    path("games/<int:game_id>/chat/", api.ChatView.as_view(), name="api-game-chat"),
    path("chat/<int:message_id>/report/", api.ChatReportView.as_view(), name="api-chat-report"),
    path("chat/settings/", api.ChatSettingView.as_view(), name="api-chat-settings"),
]
