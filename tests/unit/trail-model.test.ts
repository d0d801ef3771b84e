import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TRAIL_COLOR, NAMED_TRAIL_COLORS, resolveTrailColor } from '../../src/site/effects/trail-colors.js';
import { cleanupInterval, SINGLE_INSTANCE_WARNING, SIZE_PRESETS, TRAIL_DEFAULTS, TrailModel, type TrailOptions, type TrailStats } from '../../src/site/effects/trail-model.js';

/** A fake clock: `t.now` is read by the model, `t.at(ms)` moves it. */
function clock(start = 1000) {
  let now = start;
  return { now: () => now, at: (ms: number) => void (now = ms), add: (ms: number) => void (now += ms) };
}

const models: TrailModel[] = [];
function trail(options: TrailOptions = {}, c = clock(), memory?: () => number | undefined) {
  const m = new TrailModel(options, { now: c.now, memory });
  models.push(m);
  return { m, c };
}
afterEach(() => {
  // Free the single-instance slot between tests.
  for (const m of models.splice(0)) m.disable();
  vi.restoreAllMocks();
});

describe('trail options', () => {
  it('has the spec defaults', () => {
    const { m } = trail();
    expect(m.settings).toEqual({ size: 'M', color: '#ef4444', fadeTime: 2000, trailLength: 30, zIndex: 10000, throttle: 16, touch: true, pressure: false, smoothing: true, respectReducedMotion: true });
    expect(TRAIL_DEFAULTS.fadeTime).toBe(2000);
    expect(m.preset).toEqual({ width: 2.5, opacity: 0.7, blur: 0.8 });
  });
  it('has the size presets S, M, L, XL', () => {
    expect(SIZE_PRESETS).toEqual({ S: { width: 1.5, opacity: 0.6, blur: 0.5 }, M: { width: 2.5, opacity: 0.7, blur: 0.8 }, L: { width: 3.5, opacity: 0.8, blur: 1 }, XL: { width: 5, opacity: 0.9, blur: 1.2 } });
    expect(trail({ size: 'XL' }).m.preset).toEqual({ width: 5, opacity: 0.9, blur: 1.2 });
    expect(trail({ size: 'S' }).m.preset.width).toBe(1.5);
    expect(trail({ size: 'XXL' as 'S' }).m.settings.size).toBe('M');
  });
  it('takes the site configuration (XL, orange, fade 200, length 100)', () => {
    const { m } = trail({ size: 'XL', color: 'orange', fadeTime: 200, trailLength: 100 });
    expect(m.settings).toMatchObject({ size: 'XL', color: NAMED_TRAIL_COLORS.orange, fadeTime: 200, trailLength: 100 });
    expect(m.cleanupInterval).toBe(20);
  });
  it('replaces nonsensical numbers by the defaults', () => {
    const { m } = trail({ fadeTime: -5, trailLength: Number.NaN, throttle: -1 });
    expect([m.settings.fadeTime, m.settings.trailLength, m.settings.throttle]).toEqual([2000, 30, 16]);
  });
});

