import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import rawConfig from '../../../public/site-config.json';
import { ok, routeFetch } from '../../test/fetch-routes';
import { SiteConfigProvider, useSiteConfig } from '../config/site-config-context';
import { LoadError } from '../ui/load-error';
import { LOAD_ERROR_TEXT } from '../errors/load-error';
import { UnexpectedAnswerError } from '../http/parse-answer';
import { fetchSiteConfig, parseSiteConfig } from './site-config';

afterEach(() => vi.unstubAllGlobals());

describe('site configuration', () => {
  it('parses the built-in configuration and fills the defaults', () => {
    const config = parseSiteConfig(rawConfig);
    expect(config.settings.clientBaseSegment).toBe('clients');
    expect(config.settings.showPasswordStrength).toBe(true);
    expect(config.branding.chartColour1).toBe('#0b3954');
  });

  it('refuses a configuration of the wrong shape', () => {
    const wrong = { ...rawConfig, settings: { ...rawConfig.settings, clientBaseSegment: 7 } };
    expect(() => parseSiteConfig(wrong)).toThrow(UnexpectedAnswerError);
    expect(() => parseSiteConfig({ ...rawConfig, content: { ...rawConfig.content, navigation: 'none' } })).toThrow(UnexpectedAnswerError);
    expect(() => parseSiteConfig({ settings: {}, content: {} })).toThrow(UnexpectedAnswerError);
  });

  it('shows the start-up error state, not a crash, when the served file does not match', async () => {
    routeFetch({ 'GET /site-config.json': ok({ ...rawConfig, branding: { logo: 42 } }) });
    await expect(fetchSiteConfig()).rejects.toBeInstanceOf(UnexpectedAnswerError);
    function Firm() {
      return <p>{useSiteConfig().settings.firmName}</p>;
    }
    render(
      <SiteConfigProvider loading={<p>Loading</p>} renderError={() => <LoadError error={new UnexpectedAnswerError('GET /site-config.json', [])} />}>
        <Firm />
      </SiteConfigProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(LOAD_ERROR_TEXT);
  });

  it('fetches the configuration once and tries again from the start-up error page', async () => {
    const routed = routeFetch({ 'GET /site-config.json': [ok({ ...rawConfig, branding: { logo: 42 } }), ok(rawConfig)] });
    function Firm() {
      return <p>{useSiteConfig().settings.firmName}</p>;
    }
    render(
      <SiteConfigProvider loading={<p>Loading</p>} renderError={(retry) => <button onClick={retry}>Try again</button>}>
        <Firm />
      </SiteConfigProvider>,
    );
    (await screen.findByRole('button', { name: 'Try again' })).click();
    expect(await screen.findByText(rawConfig.settings.firmName)).toBeInTheDocument();
    expect(routed.calls().map((call) => call.key)).toEqual(['GET /site-config.json', 'GET /site-config.json']);
  });
});
