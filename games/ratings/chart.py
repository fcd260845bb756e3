"""A rating history as an SVG line chart, drawn on the server (shapes and classes only: no inline styles)."""
from __future__ import annotations

from typing import Any

WIDTH, HEIGHT = 600, 200
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 44, 12, 12, 24


def history_chart(points: list[dict[str, Any]]) -> dict[str, Any]:
    """Coordinates for ``templates/games/_rating_chart.html`` from ``rating_history`` rows (oldest first),
    starting from the newcomer's rating before the first game."""
    if not points:
        return {}
    values = [points[0]["rating"] - points[0]["change"]] + [p["rating"] for p in points]
    low, high = min(values), max(values)
    if high - low < 20:  # a flat history still gets a readable scale
        low, high = low - 10, high + 10
    inner_w, inner_h = WIDTH - PAD_LEFT - PAD_RIGHT, HEIGHT - PAD_TOP - PAD_BOTTOM
    step = inner_w / max(1, len(values) - 1)

    def y(value: float) -> float:
        return round(PAD_TOP + inner_h * (high - value) / (high - low), 1)

    coords = [(round(PAD_LEFT + i * step, 1), y(v)) for i, v in enumerate(values)]
    dots = [{"x": x, "y": yy, "rating": v, "game_id": p["game_id"]}
            for (x, yy), v, p in zip(coords[1:], values[1:], points)]
    return {
        "width": WIDTH, "height": HEIGHT, "points": " ".join(f"{x},{yy}" for x, yy in coords), "dots": dots,
        "left": PAD_LEFT, "right": WIDTH - PAD_RIGHT, "top": PAD_TOP, "bottom": HEIGHT - PAD_BOTTOM,
        "high": high, "low": low, "high_y": y(high) + 4, "low_y": y(low), "label_x": PAD_LEFT - 6,
        "games": len(points), "first": values[0], "last": values[-1],
    }
