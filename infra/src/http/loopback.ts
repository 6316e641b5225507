/** 127.0.0.0/8, ::1, and 127.x.x.x written as an IPv4-mapped IPv6 address (how a dual-stack socket reports it). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127(\.\d{1,3}){3}$/.test(v4);
}

/** Whether a site address names this machine only (`http://localhost:3000`, `http://127.0.0.1`, `http://[::1]`). */
export function isLoopbackUrl(url: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    return false;
  }
  const bare = hostname.replace(/^\[|\]$/g, '');
  return bare === 'localhost' || bare.endsWith('.localhost') || isLoopbackAddress(bare);
}
