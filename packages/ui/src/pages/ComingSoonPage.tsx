import { Link } from 'react-router-dom';
import { PAGE_TITLES, SHELL_TEXTS, type PageKey } from '@hiraku/shared';
import { PageTitle } from '../components/PageTitle';
import { PATHS } from '../routes/paths';

const t = SHELL_TEXTS.comingSoon;

/** Stands in, honestly, for every screen whose feature has not been built yet; each route swaps it out in turn. */
export function ComingSoonPage({ page }: { page: PageKey }) {
  const name = PAGE_TITLES[page];
  return (
    <div className="page page--narrow coming-soon">
      <PageTitle page={`${name}（${t.badge}）`} />
      <p className="badge">{t.badge}</p>
      <h1 className="page__title">{t.heading(name)}</h1>
      <p>{t.body}</p>
      <p className="coming-soon__links">
        <Link to={PATHS.home} className="button button--primary">
          {t.toHome}
        </Link>
        <Link to={PATHS.faq} className="button button--ghost">
          {t.toFaq}
        </Link>
      </p>
    </div>
  );
}
