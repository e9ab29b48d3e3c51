"""Report service: serves the daily sales report over HTTP. Standard library only."""
import argparse
import json
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class ReportHandler(BaseHTTPRequestHandler):
    def do_GET(self):
        body = json.dumps({"status": "ok"} if self.path == "/health" else {"sales": []}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(body)


def main():
    parser = argparse.ArgumentParser(description="Serve the daily sales report.")
    parser.add_argument("--port", type=int, default=9000, help="port to listen on (default 9000)")
    parser.add_argument("--bind", default="0.0.0.0", help="address to bind (default 0.0.0.0)")
    args = parser.parse_args()
    ThreadingHTTPServer((args.bind, args.port), ReportHandler).serve_forever()


if __name__ == "__main__":
    main()
