import { GLOSSARY_NOTICE, GLOSSARY_SAFETY, GLOSSARY_SECTIONS, PAGE_TITLES, SHELL_TEXTS } from '@hiraku/shared';
import { BackButton } from '../components/BackButton';
import { InPageLink } from '../components/InPageLink';
import { PageTitle } from '../components/PageTitle';

const t = SHELL_TEXTS.glossary;

function sectionId(id: string): string {
  return `glossary-section-${id}`;
}

export function GlossaryPage() {
  return (
    <div className="page glossary">
      <PageTitle page={PAGE_TITLES.glossary} />
      <BackButton />
      <h1 className="page__title">{PAGE_TITLES.glossary}</h1>

      <aside className="notice-box" aria-labelledby="glossary-notice">
        <h2 id="glossary-notice" className="notice-box__heading">
          {GLOSSARY_NOTICE.heading}
        </h2>
        {GLOSSARY_NOTICE.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </aside>

      <aside className="notice-box notice-box--safety" aria-labelledby="glossary-safety">
        <h2 id="glossary-safety" className="notice-box__heading">
          {GLOSSARY_SAFETY.heading}
        </h2>
        {GLOSSARY_SAFETY.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </aside>

      <nav className="toc" aria-labelledby="glossary-toc">
        <h2 id="glossary-toc" className="toc__heading">
          {t.contents}
        </h2>
        <ul className="toc__list toc__list--inline">
          {GLOSSARY_SECTIONS.map((section) => (
            <li key={section.id}>
              <InPageLink targetId={sectionId(section.id)}>{section.title}</InPageLink>
            </li>
          ))}
        </ul>
      </nav>

      {GLOSSARY_SECTIONS.map((section) => (
        <section key={section.id} className="glossary__section" aria-labelledby={sectionId(section.id)}>
          <h2 id={sectionId(section.id)} tabIndex={-1} className="section-heading">
            {section.title}
          </h2>
          <dl className="glossary__list">
            {section.entries.map((entry) => (
              <div key={entry.term} className="glossary__entry">
                <dt className="glossary__term">{entry.term}</dt>
                <dd className="glossary__definition">
                  <p>{entry.definition}</p>
                  {entry.aliases.length > 0 && (
                    <p className="glossary__aliases">
                      {t.aliases}：{entry.aliases.join('、')}
                    </p>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
