"""Render the app's SVG icons to PNG with Chromium (run once; the PNGs are committed)."""
import base64
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

here = Path(sys.argv[1])
jobs = [("app-icon.svg", "app-icon-192.png", 192), ("app-icon.svg", "app-icon-512.png", 512),
        ("app-icon-maskable.svg", "app-icon-maskable-512.png", 512), ("app-icon.svg", "apple-touch-icon.png", 180),
        ("app-icon-maskable.svg", "app-badge-96.png", 96)]
with sync_playwright() as pw:
    browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox"])
    for svg, png, size in jobs:
        page = browser.new_page(viewport={"width": size, "height": size})
        page.set_content(f'<html><body style="margin:0;background:transparent">'
                         f'<img src="data:image/svg+xml;base64,{base64.b64encode((here / svg).read_bytes()).decode()}" width="{size}" height="{size}" style="display:block"></body></html>')
        page.screenshot(path=str(here / png), omit_background=True)
        page.close()
    browser.close()
