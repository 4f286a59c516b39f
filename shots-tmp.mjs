import { chromium } from 'playwright';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const [vw, vh, full] = [Number(process.env.W ?? 1400), Number(process.env.H ?? 1000), process.env.FULL === '1'];
const page = await browser.newPage({ viewport: { width: vw, height: vh } });
const errors = [];
page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
for (const [i, url] of process.argv.slice(2).entries()) {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.screenshot({ path: `/tmp/shot-${i}.png`, fullPage: full });
}
console.log(errors.join('\n') || 'no page errors');
await browser.close();
