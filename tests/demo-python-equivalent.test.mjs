// demo/python-equivalent.js: the Images panel's line of Python for each operation and its options
// (exact strings), and that the numbers in it read back in Python as the same doubles.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pythonEquivalent, equivalentComment, pyNumber, pyMatrix } from '../demo/python-equivalent.js';

const FILL = [40, 48, 80, 255];

test('warps: cv2.warpAffine / warpPerspective with the forward matrix, the size, flags and border', () => {
  const m = [1.0625, -0.28, 12.5, 0.28, 1.0625, -3.000000000000001];
  const affine = pythonEquivalent('warpAffine', { matrix: m, width: 160, height: 120, interpolation: 'linear', border: 'reflect' });
  assert.deepEqual(affine, {
    library: 'OpenCV', match: 'exact', note: '',
    line: 'out = cv2.warpAffine(img, np.float64([[1.0625, -0.28, 12.5], [0.28, 1.0625, -3.000000000000001]]), (160, 120), ' +
      'flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT_101)',
  });
  const persp = pythonEquivalent('warpPerspective', { matrix: [1, 0, 0, 0, 1, 0, 1e-7, -0, 1], width: 7, height: 5, interpolation: 'cubic', border: 'constant', fill: FILL });
  assert.equal(persp.line, 'out = cv2.warpPerspective(img, np.float64([[1, 0, 0], [0, 1, 0], [1e-7, -0.0, 1]]), (7, 5), ' +
    'flags=cv2.INTER_CUBIC, borderMode=cv2.BORDER_CONSTANT, borderValue=(40, 48, 80, 255))');
  const borders = { constant: 'BORDER_CONSTANT', edge: 'BORDER_REPLICATE', reflect: 'BORDER_REFLECT_101', symmetric: 'BORDER_REFLECT', wrap: 'BORDER_WRAP' };
  for (const [border, flag] of Object.entries(borders)) {
    for (const [interpolation, inter] of [['nearest', 'INTER_NEAREST'], ['linear', 'INTER_LINEAR'], ['cubic', 'INTER_CUBIC']]) {
      const { line } = pythonEquivalent('warpAffine', { matrix: m, width: 3, height: 2, interpolation, border, fill: FILL });
      assert.ok(line.includes(`flags=cv2.${inter}, borderMode=cv2.${flag}`), line);
      assert.equal(line.includes('borderValue'), border === 'constant', line);
    }
  }
});

test('rotate: cv2.getRotationMatrix2D about the centre; with expand, its translation moved by half the growth', () => {
  const plain = pythonEquivalent('rotate', { degrees: 15, center: [79.5, 59.5], scale: 1.1, shift: [0, 0], width: 160, height: 120, interpolation: 'nearest', border: 'edge' });
  assert.equal(plain.line, 'out = cv2.warpAffine(img, cv2.getRotationMatrix2D((79.5, 59.5), 15, 1.1), (160, 120), ' +
    'flags=cv2.INTER_NEAREST, borderMode=cv2.BORDER_REPLICATE)');
  const grown = pythonEquivalent('rotate', { degrees: 90, center: [79.5, 59.5], scale: 1, shift: [-20, 20], width: 120, height: 160, interpolation: 'linear', border: 'constant', fill: FILL });
  assert.equal(grown.line, 'M = cv2.getRotationMatrix2D((79.5, 59.5), 90, 1); M[:, 2] += (-20, 20); ' +
    'out = cv2.warpAffine(img, M, (120, 160), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=(40, 48, 80, 255))');
  assert.equal(grown.match, 'exact');
});

