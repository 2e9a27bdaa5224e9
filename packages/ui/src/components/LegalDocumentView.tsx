import type { ReactNode } from 'react';
import { articleNumberLabel, SHELL_TEXTS, type LegalDocument } from '@hiraku/shared';
import { BackButton } from './BackButton';
import { ExternalLink } from './ExternalLink';
import { InPageLink } from './InPageLink';
import { PageTitle } from './PageTitle';

const t = SHELL_TEXTS.legal;

function articleId(index: number): string {
  return `article-${index + 1}`;
}

function Dates({ document }: { document: LegalDocument }) {
  return (
    <dl className="legal__dates">
      <div>
        <dt>{t.enactedOn}：</dt>
        <dd>{document.enactedOn}</dd>
      </div>
      <div>
        <dt>{t.lastRevisedOn}：</dt>
        <dd>{document.lastRevisedOn}</dd>
      </div>
    </dl>
  );
}

/**
 * Terms of service and privacy policy share one layout: dates, preamble, contents, numbered articles.
 * `pendingContact` stands where an article's mailbox goes while it is not known (contactEmail null).
 */
export function LegalDocumentView({ document, pendingContact }: { document: LegalDocument; pendingContact?: ReactNode }) {
  return (
    <article className="page legal">
      <PageTitle page={document.title} />
      <BackButton />
      <h1 className="page__title">{document.title}</h1>
      <Dates document={document} />
      <p className="legal__preamble">{document.preamble}</p>

      <nav className="toc" aria-labelledby="legal-toc">
        <h2 id="legal-toc" className="toc__heading">
          {t.contents}
        </h2>
        <ol className="toc__list">
          {document.articles.map((article, index) => (
            <li key={article.heading}>
              <InPageLink targetId={articleId(index)}>
                {articleNumberLabel(index)}（{article.heading}）
              </InPageLink>
            </li>
          ))}
        </ol>
      </nav>

      {document.articles.map((article, index) => (
        <section key={article.heading} className="legal__article" aria-labelledby={articleId(index)}>
          <h2 id={articleId(index)} tabIndex={-1} className="legal__heading">
            {articleNumberLabel(index)}（{article.heading}）
          </h2>
          {article.paragraphs.length > 1 ? (
            <ol className="legal__paragraphs">
              {article.paragraphs.map((paragraph) => (
                <li key={paragraph}>{paragraph}</li>
              ))}
            </ol>
          ) : (
            <p>{article.paragraphs[0]}</p>
          )}
          {article.items && (
            <ol className="legal__items">
              {article.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ol>
          )}
          {article.contactEmail ? (
            <p className="legal__contact">
              <ExternalLink href={`mailto:${article.contactEmail}`}>{article.contactEmail}</ExternalLink>
            </p>
          ) : (
            article.contactEmail === null && <div className="legal__contact">{pendingContact}</div>
          )}
        </section>
      ))}

      <footer className="legal__end">
        <p>{t.end}</p>
        <Dates document={document} />
      </footer>
    </article>
  );
}
