/**
 * The address bar's format: parsing and formatting are inverse, patches touch only their
 * fields, and a panel's shared state round-trips through the URL.
 */
import { describe, expect, it } from 'vitest';
import {
  formatAddress,
  hashPanel,
  panelHash,
  panelLinkTarget,
  parseAddress,
} from '../../../src/store/address';
import { decodePanelState, linkedPanel, panelAddress } from '../../../src/store/share';

const BASE = 'http://localhost:5173/';

describe('urlSync addresses', () => {
  it('reads every parameter and the hash', () => {
    expect(
      parseAddress(
        `${BASE}?lesson=s04-hooks&lang=zh&author=1&panel=p&s=abc&sw=off&view=compact#panel-p`,
      ),
    ).toEqual({
      lesson: 's04-hooks',
      lang: 'zh',
      author: '1',
      panel: 'p',
      state: 'abc',
      sw: 'off',
      view: 'compact',
      hash: 'panel-p',
    });
    expect(parseAddress(BASE)).toEqual({
      lesson: null,
      lang: null,
      author: null,
      panel: null,
      state: null,
      sw: null,
      view: null,
      hash: '',
    });
  });

  it('sets, keeps and removes only the fields of the patch', () => {
    const href = `${BASE}?lesson=a&lang=en&panel=p&s=x&other=1#panel-p`;
    const next = parseAddress(
      formatAddress(href, { lesson: 'b', panel: null, state: null, hash: '' }),
    );
    expect(next).toMatchObject({ lesson: 'b', lang: 'en', panel: null, state: null, hash: '' });
    expect(new URL(formatAddress(href, { lang: 'zh' })).searchParams.get('other')).toBe('1');
  });

  it('carries a panel’s scenario, breakpoints and step in a link', () => {
    const bp = { id: 'b1', file: 'x.py', line: 3, enabled: false, condition: 'n > 1', hitCount: 2 };
    const patch = panelAddress('les', 'pan', {
      scenario: 'block',
      breakpoints: [bp],
      position: 12,
    });
    const link = linkedPanel(parseAddress(formatAddress(BASE, patch)));
    expect(link.lesson).toBe('les');
    expect(link.panel).toBe('pan');
    expect(link.state).toMatchObject({ scenario: 'block', position: 12 });
    expect(link.state.breakpoints?.[0]).toMatchObject({
      file: 'x.py',
      line: 3,
      enabled: false,
      condition: 'n > 1',
      hitCount: 2,
    });
    expect(parseAddress(formatAddress(BASE, patch)).hash).toBe('panel-pan');
  });

  it('turns a damaged shared state into an empty one', () => {
    expect(decodePanelState('%%%not-base64')).toEqual({});
    expect(linkedPanel(parseAddress(`${BASE}?s=zzz`)).state).toEqual({});
  });

  it('names a panel by its hash, and reads it back', () => {
    expect(panelHash('run_hooks')).toBe('panel-run_hooks');
    expect(hashPanel(panelHash('run_hooks'))).toBe('run_hooks');
    expect(hashPanel('intro')).toBeNull();
    expect(hashPanel('panel-')).toBeNull();
    expect(hashPanel('')).toBeNull();
  });

  describe('the panel a link leads to', () => {
    const page = `${BASE}?lesson=s04-hooks&lang=zh`;
    it('reads the lesson from the link, else from the page it sits on', () => {
      expect(panelLinkTarget('?lesson=reg&lang=zh#panel-p2', page, 's04-hooks')).toEqual({
        lesson: 'reg',
        panel: 'p2',
      });
      expect(panelLinkTarget('#panel-p1', page, 's04-hooks')).toEqual({
        lesson: 's04-hooks',
        panel: 'p1',
      });
      // The page opened without ?lesson= shows the default lesson, which the caller names.
      expect(panelLinkTarget(`${BASE}#panel-p1`, BASE, 'default')).toEqual({
        lesson: 'default',
        panel: 'p1',
      });
    });
    it('names no panel for other anchors, other pages, or a lesson it cannot know', () => {
      expect(panelLinkTarget('#intro', page, 's04-hooks')).toBeNull();
      expect(panelLinkTarget('?lesson=reg', page, 's04-hooks')).toBeNull();
      expect(panelLinkTarget('https://example.org/?lesson=x#panel-p', page, 'x')).toBeNull();
      expect(panelLinkTarget('/other.html?lesson=x#panel-p', page, 'x')).toBeNull();
      // Other parameters without a lesson open the default lesson: not necessarily this one.
      expect(panelLinkTarget('?lang=en#panel-p1', page, 's04-hooks')).toBeNull();
      expect(panelLinkTarget('#panel-p1', BASE, null)).toBeNull();
      expect(panelLinkTarget('http://[bad', page, 's04-hooks')).toBeNull();
    });
  });
});
