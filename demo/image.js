// The picture the panels work on: a procedural test card drawn at load, or
// the user's own image scaled to fit, on an opaque background (the panels'
// tensors are RGB: tensorwarp/image's toTensor drops alpha).

/** Longest side, in pixels, of the image the operators work on. */
export const MAX_SIDE = 256;

/** A 2D context; `willReadFrequently` because the demo reads pixels back often. */
export function context2d(canvas) {
  return canvas.getContext('2d', { willReadFrequently: true });
}

/**
 * The sample: a 160 x 120 test card with an asymmetric layout (colour
 * gradient, grid, labelled corners, an arrow and text), so that every pad
 * mode and every warp is easy to read.
 */
export function testCard(width = 160, height = 120) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const g = context2d(canvas);

  // Hue sweeps left to right, light at the top, dark at the bottom.
  const hue = g.createLinearGradient(0, 0, width, 0);
  for (let i = 0; i <= 6; i++) hue.addColorStop(i / 6, `hsl(${i * 60} 85% 55%)`);
  g.fillStyle = hue;
  g.fillRect(0, 0, width, height);
  const shade = g.createLinearGradient(0, 0, 0, height);
  shade.addColorStop(0, 'rgb(255 255 255 / 0.55)');
  shade.addColorStop(0.5, 'rgb(255 255 255 / 0)');
  shade.addColorStop(1, 'rgb(0 0 0 / 0.55)');
  g.fillStyle = shade;
  g.fillRect(0, 0, width, height);

  // A 20 px grid of 1 px lines, thicker through the centre.
  g.fillStyle = 'rgb(255 255 255 / 0.6)';
  for (let x = 0; x < width; x += 20) g.fillRect(x, 0, 1, height);
  for (let y = 0; y < height; y += 20) g.fillRect(0, y, width, 1);
  g.fillStyle = 'rgb(0 0 0 / 0.7)';
  g.fillRect(Math.floor(width / 2) - 1, 0, 2, height);
  g.fillRect(0, Math.floor(height / 2) - 1, width, 2);

  // Grey ramp along the bottom: 8 steps from black to white.
  for (let i = 0; i < 8; i++) {
    const v = Math.round((i * 255) / 7);
    g.fillStyle = `rgb(${v} ${v} ${v})`;
    g.fillRect(20 + i * 15, height - 16, 15, 10);
  }

  // Disc and ring, off centre.
  g.fillStyle = '#fff';
  g.beginPath();
  g.arc(112, 42, 18, 0, 2 * Math.PI);
  g.fill();
  g.strokeStyle = '#1b1f3a';
  g.lineWidth = 3;
  g.beginPath();
  g.arc(112, 42, 12, 0, 2 * Math.PI);
  g.stroke();

  // An arrow pointing up and right: mirror images and rotations show at once.
  g.fillStyle = '#1b1f3a';
  g.beginPath();
  g.moveTo(30, 78);
  g.lineTo(62, 46);
  g.lineTo(62, 62);
  g.lineTo(70, 62);
  g.lineTo(70, 36);
  g.lineTo(44, 36);
  g.lineTo(44, 44);
  g.lineTo(58, 44);
  g.lineTo(26, 76);
  g.closePath();
  g.fill();

  g.font = 'bold 13px "DejaVu Sans", "Liberation Sans", Arial, sans-serif';
  g.textBaseline = 'alphabetic';
  g.textAlign = 'center';
  g.fillStyle = '#fff';
  g.fillText('tensorwarp', 111, 91);
  g.fillStyle = '#1b1f3a';
  g.fillText('tensorwarp', 110, 90);
  g.textAlign = 'start';

  // Corner tags in four distinct colours.
  const tags = [['TL', 0, 0, '#e6194b'], ['TR', width - 18, 0, '#3cb44b'], ['BL', 0, height - 12, '#4363d8'], ['BR', width - 18, height - 12, '#f58231']];
  g.font = 'bold 9px "DejaVu Sans", Arial, sans-serif';
  g.textBaseline = 'top';
  for (const [text, x, y, colour] of tags) {
    g.fillStyle = colour;
    g.fillRect(x, y, 18, 12);
    g.fillStyle = '#fff';
    g.fillText(text, x + 2, y + 1.5);
  }
  return g.getImageData(0, 0, width, height);
}

/**
 * Decodes an image file and scales it to fit MAX_SIDE (never up), on a white
 * background. Rejects with a readable Error when the file is not an image.
 */
export async function imageFromFile(file) {
  if (!(file instanceof Blob)) throw new TypeError('expected a file');
  let bitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    const kind = file.type || 'unknown type';
    throw new Error(`"${file.name ?? 'file'}" (${kind}) could not be decoded as an image`);
  }
  try {
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const g = context2d(canvas);
    g.fillStyle = '#fff';
    g.fillRect(0, 0, width, height);
    g.imageSmoothingQuality = 'high';
    g.drawImage(bitmap, 0, 0, width, height);
    return { image: g.getImageData(0, 0, width, height), original: [bitmap.width, bitmap.height] };
  } finally {
    bitmap.close();
  }
}
