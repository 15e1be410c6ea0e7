/* tensorwarp/image colour ops: torchvision 0.14's photometric functionals
 * (torchvision.transforms.functional, tensor backend, uint8) on images of
 * image.h's layout with 3 (RGB) or 4 (RGBA) channels. The alpha channel of a
 * 4-channel image is copied unchanged; everything else is computed from R, G
 * and B exactly as torchvision computes it on the CHW uint8 tensor of those
 * three channels.
 *
 * Notation: f(x) rounds to float32; every + - * / below is one float32
 * operation in the order written, never fused (these files build with
 * -ffp-contract=off); trunc(x) is the conversion to uint8 toward zero;
 * blend(a, b, r) = trunc(clamp(f(r)·a + f(1 − r)·b, 0, 255)) with 1 − r taken
 * in double first (torchvision's _blend); gray(R, G, B) =
 * trunc((f(0.2989)·R + f(0.587)·G) + f(0.114)·B) (rgb_to_grayscale; grey
 * (v, v, v) gives v − 1 for v ≥ 1, the weights sum to 0.9999).
 *
 *   tw_color_adjust, op
 *     BRIGHTNESS  blend(v, 0, factor)
 *     CONTRAST    blend(v, m, factor), m = f(S) / f(w·h), S the float32 sum
 *                 of every pixel's gray in torch's order (one thread:
 *                 color-math.h tw_color_torch_sum)
 *     SATURATION  blend(v, gray(pixel), factor)
 *     SHARPNESS   w or h <= 2: a copy. Else blend(v, d, factor), d = v on the
 *                 border and, inside, the 3x3 sum S = (the 8 neighbours) +
 *                 5·v divided by 13 and rounded half to even (torch's float
 *                 conv never lands near .5: exact)
 *     HUE         factor is the shift in [-0.5, 0.5]: torchvision's float32
 *                 _rgb2hsv, h + shift mod 1, _hsv2rgb, trunc(x·255)
 *                 (color-hue-scalar.c; SIMD in color-wasmsimd.h). Not the identity at 0: ~28% of bytes of a
 *                 random image drop by 1, as in torchvision.
 *   factor: >= 0 (HUE: in [-0.5, 0.5]) and finite in float32 (as gain below).
 *
 *   tw_color_point, op (value as stated)
 *     POSTERIZE     v & (256 − 2^(8 − bits)), bits = value, an integer 0..8
 *     SOLARIZE      v >= f(value) ? 255 − v : v, value finite (> 255: no byte
 *                   inverts; torchvision refuses it, the wrapper does too)
 *     INVERT        255 − v (value ignored)
 *     AUTOCONTRAST  per channel lo, hi = min, max; hi = lo: a copy; else
 *                   trunc(clamp((v − lo)·s, 0, 255)), s = (1 / f(hi − lo))·255
 *     EQUALIZE      per channel torchvision's _scale_channel: histogram,
 *                   step = (sum of the counts but the last non-zero one) / 255
 *                   (integer), step 0: a copy; else lut[v], lut[0] = 0,
 *                   lut[i] = min(255, (cumsum[i − 1] + step / 2) / step)
 *
 *   tw_color_gamma: p = f(v / 255)^gamma, out = trunc(clamp(f(gain)·p, 0, 1)
 *     · f(255.999)). gamma 0, 1, 0.5, 2 and 3 are 1, x, sqrt, x·x, x·x·x
 *     (torch's special cases); any other gamma takes SLEEF's powf_u10 as
 *     torch's AVX2 vector loop does, except for the last (3·w·h mod 16)
 *     values in planar CHW order, torch's scalar tail, which take
 *     (float)pow((double)x, gamma). The two 256-entry tables are made per
 *     call (color-lut.c; the tail from musl's pow here, glibc's under torch:
 *     both are ARM's optimized-routines pow). gamma >= 0 and gain finite in
 *     float32 (|x| < 3.4e38; f(gain) = inf would make 0·inf = NaN).
 *
 *   tw_color_grayscale: out_channels 1: gray; 3: gray in R, G and B; 4 (of a
 *     4-channel image): gray in R, G and B, alpha kept.
 *
 *   tw_color_gaussian_blur: torchvision gaussian_blur with a kx × ky kernel
 *     (odd, >= 1, kx / 2 < width and ky / 2 < height as torch's reflect pad
 *     needs) and sigmas sx, sy (finite, > 0); see color-blur.c for the
 *     arithmetic (SLEEF expf, torch's sum order, oneDNN's FMA chain,
 *     emulated exactly).
 *
 *   tw_color_chain: `count` (1..MAX_CHAIN) adjust ops in a row, as tw_color_adjust one after another
 *     (each step's bytes truncated to uint8 as there; the same bytes), in one pass over the image per
 *     CONTRAST (whose mean is of the image as the steps before it left it). Step k's op is bits 4k..4k+3
 *     of `ops` (BRIGHTNESS, CONTRAST, SATURATION or HUE; the bits above the last step 0) and its factor
 *     factor_k (checked as tw_color_adjust checks it; those of missing steps ignored). Above
 *     TW_COLOR_EXACT_SUM_PIXELS pixels (color-internal.h) a CONTRAST after the first step needs one
 *     scratch block of a byte a pixel (TW_OUT_OF_MEMORY if that fails).
 *
 *   tw_color_policy_nearest: a geometric op of torchvision's policies
 *     (color-policy.c): out(x, y) = in(u, v), u = nearbyint(((f(f(gx·r00)
 *     + f(gy·r10)) + r20 + 1)·f(w/2)) − ½) and v likewise with r01, r11,
 *     r21 and h (every step rounded to float32; gx = x − w/2 + ½, gy = y −
 *     h/2 + ½), or the fill bytes (channel c in byte c of `fill`) when (u, v)
 *     lies outside. Any channel count 1..4; the r's must be finite in
 *     float32 (the wrapper passes torchvision's float32 theta).
 *
 * Arguments: width, height >= 0 (int32); channels 3 or 4 (policy_nearest: 1..4); in_bytes and
 * out_bytes must be width·height·channels (grayscale: ·out_channels); `in`
 * and `out` must not overlap. CONTRAST, EQUALIZE and the blur allocate one
 * scratch block (TW_OUT_OF_MEMORY if that fails); so may tw_color_chain; nothing else allocates.
 * Nothing is written to `out` unless the call returns TW_OK. The SIMD and
 * scalar kernels (tw_set_simd) give the same bytes. */
