// PNG encoding of the first frame's picture.
#ifndef LP_PNG_H
#define LP_PNG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A PNG file of `width` x `height` 8-bit RGB pixels (`rgb`, rows of `width` * 3 bytes): its
/// bytes (free() them) and their count in `size`, or NULL when out of memory or empty.
uint8_t *lp_png_encode(const uint8_t *rgb, int32_t width, int32_t height, size_t *size);

#ifdef __cplusplus
}
#endif

#endif
