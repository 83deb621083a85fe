import { describe, expect, it } from 'vitest';
import { portalBases } from './portal-bases';

describe('portalBases', () => {
  it('points a bundled app at the firm portal', () => {
    expect(portalBases('https://portal.harbourvale.example/', true)).toEqual({
      xplanapi: 'https://portal.harbourvale.example/xplanapi/',
      api: 'https://portal.harbourvale.example/api/',
      bff: 'https://portal.harbourvale.example/bff/api/',
      root: 'https://portal.harbourvale.example/',
    });
    expect(portalBases('http://10.0.2.2:8080', true)?.api).toBe('http://10.0.2.2:8080/api/');
  });

  it('keeps same-origin calls in a browser, and refuses a cleartext portal elsewhere than local development', () => {
    expect(portalBases('https://portal.harbourvale.example', false)).toBeNull();
    expect(portalBases(undefined, true)).toBeNull();
    expect(portalBases('http://portal.harbourvale.example', true)).toBeNull();
  });
});
