// Writes the firm's portal host (from PORTAL_MOBILE_URL) into the native projects after
// `cap sync`: the iOS Universal Links entitlement and the Android App Links host (gradle
// property portalHost, read by android/app/build.gradle).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const host = new URL(process.env.PORTAL_MOBILE_URL ?? 'https://portal.harbourvale.example').host;

const entitlements = `${root}ios/App/App/App.entitlements`;
writeFileSync(entitlements, readFileSync(entitlements, 'utf8').replace(/applinks:[^<]+/, `applinks:${host}`));

const gradle = `${root}android/gradle.properties`;
const properties = readFileSync(gradle, 'utf8');
const line = `portalHost=${host}`;
writeFileSync(gradle, /^portalHost=.*$/m.test(properties) ? properties.replace(/^portalHost=.*$/m, line) : `${properties.trimEnd()}\n\n# The firm's portal host for App Links (make mobile).\n${line}\n`);
console.log(`Native projects point at ${host}`);
