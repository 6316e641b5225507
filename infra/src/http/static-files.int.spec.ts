import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../../scripts/precompress.mjs';
import { createHttpServer } from '../launcher/http-server';

describe('static files of the built web app', () => {
  const webDist = mkdtempSync(join(tmpdir(), 'recup-static-'));
  const script = `export const courses = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `course ${i}`))};\n`;
  const page = `<!doctype html><html lang="fr"><head><title>Récup'Points</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
  let app: FastifyInstance;

  beforeAll(async () => {
    mkdirSync(join(webDist, 'assets'), { recursive: true });
    mkdirSync(join(webDist, '.vite'), { recursive: true });
    writeFileSync(join(webDist, 'index.html'), page);
    writeFileSync(join(webDist, 'assets', 'index-BnnrnP_P.js'), script);
    writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(webDist, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: 'assets/index-BnnrnP_P.js' }, padding: 'x'.repeat(2000) }));
    precompressDirectory(webDist);
    app = await createHttpServer({ webDist, registerApis: async () => {} });
  });
  afterAll(async () => {
    await app.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) => app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the brotli copy made at build time to a browser that accepts it, cached for a year as the file is hashed', async () => {
    const response = await get('/assets/index-BnnrnP_P.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy when the browser accepts gzip only, and the file itself when it accepts neither', async () => {
    const gzip = await get('/assets/index-BnnrnP_P.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/index-BnnrnP_P.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers any page with index.html, compressed, to be checked again on every visit', async () => {
    const response = await get('/courses?department=83', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(page);
  });

  it('keeps the unhashed files revalidated, and does not serve the build manifest', async () => {
    expect((await get('/favicon.svg', 'br')).headers['cache-control']).toBe('no-cache');
    const manifest = await get('/.vite/manifest.json');
    expect(manifest.headers['content-type']).toMatch(/text\/html/);
    expect(manifest.body).toBe(page);
  });
});
