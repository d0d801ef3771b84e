/** The mouse trail ("GlobalMarker") as pure state: options, points, throttling, fading, stats, single instance. No DOM. */
import { resolveTrailColor } from './trail-colors.js';

/** A trail size preset name. */
export type TrailSize = 'S' | 'M' | 'L' | 'XL';

/** Stroke width (px), opacity and blur of a size preset. */
export interface SizePreset { width: number; opacity: number; blur: number }

/** The size presets (spec section 9). */
export const SIZE_PRESETS: Readonly<Record<TrailSize, SizePreset>> = {
  S: { width: 1.5, opacity: 0.6, blur: 0.5 },
  M: { width: 2.5, opacity: 0.7, blur: 0.8 },
  L: { width: 3.5, opacity: 0.8, blur: 1 },
  XL: { width: 5, opacity: 0.9, blur: 1.2 },
};

/** Performance figures reported once per second. `memory` is the JS heap in bytes where the browser tells it. */
export interface TrailStats { fps: number; frameTime: number; points: number; memory?: number }

/** The trail's settings; every field is optional on input (see TRAIL_DEFAULTS). */
export interface TrailSettings {
  size: TrailSize;
  color: string;
  fadeTime: number;
  trailLength: number;
  zIndex: number;
  throttle: number;
  touch: boolean;
  pressure: boolean;
  smoothing: boolean;
  respectReducedMotion: boolean;
}

/** Options as given: any subset of the settings, plus the optional stats callback. */
export type TrailOptions = Partial<TrailSettings> & { onStats?: (stats: TrailStats) => void };

/** Defaults (spec section 9): M, #ef4444, 2000 ms, 30 points, z-index 10000, 16 ms, touch on, pressure off, smoothing on. */
export const TRAIL_DEFAULTS: Readonly<TrailSettings> = { size: 'M', color: '#ef4444', fadeTime: 2000, trailLength: 30, zIndex: 10000, throttle: 16, touch: true, pressure: false, smoothing: true, respectReducedMotion: true };

/** Points closer than this (px) to the previous point are ignored. */
export const MIN_POINT_DISTANCE = 3;

/** Stats are computed over windows of this many milliseconds. */
export const STATS_WINDOW_MS = 1000;

/** The console warning when a second instance tries to become active. */
export const SINGLE_INSTANCE_WARNING = 'GlobalMarker: Only one instance can be active at a time';

/** One trail point: viewport position, time it was recorded, and the pointer pressure when pressure is on. */
export interface TrailPoint { x: number; y: number; timestamp: number; pressure?: number }

/** Clock and environment the model reads; injectable so tests use a fake clock. */
export interface TrailDeps { now?: () => number; memory?: () => number | undefined }

/** Life cycle of a trail: drawing, paused (input ignored, points still fade), disabled (empty, final). */
export type TrailState = 'active' | 'paused' | 'disabled';

/** How often old points are pruned, in ms: min(100, fadeTime / 10). */
export function cleanupInterval(fadeTime: number): number {
  return Math.min(100, fadeTime / 10);
}

/** The settings for `options`: defaults filled in, colour validated, bad numbers and sizes replaced by defaults. */
export function resolveTrailSettings(options: TrailOptions = {}): TrailSettings {
  const num = (v: unknown, d: number, min: number) => (typeof v === 'number' && Number.isFinite(v) && v >= min ? v : d);
  const bool = (v: unknown, d: boolean) => (typeof v === 'boolean' ? v : d);
  const d = TRAIL_DEFAULTS;
  return {
    size: options.size && Object.hasOwn(SIZE_PRESETS, options.size) ? options.size : d.size,
    color: resolveTrailColor(options.color ?? d.color),
    fadeTime: num(options.fadeTime, d.fadeTime, 1),
    trailLength: Math.floor(num(options.trailLength, d.trailLength, 1)),
    zIndex: Math.floor(num(options.zIndex, d.zIndex, -Infinity)),
    throttle: num(options.throttle, d.throttle, 0),
    touch: bool(options.touch, d.touch),
    pressure: bool(options.pressure, d.pressure),
    smoothing: bool(options.smoothing, d.smoothing),
    respectReducedMotion: bool(options.respectReducedMotion, d.respectReducedMotion),
  };
}

let activeInstance: TrailModel | null = null;

