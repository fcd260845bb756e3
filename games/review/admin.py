from django.contrib import admin

from games.review.models import Review


@admin.register(Review)
class ReviewAdmin(admin.ModelAdmin):
    list_display = ("game", "status", "requested_by", "created_at", "finished_at")
    list_filter = ("status",)
    raw_id_fields = ("game", "requested_by")
    readonly_fields = ("budget", "result", "error", "created_at", "queued_at", "started_at", "finished_at")
