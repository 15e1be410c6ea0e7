// warpAffine, warpPerspective and rotate against cv2 4.6, byte for byte
// (fixtures from tools/fixtures/opencv_warps.py: every operation x
// interpolation x border x inverse with turns, k/64 ties, far-outside,
// near-singular and w-crossing-0 matrices, channels 1-4, sizes down to 1x1;
// rotate against cv2.getRotationMatrix2D). The SIMD and the scalar kernels
// must both match. The match counts are printed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { ready } from '../js/index.js';
import { wasm } from '../js/module.js';
import { warpAffine, warpPerspective, rotate } from '../js/image.js';

await ready();

// TW_WARP_FIXTURE: a larger sweep from the same generator (--out, --repeat), not committed
const fixture = process.env.TW_WARP_FIXTURE ?? new URL('./fixtures/image/warp/opencv-exact.json.gz', import.meta.url);
const doc = JSON.parse(gunzipSync(readFileSync(fixture)));
const decode = (text) => new Uint8Array(Buffer.from(text, 'base64'));

function source(c) {
  const s = doc.sources[c.source];
  return { width: s.width, height: s.height, channels: c.channels, data: decode(s.pixels[String(c.channels)]) };
}

function run(c) {
  const img = source(c);
  const { interpolation, border, fill } = c;
  if (c.op === 'rotate') {
    const options = { interpolation, border, fill, scale: c.scale };
    if (c.center !== null) options.center = c.center;
    return rotate(img, c.degrees, options);
  }
  const options = { width: c.width, height: c.height, interpolation, border, fill, inverse: c.inverse };
  return (c.op === 'affine' ? warpAffine : warpPerspective)(img, c.matrix, options);
}

const label = (c) => `${c.op} ${c.kind ?? `${c.degrees}deg`} ${c.interpolation} ${c.border}${c.inverse ? ' inverse' : ''} ` +
  `${c.channels}ch source ${c.source}`;

for (const simd of [true, false]) {
  test(`warps equal cv2 ${doc.opencv} byte for byte (${simd ? 'SIMD' : 'scalar'} kernels)`, () => {
    wasm()._tw_set_simd(simd ? 1 : 0);
    try {
      const counts = {};
      const failures = [];
      for (const c of doc.cases) {
        const want = decode(c.expected);
        const got = run(c).data;
        const key = `${c.op} ${c.interpolation}`;
        const s = (counts[key] ??= { cases: 0, bytes: 0, equal: 0 });
        s.cases++;
        s.bytes += want.length;
        let equal = want.length === got.length ? 0 : -Infinity;
        for (let k = 0; k < Math.min(want.length, got.length); k++) equal += want[k] === got[k];
        s.equal += Math.max(equal, 0);
        if (equal !== want.length && failures.length < 8) failures.push(`${label(c)}: ${equal} of ${want.length} bytes equal`);
      }
      let total = 0, same = 0;
      for (const [key, s] of Object.entries(counts)) {
        console.log(`# ${simd ? 'simd' : 'scalar'} ${key}: ${s.cases} cases, ${s.equal} of ${s.bytes} bytes equal`);
        total += s.bytes;
        same += s.equal;
      }
      console.log(`# ${simd ? 'simd' : 'scalar'} total: ${doc.cases.length} cases, ${same} of ${total} bytes equal`);
      assert.deepEqual(failures, []);
    } finally {
      wasm()._tw_set_simd(1);
    }
  });
}
