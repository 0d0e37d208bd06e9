"""The terminal's own changes: a user's remembered language and encoding, their SSH keys, the draft
the editor held when their session ended (offered back at the next log-in)."""

from django.db import transaction
from django.utils.translation import gettext as _

from bbs.models import SSHKey, TerminalChoice, TerminalDraft
from campaign.errors import NotAllowed, RuleViolation


@transaction.atomic
def terminal_choose(*, user, language: str | None = None, encoding: str | None = None) -> TerminalChoice:
    """Remember the user's language or encoding for their next session."""
    if language is not None and language not in TerminalChoice.Language.values:
        raise RuleViolation("bbs", _("No such language."))
    if encoding is not None and encoding not in TerminalChoice.Encoding.values:
        raise RuleViolation("bbs", _("No such encoding."))
    choice, _created = TerminalChoice.objects.select_for_update(no_key=True).get_or_create(user=user)
    if language is not None:
        choice.language = language
    if encoding is not None:
        choice.encoding = encoding
    choice.save()
    return choice


MAX_KEYS = 20  # keys an account holds at most
KEY_KINDS = ("ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521", "ssh-rsa")
MIN_RSA_BITS = 2048


def _parsed_key(text: str):
    """The public key in OpenSSH's one-line form (`ssh-ed25519 AAAA… comment`), or a refusal."""
    import asyncssh  # deferred: the web's key page reads keys, and the web process loads no SSH library

    text = " ".join(text.split())
    if not text or len(text) > 16_000:
        raise RuleViolation("bbs", _("Paste one public key, as its .pub file holds it (ssh-ed25519 AAAA… name)."))
    try:
        key = asyncssh.import_public_key(text)
    except (asyncssh.KeyImportError, ValueError):
        raise RuleViolation(
            "bbs", _("This is not a public key: paste the one line of its .pub file (ssh-ed25519 AAAA… name).")
        ) from None
    algorithm = key.get_algorithm()
    if algorithm not in KEY_KINDS:
        raise RuleViolation("bbs", _("Keys of this kind (%(kind)s) are not accepted.") % {"kind": algorithm})
    if algorithm == "ssh-rsa" and getattr(key.pyca_key, "key_size", 0) < MIN_RSA_BITS:
        raise RuleViolation("bbs", _("An RSA key needs at least %(bits)s bits.") % {"bits": MIN_RSA_BITS})
    return key


@transaction.atomic
def ssh_key_add(*, user, text: str, name: str = "") -> SSHKey:
    """A public key the user logs in to the terminal with; one account per key."""
    key = _parsed_key(text)
    fingerprint = key.get_fingerprint("sha256")
    if SSHKey.objects.filter(fingerprint=fingerprint).exists():
        raise RuleViolation("bbs", _("This key is added already (to this or another account)."))
    if SSHKey.objects.select_for_update(no_key=True).filter(user=user).count() >= MAX_KEYS:
        raise RuleViolation("bbs", _("An account holds at most %(n)s keys: remove one first.") % {"n": MAX_KEYS})
    public = key.export_public_key("openssh").decode().strip()
    label = " ".join(name.split())[:100] or (key.get_comment() or "")[:100]
    return SSHKey.objects.create(user=user, name=label, public_key=public, fingerprint=fingerprint)


@transaction.atomic
def ssh_key_remove(*, user, key: SSHKey) -> None:
    """Its owner removes a key: it logs in no more."""
    if key.user_id != user.pk:
        raise NotAllowed("bbs", _("Only its owner may remove a key."))
    key.delete()


DRAFT_SUBJECT = TerminalDraft._meta.get_field("subject").max_length


@transaction.atomic
def draft_keep(*, user, officer, kind: str, subject: str, text: str, **target) -> TerminalDraft:
    """The editor's draft kept for its user's next log-in, in the place of any older one (one per
    user): `target` is what it was for (a new thread's `board_id`, a reply's `thread_id`, a letter's
    `recipient` and `reply_to_id`). Only the user's own officer writes one."""
    if officer.user_id != user.pk:
        raise NotAllowed("bbs", _("A draft is kept for its writer only."))
    if kind not in TerminalDraft.Kind.values:
        raise RuleViolation("bbs", _("No such kind of draft."))
    fields: dict = {"board_id": None, "thread_id": None, "recipient": "", "reply_to_id": None}
    if not set(target) <= set(fields):
        raise RuleViolation("bbs", _("No such kind of draft."))
    fields |= target
    draft, _created = TerminalDraft.objects.update_or_create(
        user=user,
        defaults={"officer": officer, "kind": kind, "subject": subject[:DRAFT_SUBJECT], "text": text, **fields},
    )
    return draft


@transaction.atomic
def draft_take(*, user, draft_id: int) -> TerminalDraft | None:
    """The user's draft taken out of keeping (to be resumed in the editor, or thrown away): None
    when it is gone already (taken in another session)."""
    draft = (
        TerminalDraft.objects.select_for_update(no_key=True)
        .select_related("officer__campaign", "board", "thread")
        .filter(pk=draft_id, user=user)
        .first()
    )
    if draft is not None:
        TerminalDraft.objects.filter(pk=draft.pk).delete()
    return draft
