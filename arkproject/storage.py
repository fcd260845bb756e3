"""Static files in production: hashed names, compressed copies (WhiteNoise), and ES module imports rewritten."""
from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's storage, also rewriting ``import ... from "./tiles.js"`` in static/js to the hashed names, so
    that after a deploy a page's modules all come from one version (and each is cached for good)."""

    support_js_module_import_aggregation = True
