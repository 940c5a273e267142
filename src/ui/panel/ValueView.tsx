import { useState } from 'react';
import { type Lang, t } from '../../i18n';
import type { Ref } from '../../trace/meta';
import type { Trace } from '../../trace/trace';
import { resolveAt } from '../../trace/values';

/** Colour per object id, so two names holding one object share a marker. */
function idHue(id: number): number {
  return (id * 137) % 360;
}

/** A small badge `#id` marking object identity. */
export function IdentityBadge({ id, lang }: { id: number; lang: Lang }) {
  if (!id) return null;
  return (
    <span
      className="obj-id"
      data-testid="obj-id"
      data-obj-id={id}
      style={{ borderColor: `hsl(${idHue(id)} 60% 45%)`, color: `hsl(${idHue(id)} 60% 30%)` }}
      title={t(lang, 'objectId', { id })}
    >
      #{id}
    </span>
  );
}

/** One value (a {@link Ref}) as it is at `step`, expandable when it has children. */
export function ValueView({
  trace,
  value,
  step,
  lang,
}: {
  trace: Trace;
  value: Ref;
  step: number;
  lang: Lang;
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
      <IdentityBadge id={id} lang={lang} />
      {open && expandable ? (
        <ul className="val-children">
          {children.map(([label, child], k) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: children are positional
            <li key={k}>
              <span className="val-key">{label}</span>
              <ValueView trace={trace} value={child} step={step} lang={lang} />
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
