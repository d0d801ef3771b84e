/** Island: the decorative pointer effects, a glow behind the page that follows the pointer and the mouse trail. */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { drawTrail } from '../effects/trail-draw.js';
import { TrailModel, type TrailSettings } from '../effects/trail-model.js';

/** Props: glow intensity (0..1, scales the gradient opacity; 0 turns it off) and the trail's settings. */
export interface PointerEffectsProps { glow?: number; trail?: Partial<TrailSettings> }

/** The two layers an effects loop draws into. */
interface Layers { blob: RefObject<HTMLDivElement | null>; canvas: RefObject<HTMLCanvasElement | null> }

/**
 * Starts the glow and the trail on `layers`: one requestAnimationFrame loop that stops when idle, passive
 * listeners, no timers. `showTrail` is told the trail's model when there is a trail. Returns the cleanup.
 */
function startEffects(layers: Layers, glow: number, trail: Partial<TrailSettings>, showTrail: (m: TrailModel) => void): (() => void) | undefined {
  const { blob, canvas } = layers;
  const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
  // The JS heap in bytes where the browser tells it (Chromium's performance.memory), for the trail's stats.
  const m = new TrailModel(trail, { memory: () => (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize });
  const useTrail = !(reduced && m.settings.respectReducedMotion) && m.register();
  const useGlow = !reduced && glow > 0;
  if (!useTrail) m.disable();
  else showTrail(m);
  if (!useGlow && !useTrail) return undefined;
  let raf = 0;
  let gx = 0;
  let gy = 0;
  let glowDirty = false;
  let w = 0;
  let h = 0;
  const frame = () => {
    raf = 0;
    if (glowDirty && blob.current) {
      blob.current.style.transform = `translate(${gx}px,${gy}px)`;
      blob.current.style.opacity = String(glow);
      glowDirty = false;
    }
    const c = canvas.current;
    const ctx = useTrail && c?.getContext('2d');
    if (!ctx) return;
    const dpr = devicePixelRatio || 1;
    if (!w) {
      // Measured once, and again after a resize or zoom: the layer's CSS size is the layout viewport.
      [w, h] = [c!.clientWidth, c!.clientHeight];
      c!.width = Math.round(w * dpr);
      c!.height = Math.round(h * dpr);
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    m.tick();
    drawTrail(ctx, w, h, m, performance.now());
    if (m.points.length) raf = requestAnimationFrame(frame);
  };
  const schedule = () => {
    raf ||= requestAnimationFrame(frame);
  };
  const onMove = (e: PointerEvent) => {
    if (useGlow) {
      [gx, gy, glowDirty] = [e.clientX, e.clientY, true];
      schedule();
    }
    // Touch input is drawn from touch events, which keep coming while the page scrolls.
    if (useTrail && e.pointerType !== 'touch' && m.addPoint(e.clientX, e.clientY, e.pressure)) schedule();
  };
  const onTouch = (e: TouchEvent) => {
    const t = e.touches[0];
    if (t && m.addPoint(t.clientX, t.clientY, t.force)) schedule();
  };
  const onResize = () => {
    w = 0;
  };
  const opts = { passive: true } as const;
  const touch = useTrail && m.settings.touch;
  addEventListener('pointermove', onMove, opts);
  addEventListener('resize', onResize, opts);
  if (touch) addEventListener('touchmove', onTouch, opts);
  return () => {
    removeEventListener('pointermove', onMove);
    removeEventListener('resize', onResize);
    if (touch) removeEventListener('touchmove', onTouch);
    cancelAnimationFrame(raf);
    m.disable();
  };
}

/**
 * Renders two inert layers (never hit-testable, hidden from assistive tech). Work happens only while the pointer
 * moves or trail points are fading (see startEffects). With `prefers-reduced-motion: reduce` there is no glow and
 * (unless the trail opts out) no trail.
 */
export default function PointerEffects({ glow = 0.7, trail = {} }: PointerEffectsProps) {
  const blob = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [model, setModel] = useState<TrailModel>();
  // An island's props never change after hydration: run once.
  useEffect(() => startEffects({ blob, canvas }, glow, trail, setModel), []);

  return (
    <>
      <div className="pe-glow" aria-hidden="true">
        <div className="pe-blob" ref={blob} />
      </div>
      {model ? <canvas className="pe-trail" ref={canvas} aria-hidden="true" style={{ zIndex: model.settings.zIndex }} /> : null}
    </>
  );
}
