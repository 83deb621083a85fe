// A build plugin: the portal runs Ionic in Material Design mode only (setupIonic({ mode: 'md' }),
// app/shell/signed-in-area.tsx), yet every Ionic component carries its iOS style sheet beside its
// Material one (`static get style(){return{ios:"…",md:"…"}}`), about 130 KB of CSS text over the
// components, downloaded and parsed with each chunk that holds them and never used (issue 13:
// the signed-in area's first chunk). This empties the iOS sheets of @ionic/core's components;
// the Material ones, and components with a single sheet, are left as they are.

const IOS_STYLE = /static get style\(\)\{return\{ios:"(?:[^"\\]|\\.)*",md:/g;
const EMPTIED = 'static get style(){return{ios:"",md:';
const IONIC_COMPONENT = /[\\/]node_modules[\\/]@ionic[\\/]core[\\/]components[\\/][^\\/]+\.js$/;

/** The module's code without its iOS style sheets, or null when there is nothing to change. */
export function withoutIosStyles(code, id) {
  if (!IONIC_COMPONENT.test(id) || !code.includes('static get style(){return{ios:')) return null;
  const out = code.replace(IOS_STYLE, EMPTIED);
  return out === code ? null : out;
}

/** The Vite plugin (build only: tests and the dev server see Ionic as published). */
export function ionicMdOnly() {
  return {
    name: 'portal:ionic-md-only',
    apply: 'build',
    transform(code, id) {
      const out = withoutIosStyles(code, id);
      return out === null ? null : { code: out, map: null };
    },
  };
}
