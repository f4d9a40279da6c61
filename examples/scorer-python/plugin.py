#!/usr/bin/python3
"""compactguard scorer plugin written in Python.

It speaks the same protocol as a Go plugin built with sdk.Serve:

* go-plugin's handshake: check the magic cookie, listen, then print
  ``1|1|tcp|127.0.0.1:PORT|grpc|CERT`` as the first line of stdout
  (core protocol 1, app protocol 1 = sdk.ProtocolVersion, and with
  AutoMTLS the base64 DER of this process's own certificate);
* AutoMTLS: the host puts its one-time client certificate in
  PLUGIN_CLIENT_CERT; we serve TLS with a fresh self-signed certificate and
  accept only that client;
* the services go-plugin expects beside ours: grpc.health.v1.Health
  ("plugin" SERVING), plugin.GRPCController (Shutdown exits the process)
  and plugin.GRPCStdio;
* compactguard.v1.Scorer: Describe, Configure, Score, SelfScore.

Run it under the host, never by hand (it exits with a message when the
cookie is missing). Logs go to stderr as hclog JSON lines, which the host
forwards under the plugin's name. Nothing but the handshake goes to stdout.
"""

import base64
import datetime
import json
import math
import os
import signal
import sys
import threading
import time
from concurrent import futures

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "gen"))
sys.path.insert(0, HERE)

import grpc  # noqa: E402  (python3-grpcio)

from compactguard.v1 import plugin_pb2 as pb  # noqa: E402
from goplugin import grpc_controller_pb2, grpc_stdio_pb2  # noqa: E402
from health import health_pb2  # noqa: E402
import scorer  # noqa: E402

# Must match sdk.MagicCookieKey / sdk.MagicCookieValue (sdk/serve.go).
MAGIC_COOKIE_KEY = "COMPACTGUARD_PLUGIN"
MAGIC_COOKIE_VALUE = "712ba1958b3b74a853c0ca20c115e6a9dc1015bff42b67acb83f900ad22ad273"
CORE_PROTOCOL_VERSION = 1
APP_PROTOCOL_VERSION = 1  # sdk.ProtocolVersion
MAX_MESSAGE_BYTES = 64 << 20  # sdk.MaxMessageBytes
VERSION = "0.1.0"

SCHEMA = [
    pb.ConfigAttribute(name="min_term_share", type="number",
                       description="share in (0,1] of an item's key terms one candidate sentence must hold (default 1: all)"),
    pb.ConfigAttribute(name="weights", type="map(string)",
                       description="category => weight in the anchored score, numbers as strings (defaults prohibition 3, others 2, unknown 1)"),
]


def log(level, msg, **kv):
    """One hclog JSON line on stderr; the host parses and forwards it."""
    entry = {"@level": level, "@message": msg, "@module": "scorer-python",
             "@timestamp": datetime.datetime.now(datetime.timezone.utc).isoformat()}
    entry.update(kv)
    sys.stderr.write(json.dumps(entry) + "\n")
    sys.stderr.flush()


def error_diag(attribute, summary):
    return pb.Diagnostic(severity=pb.Diagnostic.ERROR, attribute=attribute, summary=summary)


