import { Agent, request } from 'node:http';

/** The load workers' HTTP client: one keep-alive agent, no limit on sockets, the answer read whole. */
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
export const url = (origin: string, path: string) => new URL(path, origin);

export function call(method: 'GET' | 'POST', target: URL, headers: Record<string, string>, body?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => reject(new Error(`${method} ${target.pathname} failed after ${Math.round(performance.now() - started)} ms: ${error.message}`, { cause: error }));
    const req = request(target, { method, agent, headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end(body);
  });
}

