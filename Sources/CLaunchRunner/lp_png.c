// PNG encoding of a first frame's picture (lp_png.h): 8-bit RGB, no filter, its image data
// compressed by zlib's compress2 (libz.so.1, loaded with dlopen: every Debian system has it), or
// in stored deflate blocks when that library cannot be loaded.
#define _GNU_SOURCE
#include "lp_png.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

typedef int (*lp_compress2_fn)(uint8_t *, unsigned long *, const uint8_t *, unsigned long, int);
typedef unsigned long (*lp_compress_bound_fn)(unsigned long);

static uint32_t lp_crc32(uint32_t crc, const uint8_t *bytes, size_t count) {
    static uint32_t table[256];
    if (!table[1]) {
        for (uint32_t n = 0; n < 256; n++) {
            uint32_t c = n;
            for (int k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            table[n] = c;
        }
    }
    crc = ~crc;
    for (size_t i = 0; i < count; i++) crc = table[(crc ^ bytes[i]) & 0xFF] ^ (crc >> 8);
    return ~crc;
}

static void lp_put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16), p[2] = (uint8_t)(v >> 8), p[3] = (uint8_t)v;
}

/// A zlib stream of stored blocks (no compression), with its Adler-32.
static uint8_t *lp_zlib_stored(const uint8_t *data, size_t size, size_t *out_size) {
    size_t blocks = size / 65535 + 1;
    uint8_t *out = malloc(2 + size + blocks * 5 + 4);
    if (!out) return NULL;
    size_t at = 0;
    out[at++] = 0x78, out[at++] = 0x01;
    size_t done = 0;
    uint32_t a = 1, b = 0;
    for (size_t i = 0; i < size; i++) a = (a + data[i]) % 65521, b = (b + a) % 65521;
    do {
        size_t length = size - done > 65535 ? 65535 : size - done;
        out[at++] = done + length == size ? 1 : 0;
        out[at++] = (uint8_t)length, out[at++] = (uint8_t)(length >> 8);
        out[at++] = (uint8_t)~length, out[at++] = (uint8_t)(~length >> 8);
        memcpy(out + at, data + done, length);
        at += length, done += length;
    } while (done < size);
    lp_put32(out + at, b << 16 | a);
    *out_size = at + 4;
    return out;
}

/// The zlib stream of `data`: compressed by libz when it loads, else stored.
static uint8_t *lp_zlib(const uint8_t *data, size_t size, size_t *out_size) {
    static void *library;
    if (!library) library = dlopen("libz.so.1", RTLD_NOW | RTLD_LOCAL);
    lp_compress2_fn compress2 = library ? (lp_compress2_fn)dlsym(library, "compress2") : NULL;
    lp_compress_bound_fn bound = library ? (lp_compress_bound_fn)dlsym(library, "compressBound") : NULL;
    if (!compress2 || !bound) return lp_zlib_stored(data, size, out_size);
    unsigned long capacity = bound(size);
    uint8_t *out = malloc(capacity);
    if (!out) return NULL;
    if (compress2(out, &capacity, data, size, 6) != 0) {
        free(out);
        return lp_zlib_stored(data, size, out_size);
    }
    *out_size = capacity;
    return out;
}

/// Appends a chunk of `type` with `size` bytes of `data` at `out`; returns the bytes written.
static size_t lp_chunk(uint8_t *out, const char *type, const uint8_t *data, size_t size) {
    lp_put32(out, (uint32_t)size);
    memcpy(out + 4, type, 4);
    if (size) memcpy(out + 8, data, size);
    lp_put32(out + 8 + size, lp_crc32(0, out + 4, size + 4));
    return size + 12;
}

uint8_t *lp_png_encode(const uint8_t *rgb, int32_t width, int32_t height, size_t *size) {
    if (width <= 0 || height <= 0) return NULL;
    size_t row = (size_t)width * 3;
    uint8_t *raw = malloc((row + 1) * (size_t)height);
    if (!raw) return NULL;
    for (int32_t y = 0; y < height; y++) {
        raw[(size_t)y * (row + 1)] = 0;
        memcpy(raw + (size_t)y * (row + 1) + 1, rgb + (size_t)y * row, row);
    }
    size_t compressed_size = 0;
    uint8_t *compressed = lp_zlib(raw, (row + 1) * (size_t)height, &compressed_size);
    free(raw);
    if (!compressed) return NULL;
    uint8_t *png = malloc(8 + 25 + compressed_size + 12 + 12);
    if (!png) {
        free(compressed);
        return NULL;
    }
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    memcpy(png, signature, 8);
    uint8_t header[13] = {0};
    lp_put32(header, (uint32_t)width), lp_put32(header + 4, (uint32_t)height);
    header[8] = 8, header[9] = 2;  // 8 bits per sample, truecolour
    size_t at = 8 + lp_chunk(png + 8, "IHDR", header, 13);
    at += lp_chunk(png + at, "IDAT", compressed, compressed_size);
    at += lp_chunk(png + at, "IEND", NULL, 0);
    free(compressed);
    *size = at;
    return png;
}
