import { Link } from 'react-router-dom';
import { COMMON_TEXTS, SHELL_TEXTS, PAGE_TITLES } from '@hiraku/shared';
import { PageTitle } from '../components/PageTitle';
import { PATHS } from '../routes/paths';

export function NotFoundPage() {
  return (
    <div className="page page--narrow">
      <PageTitle page={PAGE_TITLES.notFound} />
      <h1 className="page__title">{SHELL_TEXTS.notFound.title}</h1>
      <p>{COMMON_TEXTS.notFound}</p>
      <p>
        <Link to={PATHS.home} className="button button--primary">
          {SHELL_TEXTS.notFound.toHome}
        </Link>
      </p>
    </div>
  );
}
