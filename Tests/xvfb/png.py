"""Pixels of a PNG, for the Xvfb scripts (no ImageMagick): 8-bit RGB or RGBA, not
interlaced, as touchscope's screenshots are.

    python3 Tests/xvfb/png.py FILE X Y     prints R,G,B of the pixel at (X, Y)
    from png import pixel                  (with Tests/xvfb on sys.path) pixel(FILE, X, Y) -> (r, g, b)
"""
import functools
import struct
import sys
import zlib


@functools.lru_cache(maxsize=4)
def read(path):
    """(width, height, channels, rows): rows are bytes, filters undone."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    width, height, depth, colour, _, _, interlace = header
    channels = {2: 3, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace:
        raise ValueError(f"{path}: only 8-bit RGB or RGBA, not interlaced (depth {depth}, colour type {colour})")
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def pixel(path, x, y):
    width, height, channels, rows = read(path)
    if not (0 <= x < width and 0 <= y < height):
        raise ValueError(f"{path}: ({x}, {y}) is outside {width}×{height}")
    i = x * channels
    return tuple(rows[y][i:i + 3])


if __name__ == "__main__":
    print(",".join(str(v) for v in pixel(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))))
