// @vitest-environment node
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layering and naming rules of eslint.config.mjs, proved on probe files that are linted as
// text (never written): each rule must reject what web/README.md forbids and allow the rest.
const root = decodeURIComponent(new URL('../../../', import.meta.url).pathname);
const eslint = new ESLint({ cwd: root });

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const importing = (from: string) => `import { thing } from '${from}';\nexport const probe = thing;\n`;

describe('eslint.config.mjs', () => {
  it('keeps imports flowing shared -> features -> app', { timeout: 60_000 }, async () => {
    expect(await rulesBroken('web/src/shared/ui/probe.ts', importing('../../app/app'))).toContain('import-x/no-restricted-paths');
    expect(await rulesBroken('web/src/shared/ui/probe.ts', importing('../../features/auth/texts'))).toContain('import-x/no-restricted-paths');
    expect(await rulesBroken('web/src/features/auth/probe.ts', importing('../../app/app'))).toContain('import-x/no-restricted-paths');
    expect(await rulesBroken('web/src/features/auth/probe.ts', importing('../clients/client-access'))).toContain('import-x/no-restricted-paths');
    expect(await rulesBroken('web/src/features/auth/probe.ts', importing('../../shared/http'))).toEqual([]);
    expect(await rulesBroken('web/src/app/probe.ts', importing('../features/auth/texts'))).toEqual([]);
  });

  it('wants kebab-case file names and native plugins only through @portal/mobile', { timeout: 60_000 }, async () => {
    expect(await rulesBroken('web/src/features/auth/LoginProbe.tsx', 'export const probe = 1;\n')).toContain('check-file/filename-naming-convention');
    expect(await rulesBroken('web/src/features/auth/login-probe.test.tsx', 'export const probe = 1;\n')).toEqual([]);
    expect(await rulesBroken('web/src/features/auth/probe.ts', importing('@capacitor/app'))).toContain('no-restricted-imports');
  });

  it('lets only shared/charts import Highcharts', { timeout: 60_000 }, async () => {
    expect(await rulesBroken('web/src/features/portfolio/probe.ts', importing('highcharts'))).toContain('no-restricted-imports');
    expect(await rulesBroken('web/src/features/portfolio/probe.ts', importing('@highcharts/react'))).toContain('no-restricted-imports');
    expect(await rulesBroken('web/src/shared/charts/probe.ts', importing('@highcharts/react'))).toEqual([]);
    expect(await rulesBroken('web/src/shared/charts/probe.ts', importing('@capacitor/app'))).toContain('no-restricted-imports');
  });
});
