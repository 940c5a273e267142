import { useState } from 'react';
import { type Lang, t } from '../../i18n';

/** A traceback, with a button that copies the whole text (whatever part is in view). */
export function Traceback({ text, lang }: { text: string; lang: Lang }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <div className="traceback-box">
      <button type="button" className="btn-small" data-testid="traceback-copy" onClick={copy}>
        {copied ? t(lang, 'tracebackCopied') : t(lang, 'tracebackCopy')}
      </button>
      <pre className="traceback" data-testid="traceback">
        {text}
      </pre>
    </div>
  );
}
