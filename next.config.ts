import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // Native and driver packages stay outside the bundle.
  serverExternalPackages: ['better-sqlite3', 'pg', 'kysely', 'bwip-js'],
  poweredByHeader: false,
  reactStrictMode: true,
  // The checkout is embedded by merchants in iframes; the SDK's sandbox allows it.
  async headers() {
    return [{ source: '/:path*', headers: [{ key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' }] }];
  },
};

export default nextConfig;
