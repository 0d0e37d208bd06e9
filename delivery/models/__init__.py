from .mail import MailSubscription
from .push import PushDelivery, PushSubscription

__all__ = ["MailSubscription", "PushDelivery", "PushSubscription"]
