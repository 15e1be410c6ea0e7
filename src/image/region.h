/* tensorwarp/image crop and pad: where each row and column of a region reads.
 *
 * crop and pad are one operation: a result of `count` pixels along an axis
 * whose index o lies at source index o - before (pad: before = top or left;
 * a crop at x: before = -x). tw_image_region_map writes, for every o in
 * [0, count), the source index that o reads, or -1 for the fill:
 *
 *   map[o] = Pad's src(o - before, length)       (pad/pad.h, the one rule)
 *
 * with the border (image.h) as Pad's mode of the same name. Outside the
 * source the rule continues periodically (reflect, symmetric, wrap), so any
 * offset is accepted. The JS wrapper maps the rows and the columns of a
 * region this way and moves the pixels itself (js/image/pad.js).
 *
 * Arguments: length >= 0 source pixels (an empty axis only with the constant
 * border: the others need a pixel); count >= 0; `map` int32 with map_bytes ==
 * 4 * count, inside the heap. Nothing is written unless the call returns
 * TW_OK. No allocation. */
#ifndef TW_IMAGE_REGION_H
#define TW_IMAGE_REGION_H

#include <stddef.h>
#include <stdint.h>

#include "common/export.h"

TW_EXPORT int32_t tw_image_region_map(int32_t length, int64_t before, int32_t count, int32_t border, int32_t* map,
                                      size_t map_bytes);

#endif
