/* libFuzzer harness for tw_image_warp_to_tensor (src/warp/warp-tensor.h),
 * the fused warp -> model tensor entry of tensorwarp/augment.
 *
 * Input (encoding in fuzz.h):
 *   placement byte   bits 5-7: 1 raw matrix (f64 entries; otherwise one byte
 *                    each, (int8_t)b / 16), 2 perspective, 4 raw params (10
 *                    little-endian floats; otherwise (int8_t)b / 16 each)
 *   int  src_width, src_height, dst_width, dst_height
 *   byte channels, out_channels   b < 0xE0: 1 + b % 4; else b % 8
 *   byte interpolation  b % 4 (3 is not a warp's)
 *   byte border         b % 6 (5 is not one)
 *   4 bytes fill        channel c in byte c
 *   byte layout         b % 3 (2 is not one)
 *   byte dtype          b < 0xE0: FLOAT32, FLOAT16, UINT8 (b % 3); else b % 32
 *   int  band_rows
 *   matrix, params   see bits 5 and 7
 *   tail             the source pixels
 *
 * Beyond fuzz.h's checks (SIMD against scalar, nothing written on failure,
 * inputs unchanged, exact-size buffers under ASan), the header's contract is
 * checked against the two entries it fuses, each called on its own: the fused
 * call succeeds exactly when tw_image_warp (whole destination) and then
 * tw_image_to_tensor on its image both do (out of memory aside), and then its
 * tensor equals theirs bit for bit, whatever band_rows is. */
#include "common/dtype.h"
#include "fuzz.h"
#include "image/convert.h"
#include "warp/warp-tensor.h"
#include "warp/warp.h"

#define SIDE_CAP (1 << 12)

static const int32_t DTYPES[3] = {TW_DTYPE_FLOAT32, TW_DTYPE_FLOAT16, TW_DTYPE_UINT8};

typedef struct fused_args {
  int32_t src_width, src_height, channels, perspective, interpolation, border, dst_width, dst_height;
  int32_t out_channels, layout, dtype, band_rows;
  uint32_t fill;
  const double* matrix;
  const float* params;
  const fz_buf *src, *out;
} fused_args;

static int32_t call_fused(const void* p) {
  const fused_args* f = p;
  return tw_image_warp_to_tensor(f->src->p, f->src->bytes, f->src_width, f->src_height, f->channels, f->matrix,
                                 f->perspective, f->interpolation, f->border, f->fill, f->dst_width, f->dst_height,
                                 f->out_channels, f->layout, f->dtype, f->params, f->out->p, f->out->bytes,
                                 f->band_rows);
}

static int channels_of(uint8_t b) { return b < 0xE0 ? 1 + b % 4 : b % 8; }

static float read_param(fz_reader* in, int raw) {
  if (!raw) return (int8_t)fz_byte(in) / 16.0f;
  uint32_t bits = 0;
  for (int k = 0; k < 4; k++) bits |= (uint32_t)fz_byte(in) << (8 * k);
  float v;
  memcpy(&v, &bits, 4);
  return v;
}

/* The unfused result: tw_image_warp into an image, then tw_image_to_tensor of
 * it. Returns the status of the first that fails (TW_OK if both succeed) and
 * the tensor in *tensor (malloc'd, out_bytes long) on success. */
static int32_t two_steps(const fused_args* f, uint8_t** tensor) {
  *tensor = NULL;
  const uint64_t image_need = fz_image_bytes(f->dst_width, f->dst_height, f->channels);
  if (image_need > FZ_MAX_BYTES) return TW_UNSUPPORTED; /* the fused call was given small buffers: it must fail */
  fz_buf image = fz_alloc((size_t)image_need, 0);
  int32_t status = tw_image_warp(f->src->p, f->src->bytes, f->src_width, f->src_height, f->channels, f->matrix,
                                 f->perspective, f->interpolation, f->border, f->fill, image.p, image.bytes,
                                 f->dst_width, f->dst_height, 0, f->dst_height);
  if (status == TW_OK) {
    *tensor = malloc(f->out->bytes ? f->out->bytes : 1);
    FZ_CHECK(*tensor != NULL, "malloc");
    status = tw_image_to_tensor(image.p, image.bytes, f->dst_width, f->dst_height, f->channels, f->out_channels,
                                f->layout, f->dtype, f->params, *tensor, f->out->bytes);
  }
  if (status != TW_OK) {
    free(*tensor);
    *tensor = NULL;
  }
  fz_free(&image);
  return status;
}

