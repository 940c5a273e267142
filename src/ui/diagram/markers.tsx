/**
 * The ends of the diagram's arrows, as SVG markers: the head, and the dot on the row an
 * arrow leaves from, each in a faded twin for the arrows the selected frame does not reach.
 * A translucent stroke and marker cost no layer, where an element's opacity would cost one
 * per arrow. The dot is drawn with its arrow (not with its row) so that it fades with it.
 */

/** Markers `<id>` / `<id>-faded` (heads) and `<id>-dot` / `<id>-dot-faded` (dots). */
export function ArrowMarkers({ id }: { id: string }) {
  return (
    <defs>
      {['', '-faded'].map((kind) => (
        <g key={kind}>
          <marker
            id={id + kind}
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto-start-reverse"
          >
            <path d="M0,0 L10,5 L0,10 z" className={`heap-arrowhead${kind ? ' is-faded' : ''}`} />
          </marker>
          {/* In the picture's own units, whatever the arrow's stroke width. */}
          <marker
            id={`${id}-dot${kind}`}
            viewBox="0 0 7 7"
            refX="3.5"
            refY="3.5"
            markerWidth="7"
            markerHeight="7"
            markerUnits="userSpaceOnUse"
          >
            <circle cx="3.5" cy="3.5" r="3.5" className={`heap-dot${kind ? ' is-faded' : ''}`} />
          </marker>
        </g>
      ))}
    </defs>
  );
}
