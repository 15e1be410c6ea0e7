// Images in tests: exact comparison, fixtures, random images, and the bad-image matrix every function
// of tensorwarp/image must reject.
import assert from 'node:assert/strict';

/** Same size, channels and bytes (channels default to 4, as for an ImageData). */
export function assertSameImage(actual, expected, label = '') {
  const channels = (img) => img.channels ?? 4;
  assert.deepEqual([actual.width, actual.height, channels(actual)], [expected.width, expected.height, channels(expected)],
    `${label}: width, height, channels`);
  assert.ok(actual.data instanceof Uint8ClampedArray || actual.data instanceof Uint8Array, `${label}: data class`);
  assert.equal(actual.data.length, expected.data.length, `${label}: data length`);
  for (let i = 0; i < expected.data.length; i++) {
    if (actual.data[i] !== expected.data[i]) {
      const pixel = Math.floor(i / channels(expected));
      const row = Math.floor(pixel / expected.width), column = pixel % expected.width;
      assert.fail(`${label}: pixel (row ${row}, column ${column}) channel ${i % channels(expected)}: got ${actual.data[i]}, expected ${expected.data[i]}`);
    }
  }
}

/** An image stored in a fixture ({ width, height, channels, data: base64 }). */
export function fixtureImage({ width, height, channels, data }) {
  return { width, height, channels, data: new Uint8ClampedArray(Buffer.from(data, 'base64')) };
}

export function randomImage(r, width, height, channels) {
  return { width, height, channels, data: new Uint8ClampedArray(r.bytes(width * height * channels).buffer) };
}

/**
 * `run(bad)` rejects each malformed image with a TypeError or RangeError
 * whose message starts with `argument` (e.g. 'pad: img').
 */
export function assertRejects(run, argument) {
  const good = { width: 2, height: 2, data: new Uint8ClampedArray(16) };
  const cases = [
    [null, 'TypeError', ''],
    [42, 'TypeError', ''],
    [{ ...good, width: -1 }, 'RangeError', '.width'],
    [{ ...good, width: 2.5 }, 'RangeError', '.width'],
    [{ ...good, height: '2' }, 'TypeError', '.height'],
    [{ ...good, height: undefined }, 'TypeError', '.height'],
    [{ ...good, channels: 5 }, 'RangeError', '.channels'],
    [{ ...good, channels: 0 }, 'RangeError', '.channels'],
    [{ ...good, channels: '4' }, 'TypeError', '.channels'],
    [{ ...good, data: new Uint8ClampedArray(15) }, 'RangeError', '.data'],
    [{ ...good, data: new Float32Array(16) }, 'TypeError', '.data'],
    [{ ...good, data: [...new Uint8Array(16)] }, 'TypeError', '.data'],
    [{ ...good, channels: 3 }, 'RangeError', '.data'],
  ];
  for (const [bad, name, suffix] of cases) {
    const escaped = `${argument}${suffix}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    assert.throws(() => run(bad), { name, message: new RegExp(`^${escaped}`) }, `${JSON.stringify(bad)}`);
  }
}
