/* Images: the vocabulary shared by every tensorwarp/image entry point.
 *
 * An image is `height` rows of `width` pixels, rows top to bottom with no
 * padding between them, each pixel `channels` (1-4) interleaved uint8
 * components (RGBA for 4, as ImageData holds them). The centre of the pixel
 * in row i, column j is at (x, y) = (j, i): x right, y down, in pixels
 * (OpenCV's convention).
 *
 * The entry points that use these enums document their own arithmetic in
 * their headers. */
#ifndef TW_IMAGE_IMAGE_H
#define TW_IMAGE_IMAGE_H

/* What a tap outside the image reads, for a row "abcd" (OpenCV name):
 *   CONSTANT   the fill value                 (BORDER_CONSTANT)
 *   EDGE       aaa|abcd|ddd                   (BORDER_REPLICATE)
 *   REFLECT    dcb|abcd|cba, edge not repeated (BORDER_REFLECT_101)
 *   SYMMETRIC  cba|abcd|dcb, edge repeated     (BORDER_REFLECT)
 *   WRAP       bcd|abcd|abc                   (BORDER_WRAP)
 * The names are Pad's (ONNX reflect = dcb|abcd|cba). */
typedef enum tw_image_border {
  TW_IMAGE_BORDER_CONSTANT = 0,
  TW_IMAGE_BORDER_EDGE = 1,
  TW_IMAGE_BORDER_REFLECT = 2,
  TW_IMAGE_BORDER_SYMMETRIC = 3,
  TW_IMAGE_BORDER_WRAP = 4,
} tw_image_border;

/* Each border as Pad's mode (its names; Pad numbers the modes otherwise)
 * and as GridSample's padding with its align_corners: REFLECT (dcb|abcd) is
 * reflection about the edge pixels' centres (align_corners 1), SYMMETRIC
 * (cba|abcd) about their outer edges (align_corners 0). The one table:
 * image-check.h builds the C maps from it, wasm/enums.js carries it to the
 * wrapper (augment's elastic samples through GridSample). */
#define TW_IMAGE_BORDER_MODES(X)        \
  X(CONSTANT, CONSTANT, ZEROS, 0)       \
  X(EDGE, EDGE, BORDER, 0)              \
  X(REFLECT, REFLECT, REFLECTION, 1)    \
  X(SYMMETRIC, SYMMETRIC, REFLECTION, 0) \
  X(WRAP, WRAP, WRAP, 0)

typedef enum tw_image_interpolation {
  TW_IMAGE_INTERPOLATION_NEAREST = 0,
  TW_IMAGE_INTERPOLATION_LINEAR = 1,
  TW_IMAGE_INTERPOLATION_CUBIC = 2,
  TW_IMAGE_INTERPOLATION_AREA = 3, /* resize only */
  TW_IMAGE_INTERPOLATION_LANCZOS = 4, /* resize only: Pillow's LANCZOS (resize-pil.h) */
} tw_image_interpolation;

#define TW_IMAGE_MAX_CHANNELS 4

#endif
