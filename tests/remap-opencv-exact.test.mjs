// remap (js/image/remap.js, tw_image_remap) against cv2 4.6's remap with
// float32 maps, byte for byte (fixtures from tools/fixtures/opencv_remap.py:
// every interpolation x border x channel count 1-4, with smooth elastic-like
// maps, k/64 ties, points far outside and special floats). The SIMD and the
// scalar kernels must both match. The match counts are printed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { ready } from '../js/index.js';
import { wasm } from '../js/module.js';
import { remap } from '../js/image/remap.js';

await ready();

const fixture = process.env.TW_REMAP_FIXTURE ?? new URL('./fixtures/image/remap/opencv-remap.json.gz', import.meta.url);
const doc = JSON.parse(gunzipSync(readFileSync(fixture)));
const decode = (text) => new Uint8Array(Buffer.from(text, 'base64'));
const floats = (text) => {
  const bytes = decode(text);
  return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
};

function run(c) {
  const s = doc.sources[c.source];
  const img = { width: s.width, height: s.height, channels: c.channels, data: decode(s.pixels[String(c.channels)]) };
  return remap(img, floats(c.map_x), floats(c.map_y), c.width, c.height,
    { interpolation: c.interpolation, border: c.border, fill: c.fill });
}

for (const simd of [true, false]) {
  test(`remap equals cv2 ${doc.opencv} remap with float32 maps byte for byte (${simd ? 'SIMD' : 'scalar'} kernels)`, () => {
    wasm()._tw_set_simd(simd ? 1 : 0);
    try {
      const counts = {};
      const failures = [];
      let total = 0, same = 0;
      for (const c of doc.cases) {
        const want = decode(c.expected);
        const got = run(c).data;
        let equal = 0;
        for (let k = 0; k < want.length; k++) equal += want[k] === got[k];
        if (got.length !== want.length) equal = 0;
        const key = `${c.interpolation} ${c.kind}`;
        const entry = (counts[key] ??= { cases: 0, bytes: 0, equal: 0 });
        entry.cases++;
        entry.bytes += want.length;
        entry.equal += equal;
        total += want.length;
        same += equal;
        if (equal !== want.length && failures.length < 8) {
          failures.push(`${c.kind} ${c.interpolation} ${c.border} ${c.channels}ch ${c.width}x${c.height} source ${c.source}: ${equal} of ${want.length}`);
        }
      }
      for (const [key, e] of Object.entries(counts)) console.log(`  remap ${key}: ${e.cases} cases, ${e.equal} of ${e.bytes} bytes equal`);
      console.log(`  remap (${simd ? 'SIMD' : 'scalar'}): ${same} of ${total} bytes equal, ${doc.cases.length} cases`);
      assert.deepEqual(failures, []);
      assert.equal(same, total);
    } finally {
      wasm()._tw_set_simd(1);
    }
  });
}
