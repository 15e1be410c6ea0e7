/* libFuzzer harness for the image data-movement and conversion entries:
 * tw_image_flip, tw_image_rotate90 (src/image/flip.h), tw_image_to_tensor and
 * tw_image_from_tensor (src/image/convert.h).
 *
 * Input (encoding in fuzz.h):
 *   placement byte   bits 5-7: 1 raw params (10 little-endian floats; otherwise
 *                    10 bytes, (int8_t)b / 16 each), 2 params NULL, 4 unused
 *   byte entry       b % 4: flip, rotate90, to_tensor, from_tensor
 *   int  width, height
 *   byte channels_a, channels_b   b < 0xE0: 1 + b % 4; else b % 8
 *                    (flip/rotate: channels = a; to_tensor: in a, out b;
 *                    from_tensor: tensor a, image b)
 *   byte arg         flip: direction b % 5; rotate90: turns (int8_t)b;
 *                    convert: layout b % 3
 *   byte dtype       b < 0xE0: FLOAT32, FLOAT16, UINT8 (b % 3); else b % 32
 *   params           see bit 5
 *   tail             the input's data
 *
 * Beyond fuzz.h's checks: flip and rotate90 results equal flip.h's index
 * formulas, and a call flip.h calls valid succeeds. */
#include "common/dtype.h"
#include "fuzz.h"
#include "image/convert.h"
#include "image/flip.h"

enum { FLIP, ROTATE, TO_TENSOR, FROM_TENSOR };
static const int32_t DTYPES[3] = {TW_DTYPE_FLOAT32, TW_DTYPE_FLOAT16, TW_DTYPE_UINT8};

typedef struct image_args {
  int entry;
  int32_t width, height, a, b, arg, dtype;
  const float* params;
  const fz_buf *in, *out;
} image_args;

static int32_t call_image(const void* p) {
  const image_args* g = p;
  switch (g->entry) {
    case FLIP: return tw_image_flip(g->in->p, g->in->bytes, g->out->p, g->out->bytes, g->width, g->height, g->a, g->arg);
    case ROTATE:
      /* the whole output: every row of the turned image */
      return tw_image_rotate90(g->in->p, g->in->bytes, g->out->p, g->out->bytes, g->width, g->height, g->a, g->arg, 0,
                               (g->arg & 1) ? g->width : g->height);
    case TO_TENSOR:
      return tw_image_to_tensor(g->in->p, g->in->bytes, g->width, g->height, g->a, g->b, g->arg, g->dtype, g->params,
                                g->out->p, g->out->bytes);
    default:
      return tw_image_from_tensor(g->in->p, g->in->bytes, g->dtype, g->arg, g->width, g->height, g->a, g->params, g->b,
                                  g->out->p, g->out->bytes);
  }
}

static uint64_t pixels_bytes(int32_t w, int32_t h, int64_t per_pixel) {
  if (w < 0 || h < 0 || per_pixel < 0) return UINT64_MAX;
  return fz_times(fz_times((uint64_t)w, (uint64_t)h), (uint64_t)per_pixel);
}

