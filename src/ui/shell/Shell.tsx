/**
 * The shell: the first lesson's page as the build prerenders it, once per language, so
 * that a reader sees the article and its code before the app's JavaScript has arrived
 * (docs/architecture.md, rule 6). It is made of the app's own presentational components
 * (TopBar, LessonNav, Article) with the state of a page that has just opened. It goes as
 * far as the first panel, shown as its function's listing: the app has taken over long
 * before a reader scrolls past it.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import type { Lang } from '../../i18n';
import type { Lesson, LessonSummary } from '../../lessons/lesson';
import { sliceLines } from '../../store/codeLines';
import { indexLesson } from '../../store/lessonIndex';
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

/** The lesson with its prose in `lang` cut after the first panel. */
function upToFirstPanel(lesson: Lesson, lang: Lang): Lesson {
  const prose = lesson.prose[lang];
  const first = prose.findIndex((seg) => seg.kind === 'panel');
  if (first < 0) return lesson;
  return { ...lesson, prose: { ...lesson.prose, [lang]: prose.slice(0, first + 1) } };
}

/** The page as it first opens on `lesson`: header, lesson index, the article's beginning. */
export function ShellPage(props: { lesson: Lesson; index: readonly LessonSummary[]; lang: Lang }) {
  const { index, lang } = props;
  const lesson = upToFirstPanel(props.lesson, lang);
  return (
    <div className="app">
      <TopBar
        lang={lang}
        runtime={{ state: 'idle' }}
        author={false}
        onRetry={nothing}
        onAuthor={nothing}
        onLang={nothing}
        shell
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
