"""torchvision 0.14 (Debian's python3-torchvision), one thread: the augmentation
workload of bench/augment.mjs on uint8 [3, 375, 500] tensors (as read_image
gives them): RandomResizedCrop(224), RandomHorizontalFlip, RandomAffine(15,
(0.1, 0.1), (0.9, 1.1)), ConvertImageDtype(float32), Normalize. The transforms
are written as a user would (RandomResizedCrop's default antialias, which for
tensors in 0.14 means none). Prints {"torchvision": median ms per image}.
Usage: /usr/bin/python3 augment_torchvision.py ROUNDS PER_ROUND"""
import json
import sys
import time

import torch
from torchvision import transforms as T

torch.set_num_threads(1)
rounds, per_round = int(sys.argv[1]), int(sys.argv[2])
torch.manual_seed(0)
images = [torch.randint(0, 256, (3, 375, 500), dtype=torch.uint8) for _ in range(8)]
pipeline = T.Compose([
    T.RandomResizedCrop(224),
    T.RandomHorizontalFlip(),
    T.RandomAffine(15, translate=(0.1, 0.1), scale=(0.9, 1.1)),
    T.ConvertImageDtype(torch.float32),
    T.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225]),
])
times = []
for r in range(-1, rounds):
    start = time.perf_counter()
    for i in range(per_round):
        out = pipeline(images[i % len(images)])
    if r >= 0:
        times.append((time.perf_counter() - start) * 1000 / per_round)
assert out.shape == (3, 224, 224) and out.dtype == torch.float32
times.sort()
print(json.dumps({"torchvision": times[len(times) // 2], "version": __import__("torchvision").__version__}))