/* flip.h's formulas: the input pixel that output pixel (r, c) copies. */
static void check_moved(const image_args* g) {
  const int64_t w = g->width, h = g->height, ch = g->a;
  const int turns = ((g->arg % 4) + 4) % 4;
  const int swap = g->entry == ROTATE && turns % 2;
  const int64_t out_w = swap ? h : w, out_h = swap ? w : h;
  if (w == 0 || h == 0 || ch <= 0) return; /* no pixels (the other axis may be 2^31 long) */
  for (int64_t r = 0; r < out_h; r++)
    for (int64_t c = 0; c < out_w; c++) {
      int64_t sr = r, sc = c;
      if (g->entry == FLIP) {
        if (g->arg & 1) sc = w - 1 - c; /* HORIZONTAL (1) and BOTH (3) */
        if (g->arg & 2) sr = h - 1 - r; /* VERTICAL (2) and BOTH (3) */
      } else if (turns == 1) {
        sr = c, sc = w - 1 - r;
      } else if (turns == 2) {
        sr = h - 1 - r, sc = w - 1 - c;
      } else if (turns == 3) {
        sr = h - 1 - c, sc = r;
      }
      FZ_CHECK(memcmp(g->out->p + (r * out_w + c) * ch, g->in->p + (sr * w + sc) * ch, (size_t)ch) == 0,
               "output pixel (%lld, %lld) is not input pixel (%lld, %lld)", (long long)r, (long long)c,
               (long long)sr, (long long)sc);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fz_reader in = {data, size, 0, 0, 0};
  const fz_place place = fz_read_place(&in);
  const int entry = fz_byte(&in) % 4;
  const int32_t width = fz_clamp32(fz_int(&in)), height = fz_clamp32(fz_int(&in));
  const uint8_t ab = fz_byte(&in), bb = fz_byte(&in), argb = fz_byte(&in), db = fz_byte(&in);
  const int32_t a = ab < 0xE0 ? 1 + ab % 4 : ab % 8, b = bb < 0xE0 ? 1 + bb % 4 : bb % 8;
  const int32_t arg = entry == FLIP ? argb % 5 : entry == ROTATE ? (int8_t)argb : argb % 3;
  const int32_t dtype = db < 0xE0 ? DTYPES[db % 3] : db % 32;
  float params[TW_IMAGE_TENSOR_PARAM_COUNT];
  for (int i = 0; i < TW_IMAGE_TENSOR_PARAM_COUNT; i++) {
    if (place.flags & 1) {
      const uint32_t bits = (uint32_t)fz_byte(&in) | (uint32_t)fz_byte(&in) << 8 | (uint32_t)fz_byte(&in) << 16 |
                            (uint32_t)fz_byte(&in) << 24;
      memcpy(&params[i], &bits, 4);
    } else {
      params[i] = (int8_t)fz_byte(&in) / 16.0f;
    }
  }
  fz_begin_tail(&in);

  const unsigned element = tw_dtype_bits(dtype) >= 8 ? tw_dtype_bits(dtype) / 8 : 1;
  uint64_t in_need, out_need;
  if (entry == FLIP || entry == ROTATE) {
    in_need = out_need = pixels_bytes(width, height, a);
  } else if (entry == TO_TENSOR) {
    in_need = pixels_bytes(width, height, a);
    out_need = pixels_bytes(width, height, (int64_t)b * element);
  } else {
    in_need = pixels_bytes(width, height, (int64_t)a * element);
    out_need = pixels_bytes(width, height, b);
  }
  int big = 0;
  const size_t in_bytes = fz_budget(in_need, &big), out_bytes = fz_budget(out_need, &big);
  fz_buf inputs[1] = {{.bytes = big ? 40 : fz_count(in_bytes, &place, 0)}};
  fz_buf out = {.bytes = big ? 24 : fz_count(out_bytes, &place, 1)};
  fz_place_buffers(&place, inputs, 1, &out);
  if (inputs[0].p) fz_fill(&in, inputs[0].p, inputs[0].bytes);
  float* params_copy = place.flags & 2 ? NULL : malloc(sizeof params);
  if (params_copy) memcpy(params_copy, params, sizeof params);

  fz_snapshot readonly = {0};
  fz_keep(&readonly, inputs[0].p, inputs[0].bytes);
  fz_keep(&readonly, params_copy, sizeof params);
  const image_args args = {entry, width, height, a, b, arg, dtype, params_copy, &inputs[0], &out};
  const int overlapping = fz_overlap(inputs[0].p, inputs[0].bytes, out.p, out.bytes);
  const int32_t status = fz_two_runs(call_image, &args, out.p, out.bytes, &readonly, overlapping);
  if (big) FZ_CHECK(status != TW_OK, "buffers smaller than the sizes need were accepted");

  if (entry == FLIP || entry == ROTATE) {
    const int valid = !big && place.counts < 2 && place.where != FZ_PLACE_NULL && !overlapping && width >= 0 &&
                      height >= 0 && a >= 1 && a <= 4 && (entry == ROTATE || (arg >= 1 && arg <= 3));
    if (valid) FZ_CHECK(status == TW_OK, "a valid %s failed with status %d", entry == FLIP ? "flip" : "rotate90", status);
    if (status == TW_OK) check_moved(&args);
  }

  fz_release(&readonly);
  free(params_copy);
  fz_free(&out);
  fz_free(&inputs[0]);
  return 0;
}
