"""Native OpenCV (Debian's python3-opencv, one thread) on the image workloads of
bench/image-suite.js: the same bytes, matrices and sizes, named as that file
names its cases. What is timed is the cv2 call on a numpy array (it returns a
fresh array); there is no copy in or out to pay, so this is what native code
does here, not an end-to-end peer. Reads the spec as JSON on stdin
({"rounds": R, "warps": [[kind, interpolation, border], ...],
"sizes": {label: [w, h, affine6, perspective9]}}) and prints
{case name: median ms}."""
import json
import sys
import time

import cv2
import numpy as np

cv2.setNumThreads(1)
MEAN = np.array([0.485, 0.456, 0.406], np.float32)
STD = np.array([0.229, 0.224, 0.225], np.float32)
INTER = {'nearest': cv2.INTER_NEAREST, 'linear': cv2.INTER_LINEAR, 'cubic': cv2.INTER_CUBIC}
BORDER = {'constant': cv2.BORDER_CONSTANT, 'reflect': cv2.BORDER_REFLECT_101}


def make_image(width, height):
    """The bytes of makeImage in bench/image-suite.js: the top byte of i * 2654435761 mod 2^32."""
    i = np.arange(width * height * 4, dtype=np.uint64)
    return (((i * 2654435761) & 0xFFFFFFFF) >> 24).astype(np.uint8).reshape(height, width, 4)


def cases_for(warps, label, width, height, affine, perspective):
    img = make_image(width, height)
    cases = {}
    for kind, interp, border in warps:
        if kind == 'affine':
            m = np.array(affine, np.float64).reshape(2, 3)
            run = (lambda m, i, b: lambda: cv2.warpAffine(img, m, (width, height), flags=INTER[i], borderMode=BORDER[b]))(m, interp, border)
        else:
            m = np.array(perspective, np.float64).reshape(3, 3)
            run = (lambda m, i, b: lambda: cv2.warpPerspective(img, m, (width, height), flags=INTER[i], borderMode=BORDER[b]))(m, interp, border)
        name = 'warpAffine' if kind == 'affine' else 'warpPerspective'
        cases[f'{name} {interp} {border} {label}'] = run
    for what, w, h in [('half', round(width / 2), round(height / 2)), ('224', 224, 224)]:
        cases[f'resize linear (no antialias) to {what} {label}'] = (lambda w, h: lambda: cv2.resize(img, (w, h), interpolation=cv2.INTER_LINEAR))(w, h)
        cases[f'resize area to {what} {label}'] = (lambda w, h: lambda: cv2.resize(img, (w, h), interpolation=cv2.INTER_AREA))(w, h)
    cases[f'flip horizontal {label}'] = lambda: cv2.flip(img, 1)
    cases[f'flip vertical {label}'] = lambda: cv2.flip(img, 0)
    cases[f'rotate90 {label}'] = lambda: cv2.rotate(img, cv2.ROTATE_90_COUNTERCLOCKWISE)
    cases[f'pad 32 reflect {label}'] = lambda: cv2.copyMakeBorder(img, 32, 32, 32, 32, cv2.BORDER_REFLECT_101)
    cases[f'pad 32 constant {label}'] = lambda: cv2.copyMakeBorder(img, 32, 32, 32, 32, cv2.BORDER_CONSTANT, value=0)
    cases[f'blur 5x5 {label}'] = lambda: cv2.blur(img, (5, 5))
    return cases


def to_tensor_case():
    img = make_image(224, 224)
    return lambda: np.ascontiguousarray(((img[:, :, :3].astype(np.float32) / np.float32(255) - MEAN) / STD).transpose(2, 0, 1))


def median_ms(run, rounds):
    run()
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return sorted(times)[len(times) // 2]


def main():
    spec = json.load(sys.stdin)
    cases = {}
    for label, (w, h, affine, perspective) in spec['sizes'].items():
        cases.update(cases_for(spec['warps'], label, w, h, affine, perspective))
    cases['toTensor 224x224 NCHW float32 normalised'] = to_tensor_case()
    print(json.dumps({'version': cv2.__version__, 'ms': {name: median_ms(run, spec['rounds']) for name, run in cases.items()}}))


main()
