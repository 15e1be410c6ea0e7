/* libFuzzer harness for the colour entries (src/color/color.h).
 *
 * Input (encoding in fuzz.h):
 *   placement byte   bits 5-7: 1 tw_color_policy_nearest, 2 tw_color_chain (the
 *                    entry byte is then read and ignored)
 *   byte entry       % 5: 0 tw_color_adjust, 1 tw_color_point, 2 tw_color_gamma,
 *                    3 tw_color_grayscale, 4 tw_color_gaussian_blur
 *   int  width, height
 *   byte channels    b < 0xE0: 3 + b % 2 (policy_nearest: 1 + b % 4); else b % 8
 *   int  op          adjust/point: the op code (any int32); grayscale:
 *                    out_channels; blur: kx; chain: the packed ops
 *   int  ky          blur: ky; chain: the step count
 *   f64  a, b        adjust: factor; point: value; gamma: gamma, gain;
 *                    blur: sigma_x, sigma_y; policy_nearest: r00, r10; chain: factors 0, 1
 *   f64  c, d, e, f  policy_nearest: r20, r01, r11, r21; chain: factors 2, 3 (e, f unused)
 *   int  fill        policy_nearest: the fill bytes (low 32 bits); chain: unused
 *   tail             the image's data
 * A blur whose taps (width·height·kx·ky) pass 2^22 takes kx, ky folded to
 * 1 + 2·(k % 4), so an input runs in milliseconds.
 *
 * Beyond fuzz.h's checks (SIMD and scalar give the same bytes, nothing
 * written on failure, inputs unchanged): a call whose arguments are all
 * valid succeeds. */
#include <math.h>

#include "color/color.h"
#include "fuzz.h"

/* The entry numbers of tw_color_policy_nearest (placement flag 1) and tw_color_chain (flag 2). */
#define POLICY_NEAREST 5
#define CHAIN 6

typedef struct color_args {
  int entry;
  int32_t width, height, channels, op, ky;
  double a, b, theta[4];
  uint32_t fill;
  const fz_buf *in, *out;
} color_args;

static int32_t call_color(const void* p) {
  const color_args* g = p;
  const uint8_t* in = g->in->p;
  uint8_t* out = g->out->p;
  const size_t ib = g->in->bytes, ob = g->out->bytes;
  switch (g->entry) {
    case 0: return tw_color_adjust(in, ib, out, ob, g->width, g->height, g->channels, g->op, g->a);
    case 1: return tw_color_point(in, ib, out, ob, g->width, g->height, g->channels, g->op, g->a);
    case 2: return tw_color_gamma(in, ib, out, ob, g->width, g->height, g->channels, g->a, g->b);
    case 3: return tw_color_grayscale(in, ib, out, ob, g->width, g->height, g->channels, g->op);
    case POLICY_NEAREST:
      return tw_color_policy_nearest(in, ib, out, ob, g->width, g->height, g->channels, g->a, g->b, g->theta[0],
                                     g->theta[1], g->theta[2], g->theta[3], g->fill);
    case CHAIN:
      return tw_color_chain(in, ib, out, ob, g->width, g->height, g->channels, g->ky, g->op, g->a, g->b, g->theta[0],
                            g->theta[1]);
    default: return tw_color_gaussian_blur(in, ib, out, ob, g->width, g->height, g->channels, g->op, g->ky, g->a, g->b);
  }
}

static int finite32(double x) { return isfinite(x) && isfinite((float)x); }

/* Whether the entry's own arguments (not the buffers) are valid, as color.h states them. */
/* tw_color_chain's steps: count 1..4, no bits above them, each op chainable with a valid factor. */
static int valid_chain(const color_args* g) {
  if (g->ky < 1 || g->ky > TW_COLOR_LIMIT_MAX_CHAIN || ((uint32_t)g->op >> (4 * g->ky)) != 0) return 0;
  const double factors[4] = {g->a, g->b, g->theta[0], g->theta[1]};
  for (int k = 0; k < g->ky; k++) {
    const int op = (int)(((uint32_t)g->op >> (4 * k)) & 15u);
    if (op < TW_COLOR_ADJUST_OP_BRIGHTNESS || op > TW_COLOR_ADJUST_OP_HUE || op == TW_COLOR_ADJUST_OP_SHARPNESS) return 0;
    if (!finite32(factors[k])) return 0;
    if (op == TW_COLOR_ADJUST_OP_HUE ? !(factors[k] >= -0.5 && factors[k] <= 0.5) : !(factors[k] >= 0)) return 0;
  }
  return 1;
}