/** A trail's points and state. Call `tick()` once per animation frame while `points` is not empty. */
export class TrailModel {
  /** Resolved settings. */
  readonly settings: TrailSettings;
  /** The size preset of `settings.size`. */
  readonly preset: SizePreset;
  /** Prune cadence in ms (see `cleanupInterval`). */
  readonly cleanupInterval: number;
  /** Current state. */
  state: TrailState = 'active';
  /** The last stats computed (once per second while frames run). */
  stats: TrailStats | undefined;
  private pts: TrailPoint[] = [];
  private readonly now: () => number;
  private readonly memory: () => number | undefined;
  private readonly onStats: ((stats: TrailStats) => void) | undefined;
  private lastInput = -Infinity;
  private lastPrune: number;
  private lastFrame = -Infinity;
  private windowStart = 0;
  private frames = 0;

  /** A trail with `options`, reading time from `deps.now` (default performance.now). */
  constructor(options: TrailOptions = {}, deps: TrailDeps = {}) {
    this.settings = resolveTrailSettings(options);
    this.preset = SIZE_PRESETS[this.settings.size];
    this.cleanupInterval = cleanupInterval(this.settings.fadeTime);
    this.onStats = options.onStats;
    this.now = deps.now ?? (() => performance.now());
    this.memory = deps.memory ?? (() => undefined);
    this.lastPrune = this.now();
  }

  /** The live points, oldest first. */
  get points(): readonly TrailPoint[] {
    return this.pts;
  }

  /** Becomes the one active instance; refused with the console warning if another active instance exists. */
  register(): boolean {
    if (this.state === 'disabled') return false;
    if (activeInstance && activeInstance !== this) {
      console.warn(SINGLE_INSTANCE_WARNING);
      return false;
    }
    activeInstance = this;
    return true;
  }

  /**
   * Records a pointer position. Ignored while paused or disabled, within `throttle` ms of the last handled input,
   * or closer than 3 px to the previous point. Keeps at most `trailLength` points. Returns whether it was added.
   */
  addPoint(x: number, y: number, pressure?: number): boolean {
    if (this.state !== 'active') return false;
    const t = this.now();
    if (t - this.lastInput < this.settings.throttle) return false;
    this.lastInput = t;
    const last = this.pts[this.pts.length - 1];
    if (last && Math.hypot(x - last.x, y - last.y) < MIN_POINT_DISTANCE) return false;
    const point: TrailPoint = { x, y, timestamp: t };
    if (this.settings.pressure && pressure !== undefined) point.pressure = pressure;
    this.pts.push(point);
    if (this.pts.length > this.settings.trailLength) this.pts.splice(0, this.pts.length - this.settings.trailLength);
    return true;
  }

  /** Removes points older than `fadeTime`; returns how many were removed. */
  prune(): number {
    const t = this.now();
    this.lastPrune = t;
    const keep = this.pts.findIndex((p) => t - p.timestamp < this.settings.fadeTime);
    const removed = keep < 0 ? this.pts.length : keep;
    if (removed) this.pts.splice(0, removed);
    return removed;
  }

  /** One animation frame: prunes when the cleanup interval has passed, counts the frame, reports stats each second. */
  tick(): void {
    const t = this.now();
    if (t - this.lastPrune >= this.cleanupInterval) this.prune();
    if (t - this.lastFrame > STATS_WINDOW_MS) {
      // First frame, or the first after an idle pause: start a fresh window instead of averaging the idle time in.
      this.windowStart = t;
      this.frames = 0;
    } else {
      this.frames++;
    }
    this.lastFrame = t;
    const elapsed = t - this.windowStart;
    if (elapsed < STATS_WINDOW_MS || !this.frames) return;
    const stats: TrailStats = { fps: Math.round((this.frames * 1000) / elapsed), frameTime: elapsed / this.frames, points: this.pts.length };
    const memory = this.memory();
    if (memory !== undefined) stats.memory = memory;
    this.stats = stats;
    this.windowStart = t;
    this.frames = 0;
    this.onStats?.(stats);
  }

  /** Ignores input until `resume()`; existing points keep fading. */
  pause(): void {
    if (this.state === 'active') this.state = 'paused';
  }

  /** Accepts input again after `pause()`. */
  resume(): void {
    if (this.state === 'paused') this.state = 'active';
  }

  /** Removes every point. */
  clear(): void {
    this.pts = [];
  }

  /** Stops for good: clears the points and gives up the single active slot. */
  disable(): void {
    this.state = 'disabled';
    this.pts = [];
    if (activeInstance === this) activeInstance = null;
  }
}
