"""torchvision 0.14 (Debian's python3-torchvision), one thread: the augmentation
workloads of bench/augment.mjs on uint8 [3, 375, 500] tensors (as read_image
gives them), each ending in ConvertImageDtype(float32) + Normalize:
- "torchvision": RandomResizedCrop(224), RandomHorizontalFlip, RandomAffine(15,
  (0.1, 0.1), (0.9, 1.1)) on the noise images (issue 15);
- "imagenet": RandomResizedCrop(224), RandomHorizontalFlip, ColorJitter(0.4,
  0.4, 0.4, 0.1) on the photo-like images (issue 24);
- "randaugment": RandomResizedCrop(224), RandomHorizontalFlip,
  RandAugment(num_ops=2, magnitude=9) on the photo-like images (issue 24).
The transforms are written as a user would (RandomResizedCrop's default
antialias, which for tensors in 0.14 means none); the images are the bytes of
augment-suite.js's makeImages / makePhotos. Rounds interleave the pipelines.
Prints {"torchvision": ms, "imagenet": ms, "randaugment": ms, "version"}:
median ms per image. Usage: augment_torchvision.py ROUNDS PER_ROUND [ONLY]
(ONLY: run just the pipelines whose key contains it)."""
import json
import sys
import time

import numpy as np
import torch
from torchvision import transforms as T

torch.set_num_threads(1)
rounds, per_round = int(sys.argv[1]), int(sys.argv[2])
only = sys.argv[3] if len(sys.argv) > 3 else ""
torch.manual_seed(0)
WIDTH, HEIGHT = 500, 375


def hash_byte(i):
    """(Math.imul(i, 2654435761) >>> 24) of augment-suite.js, on int64 arrays."""
    return ((i * 2654435761) & 0xFFFFFFFF) >> 24


def noise_image(n):
    i = np.arange(HEIGHT * WIDTH * 4, dtype=np.int64)
    rgba = (hash_byte(i + n * 7919) & 255).astype(np.uint8).reshape(HEIGHT, WIDTH, 4)
    return torch.from_numpy(np.ascontiguousarray(rgba[:, :, :3].transpose(2, 0, 1)))


def photo_image(n):
    y, x = np.mgrid[0:HEIGHT, 0:WIDTH].astype(np.int64)
    planes = []
    for c in range(3):
        t = ((((x + 37 * n) * (3 + c) + y * (2 + c)) >> 3) + c * 85) % 512
        ramp = np.where(t < 256, t, 511 - t)
        noise = hash_byte((y * WIDTH + x) * 4 + c + n * 7919) % 9 - 4
        planes.append(np.clip(ramp + noise, 0, 255).astype(np.uint8))
    return torch.from_numpy(np.stack(planes))


TAIL = [T.ConvertImageDtype(torch.float32), T.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])]
HEAD = [T.RandomResizedCrop(224), T.RandomHorizontalFlip()]
noise = [noise_image(n) for n in range(8)]
photos = [photo_image(n) for n in range(8)]
pipelines = {
    "torchvision": (T.Compose(HEAD + [T.RandomAffine(15, translate=(0.1, 0.1), scale=(0.9, 1.1))] + TAIL), noise),
    "imagenet": (T.Compose(HEAD + [T.ColorJitter(0.4, 0.4, 0.4, 0.1)] + TAIL), photos),
    "randaugment": (T.Compose(HEAD + [T.RandAugment(num_ops=2, magnitude=9)] + TAIL), photos),
}
pipelines = {k: v for k, v in pipelines.items() if only in k}
times = {k: [] for k in pipelines}
for r in range(-1, rounds):
    for key, (pipeline, images) in pipelines.items():
        start = time.perf_counter()
        for i in range(per_round):
            out = pipeline(images[i % len(images)])
        if r >= 0:
            times[key].append((time.perf_counter() - start) * 1000 / per_round)
        assert out.shape == (3, 224, 224) and out.dtype == torch.float32
result = {k: sorted(v)[len(v) // 2] for k, v in times.items()}
result["version"] = __import__("torchvision").__version__
print(json.dumps(result))
