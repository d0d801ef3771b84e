/**
 * Site images keep their place before they load: the paths a body names are found in its text, their size is
 * read from public/, and the Markdown stage gives each such `img` its width and height.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { imagePath, imageRefs } from '../../src/generator/content/image-refs.js';
import { ImageSizes, readSize } from '../../src/generator/content/image-sizes.js';
import { ImageMemo } from '../../src/generator/content/image-memo.js';
import { CodeHighlighter } from '../../src/generator/highlight/highlight-code.js';
import { MarkdownRenderer, type MarkdownOptions } from '../../src/generator/markdown/render-markdown.js';
import { REPO } from '../helpers/project.js';
import { pastRacyMargin } from '../helpers/file-times.js';

const renderer = new MarkdownRenderer(new CodeHighlighter().highlight);
const imgs = async (source: string, o: Partial<MarkdownOptions> = {}) => {
  const { hast } = await renderer.render(source, { file: 'content/tutorials/a.md', bodyLine: 1, allowRawHtml: false, ...o });
  const out: Record<string, unknown>[] = [];
  const visit = (n: { type: string; tagName?: string; properties?: Record<string, unknown>; children?: unknown[] }) => {
    if (n.type === 'element' && n.tagName === 'img') out.push(n.properties!);
    for (const c of n.children ?? []) visit(c as typeof n);
  };
  visit(hast as never);
  return out;
};

/** A JPEG's smallest shape image-size reads: SOI, an EXIF segment with only an orientation, a frame header, EOI. */
function jpeg(width: number, height: number, orientation: number, metadata = 0): Buffer {
  const tiff = Buffer.concat([Buffer.from([0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0, 0, 0]), Buffer.alloc(metadata)]);
  const exif = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, (exif.length + 2) >> 8, (exif.length + 2) & 255]), exif]);
  const sof = Buffer.from([0xff, 0xc0, 0, 11, 8, height >> 8, height & 255, width >> 8, width & 255, 1, 1, 0x11, 0]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app1, sof, Buffer.from([0xff, 0xd9])]);
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('the site images a body names', () => {
  it('are found in links, reference definitions and raw HTML, once each, as the tree will name them', () => {
    const text = [
      '![A chart](/images/chart.png "Title") and ![again](/images/chart.png)',
      '[![badge](/images/badge.svg)](/tutorial/x/)',
      '![logo][l]',
      '',
      '[l]: /images/logo.webp',
      '<img src="/images/raw.gif" alt="">',
      '![spaced](/images/my%20photo.jpg?v=2#top) ![upper](/IMG/SHOT.JPEG)',
      '![relative](images/rel.png) ![external](https://example.com/x.png) ![proto](//cdn.example.com/y.png)',
      'Not an image: /tutorial/x/ and /images/notes.txt',
      '![angled](</images/my chart.png>) <img alt="" src="/images/raw pic.gif?v=1"> ![escaped](/images/step\\_1.png) ![numeric](/images/caf&#233;.png)',
      '[tight]:/images/tight.png',
    ].join('\n');
    expect(imageRefs(text)).toEqual(['/images/chart.png', '/images/badge.svg', '/images/logo.webp', '/images/raw.gif', '/images/my photo.jpg', '/IMG/SHOT.JPEG', '/images/my chart.png', '/images/raw pic.gif', '/images/step_1.png', '/images/café.png', '/images/tight.png']);
    expect(imageRefs('A body with no picture at all, and /a/b/ paths.')).toEqual([]);
    expect(imagePath('/images/my%20photo.jpg?v=2')).toBe('/images/my photo.jpg');
    expect(imagePath('/images/caf%C3%A9.png')).toBe('/images/café.png');
    expect(imagePath('/images/bad%E0.png')).toBe('/images/bad%E0.png');
    expect(imagePath('https://example.com/x.png')).toBeUndefined();
  });

  it('are sized from public/ as a browser shows them: PNG, SVG, WebP, JPEG turned by its EXIF orientation, @2x files halved', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-img-'));
    dirs.push(root);
    const pub = path.join(root, 'public', 'images');
    fs.mkdirSync(pub, { recursive: true });
    fs.copyFileSync(path.join(REPO, 'public', 'images', 'social.png'), path.join(pub, 'social.png'));
    fs.copyFileSync(path.join(REPO, 'public', 'images', 'logo.svg'), path.join(pub, 'logo.svg'));
    fs.copyFileSync(path.join(REPO, 'public', 'images', 'landing-640.webp'), path.join(pub, 'landing.webp'));
    fs.writeFileSync(path.join(pub, 'upright.jpg'), jpeg(300, 200, 1));
    fs.writeFileSync(path.join(pub, 'turned.jpg'), jpeg(300, 200, 6));
    // Its frame header past the first bytes read (EXIF of 60 kB), or the svg element after 6 kB of comment.
    fs.writeFileSync(path.join(pub, 'late.jpg'), jpeg(300, 200, 1, 60_000));
    fs.writeFileSync(path.join(pub, 'late.svg'), `<?xml version="1.0"?>\n<!-- ${'x'.repeat(6000)} -->\n<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"></svg>`);
    fs.writeFileSync(path.join(pub, 'broken.png'), 'not a picture');
    fs.copyFileSync(path.join(REPO, 'public', 'images', 'social.png'), path.join(pub, 'social@2x.png'));
    fs.copyFileSync(path.join(REPO, 'public', 'images', 'social.png'), path.join(pub, 'social@3x.png'));
    fs.mkdirSync(path.join(pub, 'folder.png'));
    execFileSync('mkfifo', [path.join(pub, 'pipe.png')]);
    // An SVG's own size only when its svg element states both, in pixels; never halved for a density.
    const svg = (attrs: string) => `<svg xmlns="http://www.w3.org/2000/svg" ${attrs}><rect width="1" height="1"/></svg>`;
    fs.writeFileSync(path.join(pub, 'shape.svg'), svg('viewBox="0 0 24 24"'));
    fs.writeFileSync(path.join(pub, 'fluid.svg'), svg('width="100%" height="50%" viewBox="0 0 24 24"'));
    fs.writeFileSync(path.join(pub, 'icon@2x.svg'), svg("width='32px' height='16'"));
    // Beside public/, not in it: no path leads there.
    fs.copyFileSync(path.join(REPO, 'public', 'images', 'social.png'), path.join(root, 'secret.png'));
    const pubDir = path.join(root, 'public');
    expect(readSize(pubDir, '/images/social.png')).toEqual([1200, 630]);
    expect(readSize(pubDir, '/images/logo.svg')).toEqual([220, 40]);
    expect(readSize(pubDir, '/images/landing.webp')).toEqual([640, 360]);
    expect(readSize(pubDir, '/images/upright.jpg')).toEqual([300, 200]);
    expect(readSize(pubDir, '/images/turned.jpg')).toEqual([200, 300]);
    expect(readSize(pubDir, '/images/late.jpg')).toEqual([300, 200]);
    expect(readSize(pubDir, '/images/late.svg')).toEqual([64, 48]);
    // Named for a pixel density: shown at its size in CSS pixels.
    expect(readSize(pubDir, '/images/social@2x.png')).toEqual([600, 315]);
    expect(readSize(pubDir, '/images/social@3x.png')).toEqual([400, 210]);
    expect(readSize(pubDir, '/images/icon@2x.svg')).toEqual([32, 16]);
    for (const ref of ['/images/broken.png', '/images/folder.png', '/images/pipe.png', '/images/missing.png', '/images/shape.svg', '/images/fluid.svg', '/../secret.png', '/..\\secret.png']) expect(readSize(pubDir, ref), ref).toBeNull();
    // The table holds the images found, nothing when none is.
    expect(new ImageSizes(root).of(['/images/social.png', '/images/missing.png'])).toEqual({ '/images/social.png': [1200, 630] });
    expect(new ImageSizes(root).of(['/images/missing.png'])).toBeUndefined();
  });

  it('get their width and height in the tree, written or percent-escaped, inline or by reference', async () => {
    const source = '![A chart](/images/chart.png)\n\n![ref][c]\n\n![spaced](/images/my%20photo.jpg?v=2)\n\n![other](/images/other.png)\n\n![angled](</images/my chart.png>) ![escaped](/images/step\\_1.png) ![numeric](/images/caf&#233;.png)\n\n[c]: /images/chart.png\n';
    // The table as a build makes it: keyed by what imageRefs finds in the text.
    const [chart, photo, angled, escaped, numeric] = [[400, 300], [90, 60], [10, 20], [30, 40], [50, 60]] as const;
    const imageSizes = Object.fromEntries(imageRefs(source).filter((r) => r !== '/images/other.png').map((r, i) => [r, [chart, photo, angled, escaped, numeric][i]!]));
    expect(Object.keys(imageSizes)).toEqual(['/images/chart.png', '/images/my photo.jpg', '/images/my chart.png', '/images/step_1.png', '/images/café.png']);
    expect(await imgs(source, { imageSizes })).toEqual([
      expect.objectContaining({ src: '/images/chart.png', width: 400, height: 300 }),
      expect.objectContaining({ src: '/images/chart.png', width: 400, height: 300 }),
      expect.objectContaining({ src: '/images/my%20photo.jpg?v=2', width: 90, height: 60 }),
      { src: '/images/other.png', alt: 'other' },
      expect.objectContaining({ src: '/images/my%20chart.png', width: 10, height: 20 }),
      expect.objectContaining({ src: '/images/step_1.png', width: 30, height: 40 }),
      expect.objectContaining({ src: '/images/caf%C3%A9.png', width: 50, height: 60 }),
    ]);
    // Without sizes, no image is given one.
    expect((await imgs(source)).every((p) => p.width === undefined && p.height === undefined)).toBe(true);
    const imageSizesRaw = { '/images/chart.png': chart };
    // Raw HTML (where the site allows it) that states a size keeps its own.
    const raw = '<img src="/images/chart.png" width="200" alt="half">\n\n<img src="/images/chart.png" alt="full">\n';
    expect(await imgs(raw, { imageSizes: imageSizesRaw, allowRawHtml: true })).toEqual([
      { src: '/images/chart.png', width: 200, alt: 'half' },
      { src: '/images/chart.png', alt: 'full', width: 400, height: 300 },
    ]);
  });
});

