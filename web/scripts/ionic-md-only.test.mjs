// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { withoutIosStyles } from './ionic-md-only.mjs';

const component = '/app/node_modules/@ionic/core/components/p-abc.js';

describe('ionic-md-only', () => {
  it('empties the iOS style sheet of an Ionic component and keeps the Material one', () => {
    const code = 'class T{static get style(){return{ios:":host{--a:\\"x\\"}",md:":host{--b:1}"}}}';
    expect(withoutIosStyles(code, component)).toBe('class T{static get style(){return{ios:"",md:":host{--b:1}"}}}');
  });

  it('leaves other modules, and components with one sheet, as they are', () => {
    const code = 'class T{static get style(){return{ios:":host{}",md:":host{}"}}}';
    expect(withoutIosStyles(code, '/app/src/shell.tsx')).toBeNull();
    expect(withoutIosStyles(code, '/app/node_modules/@ionic/react/dist/index.js')).toBeNull();
    expect(withoutIosStyles('class T{static get style(){return":host{}"}}', component)).toBeNull();
  });

  it("finds the iOS sheets in the Ionic this app is built with (the shell's toolbar and header)", () => {
    const require = createRequire(import.meta.url);
    for (const name of ['ion-toolbar', 'ion-header']) {
      // The component's module may re-export its class from a shared chunk: follow the imports.
      const entry = require.resolve(`@ionic/core/components/${name}.js`);
      const modules = [entry, ...[...readFileSync(entry, 'utf8').matchAll(/from"\.\/(p-[\w-]+\.js)"/g)].map((m) => entry.replace(/[^\\/]+$/, m[1]))];
      const path = modules.find((p) => readFileSync(p, 'utf8').includes('static get style(){return{ios:'));
      expect(path, name).toBeDefined();
      const code = readFileSync(path, 'utf8');
      const out = withoutIosStyles(code, path);
      expect(out, name).not.toBeNull();
      expect(out.length).toBeLessThan(code.length - 1000);
      // Every two-sheet style of the module emptied on its iOS side, the Material side intact.
      const sheets = code.split('static get style(){return{ios:').length - 1;
      expect(out.split('static get style(){return{ios:"",md:"').length - 1).toBe(sheets);
      expect(out.split(',md:"').length).toBe(code.split(',md:"').length);
    }
  });
});
