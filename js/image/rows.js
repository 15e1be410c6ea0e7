// Row movement for the pure data-movement functions (crop, pad, flip): the
// pixels go from the caller's image straight into the result, one pass, with
// no round trip through the wasm heap (js/rows.js moves them). Which source
// pixel a result pixel takes is decided elsewhere: for crop and pad by the
// border rule in C (src/image/region.h, Pad's rule), asked once per row and
// per column.
import { check, withFrame } from '../module.js';
import { readable } from './common.js';
import { moveRows, readMap } from '../rows.js';

/**
 * For a region `region` ({ top, left, width, height }: result pixel (r, c) is
 * the source's (r - top, c - left)) of a checked image, the source row of
 * every result row and the source column of every result column, -1 where
 * the fill goes: tw_image_region_map (src/image/region.h) with `borderCode`.
 */
function regionMaps(op, src, region, borderCode) {
  return withFrame(op, (frame, m) => {
    const axis = (length, before, count) => readMap(frame, count, 'the region map',
      (pointer, bytes) => check(m._tw_image_region_map(length, BigInt(before), count, borderCode, pointer, bytes), op));
    return { rows: axis(src.height, region.top, region.height), columns: axis(src.width, region.left, region.width) };
  });
}

/**
 * Writes `region` of `src` (see regionMaps) into `target` (a checked image of
 * the region's size, not empty) with the border `borderCode` and the fill
 * bytes. Every byte of the target is written.
 */
export function moveRegion(op, src, target, region, borderCode, fillBytes) {
  const { rows, columns } = regionMaps(op, src, region, borderCode);
  moveRows({
    source: readable(src, target).bytes, target: target.bytes, rows, columns,
    sourceRowUnits: src.width, targetRowUnits: region.width, unitBytes: src.channels, fillUnit: fillBytes,
  });
}
