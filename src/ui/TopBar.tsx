import { useRef } from 'react';
import { LANG_NAMES, type Lang, t } from '../i18n';
import { LANGS } from '../lessons/basics';
import type { RuntimePhase } from '../store/app';
import { pythonDownloadShare, pythonStatusText } from './pythonStatus';
import { ShortcutsHelp } from './ShortcutsHelp';
import { useTopBarHeight } from './topBarHeight';

/** What the top bar shows, and what its controls do. Pure props: the build prerenders it. */
export interface TopBarProps {
  lang: Lang;
  runtime: RuntimePhase;
  /** The service worker holds the whole site: a reload works without a network. */
  offline?: boolean;
  author: boolean;
  onRetry: () => void;
  onAuthor: (on: boolean) => void;
  onLang: (lang: Lang) => void;
  /** The build's shell (./shell/Shell.tsx): the shortcuts' box is closed there, so left empty. */
  shell?: boolean;
}

/** Python's status in the header: a spinner and progress while it loads, Retry if it failed. */
function RuntimeBadge({
  lang,
  runtime,
  offline,
  onRetry,
}: Pick<TopBarProps, 'lang' | 'runtime' | 'offline' | 'onRetry'>) {
  const text = pythonStatusText(runtime, lang);
  if (runtime.state === 'failed') {
    // On a wide screen the reason is cut to keep the bar one line (full text in the title);
    // it wraps in full while the Retry button has the keyboard's focus (page.css).
    return (
      <span
        className="runtime runtime-failed"
        data-testid="runtime"
        data-state="failed"
        role="alert"
      >
        <span className="runtime-reason" title={text}>
          {text}
        </span>{' '}
        <button type="button" onClick={onRetry} data-testid="runtime-retry">
          {t(lang, 'retry')}
        </button>
      </span>
    );
  }
  const share = pythonDownloadShare(runtime);
  return (
    <span
      className={`runtime runtime-${runtime.state}`}
      data-testid="runtime"
      data-state={runtime.state}
      data-restarted={runtime.state === 'loading' && runtime.restartedAfter ? 'true' : undefined}
      data-stage={runtime.state === 'loading' ? runtime.progress?.stage : undefined}
      role="status"
      title={runtime.state === 'loading' ? runtime.restartedAfter : undefined}
    >
      {runtime.state === 'loading' && <span className="spinner" aria-hidden="true" />} {text}
      {offline && runtime.state === 'ready' ? (
        <span data-testid="offline-ready">
          {' · '}
          {t(lang, 'worksOffline')}
        </span>
      ) : null}
      {share !== null && (
        <progress
          className="runtime-progress"
          data-testid="runtime-progress"
          max={1}
          value={share}
          aria-label={text}
        />
      )}
    </span>
  );
}

/** The page's header: the title, Python's status, privacy, shortcuts, author mode, language. */
export function TopBar(props: TopBarProps) {
  const { lang, runtime, offline, author, onRetry, onAuthor, onLang } = props;
  const bar = useRef<HTMLElement>(null);
  useTopBarHeight(bar);
  return (
    <header className="topbar" ref={bar}>
      <a className="brand" href="?">
        {t(lang, 'appTitle')}
      </a>
      <RuntimeBadge lang={lang} runtime={runtime} offline={offline} onRetry={onRetry} />
      <span className="privacy" title={t(lang, 'privacy')}>
        {t(lang, 'privacy')}
      </span>
      <ShortcutsHelp lang={lang} empty={props.shell} />
      <label className="author-toggle">
        <input
          type="checkbox"
          checked={author}
          onChange={(e) => onAuthor(e.target.checked)}
          data-testid="author-toggle"
        />{' '}
        {t(lang, 'authorMode')}
      </label>
      <fieldset className="lang-switch">
        <legend className="sr-only">{t(lang, 'language')}</legend>
        {LANGS.map((l) => (
          <button
            key={l}
            type="button"
            aria-pressed={lang === l}
            data-testid={`lang-${l}`}
            onClick={() => onLang(l)}
          >
            {LANG_NAMES[l]}
          </button>
        ))}
      </fieldset>
    </header>
  );
}
