import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { json, problem, stubFetch } from '../testing/fetch-stub';
import { api, ApiError, serverMessageOf } from './api-client';
import { getEventPosition, resetEventPosition } from './event-position';

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

beforeEach(() => {
  resetEventPosition();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  await i18next.changeLanguage('fr');
});

describe('every request', () => {
  it('includes credentials, a timestamp parameter and the no-cache and request-time headers', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    const { requests } = stubFetch(() => json(200, []));
    await api.get('/api/courses/search', { query: { location: 'Toulon', department: undefined, weekend: '' } });
    vi.restoreAllMocks();

    const [request] = requests;
    expect(request?.init.credentials).toBe('include');
    expect(request?.url.pathname).toBe('/api/courses/search');
    expect(request?.url.searchParams.get('t')).toBe('1700000000000');
    expect(request?.url.searchParams.get('location')).toBe('Toulon');
    expect(request?.url.searchParams.has('department')).toBe(false);
    expect(request?.url.searchParams.has('weekend')).toBe(false);
    expect(request?.headers.get('Cache-Control')).toBe('no-cache');
    expect(request?.headers.get('Pragma')).toBe('no-cache');
    expect(new Date(request?.headers.get('X-Request-Time') ?? '').toISOString()).toBe(request?.headers.get('X-Request-Time'));
  });

  it('names the UI language in Accept-Language', async () => {
    const { requests } = stubFetch(() => json(200, {}));
    await api.get('/api/auth/me');
    await i18next.changeLanguage('en');
    await api.get('/api/auth/me');
    expect(requests.map((request) => request.headers.get('Accept-Language'))).toEqual(['fr', 'en']);
  });

  it('marks state-changing calls with X-Requested-With and sends data as JSON, but not GETs', async () => {
    const { requests } = stubFetch(() => new Response(null, { status: 204 }));
    await api.get('/api/user/bookings');
    await api.post('/api/bookings', { body: { courseId: 'c1' } });
    await api.post('/api/auth/logout');

    const [get, postWithBody, postEmpty] = requests;
    expect(get?.headers.has('X-Requested-With')).toBe(false);
    expect(get?.init.body).toBeUndefined();
    expect(postWithBody?.method).toBe('POST');
    expect(postWithBody?.headers.get('X-Requested-With')).toBe('recup-points');
    expect(postWithBody?.headers.get('Content-Type')).toBe('application/json');
    expect(postWithBody?.body).toEqual({ courseId: 'c1' });
    expect(postEmpty?.headers.get('X-Requested-With')).toBe('recup-points');
    expect(postEmpty?.init.body).toBeUndefined();
    expect(postEmpty?.headers.has('Content-Type')).toBe(false);
  });
});

describe('read-your-writes', () => {
  it('sends no X-Min-Position before any command answered', async () => {
    const { requests } = stubFetch(() => json(200, []));
    await api.get('/api/courses/search');
    expect(requests[0]?.headers.has('X-Min-Position')).toBe(false);
  });

  it('sends the highest X-Event-Position seen as X-Min-Position on every later request', async () => {
    const positions = ['42', '17', null];
    const { requests } = stubFetch(() => {
      const position = positions.shift();
      return json(201, {}, position ? { 'X-Event-Position': position } : {});
    });
    await api.post('/api/bookings', { body: { courseId: 'c1' } });
    await api.post('/api/bookings', { body: { courseId: 'c2' } });
    await api.get('/api/user/bookings');

    expect(requests[1]?.headers.get('X-Min-Position')).toBe('42');
    expect(requests[2]?.headers.get('X-Min-Position')).toBe('42');
    expect(getEventPosition()).toBe(42);
  });

  it('keeps the position in sessionStorage so a reload still waits for its own writes', async () => {
    stubFetch(() => json(201, {}, { 'X-Event-Position': '99' }));
    await api.post('/api/bookings', { body: { courseId: 'c1' } });
    expect(window.sessionStorage.getItem('recup-points.event-position')).toBe('99');
  });

  it('retries a lagging query once, after Retry-After seconds', async () => {
    vi.useFakeTimers();
    const answers = [new Response('', { status: 503, headers: { 'Retry-After': '1' } }), json(200, [{ id: 'b1' }])];
    const { requests } = stubFetch(() => answers.shift() ?? json(500, {}));
    const result = api.get('/api/user/bookings');
    await vi.advanceTimersByTimeAsync(999);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual([{ id: 'b1' }]);
    expect(requests).toHaveLength(2);
  });

  it('gives up after the one retry when the projection still lags', async () => {
    vi.useFakeTimers();
    const { requests } = stubFetch(
      () => new Response(JSON.stringify({ code: 'PROJECTION_LAGGING', message: 'Réessayez' }), { status: 503, headers: { 'Retry-After': '1' } }),
    );
    const result = failure(api.get('/api/user/bookings'));
    await vi.advanceTimersByTimeAsync(1000);
    const error = await result;
    expect(error.status).toBe(503);
    expect(error.message).toBe('Réessayez');
    expect(requests).toHaveLength(2);
  });

  it('does not retry a command answered 503', async () => {
    const { requests } = stubFetch(() => new Response('', { status: 503, headers: { 'Retry-After': '1' } }));
    await failure(api.post('/api/bookings', { body: { courseId: 'c1' } }));
    expect(requests).toHaveLength(1);
  });
});

