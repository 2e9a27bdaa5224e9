import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { COMMON_TEXTS, SHELL_TEXTS } from '@hiraku/shared';
import { PageTitle } from '../components/PageTitle';
import { PATHS } from '../routes/paths';
import { useRouteError } from '../routes/RouterView';

/**
 * Shown instead of the whole layout when rendering throws, so it relies on nothing that may have failed.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error('page failed to render', error);
  }, [error]);
  return (
    <main className="page page--narrow route-error">
      <PageTitle page={SHELL_TEXTS.routeError.title} />
      <h1 className="page__title">{SHELL_TEXTS.routeError.title}</h1>
      <p>{COMMON_TEXTS.genericError}</p>
      <p>
        <Link to={PATHS.home} className="button button--primary">
          {SHELL_TEXTS.notFound.toHome}
        </Link>
      </p>
    </main>
  );
}
