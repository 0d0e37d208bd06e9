"""What the terminal remembers of a user: their language and encoding, and their SSH public keys
(added and removed on the web account page, bbs/views.py)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class TerminalChoice(models.Model):
    """A user's choices in the terminal's menu, kept for their next session."""

    class Language(models.TextChoices):
        ZH_HANT = "zh-hant", "中文"
        EN = "en", "English"

    class Encoding(models.TextChoices):
        UTF8 = "utf-8", "UTF-8"
        BIG5 = "big5", "Big5"

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="terminal_choice", verbose_name=_("user")
    )
    language = models.CharField(_("language"), max_length=8, choices=Language.choices, default=Language.ZH_HANT)
    encoding = models.CharField(_("encoding"), max_length=8, choices=Encoding.choices, default=Encoding.UTF8)


class SSHKey(models.Model):
    """A public key its user logs in to the terminal with (OpenSSH's one-line form)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ssh_keys", verbose_name=_("user")
    )
    name = models.CharField(_("name"), max_length=100, blank=True)
    public_key = models.TextField(_("public key"))
    # SHA256 of the key, as `ssh-keygen -l` prints it; one account per key.
    fingerprint = models.CharField(_("fingerprint"), max_length=100, unique=True)
    created_at = models.DateTimeField(_("added"), auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]


class TerminalDraft(models.Model):
    """What a user was writing in the terminal's editor when their session ended without a send or
    a Ctrl-Q (the connection dropped, the idle timeout): offered back at their next log-in, as
    PTT's 暫存檔. One per user: a newer one takes the older one's place."""

    class Kind(models.TextChoices):
        THREAD = "thread", _("a new thread")
        REPLY = "reply", _("a reply")
        LETTER = "letter", _("a letter")

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="terminal_draft", verbose_name=_("user")
    )
    officer = models.ForeignKey(
        "campaign.Officer", on_delete=models.CASCADE, related_name="+", verbose_name=_("officer")
    )
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices)
    board = models.ForeignKey(
        "forum.Board", null=True, blank=True, on_delete=models.CASCADE, related_name="+", verbose_name=_("board")
    )
    thread = models.ForeignKey(
        "forum.Thread", null=True, blank=True, on_delete=models.CASCADE, related_name="+", verbose_name=_("thread")
    )
    recipient = models.CharField(_("recipient"), max_length=100, blank=True)  # a letter's, by name
    reply_to = models.ForeignKey(
        "forum.Letter", null=True, blank=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("reply to")
    )
    subject = models.CharField(_("title or subject"), max_length=300, blank=True)
    text = models.TextField(_("text"), blank=True)
    saved_at = models.DateTimeField(_("saved at"), auto_now=True)