#ifndef TW_COLOR_COLOR_H
#define TW_COLOR_COLOR_H

#include <stddef.h>
#include <stdint.h>

#include "common/export.h"

typedef enum tw_color_adjust_op {
  TW_COLOR_ADJUST_OP_BRIGHTNESS = 1,
  TW_COLOR_ADJUST_OP_CONTRAST = 2,
  TW_COLOR_ADJUST_OP_SATURATION = 3,
  TW_COLOR_ADJUST_OP_SHARPNESS = 4,
  TW_COLOR_ADJUST_OP_HUE = 5,
} tw_color_adjust_op;

typedef enum tw_color_point_op {
  TW_COLOR_POINT_OP_POSTERIZE = 1,
  TW_COLOR_POINT_OP_SOLARIZE = 2,
  TW_COLOR_POINT_OP_INVERT = 3,
  TW_COLOR_POINT_OP_AUTOCONTRAST = 4,
  TW_COLOR_POINT_OP_EQUALIZE = 5,
} tw_color_point_op;

/* The largest blur kernel side the entry takes (torchvision has no limit;
 * the weights live on the stack). */
typedef enum tw_color_limit {
  TW_COLOR_LIMIT_MAX_BLUR_SIZE = 255,
  /* the most steps one tw_color_chain call takes (ColorJitter's four) */
  TW_COLOR_LIMIT_MAX_CHAIN = 4,
} tw_color_limit;

TW_EXPORT int32_t tw_color_adjust(const uint8_t* in, size_t in_bytes, uint8_t* out, size_t out_bytes, int32_t width,
                                  int32_t height, int32_t channels, int32_t op, double factor);

TW_EXPORT int32_t tw_color_point(const uint8_t* in, size_t in_bytes, uint8_t* out, size_t out_bytes, int32_t width,
                                 int32_t height, int32_t channels, int32_t op, double value);

TW_EXPORT int32_t tw_color_gamma(const uint8_t* in, size_t in_bytes, uint8_t* out, size_t out_bytes, int32_t width,
                                 int32_t height, int32_t channels, double gamma, double gain);

TW_EXPORT int32_t tw_color_grayscale(const uint8_t* in, size_t in_bytes, uint8_t* out, size_t out_bytes,
                                     int32_t width, int32_t height, int32_t channels, int32_t out_channels);

TW_EXPORT int32_t tw_color_gaussian_blur(const uint8_t* in, size_t in_bytes, uint8_t* out, size_t out_bytes,
                                         int32_t width, int32_t height, int32_t channels, int32_t kx, int32_t ky,
                                         double sigma_x, double sigma_y);

TW_EXPORT int32_t tw_color_chain(const uint8_t* in, size_t in_bytes, uint8_t* out, size_t out_bytes, int32_t width,
                                 int32_t height, int32_t channels, int32_t count, int32_t ops, double factor_0,
                                 double factor_1, double factor_2, double factor_3);

TW_EXPORT int32_t tw_color_policy_nearest(const uint8_t* in, size_t in_bytes, uint8_t* out, size_t out_bytes,
                                          int32_t width, int32_t height, int32_t channels, double r00, double r10,
                                          double r20, double r01, double r11, double r21, uint32_t fill);

#endif
