from unittest import mock

from django.test import TestCase

from invoices.models import Invoice


class InvoiceApiTests(TestCase):
    def test_health_ignores_the_host(self):
        response = self.client.get("/healthz", HTTP_HOST="10.244.0.12:8000")
        self.assertEqual(response.status_code, 200)

    def test_lists_invoices(self):
        Invoice.objects.create(customer="Initech", amount_cents=4200)
        response = self.client.get("/api/invoices/")
        self.assertEqual(response.json()["invoices"][0]["customer"], "Initech")

    @mock.patch("invoices.views.send_invoice.delay")
    def test_send_queues_a_task(self, delay):
        invoice = Invoice.objects.create(customer="Initech", amount_cents=4200)
        response = self.client.post(f"/api/invoices/{invoice.id}/send")
        self.assertEqual(response.status_code, 202)
        delay.assert_called_once_with(invoice.id)
