#!/usr/bin/env python3
"""Makes maps/crossroads.tmj, its external tileset maps/tiles/field.tsx and
the tile pictures: our own procedural art, so the shipped tile map and its
test need nothing from outside. Run from the repository's top: it rewrites
those files the same way every time (fixed seed)."""
import base64, gzip, io, json, random, struct, zlib

T = 32               # tile size in pixels
COLS, ROWS = 48, 32  # map size in tiles: one tile is one inch
rng = random.Random(7)

def png(path, w, h, px):
    raw = b"".join(b"\0" + bytes(px[y * w * 4:(y + 1) * w * 4]) for y in range(h))
    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))

def noisy(base, spread):
    return [max(0, min(255, c + rng.randint(-spread, spread))) for c in base]

GRASS, GRASS2, DIRT, ROAD, WATER, WHEAT, STONE = ((88, 122, 64), (74, 108, 56), (122, 96, 64),
    (150, 138, 112), (58, 96, 132), (196, 170, 92), (128, 124, 118))

def tile(kind):
    """One 32x32 tile as a list of (r, g, b, a) rows."""
    out = []
    for y in range(T):
        row = []
        for x in range(T):
            if kind == "grass":
                c = noisy(GRASS, 10)
            elif kind == "grass2":
                c = noisy(GRASS2 if (x // 4 + y // 4) % 3 else GRASS, 8)
            elif kind == "field":
                c = noisy(DIRT if y % 6 < 4 else (100, 80, 52), 8)
            elif kind == "wheat":
                c = noisy(WHEAT if x % 5 else (170, 146, 78), 10)
            elif kind == "road":        # runs left to right
                c = noisy(ROAD, 8) if 9 <= y < 23 else noisy(GRASS, 10)
            elif kind == "cross":
                c = noisy(ROAD, 8) if (9 <= y < 23 or 9 <= x < 23) else noisy(GRASS, 10)
            elif kind == "bend":        # from the left edge to the bottom edge
                inside = (x < 23 and 9 <= y < 23) or (9 <= x < 23 and y >= 9)
                c = noisy(ROAD, 8) if inside else noisy(GRASS, 10)
            elif kind == "water":
                c = noisy(WATER, 6)
            elif kind == "bank":        # grass above, water below
                c = noisy(WATER, 6) if y >= 12 + (x % 7 == 0) else noisy(GRASS, 10)
            elif kind == "stone":
                c = noisy(STONE, 6) if x % 16 and y % 8 else (90, 88, 84)
            else:                       # "mark": a white milestone in the tile's top-left corner
                c = (255, 255, 255) if (x < 8 and y < 8) else noisy(GRASS, 10)
            row.append(tuple(c) + (255,))
        out.append(row)
    return out

KINDS = ["grass", "grass2", "field", "wheat", "road", "cross", "bend", "water", "bank", "stone", "mark", "grass"]
SET_COLS, MARGIN, SPACING = 4, 1, 2
iw = MARGIN * 2 + SET_COLS * T + (SET_COLS - 1) * SPACING
ih = MARGIN * 2 + 3 * T + 2 * SPACING
sheet = [255, 0, 255, 255] * (iw * ih)   # magenta between tiles: the tileset's transparent colour
for i, kind in enumerate(KINDS):
    t = tile(kind)
    ox = MARGIN + (i % SET_COLS) * (T + SPACING)
    oy = MARGIN + (i // SET_COLS) * (T + SPACING)
    for y in range(T):
        for x in range(T):
            sheet[((oy + y) * iw + ox + x) * 4:((oy + y) * iw + ox + x) * 4 + 4] = list(t[y][x])
png("maps/tiles/field-tiles.png", iw, ih, sheet)
ID = {k: i for i, k in enumerate(KINDS)}

def tree(path, size):
    px = []
    for y in range(size):
        for x in range(size):
            d = ((x - size / 2) ** 2 + (y - size / 2) ** 2) ** 0.5
            if d < size / 2 - 1:
                shade = 1.0 - 0.5 * d / (size / 2)
                px += [int(40 * shade) + rng.randint(0, 12), int(92 * shade) + rng.randint(0, 16), int(40 * shade), 255]
            else:
                px += [0, 0, 0, 0]
    png(path, size, size, px)

tree("maps/tiles/tree-big.png", 64)
tree("maps/tiles/tree-small.png", 32)

with open("maps/tiles/field.tsx", "w") as f:
    f.write('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<tileset version="1.8" tiledversion="1.8.2" name="field" tilewidth="32" tileheight="32" '
            'spacing="%d" margin="%d" tilecount="%d" columns="%d">\n'
            ' <image source="field-tiles.png" trans="ff00ff" width="%d" height="%d"/>\n'
            ' <!-- tile 4 is the road; the map turns it with Tiled\'s flip flags -->\n'
            ' <tile id="4" type="road"/>\n'
            '</tileset>\n' % (SPACING, MARGIN, len(KINDS), SET_COLS, iw, ih))

H, V, D = 0x80000000, 0x40000000, 0x20000000
ground = [0] * (COLS * ROWS)
for y in range(ROWS):
    for x in range(COLS):
        g = ID["grass"] if rng.random() < 0.7 else ID["grass2"]
        if 4 <= x < 16 and 3 <= y < 12:
            g = ID["field"]
        if 30 <= x < 42 and 20 <= y < 29:
            g = ID["wheat"]
        if y >= 26 and x < 20:
            g = ID["water"] if y > 26 else ID["bank"]
        ground[y * COLS + x] = g + 1
roads = [0] * (COLS * ROWS)
RY, RX = 16, 24                      # the east-west and north-south roads
for x in range(COLS):
    roads[RY * COLS + x] = ID["road"] + 1
for y in range(0, 26):
    roads[y * COLS + RX] = (ID["road"] + 1) | D | H   # the road turned a quarter clockwise
roads[RY * COLS + RX] = ID["cross"] + 1
# Milestones by the crossroads, each the same tile flipped (the test reads them):
roads[15 * COLS + 21] = (ID["mark"] + 1) | H      # stone at the top-right, by the road
roads[17 * COLS + 27] = (ID["mark"] + 1) | V      # stone at the bottom-left
roads[17 * COLS + 21] = (ID["mark"] + 1) | D      # diagonal: the stone stays top-left
stones = [0] * (COLS * ROWS)
for y in range(5, 9):
    for x in range(30, 36):
        stones[y * COLS + x] = ID["stone"] + 1
trees = [0] * (COLS * ROWS)
for (x, y) in [(36, 6), (38, 7), (37, 9), (40, 5), (39, 10), (41, 8), (35, 10)]:
    trees[y * COLS + x] = 100   # the big tree, 64 px: drawn up and right from its cell, as Tiled does
for (x, y) in [(10, 20), (12, 21), (8, 22)]:
    trees[y * COLS + x] = 101

def b64(values, compress):
    raw = struct.pack("<%dI" % len(values), *values)
    if compress == "zlib":
        raw = zlib.compress(raw, 9)
    elif compress == "gzip":
        buf = io.BytesIO()
        with gzip.GzipFile(fileobj=buf, mode="wb", mtime=0) as g:
            g.write(raw)
        raw = buf.getvalue()
    return base64.b64encode(raw).decode()

def layer(i, name, data, **extra):
    d = {"id": i, "name": name, "type": "tilelayer", "x": 0, "y": 0, "width": COLS, "height": ROWS,
         "opacity": 1, "visible": True}
    d.update(extra)
    d["data"] = data
    return d

terrain = [
    {"id": 20, "name": "Stone farmhouse", "type": "building", "x": 30 * T, "y": 5 * T, "width": 6 * T,
     "height": 4 * T, "rotation": 0, "visible": True},
    {"id": 21, "name": "East copse", "type": "woods", "x": 34 * T, "y": 3 * T, "rotation": 0, "visible": True,
     "polygon": [{"x": 0, "y": 0}, {"x": 9 * T, "y": 0}, {"x": 9 * T, "y": 9 * T}, {"x": 0, "y": 9 * T}]},
    {"id": 22, "name": "Ploughed field", "type": "rough", "x": 4 * T, "y": 3 * T, "width": 12 * T,
     "height": 9 * T, "rotation": 0, "visible": True},
    {"id": 23, "name": "Mill pond", "type": "water", "x": 0, "y": 26.4 * T, "width": 20 * T,
     "height": 5.6 * T, "rotation": 0, "visible": True},
]
m = {
    "compressionlevel": -1, "type": "map", "version": "1.8", "tiledversion": "1.8.2",
    "orientation": "orthogonal", "renderorder": "right-down", "infinite": False,
    "width": COLS, "height": ROWS, "tilewidth": T, "tileheight": T, "nextlayerid": 7, "nextobjectid": 24,
    "backgroundcolor": "#586e48",
    "properties": [{"name": "px_per_inch", "type": "float", "value": 32},
                   {"name": "name", "type": "string", "value": "Crossroads (a tile map)"}],
    "tilesets": [
        {"firstgid": 1, "source": "tiles/field.tsx"},
        {"firstgid": 100, "name": "trees", "tilewidth": 64, "tileheight": 64, "tilecount": 2, "columns": 0,
         "margin": 0, "spacing": 0, "grid": {"orientation": "orthogonal", "width": 1, "height": 1},
         "tiles": [{"id": 0, "image": "tiles/tree-big.png", "imagewidth": 64, "imageheight": 64},
                   {"id": 1, "image": "tiles/tree-small.png", "imagewidth": 32, "imageheight": 32}]},
    ],
    "layers": [
        layer(1, "ground", ground),
        layer(2, "roads", b64(roads, "zlib"), encoding="base64", compression="zlib"),
        {"id": 6, "name": "buildings", "type": "group", "opacity": 1, "visible": True, "x": 0, "y": 0,
         "layers": [layer(3, "floors", b64(stones, "gzip"), encoding="base64", compression="gzip",
                          tintcolor="#ffd8c8b0", opacity=0.9)]},
        layer(4, "trees", b64(trees, ""), encoding="base64"),
        {"id": 5, "name": "terrain", "type": "objectgroup", "draworder": "topdown", "opacity": 1,
         "visible": True, "x": 0, "y": 0, "objects": terrain},
    ],
}
with open("maps/crossroads.tmj", "w") as f:
    json.dump(m, f, indent=1)
    f.write("\n")