class Scorer:
    """compactguard.v1.Scorer."""

    def __init__(self):
        self.lock = threading.Lock()
        self.min_share = 1.0
        self.weights = dict(scorer.WEIGHTS)

    def Describe(self, request, context):
        return pb.DescribeResponse(
            name="python", kind="scorer", plugin_version=VERSION,
            protocol_version=APP_PROTOCOL_VERSION,
            description="key-term scorer in Python: an item is kept when one candidate sentence holds all its key terms (and its negation)",
            config_schema=SCHEMA)

    def Configure(self, request, context):
        try:
            cfg = json.loads(request.config_json or b"{}")
        except ValueError as e:
            return pb.ConfigureResponse(diagnostics=[error_diag("", "config is not a JSON object: %s" % e)])
        if not isinstance(cfg, dict):
            return pb.ConfigureResponse(diagnostics=[error_diag("", "config is not a JSON object")])
        diags = []
        share = cfg.get("min_term_share", 1.0)
        if isinstance(share, bool) or not isinstance(share, (int, float)) or math.isnan(share) or not 0 < share <= 1:
            diags.append(error_diag("min_term_share", "must be a number in (0,1], got %r" % (share,)))
        weights = dict(scorer.WEIGHTS)
        raw = cfg.get("weights") or {}
        if not isinstance(raw, dict):
            diags.append(error_diag("weights", "must be a map of category to number"))
            raw = {}
        for cat, w in sorted(raw.items()):
            try:
                f = float(w)
            except (TypeError, ValueError):
                f = float("nan")
            if math.isnan(f) or f < 0 or math.isinf(f):
                diags.append(error_diag('weights["%s"]' % cat, "must be a number >= 0, got %r" % (w,)))
            else:
                weights[cat] = f
        for name in cfg:
            if name not in ("min_term_share", "weights"):
                diags.append(error_diag(name, "unknown config attribute"))
        if diags:
            return pb.ConfigureResponse(diagnostics=diags)
        with self.lock:
            self.min_share, self.weights = float(share), weights
        log("info", "configured", min_term_share=self.min_share)
        return pb.ConfigureResponse()

    def Score(self, request, context):
        with self.lock:
            share, weights = self.min_share, self.weights
        total, verdicts = scorer.score(request.candidate, list(request.items), share, weights)
        resp = pb.ScoreResponse(score=total)
        for i, (kept, s, evidence, fate, note) in enumerate(verdicts):
            resp.items.add(index=i, preserved=kept, score=s, evidence=evidence, fate=fate, note=note)
        return resp

    def SelfScore(self, request, context):
        return pb.SelfScoreResponse(score=scorer.self_score(request.candidate))


def unary(fn, req_cls, resp_cls):
    return grpc.unary_unary_rpc_method_handler(
        fn, request_deserializer=req_cls.FromString, response_serializer=resp_cls.SerializeToString)


def handlers(impl, shutdown):
    """The gRPC services, wired by hand (see gen.sh for why)."""
    scorer_service = grpc.method_handlers_generic_handler("compactguard.v1.Scorer", {
        "Describe": unary(impl.Describe, pb.DescribeRequest, pb.DescribeResponse),
        "Configure": unary(impl.Configure, pb.ConfigureRequest, pb.ConfigureResponse),
        "Score": unary(impl.Score, pb.ScoreRequest, pb.ScoreResponse),
        "SelfScore": unary(impl.SelfScore, pb.SelfScoreRequest, pb.SelfScoreResponse),
    })

    def check(request, context):
        if request.service in ("", "plugin"):
            return health_pb2.HealthCheckResponse(status=health_pb2.HealthCheckResponse.SERVING)
        return health_pb2.HealthCheckResponse(status=health_pb2.HealthCheckResponse.SERVICE_UNKNOWN)

    health_service = grpc.method_handlers_generic_handler("grpc.health.v1.Health", {
        "Check": unary(check, health_pb2.HealthCheckRequest, health_pb2.HealthCheckResponse),
    })

    def shutdown_rpc(request, context):
        log("debug", "shutdown requested by the host")
        shutdown.set()
        return grpc_controller_pb2.Empty()

    controller_service = grpc.method_handlers_generic_handler("plugin.GRPCController", {
        "Shutdown": unary(shutdown_rpc, grpc_controller_pb2.Empty, grpc_controller_pb2.Empty),
    })

    def stream_stdio(request, context):
        # Our stdout and stderr are pipes the host already reads; there is
        # nothing extra to stream. Hold the stream open until shutdown so
        # the host does not log it as ended early.
        while not shutdown.wait(0.5) and context.is_active():
            pass
        return
        yield  # a generator, for the streaming response

    from google.protobuf import empty_pb2
    stdio_service = grpc.method_handlers_generic_handler("plugin.GRPCStdio", {
        "StreamStdio": grpc.unary_stream_rpc_method_handler(
            stream_stdio, request_deserializer=empty_pb2.Empty.FromString,
            response_serializer=grpc_stdio_pb2.StdioData.SerializeToString),
    })
    return [scorer_service, health_service, controller_service, stdio_service]