static int valid_arguments(const color_args* g) {
  if (g->entry == CHAIN) return g->width >= 0 && g->height >= 0 && (g->channels == 3 || g->channels == 4) && valid_chain(g);
  if (g->entry == POLICY_NEAREST) {
    if (g->width < 0 || g->height < 0 || g->channels < 1 || g->channels > 4) return 0;
    if (!finite32(g->a) || !finite32(g->b)) return 0;
    for (int k = 0; k < 4; k++)
      if (!finite32(g->theta[k])) return 0;
    return 1;
  }
  if (g->width < 0 || g->height < 0 || (g->channels != 3 && g->channels != 4)) return 0;
  const int any = g->width > 0 && g->height > 0;
  switch (g->entry) {
    case 0:
      if (g->op < TW_COLOR_ADJUST_OP_BRIGHTNESS || g->op > TW_COLOR_ADJUST_OP_HUE || !finite32(g->a)) return 0;
      return g->op == TW_COLOR_ADJUST_OP_HUE ? g->a >= -0.5 && g->a <= 0.5 : g->a >= 0;
    case 1:
      if (g->op < TW_COLOR_POINT_OP_POSTERIZE || g->op > TW_COLOR_POINT_OP_EQUALIZE) return 0;
      if (g->op == TW_COLOR_POINT_OP_POSTERIZE) return g->a >= 0 && g->a <= 8 && g->a == floor(g->a);
      return g->op != TW_COLOR_POINT_OP_SOLARIZE || isfinite(g->a);
    case 2: return finite32(g->a) && finite32(g->b) && g->a >= 0;
    case 3: return g->op == 1 || g->op == 3 || g->op == g->channels;
    default: {
      const int32_t kx = g->op, ky = g->ky;
      if (kx < 1 || ky < 1 || kx > TW_COLOR_LIMIT_MAX_BLUR_SIZE || ky > TW_COLOR_LIMIT_MAX_BLUR_SIZE) return 0;
      if (kx % 2 == 0 || ky % 2 == 0 || (any && (kx / 2 >= g->width || ky / 2 >= g->height))) return 0;
      return isfinite(g->a) && isfinite(g->b) && (float)g->a > 0 && (float)g->b > 0;
    }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fz_reader in = {data, size, 0, 0, 0};
  const fz_place place = fz_read_place(&in);
  color_args g = {0};
  g.entry = fz_byte(&in) % 5;
  g.width = fz_clamp32(fz_int(&in));
  g.height = fz_clamp32(fz_int(&in));
  const uint8_t cb = fz_byte(&in);
  if (place.flags & 1) g.entry = POLICY_NEAREST;
  else if (place.flags & 2) g.entry = CHAIN;
  g.channels = cb >= 0xE0 ? cb % 8 : g.entry == POLICY_NEAREST ? 1 + cb % 4 : 3 + cb % 2;
  g.op = fz_clamp32(fz_int(&in));
  g.ky = fz_clamp32(fz_int(&in));
  g.a = fz_f64(&in);
  g.b = fz_f64(&in);
  if (g.entry == POLICY_NEAREST || g.entry == CHAIN) {
    for (int k = 0; k < 4; k++) g.theta[k] = fz_f64(&in);
    g.fill = (uint32_t)fz_int(&in);
  }
  if (g.entry == 4 && g.op > 0 && g.ky > 0 && g.width > 0 && g.height > 0 &&
      fz_times(fz_times((uint64_t)g.width, (uint64_t)g.height), fz_times((uint64_t)g.op, (uint64_t)g.ky)) > (1u << 22)) {
    g.op = 1 + 2 * (g.op % 4);
    g.ky = 1 + 2 * (g.ky % 4);
  }
  fz_begin_tail(&in);

  const int32_t out_channels = g.entry == 3 && g.op >= 1 && g.op <= 4 ? g.op : g.channels;
  int big = 0;
  fz_buf input = {0}, out = {0};
  fz_place_image(&in, &place, fz_image_bytes(g.width, g.height, g.channels),
                 fz_image_bytes(g.width, g.height, out_channels), &big, &input, &out);
  g.in = &input;
  g.out = &out;

  fz_snapshot readonly = {0};
  fz_keep(&readonly, input.p, input.bytes);
  const int overlapping = fz_overlap(input.p, input.bytes, out.p, out.bytes);
  const int32_t status = fz_two_runs(call_color, &g, out.p, out.bytes, &readonly, overlapping);
  if (big) FZ_CHECK(status != TW_OK, "buffers smaller than the sizes need were accepted");
  const int valid = !big && place.counts < 2 && place.where != FZ_PLACE_NULL && !overlapping && valid_arguments(&g);
  if (valid) FZ_CHECK(status == TW_OK, "a valid call (entry %d, op %d) failed with status %d", g.entry, (int)g.op, status);

  fz_release(&readonly);
  fz_free(&out);
  fz_free(&input);
  return 0;
}
