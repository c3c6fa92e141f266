import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.js';
import { useTestApp } from '../../test/suite.js';

const t = useTestApp();
let adminToken: string;
let customerToken: string;
beforeAll(async () => {
  adminToken = (await t.signIn('admin@lucky.test')).access_token;
  customerToken = (await t.signIn('khach@lucky.test')).access_token;
});

/** A multipart body with one part, as a browser's FormData sends it. */
function multipart(filename: string, contentType: string, bytes: Buffer, field = 'file') {
  const boundary = '----lucky-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (token: string | null, body: ReturnType<typeof multipart>) =>
  t.request({ method: 'POST', url: '/storage/api/v1/storage/upload', token, payload: body.payload, headers: body.headers });

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#ff8800' } });

describe('POST /storage/api/v1/storage/upload', () => {
  it('stores a JPEG re-encoded without its metadata, by content hash, and serves it back', async () => {
    const jpeg = await solid(64, 48).withMetadata({ exif: { IFD0: { Copyright: 'secret camera owner' } } }).jpeg().toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const res = await upload(adminToken, multipart('anh.jpg', 'image/jpeg', jpeg));
    expect(res.statusCode).toBe(200);
    const { id, content_type, width, height } = res.json();
    expect(id).toMatch(/^[a-f0-9]{64}$/);
    expect({ content_type, width, height }).toEqual({ content_type: 'image/jpeg', width: 64, height: 48 });

    const file = await t.app.inject({ method: 'GET', url: `/storage/api/v1/storage/file/${id}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const served = await sharp(file.rawPayload).metadata();
    expect(served.exif).toBeUndefined();
    expect(served.width).toBe(64);

    // The same picture again is the same file.
    const again = await upload(adminToken, multipart('lai.jpg', 'image/jpeg', jpeg));
    expect(again.json().id).toBe(id);

    // Each upload is an admin action in the audit trail.
    const audit = await t.app.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'file.upload'), eq(auditLog.entityId, id)));
    expect(audit.map((row) => (row.after as { name: string }).name)).toEqual(['anh.jpg', 'lai.jpg']);
    expect(audit.every((row) => row.actorId !== null)).toBe(true);
  });

  it('accepts PNG and WebP, keeping their type', async () => {
    const png = await upload(adminToken, multipart('a.png', 'image/png', await solid(10, 10).png().toBuffer()));
    expect(png.json().content_type).toBe('image/png');
    const webp = await upload(adminToken, multipart('a.webp', 'image/webp', await solid(10, 10).webp().toBuffer()));
    expect(webp.json().content_type).toBe('image/webp');
  });

  it('refuses a file that is not a picture, whatever it claims to be', async () => {
    const res = await upload(adminToken, multipart('virus.png', 'image/png', Buffer.from('MZ this is not an image at all')));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Tệp không phải ảnh hợp lệ (chỉ nhận PNG, JPEG hoặc WebP)');
  });

  it('refuses pictures of other formats (GIF)', async () => {
    const gif = await solid(8, 8).gif().toBuffer();
    const res = await upload(adminToken, multipart('a.gif', 'image/gif', gif));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Tệp không phải ảnh hợp lệ (chỉ nhận PNG, JPEG hoặc WebP)');
  });

  it('refuses a file over 5 MB', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    const res = await upload(adminToken, multipart('big.png', 'image/png', big));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Ảnh quá lớn (tối đa 5 MB)');
  });

  it('refuses a small file that claims a huge canvas, before decoding it', async () => {
    const huge = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(huge.byteLength).toBeLessThan(5 * 1024 * 1024);
    const res = await upload(adminToken, multipart('bomb.png', 'image/png', huge));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Ảnh có kích thước quá lớn (tối đa 40 triệu điểm ảnh)');
  });

  it('asks for a file when none is sent, or when it comes under another field name', async () => {
    const json = await t.request({ method: 'POST', url: '/storage/api/v1/storage/upload', token: adminToken, payload: {} });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Vui lòng chọn một tệp ảnh để tải lên');
    const other = await upload(adminToken, multipart('a.png', 'image/png', await solid(4, 4).png().toBuffer(), 'picture'));
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('Vui lòng chọn một tệp ảnh để tải lên');
  });

  it('lets only admins upload: 401 anonymous, 403 customer', async () => {
    const body = multipart('a.png', 'image/png', await solid(4, 4).png().toBuffer());
    expect((await upload(null, body)).statusCode).toBe(401);
    const customer = await upload(customerToken, body);
    expect(customer.statusCode).toBe(403);
    expect(customer.json().code).toBe('FORBIDDEN');
  });
});

describe('GET /storage/api/v1/storage/file/:fileId', () => {
  it('needs no API key (pictures load through <img>), and answers 404 in Vietnamese for an unknown id', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/storage/api/v1/storage/file/${'0'.repeat(64)}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Không tìm thấy tệp', code: 'NOT_FOUND' });
  });

  it('answers a malformed id with 4xx, never a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/storage/api/v1/storage/file/..%2F..%2Fetc%2Fpasswd' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('answers a revalidation with 304', async () => {
    const up = await upload(adminToken, multipart('c.png', 'image/png', await solid(6, 6).png().toBuffer()));
    const id = up.json().id as string;
    const res = await t.app.inject({ method: 'GET', url: `/storage/api/v1/storage/file/${id}`, headers: { 'if-none-match': `"${id}"` } });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
  });
});
