import { useState } from 'react';
import { type Lang, t } from '../../i18n';
import type { Ref } from '../../trace/meta';
import type { Trace } from '../../trace/trace';
import { resolveAt } from '../../trace/values';

/** Colour per object id, so two names holding one object share a marker. */
function idHue(id: number): number {
  return (id * 137) % 360;
}

/**
 * A small badge `#id` marking object identity, coloured per id so that two names holding
 * one object share a marker; a button that marks the object in the reference diagram and
 * brings it into view.
 */
export function IdentityBadge({
  id,
  lang,
  onLocate,
}: {
  id: number;
  lang: Lang;
  onLocate: (id: number) => void;
}) {
  if (!id) return null;
  const label = t(lang, 'locateObject', { id });
  return (
    <button
      type="button"
      className="obj-id"
      data-testid="obj-id"
      data-obj-id={id}
      style={{ borderColor: `hsl(${idHue(id)} 60% 45%)`, color: `hsl(${idHue(id)} 60% 30%)` }}
      title={label}
      aria-label={label}
      onClick={() => onLocate(id)}
    >
      #{id}
    </button>
  );
}

/** One value (a {@link Ref}) as it is at `step`, expandable when it has children. */
export function ValueView({
  trace,
  value,
  step,
  lang,
  onLocate,
}: {
  trace: Trace;
  value: Ref;
  step: number;
  lang: Lang;
  /** Show an object in the reference diagram (its `#id` badge's click). */
  onLocate: (id: number) => void;
}) {
  const [open, setOpen] = useState(false);
  const { type, text, id, children, size: total } = resolveAt(trace, value, step);
  const expandable = children.length > 0;
  return (
    <span className="val-wrap">
      {expandable ? (
        <button
          type="button"
          className="val-toggle"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          aria-label={t(lang, open ? 'collapseValue' : 'expandValue', { what: type })}
        >
          {open ? '▾' : '▸'}
        </button>
      ) : null}
      <code className="val" title={type}>
        {text}
      </code>
      <IdentityBadge id={id} lang={lang} onLocate={onLocate} />
      {open && expandable ? (
        <ul className="val-children">
          {children.map(([label, child], k) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: children are positional
            <li key={k}>
              <span className="val-key">{label}</span>
              <ValueView trace={trace} value={child} step={step} lang={lang} onLocate={onLocate} />
            </li>
          ))}
          {total > children.length ? (
            <li className="val-more">{t(lang, 'moreItems', { n: total - children.length })}</li>
          ) : null}
        </ul>
      ) : null}
    </span>
  );
}
