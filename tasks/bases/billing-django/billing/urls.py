from django.urls import path

from invoices import views

urlpatterns = [
    path("api/invoices/", views.invoice_list),
    path("api/invoices/<int:invoice_id>/send", views.send),
]
