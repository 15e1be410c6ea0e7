/* AveragePool geometry: attribute validation, output lengths, auto pads
 * (SEMANTICS §3.2), and the per-output window tables (§3.3).
 *
 * All arithmetic is int64 on values bounded by the validation below
 * (lengths <= 2^40, kernel/stride/dilation/pads <= 2^31 - 1), so no
 * intermediate can overflow: K < 2^62, L + pb + pe < 2^41, o·s < 2^42. */
#include <assert.h>

#include "avgpool-plan.h"

#define MAX_LENGTH (INT64_C(1) << 40)
#define MAX_ATTRIBUTE INT64_C(2147483647)

static tw_status check_range(const char* name, int32_t index, int64_t value, int64_t lo) {
  if (value < lo || value > MAX_ATTRIBUTE)
    return tw_fail(TW_INVALID_ARGUMENT, "%s[%d] = %lld: must be in [%lld, %lld]", name, (int)index,
                   (long long)value, (long long)lo, (long long)MAX_ATTRIBUTE);
  return TW_OK;
}

tw_status tw_avgpool_resolve_axes(int32_t r, const int64_t* x_shape, const int64_t* kernel, const int64_t* strides,
                                  const int64_t* pads, const int64_t* dilations, int32_t ceil_mode, int32_t auto_pad,
                                  tw_avgpool_axis* axes) {
  if (r < 1 || r > TW_AVGPOOL_MAX_SPATIAL_RANK)
    return tw_fail(TW_INVALID_ARGUMENT, "spatial_rank = %d: must be in [1, %d] (x has rank spatial_rank + 2)",
                   (int)r, TW_AVGPOOL_MAX_SPATIAL_RANK);
  if (x_shape == NULL) return tw_fail(TW_INVALID_ARGUMENT, "x: shape pointer is NULL");
  for (int32_t i = 0; i < r + 2; i++)
    if (x_shape[i] < 0 || x_shape[i] > MAX_LENGTH)
      return tw_fail(TW_INVALID_ARGUMENT, "x: dimension %d = %lld: must be in [0, 2^40]", (int)i,
                     (long long)x_shape[i]);
  if (kernel == NULL) return tw_fail(TW_INVALID_ARGUMENT, "kernel_shape: pointer is NULL (the attribute is required)");
  if (auto_pad < TW_AVGPOOL_AUTO_PAD_NOTSET || auto_pad > TW_AVGPOOL_AUTO_PAD_VALID)
    return tw_fail(TW_INVALID_ARGUMENT, "auto_pad = %d: must be NOTSET (0), SAME_UPPER (1), SAME_LOWER (2) or VALID (3)",
                   (int)auto_pad);
  if (ceil_mode != 0 && ceil_mode != 1)
    return tw_fail(TW_INVALID_ARGUMENT, "ceil_mode = %d: must be 0 or 1", (int)ceil_mode);

  tw_status status;
  for (int32_t i = 0; i < r; i++) {
    if ((status = check_range("kernel_shape", i, kernel[i], 1)) != TW_OK) return status;
    if (strides != NULL && (status = check_range("strides", i, strides[i], 1)) != TW_OK) return status;
    if (dilations != NULL && (status = check_range("dilations", i, dilations[i], 1)) != TW_OK) return status;
    if (auto_pad == TW_AVGPOOL_AUTO_PAD_NOTSET && pads != NULL) {
      if ((status = check_range("pads", i, pads[i], 0)) != TW_OK) return status;
      if ((status = check_range("pads", r + i, pads[r + i], 0)) != TW_OK) return status;
    }
  }

  for (int32_t i = 0; i < r; i++) {
    tw_avgpool_axis* axis = &axes[i];
    const int64_t length = x_shape[2 + i], k = kernel[i];
    const int64_t s = strides != NULL ? strides[i] : 1, d = dilations != NULL ? dilations[i] : 1;
    const int64_t effective = (k - 1) * d + 1;
    int64_t pb = 0, pe = 0, out;
    switch ((tw_avgpool_auto_pad)auto_pad) {
      case TW_AVGPOOL_AUTO_PAD_SAME_UPPER:
      case TW_AVGPOOL_AUTO_PAD_SAME_LOWER: {
        /* ceil_mode is ignored here (SEMANTICS §3.2); a negative total pad
         * (K < s) is clamped to 0 as shape inference does (§3.4.3). */
        out = tw_avgpool_ceil_div(length, s);
        int64_t total = (out - 1) * s + effective - length;
        if (total < 0) total = 0;
        pb = auto_pad == TW_AVGPOOL_AUTO_PAD_SAME_UPPER ? total / 2 : total - total / 2;
        pe = total - pb;
        break;
      }
      case TW_AVGPOOL_AUTO_PAD_VALID:
        out = tw_avgpool_floor_div(length - effective, s) + 1;
        break;
      case TW_AVGPOOL_AUTO_PAD_NOTSET:
      default: {
        if (pads != NULL) {
          pb = pads[i];
          pe = pads[r + i];
        }
        const int64_t span = length + pb + pe - effective;
        if (span < 0) {
          out = 0;
        } else if (ceil_mode) {
          out = tw_avgpool_ceil_div(span, s) + 1;
          /* A last window that would start in the end padding is dropped. */
          if ((out - 1) * s >= length + pb) out--;
        } else {
          out = span / s + 1;
        }
        break;
      }
    }
    const int same = auto_pad == TW_AVGPOOL_AUTO_PAD_SAME_UPPER || auto_pad == TW_AVGPOOL_AUTO_PAD_SAME_LOWER;
    if (out < 1 && !(same && length == 0)) {
      /* A kernel larger than the padded input is an error in every mode,
       * even where ceil_mode's formula would give one window (avgpool.h
       * states it; the JS tests pin it). Otherwise out < 1 means ceil_mode
       * dropped the only window (an empty axis without begin padding). */
      if (length + pb + pe < effective)
        return tw_fail(TW_INVALID_ARGUMENT,
                       "kernel_shape[%d] = %lld: the effective kernel (k - 1)*d + 1 = %lld is larger than the padded "
                       "input (length %lld + pads %lld + %lld)",
                       (int)i, (long long)k, (long long)effective, (long long)length, (long long)pb, (long long)pe);
      return tw_fail(TW_INVALID_ARGUMENT,
                     "spatial axis %d: its only window would start in the end padding (length %lld, begin pad %lld), "
                     "so the output would be empty",
                     (int)i, (long long)length, (long long)pb);
    }
    *axis = (tw_avgpool_axis){
        .in = length, .out = out, .kernel = k, .stride = s, .dilation = d, .pad_begin = pb, .pad_end = pe};
  }
  return TW_OK;
}

