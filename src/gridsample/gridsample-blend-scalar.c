/* Scalar blend and gather kernels: the reference for the per-channel loop.
 * They only gather and sum along a plan; every decision about modes and
 * padding was made when the plan was built. One kernel per element type (and
 * a _masked twin for ZEROS padding, so no kernel tests the padding mode per
 * tap); nearest only copies elements, so it needs one kernel per element
 * size (STYLE P2). */
#include <string.h>

#include "common/half.h"
#include "gridsample-internal.h"

/* ---- element <-> sum type ------------------------------------------------ */

static inline float tw_gs_load_f32(float v) { return v; }
static inline float tw_gs_load_f16(uint16_t v) { return tw_f16_to_f32(v); }
static inline float tw_gs_load_bf16(uint16_t v) { return tw_bf16_to_f32(v); }
static inline float tw_gs_load_c64(float v) { return v; }
static inline double tw_gs_load_f64(double v) { return v; }
static inline double tw_gs_load_c128(double v) { return v; }
static inline double tw_gs_load_i8(int8_t v) { return v; }
static inline double tw_gs_load_u8(uint8_t v) { return v; }
static inline double tw_gs_load_i16(int16_t v) { return v; }
static inline double tw_gs_load_u16(uint16_t v) { return v; }
static inline double tw_gs_load_i32(int32_t v) { return v; }
static inline double tw_gs_load_u32(uint32_t v) { return v; }
static inline double tw_gs_load_i64(int64_t v) { return (double)v; }
static inline double tw_gs_load_u64(uint64_t v) { return (double)v; }

static inline float tw_gs_store_f32(float v) { return v; }
static inline uint16_t tw_gs_store_f16(float v) { return tw_f32_to_f16(v); }
static inline uint16_t tw_gs_store_bf16(float v) { return tw_f32_to_bf16(v); }
static inline float tw_gs_store_c64(float v) { return v; }
static inline double tw_gs_store_f64(double v) { return v; }
static inline double tw_gs_store_c128(double v) { return v; }

/* Integers: truncate toward zero, saturate, NaN -> 0 (gridsample-internal.h). */
static inline int8_t tw_gs_store_i8(double v) { return tw_gs_to_i8(v); }
static inline uint8_t tw_gs_store_u8(double v) { return tw_gs_to_u8(v); }
static inline int16_t tw_gs_store_i16(double v) { return tw_gs_to_i16(v); }
static inline uint16_t tw_gs_store_u16(double v) { return tw_gs_to_u16(v); }
static inline int32_t tw_gs_store_i32(double v) { return tw_gs_to_i32(v); }
static inline uint32_t tw_gs_store_u32(double v) { return tw_gs_to_u32(v); }
static inline int64_t tw_gs_store_i64(double v) { return tw_gs_to_i64(v); }
static inline uint64_t tw_gs_store_u64(double v) { return tw_gs_to_u64(v); }

/* ---- tile driver -----------------------------------------------------------
 * Every channel and every row of a tile through one row kernel of signature
 * (points, taps, x, plan, fill, y, masked); `bytes` is one output element's
 * size. The kernels are inline, so the constant `masked` folds away the mask
 * test in the unmasked twin. */
#define TW_GS_DEFINE_TILE_DRIVER(name, row_kernel, bytes, masked)                                         \
  void tw_gridsample_##name##__scalar(const tw_gridsample_tile* tile, const void* x,                      \
                                      const tw_gridsample_plan* plan, const void* fill, void* y) {        \
    for (size_t c = 0; c < tile->channels; c++) {                                                         \
      for (size_t row = 0; row < tile->rows; row++) {                                                     \
        const tw_gridsample_plan at = tw_gridsample_plan_at(plan, row * tile->plan_stride);               \
        row_kernel(tile->count, plan->taps, (const unsigned char*)x + c * tile->x_channel_bytes, &at, fill, \
                   (unsigned char*)y + (c * tile->y_channel_stride + row * tile->y_stride) * (bytes), masked); \
      }                                                                                                   \
    }                                                                                                     \
  }

