import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // Native and driver packages stay outside the bundle.
  serverExternalPackages: ['better-sqlite3', 'pg', 'kysely', 'bwip-js'],
  poweredByHeader: false,
  reactStrictMode: true,
  // Security headers (CSP with Next's nonce, Referrer-Policy, nosniff, HSTS) are set per request by
  // bin/kassa.ts (server/pages/page-headers.ts, ADR 021): frame-ancestors depends on the session.
};

export default nextConfig;
