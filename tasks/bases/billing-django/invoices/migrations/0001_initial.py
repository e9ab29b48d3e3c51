from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True
    dependencies = []

    operations = [
        migrations.CreateModel(
            name="Invoice",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("customer", models.CharField(max_length=200)),
                ("amount_cents", models.PositiveIntegerField()),
                ("sent_at", models.DateTimeField(blank=True, null=True)),
            ],
        ),
    ]
