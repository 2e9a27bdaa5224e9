import { Link } from 'react-router-dom';
import type { GuidePage } from '@hiraku/shared';
import { BackButton } from './BackButton';
import { ExternalLink } from './ExternalLink';
import { PageTitle } from './PageTitle';

/** The public guide pages (削除ガイドライン, 画像投稿のルール, 違法・有害情報の通報先): a lead and headed sections. */
export function GuidePageView({ page }: { page: GuidePage }) {
  return (
    <article className="page legal guide">
      <PageTitle page={page.title} />
      <BackButton />
      <h1 className="page__title">{page.title}</h1>
      <p className="legal__preamble">{page.lead}</p>
      {page.sections.map((section, index) => (
        <section key={section.heading} className="legal__article" aria-labelledby={`guide-${index + 1}`}>
          <h2 id={`guide-${index + 1}`} className="legal__heading">
            {section.heading}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.items && (
            <ul className="legal__items guide__items">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
          {section.links && (
            <ul className="guide__links">
              {section.links.map((link) => (
                <li key={link.label}>{'to' in link ? <Link to={link.to}>{link.label}</Link> : <ExternalLink href={link.href}>{link.label}</ExternalLink>}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </article>
  );
}
