// The conversion both back ends share: LaunchKit's premultiplied RGBA framebuffer to a
// server's 32-bit true-colour pixels, shown over black and reduced by a whole factor.
#ifndef LP_DISPLAY_PIXELS_H
#define LP_DISPLAY_PIXELS_H

#include <stdint.h>

/// Where each channel goes in a target pixel: its shift and its width in bits (at most 8).
typedef struct lp_pixel_layout {
    int shift[3], bits[3];  // red, green, blue
    int swap_bytes;         // the server stores words in the other byte order
    uint32_t fixed_bits;    // set in every pixel (an unused byte a server wants opaque)
} lp_pixel_layout;

/// Fills `target` (`target_width` x `target_height`) from `source` (`width` x `height` pixels
/// packed as `r | g << 8 | b << 16 | a << 24`, premultiplied), each target pixel the average
/// of a `reduction` x `reduction` block.
void lp_pixels_reduce(uint32_t *target, int target_width, int target_height, const uint32_t *source, int width,
                      int height, int reduction, const lp_pixel_layout *layout);

#endif