/* ---- blend ----------------------------------------------------------------
 * y = sum over taps of w * value, summed in tap order from the first product;
 * complex elements are `comps` independent components. */
#define TW_GS_DEFINE_SCALAR_BLEND(suffix, xtype, acctype, comps)                                        \
  static inline void tw_gs_blend_##suffix(size_t points, size_t taps, const void* xv,                   \
                                          const tw_gridsample_plan* plan, const void* fillv, void* yv,  \
                                          const int masked) {                                           \
    const xtype* x = xv;                                                                                \
    const xtype* fill = fillv;                                                                          \
    xtype* y = yv;                                                                                      \
    const acctype* w = sizeof(acctype) == sizeof(float) ? (const void*)plan->w32 : (const void*)plan->w64; \
    for (size_t p = 0; p < points; p++) {                                                               \
      for (size_t c = 0; c < (comps); c++) {                                                            \
        acctype acc = 0;                                                                                \
        for (size_t t = 0; t < taps; t++) {                                                             \
          const size_t slot = tw_gridsample_slot(p, t, taps);                                           \
          const acctype v = masked && plan->mask[slot] ? tw_gs_load_##suffix(fill[c])                   \
                                                       : tw_gs_load_##suffix(x[(size_t)plan->index[slot] * (comps) + c]); \
          const acctype product = w[slot] * v;                                                          \
          acc = t == 0 ? product : acc + product;                                                       \
        }                                                                                               \
        y[p * (comps) + c] = tw_gs_store_##suffix(acc);                                                 \
      }                                                                                                 \
    }                                                                                                   \
  }                                                                                                     \
  TW_GS_DEFINE_TILE_DRIVER(blend_##suffix, tw_gs_blend_##suffix, sizeof(xtype) * (comps), 0)             \
  TW_GS_DEFINE_TILE_DRIVER(blend_##suffix##_masked, tw_gs_blend_##suffix, sizeof(xtype) * (comps), 1)
TW_GS_BLEND_TYPES(TW_GS_DEFINE_SCALAR_BLEND)
#undef TW_GS_DEFINE_SCALAR_BLEND

/* ---- gather (nearest) -----------------------------------------------------
 * A bit-exact copy of one element per output, through memcpy so any element
 * type can pass through the same kernel. */
#define TW_GS_DEFINE_GATHER(size, bytes)                                                                 \
  static inline void tw_gs_gather_##size(size_t points, size_t taps, const void* xv,                    \
                                         const tw_gridsample_plan* plan, const void* fill, void* yv,     \
                                         const int masked) {                                             \
    (void)taps; /* always 1 */                                                                           \
    const unsigned char* x = xv;                                                                         \
    unsigned char* y = yv;                                                                               \
    for (size_t p = 0; p < points; p++) {                                                                \
      const size_t slot = tw_gridsample_slot(p, 0, 1);                                                   \
      const void* source = masked && plan->mask[slot] ? fill : x + (size_t)plan->index[slot] * (bytes); \
      memcpy(y + p * (bytes), source, (bytes));                                                          \
    }                                                                                                    \
  }                                                                                                      \
  TW_GS_DEFINE_TILE_DRIVER(gather_##size, tw_gs_gather_##size, bytes, 0)                                 \
  TW_GS_DEFINE_TILE_DRIVER(gather_##size##_masked, tw_gs_gather_##size, bytes, 1)
TW_GS_DEFINE_GATHER(x8, 1)
TW_GS_DEFINE_GATHER(x16, 2)
TW_GS_DEFINE_GATHER(x32, 4)
TW_GS_DEFINE_GATHER(x64, 8)
TW_GS_DEFINE_GATHER(x128, 16)
#undef TW_GS_DEFINE_GATHER
#undef TW_GS_DEFINE_TILE_DRIVER
