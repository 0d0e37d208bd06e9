"""The site's VAPID key for Web Push, as config/settings.py reads it."""

import os
from pathlib import Path


def vapid_private_key(var_dir: Path) -> str:
    """The key that signs Web Push requests (VAPID, RFC 8292): VAPID_PRIVATE_KEY from the
    environment (production: every machine the same; PEM, or the raw key in base64url as key
    generators print it), else the checkout's own, made once into var_dir/vapid_private_key (owner
    only). A new key makes the browsers' subscriptions useless: they are tied to the public key."""
    key = os.environ.get("VAPID_PRIVATE_KEY", "").strip()
    if key:
        return key
    path = var_dir / "vapid_private_key"
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        pass
    # deferred: a key is made once per site, and every other start only reads it
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    pem = ec.generate_private_key(ec.SECP256R1()).private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    var_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process made it first: theirs
        return path.read_text().strip()
    with os.fdopen(descriptor, "wb") as out:
        out.write(pem)
    return pem.decode().strip()
