/**
 * A product page with photos for Lighthouse (issue 19), made as an operator and an editor would: a member signs
 * up, gets the editor role with `npm run user:role` (PGlite's files belong to one process, so the server stops for
 * it and starts again on the same data), signs in and uploads two photos of a phone through the editors' API.
 * The photos are camera-sized JPEGs with grain, so their encoded sizes are those of real photos, not of flat
 * colour.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { startServer, stopServer, waitReady, type ServerHandle } from './server.ts';
import { makeUser, PASSWORD } from './signin.ts';

const run = promisify(execFile);

/** A 3000 × 4000 JPEG: a gradient with grain, as a phone's product shot is after the camera's processing. */
async function photo(hue: number): Promise<Buffer> {
  const width = 3000;
  const height = 4000;
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="hsl(${hue},60%,75%)"/><stop offset="1" stop-color="hsl(${hue + 40},55%,30%)"/>
      </linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/>
      <rect x="900" y="600" width="1200" height="2600" rx="160" fill="hsl(${hue + 180},20%,15%)"/>
    </svg>`,
  );
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 12 },
    },
  })
    .png()
    .toBuffer();
  return sharp(gradient)
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A popular phone other than `except`, for the page with photos. */
export async function otherPhone(baseUrl: string, except: number): Promise<number> {
  const res = await fetch(`${baseUrl}/platform/api/v1/browse/category/C001?size=3`);
  const { products } = (await res.json()) as { products: { id: number }[] };
  const id = products.find((p) => p.id !== except)?.id;
  if (!id) throw new Error('photos: no phone to give photos to');
  return id;
}

/**
 * Gives `productId` two photos on the PGlite server whose data is in `dataDir`; answers the server to use from
 * now on (the same data on another port).
 */
export async function withPhotos(
  server: ServerHandle,
  root: string,
  cwd: string,
  dataDir: string,
  productId: number,
): Promise<ServerHandle> {
  const username = await makeUser(server.baseUrl);
  await stopServer(server);
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  await run(
    process.execPath,
    ['--import', 'tsx', join(root, 'src/server/cli/user-role.ts'), username, 'editor'],
    {
      cwd,
      env,
    },
  );
  const next = await startServer('PGlite', root, cwd, { DATA_DIR: dataDir });
  await waitReady(next);

  const signIn = await fetch(`${next.baseUrl}/user/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: username, password: PASSWORD }),
  });
  const { token } = (await signIn.json()) as { token?: string };
  if (!token) throw new Error(`photos: sign-in answered ${signIn.status}`);
  const form = new FormData();
  for (const [i, hue] of [210, 20].entries())
    form.append(
      'photos',
      new Blob([new Uint8Array(await photo(hue))], { type: 'image/jpeg' }),
      `photo-${i}.jpg`,
    );
  const upload = await fetch(`${next.baseUrl}/catalogue/api/v1/models/${productId}/photos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!upload.ok) throw new Error(`photos: upload answered ${upload.status}: ${await upload.text()}`);
  return next;
}