def server_credentials(client_cert_pem):
    """AutoMTLS: a fresh self-signed certificate for localhost, as
    go-plugin's own generateCert makes, trusting only the host's client
    certificate. Returns the credentials and the handshake's cert field
    (base64 of the DER, without padding)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost"),
                      x509.NameAttribute(NameOID.ORGANIZATION_NAME, "compactguard plugin")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder()
            .subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(seconds=30))
            .not_valid_after(now + datetime.timedelta(days=3650))
            .add_extension(x509.SubjectAlternativeName([x509.DNSName("localhost")]), critical=False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .add_extension(x509.KeyUsage(digital_signature=True, content_commitment=False, key_encipherment=True,
                                         data_encipherment=False, key_agreement=True, key_cert_sign=True,
                                         crl_sign=False, encipher_only=False, decipher_only=False), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH, ExtendedKeyUsageOID.CLIENT_AUTH]),
                           critical=False)
            .sign(key, hashes.SHA256()))
    key_pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption())
    cert_pem = cert.public_bytes(serialization.Encoding.PEM)
    creds = grpc.ssl_server_credentials([(key_pem, cert_pem)], root_certificates=client_cert_pem.encode(),
                                        require_client_auth=True)
    der = cert.public_bytes(serialization.Encoding.DER)
    return creds, base64.b64encode(der).decode("ascii").rstrip("=")


def main():
    if os.environ.get(MAGIC_COOKIE_KEY) != MAGIC_COOKIE_VALUE:
        sys.stderr.write("This is a compactguard scorer plugin. It is started by compactguard "
                         "(plugin \"scorer\" \"python\" { ... } in policies.hcl), not by hand.\n")
        return 1
    offered = os.environ.get("PLUGIN_PROTOCOL_VERSIONS", str(APP_PROTOCOL_VERSION))
    if str(APP_PROTOCOL_VERSION) not in [v.strip() for v in offered.split(",")]:
        sys.stderr.write("compactguard offers plugin protocol versions %s; this plugin speaks %d\n"
                         % (offered, APP_PROTOCOL_VERSION))
        return 1

    # The host coordinates shutdown (GRPCController.Shutdown); a Ctrl-C
    # meant for the host reaches our process group too and is ignored, as
    # go-plugin's Serve does.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    shutdown = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: shutdown.set())

    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=8),
        options=[("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
                 ("grpc.max_send_message_length", MAX_MESSAGE_BYTES)])
    server.add_generic_rpc_handlers(handlers(Scorer(), shutdown))

    client_cert = os.environ.get("PLUGIN_CLIENT_CERT", "")
    cert_field = ""
    if client_cert:
        creds, cert_field = server_credentials(client_cert)
        port = server.add_secure_port("127.0.0.1:0", creds)
    else:
        port = server.add_insecure_port("127.0.0.1:0")
    server.start()

    line = "%d|%d|tcp|127.0.0.1:%d|grpc" % (CORE_PROTOCOL_VERSION, APP_PROTOCOL_VERSION, port)
    if cert_field:
        line += "|" + cert_field
    sys.stdout.write(line + "\n")
    sys.stdout.flush()
    log("debug", "plugin serving", port=port, mtls=bool(cert_field))

    shutdown.wait()
    server.stop(grace=1).wait()
    log("debug", "plugin exiting")
    return 0


if __name__ == "__main__":
    sys.exit(main())
