/**
 * The shell: the page as the build prerenders it into `index.html` for the first lesson,
 * once per language, so that a reader sees the article and its code before the app's
 * JavaScript has arrived (docs/architecture.md, "The shell"). It is made of the app's own
 * presentational components (TopBar, LessonNav, Article) with the state of a page that has
 * just opened; each panel is its function's listing until the app mounts the real one.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import type { Lang } from '../../i18n';
import type { Lesson, LessonSummary } from '../../lessons/lesson';
import { indexLesson } from '../../store/lessonIndex';
import { sliceLines } from '../../store/panelView';
import { Article } from '../Article';
import { LessonNav } from '../LessonNav';
import { PlainView } from '../PlainView';
import { TopBar } from '../TopBar';

const nothing = () => {};

/** One panel as the shell shows it: its title and its function's lines, not yet live. */
function PanelListing({ lesson, panelId, lang }: { lesson: Lesson; panelId: string; lang: Lang }) {
  const entry = indexLesson(lesson).panels.find((p) => p.panel.id === panelId);
  if (!entry) return null;
  const { source, function: fn, functionRange } = entry.panel;
  return (
    <div className="panel-anchor">
      <section className="panel panel-shell">
        <header className="panel-head">
          <h3 className="panel-title">
            <code>{source}</code> · <code>{fn}</code>
          </h3>
        </header>
        <div className="code-col">
          <PlainView
            code={sliceLines(entry.files[source] ?? '', functionRange.start, functionRange.end)}
            firstLine={functionRange.start}
            breakpoints={[]}
            currentLine={null}
            onToggleBreakpoint={nothing}
            ariaLabel={`${source} · ${fn}`}
            lang={lang}
          />
        </div>
      </section>
    </div>
  );
}

/** The whole page as it first opens on `lesson`: header, lesson index, the article. */
export function ShellPage(props: { lesson: Lesson; index: readonly LessonSummary[]; lang: Lang }) {
  const { lesson, index, lang } = props;
  return (
    <div className="app">
      <TopBar
        lang={lang}
        runtime={{ state: 'idle' }}
        author={false}
        onRetry={nothing}
        onAuthor={nothing}
        onLang={nothing}
      />
      <div className="layout">
        <LessonNav
          lang={lang}
          index={index}
          current={lesson.id}
          drafts={[]}
          broken={[]}
          onOpen={nothing}
        />
        <main className="content">
          <Article
            lesson={lesson}
            lang={lang}
            panel={(panelId) => <PanelListing lesson={lesson} panelId={panelId} lang={lang} />}
          />
        </main>
      </div>
    </div>
  );
}

/**
 * The shell's HTML for one language. Test ids and element ids are left out: the shell is
 * inert and is removed when the app shows the lesson, and neither tests nor links may
 * find its copy of an element instead of the app's.
 */
export function renderShell(lesson: Lesson, index: readonly LessonSummary[], lang: Lang): string {
  return renderToStaticMarkup(<ShellPage lesson={lesson} index={index} lang={lang} />)
    .replace(/ data-testid="[^"]*"/g, '')
    .replace(/ id="[^"]*"/g, '');
}
