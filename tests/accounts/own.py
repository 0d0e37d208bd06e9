"""The accounts' own pages (django-allauth): each acts on the account of the one who posts, or on
what a mailed secret names (sign-up, a reset, a confirmation), so nobody else's try is there to
refuse; every one of them needs CSRF (tests/accounts/test_account_pages.py)."""

ACCOUNTS_OWN = frozenset(
    {
        "account_change_password",
        "account_confirm_email",
        "account_confirm_login_code",
        "account_confirm_reauthentication_code",
        "account_email",
        "account_email_verification_sent",
        "account_inactive",
        "account_login",
        "account_logout",
        "account_reauthenticate",
        "account_request_reauthentication_code",
        "account_reset_password",
        "account_reset_password_done",
        "account_reset_password_from_key",
        "account_reset_password_from_key_done",
        "account_set_password",
        "account_signup",
        "mfa_activate_totp",
        "mfa_authenticate",
        "mfa_deactivate_totp",
        "mfa_download_recovery_codes",
        "mfa_generate_recovery_codes",
        "mfa_index",
        "mfa_reauthenticate",
        "mfa_view_recovery_codes",
    }
)

# What an allauth address takes: a secret from a mail (a confirmation's key, a reset's user and key).
PARAMETERS = {"key": "a-key-no-mail-gave", "uidb36": "1"}
