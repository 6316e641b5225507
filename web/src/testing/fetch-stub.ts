import { vi } from 'vitest';

export type RecordedRequest = { method: string; url: URL; headers: Headers; body: unknown; init: RequestInit };

type FetchHandler = (request: RecordedRequest) => Response | Promise<Response>;

/** Replaces `fetch` with a handler answering real `Response` objects, and records every request. */
export function stubFetch(handler: FetchHandler) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request = { method: init.method ?? 'GET', url, headers, body, init };
    requests.push(request);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

export function problem(status: number, code: string, message: string, extra: Record<string, unknown> = {}): Response {
  return new Response(JSON.stringify({ type: 'about:blank', title: code, status, code, message, ...extra }), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });
}

/**
 * What `GET /api/courses/search` answers for these courses: the whole array without paging parameters (the
 * spec's call), one page and the total with `page` or `pageSize`, as the query API does.
 */
export function searchAnswer(url: URL, courses: readonly unknown[]): unknown {
  const page = url.searchParams.get('page');
  const pageSize = url.searchParams.get('pageSize');
  if (page === null && pageSize === null) return courses;
  const p = Number(page ?? 1);
  const size = Number(pageSize ?? 20);
  return { items: courses.slice((p - 1) * size, p * size), total: courses.length, page: p, pageSize: size };
}
