"""GET /healthz answers 200 as soon as the process serves requests, whatever the Host header says."""
from django.http import JsonResponse


class HealthCheckMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path == "/healthz":
            return JsonResponse({"status": "ok"})
        return self.get_response(request)
