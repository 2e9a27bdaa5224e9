/**
 * `npm run first-screens -w @hiraku/web`: writes firstScreens.json from the route table's first screens
 * (packages/ui/src/routes/firstScreenData.ts). Run after changing a first screen or the data it asks for;
 * src/firstScreens.test.ts fails until the file matches.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { firstScreenManifest } from '../../../packages/ui/src/routes/firstScreenManifest';

const file = fileURLToPath(new URL('../firstScreens.json', import.meta.url));
writeFileSync(file, `${JSON.stringify(await firstScreenManifest(), null, 2)}\n`);
console.info(`written: ${file}`);
