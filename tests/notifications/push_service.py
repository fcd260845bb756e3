"""A push service on 127.0.0.1 for the Web Push tests, and the device side of a subscription.

The service is a small HTTP server (RFC 8030's "push resource": a POST per push) that keeps what it receives and
answers 201, or the status a test sets for an endpoint (410: the subscription is gone). The device holds the
P-256 key and auth secret a browser makes when it subscribes, so a test decrypts what the site sent (RFC 8291,
``aes128gcm`` through ``http_ece``) and checks the VAPID signature (RFC 8292) as a push service does.
"""
from __future__ import annotations

import base64
import json
import os
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class LocalPushService:
    """Every POST it got, in order; ``status[path]`` answers that path with another status than 201."""

    received: list[Received] = field(default_factory=list)
    status: dict[str, int] = field(default_factory=dict)
    url: str = ""

    def start(self) -> "LocalPushService":
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                service.received.append(Received(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                code = service.status.get(self.path, 201)
                self.send_response(code)
                self.send_header("Location", f"{service.url}/message/{len(service.received)}")
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def device(self, name: str) -> "Device":
        return Device(endpoint=f"{self.url}/push/{name}")

    def to(self, device: "Device") -> list[Received]:
        return [r for r in self.received if self.url + r.path == device.endpoint]


@dataclass
class Device:
    """A browser's side of one subscription: its key pair and auth secret, and what it decrypts."""

    endpoint: str
    key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    def subscription(self) -> dict[str, Any]:
        """What ``PushSubscription.toJSON()`` gives the page."""
        public = self.key.public_key().public_bytes(serialization.Encoding.X962,
                                                    serialization.PublicFormat.UncompressedPoint)
        return {"endpoint": self.endpoint, "expirationTime": None,
                "keys": {"p256dh": b64url(public), "auth": b64url(self.auth)}}

    def read(self, push: Received) -> dict[str, Any]:
        """The push's content, decrypted as the browser does."""
        assert push.headers["content-encoding"] == "aes128gcm"
        return json.loads(http_ece.decrypt(push.body, private_key=self.key, auth_secret=self.auth,
                                           version="aes128gcm"))


def vapid_claims(push: Received, public_key: str) -> dict[str, Any]:
    """The VAPID token's claims, after checking its signature with the site's public key (as a push service
    does); ``k`` must be that key."""
    scheme, _, params = push.headers["authorization"].partition(" ")
    assert scheme == "vapid", push.headers["authorization"]
    parts = dict(p.strip().split("=", 1) for p in params.split(","))
    assert parts["k"] == public_key
    header, claims, signature = parts["t"].split(".")
    raw = unb64url(signature)
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(public_key))
    key.verify(encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")),
               f"{header}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    assert json.loads(unb64url(header)) == {"typ": "JWT", "alg": "ES256"}
    return json.loads(unb64url(claims))
