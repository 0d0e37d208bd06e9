"""What is kept of a secret that a link or a client carries (an invitation's, an API token's): its
SHA-256 in hex. The secrets are 256 random bits, so a fast digest is as safe as a slow one."""

import hashlib


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()