static void check_against_two_steps(const fused_args* f, int32_t fused_status) {
  uint8_t* expected;
  const int32_t status = two_steps(f, &expected);
  if (fused_status == TW_OK) {
    FZ_CHECK(status == TW_OK, "the fused call accepted what warp + toTensor refuse (status %d)", status);
    for (size_t i = 0; i < f->out->bytes; i++)
      FZ_CHECK(f->out->p[i] == expected[i] || fz_same_nan(f->out->p, expected, i),
               "the fused tensor differs from warp + toTensor at byte %zu (band_rows %d)", i, (int)f->band_rows);
  } else if (fused_status != TW_OUT_OF_MEMORY) {
    FZ_CHECK(status != TW_OK, "the fused call refused (status %d) what warp + toTensor accept", fused_status);
  }
  free(expected);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fz_reader in = {data, size, 0, 0, 0};
  const fz_place place = fz_read_place(&in);
  const int raw_matrix = place.flags & 1, perspective = (place.flags & 2) != 0, raw_params = place.flags & 4;
  const int32_t src_width = fz_clamp32(fz_int(&in)), src_height = fz_clamp32(fz_int(&in));
  const int32_t dst_width = fz_clamp32(fz_int(&in)), dst_height = fz_clamp32(fz_int(&in));
  const int32_t channels = channels_of(fz_byte(&in)), out_channels = channels_of(fz_byte(&in));
  const int32_t interpolation = fz_byte(&in) % 4, border = fz_byte(&in) % 6;
  uint32_t fill = 0;
  for (int k = 0; k < 4; k++) fill |= (uint32_t)fz_byte(&in) << (8 * k);
  const int32_t layout = fz_byte(&in) % 3;
  const uint8_t db = fz_byte(&in);
  const int32_t dtype = db < 0xE0 ? DTYPES[db % 3] : db % 32;
  const int32_t band_rows = fz_clamp32(fz_int(&in));
  const size_t matrix_bytes = (perspective ? 9 : 6) * sizeof(double);
  double* matrix = malloc(matrix_bytes); /* blocks of exactly their size: an over-read is caught */
  float* params = malloc(TW_IMAGE_TENSOR_PARAM_COUNT * sizeof(float));
  FZ_CHECK(matrix && params, "malloc");
  for (int k = 0; k < (perspective ? 9 : 6); k++) matrix[k] = raw_matrix ? fz_f64(&in) : (int8_t)fz_byte(&in) / 16.0;
  for (int k = 0; k < TW_IMAGE_TENSOR_PARAM_COUNT; k++) params[k] = read_param(&in, raw_params);
  fz_begin_tail(&in);

  const unsigned element = tw_dtype_bits(dtype) >= 8 ? tw_dtype_bits(dtype) / 8 : 1;
  int big = src_width > SIDE_CAP || src_height > SIDE_CAP || dst_width > SIDE_CAP || dst_height > SIDE_CAP;
  fz_buf inputs[1] = {{0}}, out = {0};
  fz_place_image(&in, &place, fz_image_bytes(src_width, src_height, channels),
                 fz_image_bytes(dst_width, dst_height, (int64_t)out_channels * element), &big, &inputs[0], &out);

  fz_snapshot readonly = {0};
  fz_keep(&readonly, inputs[0].p, inputs[0].bytes);
  fz_keep(&readonly, matrix, matrix_bytes);
  fz_keep(&readonly, params, TW_IMAGE_TENSOR_PARAM_COUNT * sizeof(float));
  const fused_args args = {src_width,    src_height, channels, perspective, interpolation, border,  dst_width,
                           dst_height,   out_channels, layout, dtype,       band_rows,     fill,    matrix,
                           params,       &inputs[0], &out};
  const int overlapping = fz_overlap(inputs[0].p, inputs[0].bytes, out.p, out.bytes);
  fz_float_output_dtype = dtype;
  const int32_t status = fz_two_runs(call_fused, &args, out.p, out.bytes, &readonly, overlapping);
  if (big) FZ_CHECK(status != TW_OK, "tw_image_warp_to_tensor accepted buffers smaller than its sizes need");
  const int exact = !big && place.counts < 2 && place.where != FZ_PLACE_NULL && !overlapping && band_rows >= 0;
  if (exact) check_against_two_steps(&args, status);

  fz_release(&readonly);
  free(params);
  free(matrix);
  fz_free(&out);
  fz_free(&inputs[0]);
  return 0;
}
