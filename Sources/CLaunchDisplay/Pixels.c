// The frame conversion both back ends share (Pixels.h).
#include "Pixels.h"

#include <stddef.h>

static uint32_t lp_pixel(const lp_pixel_layout *layout, const uint32_t *row, int stride, int reduction) {
    uint32_t sum[3] = {0, 0, 0};
    for (int dy = 0; dy < reduction; dy++) {
        const uint32_t *source = row + (size_t)dy * (size_t)stride;
        for (int dx = 0; dx < reduction; dx++) {
            uint32_t packed = source[dx];
            sum[0] += packed & 0xFF;
            sum[1] += (packed >> 8) & 0xFF;
            sum[2] += (packed >> 16) & 0xFF;
        }
    }
    uint32_t count = (uint32_t)(reduction * reduction), pixel = layout->fixed_bits;
    for (int channel = 0; channel < 3; channel++) {
        uint32_t value = (sum[channel] + count / 2) / count;
        pixel |= (value >> (8 - layout->bits[channel])) << layout->shift[channel];
    }
    return layout->swap_bytes ? __builtin_bswap32(pixel) : pixel;
}

/// Reduction 1: each pixel converted alone (a screen large enough for the whole framebuffer).
static void lp_pixels_copy(uint32_t *target, int target_width, int rows, int columns, const uint32_t *source,
                           int width, const lp_pixel_layout *layout) {
    for (int y = 0; y < rows; y++) {
        const uint32_t *from = source + (size_t)y * (size_t)width;
        uint32_t *to = target + (size_t)y * (size_t)target_width;
        for (int x = 0; x < columns; x++) {
            uint32_t packed = from[x], pixel = layout->fixed_bits;
            pixel |= ((packed & 0xFF) >> (8 - layout->bits[0])) << layout->shift[0];
            pixel |= (((packed >> 8) & 0xFF) >> (8 - layout->bits[1])) << layout->shift[1];
            pixel |= (((packed >> 16) & 0xFF) >> (8 - layout->bits[2])) << layout->shift[2];
            to[x] = layout->swap_bytes ? __builtin_bswap32(pixel) : pixel;
        }
    }
}

void lp_pixels_reduce(uint32_t *target, int target_width, int target_height, const uint32_t *source, int width,
                      int height, int reduction, const lp_pixel_layout *layout) {
    if (reduction < 1) reduction = 1;
    int rows = height / reduction < target_height ? height / reduction : target_height;
    int columns = width / reduction < target_width ? width / reduction : target_width;
    if (reduction == 1) {
        lp_pixels_copy(target, target_width, rows, columns, source, width, layout);
        return;
    }
    for (int y = 0; y < rows; y++) {
        const uint32_t *from = source + (size_t)y * (size_t)reduction * (size_t)width;
        uint32_t *to = target + (size_t)y * (size_t)target_width;
        for (int x = 0; x < columns; x++) to[x] = lp_pixel(layout, from + (size_t)x * (size_t)reduction, width, reduction);
    }
}
