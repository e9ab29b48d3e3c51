from django.http import JsonResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET, require_POST

from invoices.models import Invoice
from invoices.tasks import send_invoice


@require_GET
def invoice_list(request):
    rows = Invoice.objects.order_by("-id").values("id", "customer", "amount_cents", "sent_at")[:100]
    return JsonResponse({"invoices": list(rows)})


@require_POST
def send(request, invoice_id: int):
    invoice = get_object_or_404(Invoice, pk=invoice_id)
    send_invoice.delay(invoice.id)
    return JsonResponse({"queued": invoice.id}, status=202)
