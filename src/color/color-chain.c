/* tw_color_chain (color.h): colour jitter's adjust ops in a row, in as few passes as their contrast means
 * allow. The steps are cut into stages at each CONTRAST (its mean is of the image as the steps before it
 * left it): stage 0 reads `in`, later stages read and write `out` in place. A stage followed by a
 * contrast adds up its results' gray bytes as it writes them (the chain kernel's gray_sum), so that mean
 * costs no pass of its own; above TW_COLOR_EXACT_SUM_PIXELS it is torch's float32 cascade instead, over a
 * gray copy made in a scratch block allocated before anything is written. */
#include <stdlib.h>

#include "color-internal.h"
#include "color-kernels.h"
#include "color.h"
#include "common/config.h"
#include "common/status.h"

static int chainable(int32_t op) {
  return op == TW_COLOR_ADJUST_OP_BRIGHTNESS || op == TW_COLOR_ADJUST_OP_CONTRAST ||
         op == TW_COLOR_ADJUST_OP_SATURATION || op == TW_COLOR_ADJUST_OP_HUE;
}

/* The steps' ops and factors, checked; 0 or a status. */
static tw_status read_steps(int32_t count, int32_t ops, const double factors[4], int32_t op_of[4]) {
  if (count < 1 || count > TW_COLOR_LIMIT_MAX_CHAIN)
    return tw_fail(TW_INVALID_ARGUMENT, "count: expected 1..%d steps, got %d", TW_COLOR_LIMIT_MAX_CHAIN, count);
  if (count < 8 && ((uint32_t)ops >> (4 * count)) != 0)
    return tw_fail(TW_INVALID_ARGUMENT, "ops: bits above step %d are set (0x%x)", count - 1, (unsigned)ops);
  for (int32_t k = 0; k < count; k++) {
    op_of[k] = (int32_t)(((uint32_t)ops >> (4 * k)) & 15u);
    if (!chainable(op_of[k]))
      return tw_fail(TW_INVALID_ARGUMENT, "ops: step %d: expected 1, 2, 3 or 5 (brightness, contrast, saturation, hue), got %d",
                     k, op_of[k]);
    const tw_status status = tw_color_check_factor(op_of[k], factors[k]);
    if (status != TW_OK) return status;
  }
  return TW_OK;
}

/* The kernel's step for op with factor f (a, b as tw_color_adjust makes them); mean: CONTRAST's. */
static tw_color_step make_step(int32_t op, double f, float mean) {
  const float a = (float)f, b = (float)(1.0 - f);
  tw_color_step s = {op, a, b};
  if (op == TW_COLOR_ADJUST_OP_BRIGHTNESS) s.b = b * 0.0f;
  if (op == TW_COLOR_ADJUST_OP_CONTRAST) s.b = b * mean;
  return s;
}

static void run_stages(const uint8_t* in, uint8_t* out, const tw_color_image_plan* plan, const int32_t* op_of,
                       const double* factors, int32_t count, uint8_t* scratch) {
  void (*chain)(const uint8_t*, uint8_t*, size_t, size_t, const tw_color_step*, size_t, uint64_t*) =
      tw_use_simd() ? tw_color_chain__wasmsimd : tw_color_chain__scalar;
  const int exact = plan->pixels <= TW_COLOR_EXACT_SUM_PIXELS;
  const uint8_t* from = in;
  uint64_t sum = 0;
  int have_sum = 0;
  for (int32_t first = 0; first < count;) {
    int32_t end = first + 1;
    while (end < count && op_of[end] != TW_COLOR_ADJUST_OP_CONTRAST) end++;
    float mean = 0.0f;
    if (op_of[first] == TW_COLOR_ADJUST_OP_CONTRAST) {
      if (have_sum) mean = (float)sum / (float)plan->pixels;
      else (void)tw_color_gray_mean(from, plan, scratch, &mean); /* cannot fail: exact, or with scratch */
    }
    tw_color_step steps[TW_COLOR_LIMIT_MAX_CHAIN];
    for (int32_t k = first; k < end; k++) steps[k - first] = make_step(op_of[k], factors[k], mean);
    sum = 0;
    have_sum = end < count && exact;
    chain(from, out, plan->pixels, plan->channels, steps, (size_t)(end - first), have_sum ? &sum : NULL);
    from = out;
    first = end;
  }
}

int32_t tw_color_chain(const uint8_t* in, size_t in_bytes, uint8_t* out, size_t out_bytes, int32_t width,
                       int32_t height, int32_t channels, int32_t count, int32_t ops, double factor_0,
                       double factor_1, double factor_2, double factor_3) {
  tw_color_image_plan plan;
  tw_status status = tw_color_check_images(in, in_bytes, out, out_bytes, width, height, channels, channels, &plan);
  if (status != TW_OK) return status;
  const double factors[4] = {factor_0, factor_1, factor_2, factor_3};
  int32_t op_of[4];
  status = read_steps(count, ops, factors, op_of);
  if (status != TW_OK || plan.pixels == 0) return status;
  uint8_t* scratch = NULL;
  int later_contrast = 0;
  for (int32_t k = 1; k < count; k++) later_contrast |= op_of[k] == TW_COLOR_ADJUST_OP_CONTRAST;
  if (plan.pixels > TW_COLOR_EXACT_SUM_PIXELS && (later_contrast || op_of[0] == TW_COLOR_ADJUST_OP_CONTRAST)) {
    scratch = malloc(plan.pixels);
    if (!scratch) return tw_fail(TW_OUT_OF_MEMORY, "img: no memory for the %zu gray values of the mean", plan.pixels);
  }
  run_stages(in, out, &plan, op_of, factors, count, scratch);
  free(scratch);
  return TW_OK;
}
