"""Damages a tiny artifact (jit/Artifact.h) the ways the tests need.

  edit_artifact.py IN OUT magic              the magic's last byte changed
  edit_artifact.py IN OUT version N          format version N
  edit_artifact.py IN OUT truncate N         the first N bytes only
  edit_artifact.py IN OUT flip               one byte of the object code
                                             flipped, the checksum left
  edit_artifact.py IN OUT producer I TEXT    producer field I (0 ABI, 1 LLVM,
                                             2 triple, 3 CPU, 4 features) set
                                             to TEXT (features: appended
                                             after a comma), with the length
                                             and checksum made right again

The layout is read here independently of tiny's reader: magic (8 bytes),
u32 version, u64 length, five u64-length-prefixed producer strings, the
program, u32 CRC-32 (zlib's) of the bytes before it.
"""
import struct
import sys
import zlib

HEADER = 8 + 4 + 8


def producer_fields(data):
    """The (start, end) of each producer string's bytes."""
    fields, at = [], HEADER
    for _ in range(5):
        (size,) = struct.unpack_from("<Q", data, at)
        fields.append((at + 8, at + 8 + size))
        at += 8 + size
    return fields


def reseal(body):
    """`body` (no checksum) with its length field and checksum made right."""
    body = bytearray(body)
    struct.pack_into("<Q", body, 12, len(body) + 4)
    return bytes(body) + struct.pack("<I", zlib.crc32(bytes(body)))


def main():
    source, target, action = sys.argv[1:4]
    data = bytearray(open(source, "rb").read())
    assert data[:8] == b"\x7fTINYART", "not an artifact"
    if action == "magic":
        data[7] ^= 0x01
    elif action == "version":
        struct.pack_into("<I", data, 8, int(sys.argv[4]))
    elif action == "truncate":
        data = data[: int(sys.argv[4])]
    elif action == "flip":
        # The object code is the last field: a byte in its middle.
        data[len(data) - 4 - 200] ^= 0xFF
    elif action == "producer":
        index, text = int(sys.argv[4]), sys.argv[5].encode()
        start, end = producer_fields(data)[index]
        if index == 4:
            text = bytes(data[start:end]) + b"," + text
        body = data[: start - 8] + struct.pack("<Q", len(text)) + text
        data = bytearray(reseal(body + data[end:-4]))
    else:
        sys.exit("unknown action " + action)
    open(target, "wb").write(bytes(data))


if __name__ == "__main__":
    main()
