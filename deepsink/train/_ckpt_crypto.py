"""MindSpore's checkpoint encryption (``enc_key``/``dec_key``, ``AES-GCM`` and ``AES-CBC``).

The layout is MindSpore's (its C++ ``Encrypt``/``Decrypt``), so encrypted files interchange: the
plaintext (the serialized checkpoint) is cut into blocks of at most 64 MiB and each block is
written as, with little-endian int32 fields::

    magic (0x7F3A5ED8 GCM, 0x7F3A5ED9 CBC) | tag (16 bytes, GCM only) | block_len
    | iv_len (16) | iv (16 random bytes) | cipher_len | ciphertext

where ``block_len = 4 + 16 + 4 + cipher_len``. GCM uses the first 12 bytes of the stored IV as
its nonce (what MindSpore 2.10 does: checked against files it writes) and no associated data;
CBC uses all 16 and PKCS#7 padding. Keys are 16, 24 or 32 bytes. The ciphers come from ``cryptography``.
SM4-CBC (also in MindSpore) is not supported.
"""

from __future__ import annotations

import os
import struct

BLOCK = 64 * 1024 * 1024
MAGIC = {"AES-GCM": 0x7F3A5ED8, "AES-CBC": 0x7F3A5ED9}
_IV = 16
_TAG = 16
_GCM_NONCE = 12


def _check(key: bytes, mode: str, api: str, key_arg: str, mode_arg: str) -> None:
    if mode not in MAGIC:
        raise ValueError(
            f"For '{api}', '{mode_arg}' must be 'AES-GCM' or 'AES-CBC', but got {mode!r} "
            "(SM4-CBC is not supported by deepsink)"
        )
    if len(key) not in (16, 24, 32):
        raise ValueError(
            f"For '{api}', '{key_arg}' must be 16, 24 or 32 bytes long, but got {len(key)} bytes"
        )


def is_encrypted(head: bytes) -> bool:
    """Whether data starts like a MindSpore-encrypted file."""
    return len(head) >= 4 and struct.unpack("<I", head[:4])[0] in MAGIC.values()


def encrypt(plain: bytes, key: bytes, mode: str, api: str = "save_checkpoint") -> bytes:
    from cryptography.hazmat.primitives import padding
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

    _check(key, mode, api, "enc_key", "enc_mode")
    out = []
    for start in range(0, len(plain), BLOCK):
        block = plain[start : start + BLOCK]
        iv = os.urandom(_IV)
        if mode == "AES-GCM":
            enc = Cipher(algorithms.AES(key), modes.GCM(iv[:_GCM_NONCE])).encryptor()
            cipher = enc.update(block) + enc.finalize()
            head = struct.pack("<I", MAGIC[mode]) + enc.tag
        else:
            padder = padding.PKCS7(128).padder()
            padded = padder.update(block) + padder.finalize()
            enc = Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor()
            cipher = enc.update(padded) + enc.finalize()
            head = struct.pack("<I", MAGIC[mode])
        body = struct.pack("<i", _IV) + iv + struct.pack("<i", len(cipher)) + cipher
        out.append(head + struct.pack("<i", len(body)) + body)
    return b"".join(out)


def decrypt(data: bytes, key: bytes, mode: str, file: str) -> bytes:
    """The plaintext; ValueError naming ``file`` when the key, mode or data is wrong."""
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives import padding
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

    _check(key, mode, "load_checkpoint", "dec_key", "dec_mode")

    def bad(what: str) -> ValueError:
        return ValueError(
            f"For 'load_checkpoint', failed to decrypt the checkpoint file {file}: {what}; "
            "check 'dec_key' and 'dec_mode' and the file's integrity"
        )

    out, pos = [], 0
    while pos < len(data):
        if pos + 4 > len(data) or struct.unpack_from("<I", data, pos)[0] != MAGIC[mode]:
            raise bad(f"no {mode} block header at byte {pos}")
        pos += 4
        tag = b""
        if mode == "AES-GCM":
            tag, pos = data[pos : pos + _TAG], pos + _TAG
        if pos + 4 > len(data):
            raise bad("the file is truncated")
        (size,) = struct.unpack_from("<i", data, pos)
        pos += 4
        body, pos = data[pos : pos + size], pos + size
        if size <= 0 or len(body) != size or len(body) < 8 + _IV:
            raise bad("the file is truncated")
        iv = body[4 : 4 + _IV]
        (clen,) = struct.unpack_from("<i", body, 4 + _IV)
        cipher = body[8 + _IV :]
        if struct.unpack_from("<i", body)[0] != _IV or clen != len(cipher):
            raise bad("a block header is corrupted")
        try:
            if mode == "AES-GCM":
                dec = Cipher(algorithms.AES(key), modes.GCM(iv[:_GCM_NONCE], tag)).decryptor()
                out.append(dec.update(cipher) + dec.finalize())
            else:
                dec = Cipher(algorithms.AES(key), modes.CBC(iv)).decryptor()
                padded = dec.update(cipher) + dec.finalize()
                unpadder = padding.PKCS7(128).unpadder()
                out.append(unpadder.update(padded) + unpadder.finalize())
        except (InvalidTag, ValueError):
            raise bad("the key or mode does not match (authentication failed)") from None
    return b"".join(out)
