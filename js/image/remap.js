// cv2.remap with float32 maps, byte for byte (src/warp/warp.h states the
// arithmetic: each map value rounded onto OpenCV's 1/32 grid as cv::remap
// converts CV_32FC1 maps, then the warps' fixed-point sampling). Internal:
// random.elastic (js/augment/elastic.js) samples through it.
import { check, withFrame } from '../module.js';
import { copyOut } from '../tensor.js';
import { checkImage, resultImage, border as borderCode, interpolation as interpolationCode, fill as fillBytes, imagePointer } from './common.js';
import { checkExtensible } from './pad.js';
import { packFill } from './warp.js';

const INTERPOLATIONS = ['nearest', 'linear', 'cubic'];

/**
 * cv2.remap(img, mapX, mapY, interpolation, borderMode, borderValue) into a
 * width × height image: destination pixel (x, y) takes the source at
 * (mapX[y·width + x], mapY[...]) (Float32Arrays of width·height). Options:
 * interpolation ('nearest' | 'linear' | 'cubic', default 'linear'), border
 * (default 'constant'), fill (a byte or one per channel).
 */
export function remap(img, mapX, mapY, width, height, options = {}, op = 'remap') {
  const src = checkImage(img, `${op}: img`);
  for (const [name, map] of [['mapX', mapX], ['mapY', mapY]]) {
    if (!(map instanceof Float32Array)) throw new TypeError(`${op}: ${name}: expected a Float32Array`);
    if (map.length !== width * height) throw new RangeError(`${op}: ${name}: a ${width}x${height} map needs ${width * height} values, got ${map.length}`);
  }
  const interpolation = interpolationCode(options.interpolation, 'linear', INTERPOLATIONS, op);
  const border = borderCode(options.border, 'constant', op);
  const fill = fillBytes(options.fill, src.channels, op);
  const target = resultImage(undefined, width, height, src.channels, op);
  const bytes = width * height * src.channels;
  if (bytes === 0) return target.source;
  checkExtensible(op, src, border);
  withFrame(op, (frame, m) => {
    const srcPointer = imagePointer(frame, src);
    const mapXPointer = frame.copyIn(mapX), mapYPointer = frame.copyIn(mapY);
    const dst = frame.alloc(bytes, 'the result');
    check(m._tw_image_remap(srcPointer, src.bytes.length, src.width, src.height, src.channels, mapXPointer, mapYPointer,
      mapX.byteLength, interpolation, border, packFill(fill), dst, bytes, width, height, 0, height), op);
    copyOut(dst, bytes, target.bytes, 0);
  });
  return target.source;
}
