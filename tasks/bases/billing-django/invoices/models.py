from django.db import models


class Invoice(models.Model):
    customer = models.CharField(max_length=200)
    amount_cents = models.PositiveIntegerField()
    sent_at = models.DateTimeField(null=True, blank=True)
