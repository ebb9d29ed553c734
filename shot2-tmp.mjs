import { chromium } from '@playwright/test';
const [,, url, out, w = '1280', h = '800', scheme = 'light'] = process.argv;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage({ viewport: { width: +w, height: +h }, colorScheme: scheme });
p.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console:', m.text().slice(0, 300)); });
await p.goto(url); await p.waitForTimeout(1000);
await p.screenshot({ path: out, fullPage: true });
await b.close();