describe('the memo of image sizes a build keeps', () => {
  it('gives a size back while the file keeps the stamp it was read under, and nothing once it changed', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-imgmemo-'));
    dirs.push(root);
    fs.mkdirSync(path.join(root, 'public', 'images'), { recursive: true });
    const chart = path.join(root, 'public', 'images', 'chart.png');
    fs.copyFileSync(path.join(REPO, 'public', 'images', 'social.png'), chart);
    const dir = path.join(root, '.cache', 'inputs');
    const stamp = () => ({ files: new Map([['public/images/chart.png', fs.statSync(chart)]]), at: Date.now() });
    // Read within the racy margin of its copy: not recorded.
    const racy = new ImageMemo(dir, 'v1', stamp());
    expect(new ImageSizes(root, racy).of(['/images/chart.png'])).toEqual({ '/images/chart.png': [1200, 630] });
    racy.save();
    expect(fs.existsSync(path.join(dir, 'images.json'))).toBe(false);
    // Past the margin of a file system that keeps fractions of a second.
    await pastRacyMargin();
    const first = new ImageMemo(dir, 'v1', stamp());
    expect(new ImageSizes(root, first).of(['/images/chart.png', '/images/none.png'])).toEqual({ '/images/chart.png': [1200, 630] });
    first.save();
    // Read from the memo, not the file: a memo that says otherwise is believed while the stamp holds.
    const again = new ImageMemo(dir, 'v1', stamp());
    expect(again.get('/images/chart.png')).toEqual([1200, 630]);
    again.set('/images/chart.png', [7, 7]);
    expect(new ImageSizes(root, again).of(['/images/chart.png'])).toEqual({ '/images/chart.png': [7, 7] });
    // Another generator version, or a file with another stamp: read again.
    expect(new ImageMemo(dir, 'v2', stamp()).get('/images/chart.png')).toBeUndefined();
    fs.copyFileSync(path.join(REPO, 'public', 'icon-192.png'), chart);
    const changed = new ImageMemo(dir, 'v1', stamp());
    expect(changed.get('/images/chart.png')).toBeUndefined();
    expect(new ImageSizes(root, changed).of(['/images/chart.png'])).toEqual({ '/images/chart.png': [192, 192] });
    // Without the build's stamps nothing is taken from it or recorded.
    expect(new ImageMemo(dir, 'v1').get('/images/chart.png')).toBeUndefined();
    fs.writeFileSync(path.join(dir, 'images.json'), '{"format":1,');
    expect(new ImageMemo(dir, 'v1', stamp()).get('/images/chart.png')).toBeUndefined();
  });
});