void tw_avgpool_fill_windows(tw_avgpool_axis* axis, int32_t count_include_pad, tw_avgpool_window* windows) {
  const int64_t length = axis->in, k = axis->kernel, s = axis->stride, d = axis->dilation;
  axis->interior_begin = axis->interior_end = 0;
  for (int64_t o = 0; o < axis->out; o++) {
    const int64_t start = o * s - axis->pad_begin; /* tap 0 */
    /* data taps j: 0 <= start + j·d <= length - 1 */
    const int64_t j_lo = start >= 0 ? 0 : tw_avgpool_ceil_div(-start, d);
    int64_t j_hi = length - 1 - start < 0 ? -1 : (length - 1 - start) / d;
    if (j_hi > k - 1) j_hi = k - 1;
    const int64_t taps = j_hi >= j_lo ? j_hi - j_lo + 1 : 0;
    int64_t count = taps;
    if (count_include_pad) {
      /* data + pad taps: start + j·d < length + pad_end; tap 0 is never
       * before -pad_begin, and every surviving window starts before the end
       * padding ends, so the count is at least 1. Overhang taps (ceil mode)
       * lie beyond and are not counted. */
      int64_t j_end = tw_avgpool_floor_div(length + axis->pad_end - 1 - start, d);
      if (j_end > k - 1) j_end = k - 1;
      count = j_end + 1;
      assert(count >= 1);
    }
    windows[o] = (tw_avgpool_window){
        .first = taps > 0 ? start + j_lo * d : 0, .taps = (int32_t)taps, .count = (int32_t)count};
    if (taps == k) {
      if (axis->interior_end == axis->interior_begin) axis->interior_begin = o;
      axis->interior_end = o + 1;
    }
  }
  axis->windows = windows;
}
