#!/usr/bin/env python3
"""Writes RichBinaryPlist/Info.plist and RichXMLPlist/Info.plist: the same Info.plist, with every
property-list type (integers of every width and sign, reals, dates, data, ASCII and UTF-16
strings, nested and empty containers, shared objects), as Python's plistlib writes it.
BinaryPlistTests reads both and expects the same value as Foundation's reader gives.

    python3 Tests/LaunchKitTests/Fixtures/make_rich_plists.py
"""
import datetime
import os
import plistlib

VALUE = {
    'CFBundleExecutable': 'RichApp', 'CFBundleName': 'Rich App — é ü 日本',
    'Integers': [0, 1, 255, 256, 65535, 65536, 2**32, 2**40 + 7, -1, -2**40, 2**63 - 1],
    'Reals': [0.5, -1.25, 1e300, 3.141592653589793],
    'Booleans': [True, False],
    'Dates': [datetime.datetime(2026, 11, 23, 12, 30, 15), datetime.datetime(1990, 1, 1)],
    'Data': [b'', b'\x00\x01\xfe\xff', bytes(range(40))],
    'Strings': ['', 'short', 'a string longer than fourteen characters', 'Grüße', '😀 emoji'],
    'Empty': {'Array': [], 'Dictionary': {}},
    'Nested': {'Level1': {'Level2': {'Level3': ['deep', {'Leaf': 1}]}}},
    'Shared': ['same', 'same', 'same'],
}

here = os.path.dirname(os.path.abspath(__file__))
for folder, fmt in (('RichBinaryPlist', plistlib.FMT_BINARY), ('RichXMLPlist', plistlib.FMT_XML)):
    with open(os.path.join(here, folder, 'Info.plist'), 'wb') as out:
        out.write(plistlib.dumps(VALUE, fmt=fmt))