test('resize: cv2.resize without antialias and for area, PIL per channel with it and for lanczos, all exact', () => {
  const line = (interpolation, antialias) => pythonEquivalent('resize', { width: 97, height: 61, interpolation, antialias, sourceWidth: 160, sourceHeight: 120 });
  assert.deepEqual(line('nearest', true), { library: 'OpenCV', match: 'exact', note: '', line: 'out = cv2.resize(img, (97, 61), interpolation=cv2.INTER_NEAREST_EXACT)' });
  assert.deepEqual(line('area', true), { library: 'OpenCV', match: 'exact', note: '', line: 'out = cv2.resize(img, (97, 61), interpolation=cv2.INTER_AREA)' });
  assert.equal(line('linear', false).line, 'out = cv2.resize(img, (97, 61), interpolation=cv2.INTER_LINEAR)');
  assert.equal(line('cubic', false).line, 'out = cv2.resize(img, (97, 61), interpolation=cv2.INTER_CUBIC)');
  const pil = line('cubic', true);
  assert.equal(pil.library, 'PIL');
  assert.equal(pil.line, 'out = np.dstack([np.asarray(Image.fromarray(np.ascontiguousarray(img[:, :, k])).resize((97, 61), Image.BICUBIC)) for k in range(4)])');
  assert.ok(line('linear', true).line.includes('Image.BILINEAR'));
  assert.ok(line('lanczos', true).line.includes('Image.LANCZOS'));
  assert.equal(line('lanczos', true).match, 'exact');
  // 'area' shrinking one axis and growing the other is OpenCV's two-tap blend, as cv2's.
  const mixed = pythonEquivalent('resize', { width: 20, height: 60, interpolation: 'area', antialias: false, sourceWidth: 61, sourceHeight: 47 });
  assert.deepEqual([mixed.library, mixed.match, mixed.line], ['OpenCV', 'exact', 'out = cv2.resize(img, (20, 60), interpolation=cv2.INTER_AREA)']);
  const both = pythonEquivalent('resize', { width: 20, height: 40, interpolation: 'area', antialias: false, sourceWidth: 61, sourceHeight: 47 });
  assert.equal(both.line, 'out = cv2.resize(img, (20, 40), interpolation=cv2.INTER_AREA)');
});

test('blur: no library gives these bytes; the note says how close cv2.blur comes, or why it cannot', () => {
  const reflect = pythonEquivalent('blur', { size: [5, 3], border: 'reflect' });
  assert.deepEqual([reflect.library, reflect.line, reflect.match], [null, null, null]);
  assert.match(reflect.note, /^No library gives these bytes: .*cv2\.blur\(img, \(5, 3\), borderType=cv2\.BORDER_REFLECT_101\) comes within 1/);
  assert.match(pythonEquivalent('blur', { size: [3, 3], border: 'wrap' }).note, /cv2\.blur has no wrap border/);
  assert.match(pythonEquivalent('blur', { size: [3, 3], border: 'constant', fill: FILL }).note, /constant border is 0/);
  assert.equal(equivalentComment(reflect), `# ${reflect.note}`);
});

test('the comment block names the library and how exact; numbers round-trip as Python floats', () => {
  const eq = pythonEquivalent('resize', { width: 9, height: 8, interpolation: 'linear', antialias: true, sourceWidth: 9, sourceHeight: 9 });
  assert.equal(equivalentComment(eq).split('\n')[0], '# PIL (Python; img the H x W x 4 RGBA uint8 array), the same bytes:');
  const exact = pythonEquivalent('warpAffine', { matrix: [1, 0, 0, 0, 1, 0], width: 1, height: 1, interpolation: 'linear', border: 'edge' });
  assert.match(equivalentComment(exact), /^# OpenCV \(Python; .*\), the same bytes:\nout = cv2\.warpAffine/);
  // JS's shortest round-trip form is also Python's repr: the same double back.
  for (const v of [0.1, 1 / 3, -2.5e-8, 1e21, 123456789.123, Number.MIN_VALUE, -Number.MAX_VALUE]) assert.equal(Number(pyNumber(v)), v);
  assert.equal(pyNumber(-0), '-0.0');
  assert.throws(() => pyNumber(NaN), RangeError);
  assert.equal(pyMatrix([1, 2, 3, 4, 5, 6]), 'np.float64([[1, 2, 3], [4, 5, 6]])');
  assert.throws(() => pythonEquivalent('flip', {}), /unknown operation flip/);
});