describe('trail colour', () => {
  it('accepts six-digit hex values', () => {
    expect(resolveTrailColor('#00FF7f')).toBe('#00ff7f');
    expect(resolveTrailColor('#123456')).toBe('#123456');
  });
  it('maps every named colour of the spec to a hex value', () => {
    const names = ['red', 'blue', 'green', 'yellow', 'purple', 'orange', 'pink', 'cyan', 'magenta', 'lime', 'indigo', 'violet', 'brown', 'gray', 'grey', 'black', 'white', 'teal', 'rose', 'amber', 'emerald', 'sky', 'slate'];
    expect(Object.keys(NAMED_TRAIL_COLORS).sort()).toEqual([...names].sort());
    for (const n of names) expect(resolveTrailColor(n)).toMatch(/^#[0-9a-f]{6}$/);
    expect(resolveTrailColor('gray')).toBe(resolveTrailColor('grey'));
    expect(resolveTrailColor('Orange')).toBe(resolveTrailColor('orange'));
    expect(resolveTrailColor('orange')).not.toBe(DEFAULT_TRAIL_COLOR);
  });
  it('falls back to #ef4444 for anything else', () => {
    for (const bad of ['#fff', '#12345', '#1234567', '123456', '#ggg000', 'chartreuse', 'rgb(0,0,0)', '', 'toString', '__proto__', 42, undefined]) {
      expect(resolveTrailColor(bad)).toBe('#ef4444');
    }
    expect(trail({ color: 'not-a-colour' }).m.settings.color).toBe('#ef4444');
  });
});

describe('adding points', () => {
  it('honours the 16 ms throttle', () => {
    const { m, c } = trail();
    expect(m.addPoint(0, 0)).toBe(true);
    c.add(10);
    expect(m.addPoint(50, 50)).toBe(false);
    c.add(5);
    expect(m.addPoint(60, 60)).toBe(false);
    c.add(16);
    expect(m.addPoint(70, 70)).toBe(true);
    expect(m.points.map((p) => p.x)).toEqual([0, 70]);
  });
  it('ignores points closer than 3 px to the previous point', () => {
    const { m, c } = trail();
    m.addPoint(100, 100);
    c.add(20);
    expect(m.addPoint(102, 102)).toBe(false); // 2.83 px
    c.add(20);
    expect(m.addPoint(100, 102.9)).toBe(false);
    c.add(20);
    expect(m.addPoint(103, 100)).toBe(true); // exactly 3 px
    expect(m.points).toHaveLength(2);
  });
  it('keeps x, y, timestamp, and the pressure only when pressure is on', () => {
    const { m, c } = trail();
    m.addPoint(1, 2, 0.5);
    expect(m.points[0]).toEqual({ x: 1, y: 2, timestamp: 1000 });
    const p = trail({ pressure: true }, c).m;
    c.add(20);
    p.addPoint(5, 6, 0.5);
    expect(p.points[0]).toEqual({ x: 5, y: 6, timestamp: 1020, pressure: 0.5 });
  });
  it('caps the trail at trailLength, dropping the oldest', () => {
    const { m, c } = trail({ trailLength: 5 });
    for (let i = 0; i < 12; i++) {
      m.addPoint(i * 10, 0);
      c.add(16);
    }
    expect(m.points.map((p) => p.x)).toEqual([70, 80, 90, 100, 110]);
  });
});

describe('fading', () => {
  it('prunes points older than the fade time', () => {
    const { m, c } = trail({ fadeTime: 200 });
    m.addPoint(0, 0);
    c.add(100);
    m.addPoint(10, 0);
    c.add(99);
    expect(m.prune()).toBe(0);
    c.add(1); // the first point is now 200 ms old
    expect(m.prune()).toBe(1);
    expect(m.points.map((p) => p.x)).toEqual([10]);
    c.add(100);
    expect(m.prune()).toBe(1);
    expect(m.points).toEqual([]);
  });
  it('computes the cleanup interval as min(100, fadeTime / 10)', () => {
    expect(cleanupInterval(2000)).toBe(100);
    expect(cleanupInterval(1000)).toBe(100);
    expect(cleanupInterval(5000)).toBe(100);
    expect(cleanupInterval(500)).toBe(50);
    expect(cleanupInterval(200)).toBe(20);
    expect(cleanupInterval(50)).toBe(5);
    expect(trail().m.cleanupInterval).toBe(100);
  });
  it('prunes from tick() only once the cleanup interval has passed', () => {
    const { m, c } = trail({ fadeTime: 200 }); // interval 20 ms; created at t=1000
    m.addPoint(0, 0);
    c.at(1190);
    m.addPoint(50, 50);
    m.tick(); // prunes (190 ms since creation) but nothing is 200 ms old yet
    expect(m.points).toHaveLength(2);
    c.at(1205);
    m.tick(); // the first point is 205 ms old, but only 15 ms passed since the last prune
    expect(m.points).toHaveLength(2);
    c.at(1210);
    m.tick(); // 20 ms since the last prune
    expect(m.points.map((p) => p.x)).toEqual([50]);
    c.at(1400);
    m.tick();
    expect(m.points).toEqual([]);
  });
});

describe('life cycle', () => {
  it('pauses (input ignored, points kept), resumes, clears and disables', () => {
    const { m, c } = trail();
    m.addPoint(0, 0);
    m.pause();
    expect(m.state).toBe('paused');
    c.add(20);
    expect(m.addPoint(50, 50)).toBe(false);
    expect(m.points).toHaveLength(1);
    m.resume();
    expect(m.state).toBe('active');
    expect(m.addPoint(50, 50)).toBe(true);
    m.clear();
    expect(m.points).toEqual([]);
    expect(m.state).toBe('active');
    c.add(20);
    m.addPoint(80, 80);
    m.disable();
    expect(m.state).toBe('disabled');
    expect(m.points).toEqual([]);
    m.resume();
    c.add(20);
    expect(m.addPoint(10, 10)).toBe(false);
    expect(m.state).toBe('disabled');
  });
});

describe('stats', () => {
  it('reports fps, frame time, point count and memory once per second', () => {
    const onStats = vi.fn<(s: TrailStats) => void>();
    const { m, c } = trail({ onStats }, clock(0), () => 12345);
    m.addPoint(0, 0);
    for (let i = 0; i < 100; i++) {
      // 2.5 s of frames, 25 ms apart (40 fps)
      m.tick();
      c.add(25);
    }
    expect(onStats).toHaveBeenCalledTimes(2);
    expect(onStats.mock.calls[0]![0]).toEqual({ fps: 40, frameTime: 25, points: 1, memory: 12345 });
    expect(m.stats).toEqual(onStats.mock.calls[1]![0]);
  });
  it('leaves memory out where the environment does not tell it, and ignores idle time', () => {
    const onStats = vi.fn<(s: TrailStats) => void>();
    const { m, c } = trail({ onStats }, clock(0));
    m.tick();
    c.add(5000); // idle: the loop was stopped
    for (let i = 0; i <= 60; i++) {
      m.tick();
      c.add(1000 / 60);
    }
    expect(onStats).toHaveBeenCalledTimes(1);
    const s = onStats.mock.calls[0]![0];
    expect(s.fps).toBe(60);
    expect(s.frameTime).toBeCloseTo(1000 / 60);
    expect(s).not.toHaveProperty('memory');
  });
  it('does not report before a full second of frames', () => {
    const onStats = vi.fn();
    const { m, c } = trail({ onStats }, clock(0));
    for (let i = 0; i < 50; i++) {
      m.tick();
      c.add(16);
    }
    expect(onStats).not.toHaveBeenCalled();
    expect(m.stats).toBeUndefined();
  });
});

describe('single instance', () => {
  it('refuses a second active instance with the console warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const a = trail().m;
    const b = trail().m;
    expect(a.register()).toBe(true);
    expect(a.register()).toBe(true); // registering again is not a second instance
    expect(warn).not.toHaveBeenCalled();
    expect(b.register()).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('GlobalMarker: Only one instance can be active at a time');
    expect(SINGLE_INSTANCE_WARNING).toBe('GlobalMarker: Only one instance can be active at a time');
    a.pause(); // a paused instance still holds the slot
    expect(b.register()).toBe(false);
    a.disable(); // a disabled one gives it up
    expect(b.register()).toBe(true);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(a.register()).toBe(false); // disabled for good
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
