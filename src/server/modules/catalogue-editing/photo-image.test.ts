/**
 * The product photo pipeline (issue 19): what comes out of an upload, and what is refused before decoding.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../../shared/messages.ts';
import { PHOTO_MAX_BYTES, PHOTO_TEXTS } from '../../../shared/photos.ts';
import { imageSignature } from '../../lib/image-intake.ts';
import { encodePhoto } from './photo-image.ts';

/** A camera-like JPEG carrying EXIF with a GPS position, an ICC profile and XMP, as phones write them. */
const cameraJpeg = (width: number, height: number, orientation?: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c33' } })
    .withMetadata({
      ...(orientation ? { orientation } : {}),
      icc: 'p3',
      exif: {
        IFD0: { Copyright: 'someone', Make: 'PhoneMaker' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '12/1 58/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '77/1 35/1 0/1',
        },
      },
    })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>')
    .jpeg()
    .toBuffer();

const image = (width: number, height: number, format: 'png' | 'webp' | 'avif' | 'gif' | 'tiff') =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 90, b: 200, alpha: 0.5 } } })
    .toFormat(format)
    .toBuffer();

async function refusal(input: Buffer): Promise<{ code: string; status: number; message: string }> {
  try {
    await encodePhoto(input);
  } catch (err) {
    const e = err as { code: string; status: number; message: string };
    return { code: e.code, status: e.status, message: e.message };
  }
  throw new Error('the photo was accepted');
}

describe('product photo pipeline', () => {
  it('re-encodes a camera photo into WebP and AVIF at 320, 640 and 1024 px with no metadata left', async () => {
    const input = await cameraJpeg(2000, 1500);
    const inMeta = await sharp(input).metadata();
    // The fixture really carries what must go.
    expect(inMeta.exif?.length).toBeGreaterThan(0);
    expect(inMeta.icc?.length).toBeGreaterThan(0);
    expect(inMeta.xmp?.length).toBeGreaterThan(0);

    const out = await encodePhoto(input);
    expect({ width: out.width, height: out.height }).toEqual({ width: 1024, height: 768 });
    expect(out.files.map((f) => `${f.format}:${f.width}x${f.height}`).sort()).toEqual(
      [
        'avif:1024x768',
        'avif:320x240',
        'avif:640x480',
        'webp:1024x768',
        'webp:320x240',
        'webp:640x480',
      ].sort(),
    );
    for (const f of out.files) {
      const meta = await sharp(f.bytes).metadata();
      expect(meta.format, `${f.format} ${f.width}`).toBe(f.format === 'webp' ? 'webp' : 'heif');
      expect([meta.width, meta.height]).toEqual([f.width, f.height]);
      expect(meta.exif, 'EXIF/GPS').toBeUndefined();
      expect(meta.icc, 'ICC').toBeUndefined();
      expect(meta.xmp, 'XMP').toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      // The bytes of the GPS position and the camera's maker appear nowhere in the file.
      expect(f.bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);
      expect(f.bytes.includes(Buffer.from('someone'))).toBe(false);
      // It decodes to pixels (a broken AVIF or WebP would throw).
      const { info } = await sharp(f.bytes).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([f.width, f.height]);
    }
  });

  it('turns the photo upright (EXIF orientation) before sizing it', async () => {
    // Stored 1200 x 800 with "rotate 90°": the photo is 800 wide and 1200 high.
    const out = await encodePhoto(await cameraJpeg(1200, 800, 6));
    expect({ width: out.width, height: out.height }).toEqual({ width: 800, height: 1200 });
    expect(out.files.filter((f) => f.format === 'webp').map((f) => [f.width, f.height])).toEqual([
      [320, 480],
      [640, 960],
      [800, 1200],
    ]);
  });

  it('never enlarges: a small photo keeps its own width, the widths below it are made, the aspect is kept', async () => {
    const out = await encodePhoto(await image(500, 250, 'png'));
    expect({ width: out.width, height: out.height }).toEqual({ width: 500, height: 250 });
    expect(out.files.filter((f) => f.format === 'avif').map((f) => [f.width, f.height])).toEqual([
      [320, 160],
      [500, 250],
    ]);
    const tiny = await encodePhoto(await image(200, 300, 'webp'));
    expect(tiny.files.map((f) => [f.format, f.width, f.height])).toEqual([
      ['webp', 200, 300],
      ['avif', 200, 300],
    ]);
  });

  it('takes PNG, WebP and AVIF as well as JPEG (transparency kept)', async () => {
    for (const format of ['png', 'webp', 'avif'] as const) {
      const out = await encodePhoto(await image(700, 700, format));
      expect(out.width, format).toBe(700);
      const meta = await sharp(out.files.find((f) => f.format === 'webp')!.bytes).metadata();
      expect(meta.hasAlpha, format).toBe(true);
    }
  });

  it('refuses SVG, GIF, PDF, TIFF, HEIC-like files and a renamed text file with 415 IMAGE_TYPE', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect/></svg>');
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF',
    );
    const text = Buffer.from('This is a text file named photo.jpg, not a photo at all.');
    // The HEIF container with the HEIC brand: the same box structure as AVIF, another codec.
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic')]);
    const inputs = {
      svg,
      pdf,
      text,
      heic,
      gif: await image(20, 20, 'gif'),
      tiff: await image(20, 20, 'tiff'),
    };
    for (const [name, input] of Object.entries(inputs)) {
      expect(await refusal(input), name).toEqual({
        code: 'IMAGE_TYPE',
        status: 415,
        message: PHOTO_TEXTS.type,
      });
    }
    expect(ERRORS.IMAGE_TYPE.status).toBe(415);
  });

  it('refuses a file whose signature is right but whose data is not an image, and a truncated one', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    expect((await refusal(fake)).code).toBe('IMAGE_TYPE');
    const whole = await cameraJpeg(900, 600);
    expect((await refusal(whole.subarray(0, 400))).code).toBe('IMAGE_TYPE');
  });

  it('refuses over 15 MB with 413 IMAGE_TOO_LARGE and over 6,000 px a side with 400 IMAGE_DIMENSIONS', async () => {
    const big = Buffer.concat([await cameraJpeg(100, 100), Buffer.alloc(PHOTO_MAX_BYTES)]);
    expect(await refusal(big)).toEqual({
      code: 'IMAGE_TOO_LARGE',
      status: 413,
      message: PHOTO_TEXTS.tooLarge,
    });
    // A small file that says it is huge (a decompression bomb): refused from its header, never decoded.
    const bomb = await sharp({ create: { width: 6001, height: 10, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(await refusal(bomb)).toEqual({
      code: 'IMAGE_DIMENSIONS',
      status: 400,
      message: PHOTO_TEXTS.dimensions,
    });
  });

  it('reads signatures from the first bytes only', async () => {
    expect(imageSignature(await image(4, 4, 'avif'))).toBe('avif');
    expect(imageSignature(await image(4, 4, 'webp'))).toBe('webp');
    expect(imageSignature(await image(4, 4, 'png'))).toBe('png');
    expect(imageSignature(Buffer.from([0xff, 0xd8, 0xff]))).toBe('jpeg');
    expect(imageSignature(Buffer.from('GIF89a'))).toBeNull();
    expect(imageSignature(Buffer.alloc(0))).toBeNull();
  });
});
