"""Work the web process hands to the Celery worker."""
from celery import shared_task
from django.utils import timezone

from invoices.models import Invoice


@shared_task(bind=True, max_retries=3)
def send_invoice(self, invoice_id: int) -> None:
    invoice = Invoice.objects.get(pk=invoice_id)
    invoice.sent_at = timezone.now()
    invoice.save(update_fields=["sent_at"])