describe('answers', () => {
  it('returns the JSON of a successful answer, validated by the schema when given', async () => {
    stubFetch(() => json(200, { id: 'c1', extra: true }));
    await expect(api.get('/api/courses/c1', { schema: z.object({ id: z.string() }) })).resolves.toEqual({ id: 'c1' });
  });

  it('gives null for an empty body', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(api.post('/api/auth/logout')).resolves.toBeNull();
  });

  it("fails with 'Invalid JSON response' when a successful body is not JSON", async () => {
    stubFetch(() => new Response('<html>', { status: 200 }));
    const error = await failure(api.get('/api/courses/search'));
    expect(error.message).toBe('Invalid JSON response');
  });

  it("fails with 'Invalid response from server' when the answer does not match its schema", async () => {
    stubFetch(() => json(200, { clientSecret: 42 }));
    const error = await failure(api.post('/api/bookings/b1/create-payment-intent', { schema: z.object({ clientSecret: z.string() }) }));
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.message).toBe('Invalid response from server');
  });

  it("fails with 'Failed to read server response' when the body cannot be read", async () => {
    const broken = new ReadableStream({
      start(controller) {
        controller.error(new Error('connection reset'));
      },
    });
    stubFetch(() => new Response(broken, { status: 200 }));
    const error = await failure(api.get('/api/courses/search'));
    expect(error.message).toBe('Failed to read server response');
  });
});

describe('failures', () => {
  it('carries the Problem fields: status, code, message, field and requiresVerification', async () => {
    stubFetch(() => problem(403, 'EMAIL_NOT_VERIFIED', 'Veuillez vérifier votre email', { requiresVerification: true, field: 'email' }));
    const error = await failure(api.post('/api/auth/login', { body: { email: 'a@b.fr', password: 'secret1' } }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(403);
    expect(error.code).toBe('EMAIL_NOT_VERIFIED');
    expect(error.message).toBe('Veuillez vérifier votre email');
    expect(error.field).toBe('email');
    expect(error.requiresVerification).toBe(true);
    expect(serverMessageOf(error)).toBe('Veuillez vérifier votre email');
  });

  it("says 'status: text' when the error body is not JSON", async () => {
    stubFetch(() => new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }));
    const error = await failure(api.get('/api/courses/search'));
    expect(error.message).toBe('502: Bad gateway');
    expect(error.requiresVerification).toBe(false);
    expect(serverMessageOf(error)).toBeNull();
  });

  it("falls back on the status text when the error body is empty", async () => {
    stubFetch(() => new Response(null, { status: 500, statusText: 'Internal Server Error' }));
    const error = await failure(api.get('/api/courses/search'));
    expect(error.message).toBe('500: Internal Server Error');
  });

  it('reports a network failure as an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await failure(api.get('/api/courses/search'));
    expect(error.status).toBe(0);
    expect(error.code).toBe('NETWORK_ERROR');
  });
});
