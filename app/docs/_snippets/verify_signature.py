"""Verify the Kassa-Signature header of a Kassa callback. Python 3.10 or later, standard library only."""
import hashlib
import hmac
import os
import time
from http.server import BaseHTTPRequestHandler, HTTPServer
from urllib.parse import parse_qsl, quote_plus, urlsplit


def _form_encode(text):
    # as URLSearchParams writes a query: letters, digits and *-._ stay, a space is +, the rest %XX
    return quote_plus(text, safe="*").replace("~", "%7E")


def verify_kassa_signature(header, secret, account_id, method, url, tolerance_seconds=300, now=None):
    """True when `header` (`t=<unix seconds>,v0-hmac-sha256=<hex>`) is Kassa's signature of this request:
    `method` and the full `url` Kassa called (with its query), made with your account id and signing
    secret at most `tolerance_seconds` ago. The body is not signed."""
    fields = dict(part.split("=", 1) for part in (header or "").split(",") if "=" in part)
    t = fields.get("t", "")
    given = fields.get("v0-hmac-sha256", "")
    now = time.time() if now is None else now
    if not (t.isascii() and t.isdigit() and given.isascii()) or abs(now - int(t)) > tolerance_seconds:
        return False
    parts = urlsplit(url)
    host = parts.hostname or ""
    host = f"[{host}]" if ":" in host else host  # an IPv6 address keeps its brackets
    pairs = parse_qsl(parts.query, keep_blank_values=True)
    pairs.sort(key=lambda pair: pair[0].encode("utf-16-be"))  # by key, as URLSearchParams.sort()
    query = "&".join(f"{_form_encode(k)}={_form_encode(v)}" for k, v in pairs)
    signed = "\n".join([t, account_id, method.upper(), host, parts.path or "/", query])
    expected = hmac.new(secret.encode(), signed.encode(), hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, given)


class CallbackHandler(BaseHTTPRequestHandler):
    """Answers 200 to a request Kassa signed, 401 to any other (Kassa does not retry a 4xx)."""

    def answer(self):
        # The URL Kassa called: behind a proxy that changes the Host header, use your public callback URL's host.
        url = f"http://{self.headers.get('Host', '')}{self.path}"
        self.rfile.read(int(self.headers.get("Content-Length") or 0))  # not signed: fetch the transaction instead
        ok = verify_kassa_signature(
            self.headers.get("Kassa-Signature"),
            os.environ["KASSA_SIGNING_SECRET"],
            os.environ["KASSA_ACCOUNT_ID"],
            self.command,
            url,
        )
        body = b"{}" if ok else b'{"error":"invalid signature"}'
        self.send_response(200 if ok else 401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = answer


# KASSA_SIGNING_SECRET=... KASSA_ACCOUNT_ID=T00000001 PORT=8080 python3 verify_signature.py
if __name__ == "__main__":
    server = HTTPServer(("", int(os.environ.get("PORT", "8080"))), CallbackHandler)
    print(f"listening on port {server.server_port}", flush=True)
    server.serve_forever()
