/** Paints a trail model's points on a 2D canvas: preset width and colour, each segment faded by its age. */
import type { TrailModel } from './trail-model.js';

/** Clears `ctx` (CSS-pixel size `w` x `h`) and strokes the trail; with smoothing, quadratic curves through midpoints. */
export function drawTrail(ctx: CanvasRenderingContext2D, w: number, h: number, model: TrailModel, now: number): void {
  ctx.clearRect(0, 0, w, h);
  const pts = model.points;
  const { color, fadeTime, smoothing } = model.settings;
  const { width, opacity, blur } = model.preset;
  ctx.lineCap = ctx.lineJoin = 'round';
  ctx.strokeStyle = ctx.shadowColor = color;
  ctx.shadowBlur = blur * 4;
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1]!;
    const b = pts[i]!;
    const alpha = opacity * (1 - (now - b.timestamp) / fadeTime);
    if (alpha <= 0) continue;
    ctx.globalAlpha = Math.min(1, alpha);
    ctx.lineWidth = b.pressure === undefined ? width : width * (0.5 + b.pressure);
    ctx.beginPath();
    if (smoothing) {
      // Segment i runs from the midpoint before b to the midpoint after it, bending through b.
      const c = pts[i + 1] ?? b;
      ctx.moveTo(i === 1 ? a.x : (a.x + b.x) / 2, i === 1 ? a.y : (a.y + b.y) / 2);
      ctx.quadraticCurveTo(b.x, b.y, (b.x + c.x) / 2, (b.y + c.y) / 2);
    } else {
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
    }
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
}
