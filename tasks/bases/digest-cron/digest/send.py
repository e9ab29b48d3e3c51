"""The daily send (`python -m digest.send`, run by the CronJob): mails the digest to the team's list."""
import os
import smtplib
from email.message import EmailMessage

from digest import config


def main() -> None:
    settings = config.load()
    message = EmailMessage()
    message["Subject"] = settings["subject"].format(team=config.TEAM)
    message["From"] = settings["from"]
    message["To"] = settings["to"]
    message.set_content("Nothing new today." if not settings.get("items") else "\n".join(settings["items"]))
    with smtplib.SMTP(settings["smtp_host"], settings.get("smtp_port", 587)) as smtp:
        smtp.starttls()
        smtp.login(settings["from"], os.environ["SMTP_PASSWORD"])
        smtp.send_message(message)


if __name__ == "__main__":
    main()
